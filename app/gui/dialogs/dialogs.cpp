#include "app/gui/dialogs/dialogs.h"

#include <algorithm>
#include <cmath>

#include "app/gui/shell/app.h"
#include "app/gui/model/game_record.h"
#include "app/gui/game/game_screen.h"
#include "app/gui/model/i18n.h"
#include "app/gui/model/puzzle_library.h"
#include "app/gui/shell/widgets.h"
#include "core/fen.h"

namespace xq::gui {

namespace {

// A centred box over a dimmed window, with a title and buttons rebuilt every frame.
class Dialog : public Screen {
public:
    explicit Dialog(App& app)
        : m_app(app) {}

    void handleEvent(const sf::Event& e) override {
        if (e.type == sf::Event::MouseMoved)
            m_mouse = {static_cast<float>(e.mouseMove.x), static_cast<float>(e.mouseMove.y)};
        if (e.type == sf::Event::KeyPressed && e.key.code == sf::Keyboard::Escape) {
            close();
            return;
        }
        if (e.type == sf::Event::MouseButtonPressed && e.mouseButton.button == sf::Mouse::Left) {
            const PointF p{static_cast<float>(e.mouseButton.x),
                           static_cast<float>(e.mouseButton.y)};
            m_mouse = p;
            layoutButtons();
            if (const Button* b = buttonAt(m_buttons, p)) {
                const std::string id = b->id; // the handler may rebuild m_buttons
                onButton(id);
                return;
            }
        }
        onEvent(e);
    }

    void draw(sf::RenderTarget& t) override {
        const sf::Vector2u ws = m_app.window().getSize();
        drawRect(t, {0, 0, static_cast<float>(ws.x), static_cast<float>(ws.y)},
                 sf::Color(0, 0, 0, 110));
        layoutButtons();
        drawRect(t, m_box, palette::kPanel, palette::kButtonEdge, 2);
        const unsigned titleSize = m_app.fontSize(19);
        sf::Text title = makeText(m_app.res().sans, m_title, titleSize, palette::kPanelText);
        drawTextAt(t, title, m_box.x + pad(),
                   m_box.y + pad() + m_app.res().sans.getLineSpacing(titleSize) / 2);
        drawBody(t);
        for (const Button& b : m_buttons)
            drawButton(t, b, m_app.res().sans, m_app.fontSize(15), m_mouse);
    }

    std::optional<PointF> buttonCentre(std::string_view id) const override {
        const_cast<Dialog*>(this)->layoutButtons();
        for (const Button& b : m_buttons)
            if (b.id == id)
                return PointF{b.rect.x + b.rect.w / 2, b.rect.y + b.rect.h / 2};
        return std::nullopt;
    }

protected:
    float pad() const { return std::round(14 * m_app.layout().uiScale); }
    float rowH() const { return std::round(28 * m_app.layout().uiScale); }
    Language lang() const { return m_app.lang(); }
    void close() { m_app.pop(); }
    // Centres a box of the given size (clamped to the window) and returns it.
    void placeBox(float w, float h) {
        const sf::Vector2u ws = m_app.window().getSize();
        w                     = std::min(w, static_cast<float>(ws.x) - 20);
        h                     = std::min(h, static_cast<float>(ws.y) - 20);
        m_box                 = {std::round((static_cast<float>(ws.x) - w) / 2),
                                 std::round((static_cast<float>(ws.y) - h) / 2), w, h};
    }
    void addButton(std::string id, RectF r, const std::string& label, bool on = false,
                   bool enabled = true) {
        m_buttons.push_back({std::move(id), r, label, "", enabled, on});
    }
    virtual void layoutButtons()                 = 0;
    virtual void onButton(const std::string& id) = 0;
    virtual void onEvent(const sf::Event&) {}
    virtual void drawBody(sf::RenderTarget&) {}

    App& m_app;
    std::string m_title;
    RectF m_box;
    std::vector<Button> m_buttons;
    PointF m_mouse;
};

// --- new game -------------------------------------------------------------------------------

class NewGameDialog : public Dialog {
public:
    NewGameDialog(App& app, const std::string& fen)
        : Dialog(app) {
        m_mode = app.settings().mode;
        if (!fen.empty()) {
            m_fen.text = fen;
            m_fromFen  = true;
        }
    }

private:
    void layoutButtons() override {
        m_title       = tr(Str::NewGameTitle, lang());
        const float s = m_app.layout().uiScale, p = pad(), h = rowH();
        placeBox(std::round(460 * s), p * 3 + h * 9.5f);
        m_buttons.clear();
        const float w                          = m_box.w - 2 * p;
        float y                                = m_box.y + p + h * 1.4f;
        const std::pair<PlayMode, Str> modes[] = {{PlayMode::PlayRed, Str::ModePlayRed},
                                                  {PlayMode::PlayBlack, Str::ModePlayBlack},
                                                  {PlayMode::TwoPlayers, Str::ModeTwoPlayers},
                                                  {PlayMode::ComputerBoth, Str::ModeComputerBoth},
                                                  {PlayMode::Analysis, Str::ModeAnalysis}};
        const float half                       = (w - p / 2) / 2;
        for (int i = 0; i < 5; ++i) {
            const float x = m_box.x + p + static_cast<float>(i % 2) * (half + p / 2);
            addButton("mode-" + std::string(modeName(modes[i].first)), {x, y, half, h},
                      tr(modes[i].second, lang()), m_mode == modes[i].first);
            if (i % 2 == 1)
                y += h + p / 2;
        }
        y += h + p;
        addButton("initial", {m_box.x + p, y, half, h}, tr(Str::StartFromInitial, lang()),
                  !m_fromFen);
        addButton("fen", {m_box.x + p + half + p / 2, y, half, h}, tr(Str::StartFromFen, lang()),
                  m_fromFen);
        m_fenRect      = {m_box.x + p, y + h + p / 2, w, h};
        m_errorY       = m_fenRect.bottom() + p / 2;
        const float bw = std::round(120 * s);
        addButton("start", {m_box.right() - p - 2 * bw - p / 2, m_box.bottom() - p - h, bw, h},
                  tr(Str::Start, lang()));
        addButton("cancel", {m_box.right() - p - bw, m_box.bottom() - p - h, bw, h},
                  tr(Str::Cancel, lang()));
    }
    void onButton(const std::string& id) override {
        if (id.rfind("mode-", 0) == 0) {
            parseModeName(id.substr(5), m_mode);
        } else if (id == "initial") {
            m_fromFen = false;
        } else if (id == "fen") {
            m_fromFen = true;
        } else if (id == "cancel") {
            close();
        } else if (id == "start") {
            start();
        }
    }
    void start() {
        core::Position pos = *core::parseFen(core::kStartFen);
        if (m_fromFen) {
            auto parsed = core::parseFen(m_fen.text);
            if (!parsed) {
                m_error = format(tr(Str::IllegalPosition, lang()), {parsed.error()});
                return;
            }
            pos = *parsed;
        }
        m_app.settings().mode = m_mode;
        m_app.saveSettings();
        m_app.game().startNew(pos, m_mode);
        close();
    }
    void onEvent(const sf::Event& e) override {
        if (e.type == sf::Event::MouseButtonPressed
            && m_fenRect.contains(
                {static_cast<float>(e.mouseButton.x), static_cast<float>(e.mouseButton.y)}))
            m_fromFen = true;
        if (e.type == sf::Event::KeyPressed && e.key.code == sf::Keyboard::Enter) {
            start();
            return;
        }
        if (m_fromFen && m_fen.handleEvent(e))
            m_error.clear();
    }
    void drawBody(sf::RenderTarget& t) override {
        m_fen.focused = m_fromFen;
        m_fen.draw(t, m_fenRect, m_app.res().sans, m_app.fontSize(13));
        if (!m_error.empty()) {
            const unsigned size = m_app.fontSize(13);
            const auto lines    = wrapText(m_app.res().sans, m_error, size, m_box.w - 2 * pad());
            const float lh      = m_app.res().sans.getLineSpacing(size);
            for (std::size_t i = 0; i < lines.size() && i < 2; ++i) {
                sf::Text text = makeText(m_app.res().sans, lines[i], size, palette::kError);
                drawTextAt(t, text, m_box.x + pad(),
                           m_errorY + lh * (static_cast<float>(i) + 0.5f));
            }
        }
    }

    PlayMode m_mode;
    bool m_fromFen = false;
    TextBox m_fen;
    RectF m_fenRect;
    float m_errorY = 0;
    std::string m_error;
};

// --- open a saved game ----------------------------------------------------------------------

class OpenDialog : public Dialog {
public:
    explicit OpenDialog(App& app)
        : Dialog(app) {
        std::error_code ec;
        for (const auto& entry : std::filesystem::directory_iterator(app.paths().games(), ec))
            if (entry.is_regular_file(ec) && entry.path().extension() == ".pgn")
                m_files.push_back(entry.path());
        std::sort(m_files.begin(), m_files.end(), std::greater<>()); // newest (by name) first
        for (const auto& f : m_files) {
            std::string info;
            if (auto text = readFile(f)) {
                auto rec = readPgn(*text);
                info     = rec ? std::to_string(rec->game.ply()) + " plies  "
                                 + rec->game.result().pgnResult()
                               : "(" + rec.error() + ")";
            }
            m_info.push_back(info);
        }
    }

private:
    void layoutButtons() override {
        m_title       = tr(Str::OpenTitle, lang());
        const float s = m_app.layout().uiScale, p = pad(), h = rowH();
        placeBox(std::round(520 * s), std::round(480 * s));
        m_buttons.clear();
        const float top = m_box.y + p + h * 1.4f, bottom = m_box.bottom() - 2 * p - h;
        m_visible = std::max(1, static_cast<int>((bottom - top) / (h + 2)));
        m_scroll =
            std::clamp(m_scroll, 0, std::max(0, static_cast<int>(m_files.size()) - m_visible));
        for (int i = m_scroll; i < static_cast<int>(m_files.size()) && i < m_scroll + m_visible;
             ++i) {
            const float y = top + static_cast<float>(i - m_scroll) * (h + 2);
            addButton("file-" + std::to_string(i), {m_box.x + p, y, m_box.w - 2 * p, h},
                      m_files[static_cast<std::size_t>(i)].stem().string() + "    "
                          + m_info[static_cast<std::size_t>(i)]);
        }
        const float bw = std::round(120 * s);
        addButton("cancel", {m_box.right() - p - bw, m_box.bottom() - p - h, bw, h},
                  tr(Str::Cancel, lang()));
    }
    void onButton(const std::string& id) override {
        if (id.rfind("file-", 0) == 0) {
            const auto i = static_cast<std::size_t>(std::stoul(id.substr(5)));
            if (i < m_files.size())
                m_app.game().openPgnFile(m_files[i]);
        }
        close();
    }
    void onEvent(const sf::Event& e) override {
        if (e.type == sf::Event::MouseWheelScrolled)
            m_scroll -= static_cast<int>(std::round(e.mouseWheelScroll.delta * 2));
    }
    void drawBody(sf::RenderTarget& t) override {
        if (!m_files.empty())
            return;
        sf::Text text = makeText(m_app.res().sans, tr(Str::NoSavedGames, lang()),
                                 m_app.fontSize(15), palette::kMuted);
        drawTextAt(t, text, m_box.x + pad(), m_box.y + pad() + rowH() * 2);
    }

    std::vector<std::filesystem::path> m_files;
    std::vector<std::string> m_info;
    int m_scroll = 0, m_visible = 1;
};

// --- settings -------------------------------------------------------------------------------

class SettingsDialog : public Dialog {
public:
    using Dialog::Dialog;

private:
    void layoutButtons() override {
        m_title           = tr(Str::SettingsTitle, lang());
        const Settings& s = m_app.settings();
        const float sc = m_app.layout().uiScale, p = pad(), h = rowH();
        placeBox(std::round(500 * sc), p * 3 + h * 8.2f + 3 * (h + p / 2));
        m_buttons.clear();
        m_labelW       = std::round(120 * sc);
        const float x0 = m_box.x + p + m_labelW, w = m_box.right() - p - x0;
        float y = m_box.y + p + h * 1.4f;
        m_rows.clear();
        auto row = [&](Str label, std::vector<std::tuple<std::string, std::string, bool>> options) {
            m_rows.push_back({label, y});
            const float bw = (w - p / 2 * static_cast<float>(options.size() - 1))
                             / static_cast<float>(options.size());
            float x = x0;
            for (auto& [id, text, on] : options) {
                addButton(id, {x, y, bw, h}, text, on);
                x += bw + p / 2;
            }
            y += h + p / 2;
        };
        const Language l = lang();
        row(Str::NotationLabel,
            {{"n-chinese", tr(Str::NotationChinese, l), s.notation == core::Notation::Chinese},
             {"n-wxf", "WXF", s.notation == core::Notation::Wxf},
             {"n-iccs", "ICCS", s.notation == core::Notation::Iccs}});
        row(Str::PiecesLabel,
            {{"p-chinese", tr(Str::PiecesChinese, l), s.pieceStyle == PieceStyle::Chinese},
             {"p-western", tr(Str::PiecesWestern, l), s.pieceStyle == PieceStyle::Western}});
        row(Str::LanguageLabel, {{"l-en", "English", s.language == Language::English},
                                 {"l-zh", "中文", s.language == Language::Chinese}});
        row(Str::SoundLabel,
            {{"s-on", tr(Str::On, l), s.sound}, {"s-off", tr(Str::Off, l), !s.sound}});
        row(Str::ComputerLabel, {{"c-depth", tr(Str::FixedDepth, l), !s.useMoveTime},
                                 {"c-time", tr(Str::TimePerMove, l), s.useMoveTime}});
        std::vector<std::tuple<std::string, std::string, bool>> lines, depths;
        for (int k = 1; k <= 5; ++k)
            lines.emplace_back("a-" + std::to_string(k), std::to_string(k), s.analysisLines == k);
        row(Str::AnalysisLinesLabel, lines);
        for (int d : {6, 8, 10, 12, 14})
            depths.emplace_back("rd-" + std::to_string(d), std::to_string(d), s.reviewDepth == d);
        row(Str::ReviewDepthLabel, depths);
        row(Str::ReviewMovesLabel, {{"rv-var", tr(Str::AsVariation, l), s.reviewVariations},
                                    {"rv-replace", tr(Str::ReplaceMoves, l), !s.reviewVariations}});
        const float bw = std::round(120 * sc);
        addButton("close", {m_box.right() - p - bw, m_box.bottom() - p - h, bw, h},
                  tr(Str::Close, l));
    }
    void onButton(const std::string& id) override {
        Settings& s = m_app.settings();
        if (id == "close") {
            close();
            return;
        }
        if (id == "n-chinese")
            s.notation = core::Notation::Chinese;
        if (id == "n-wxf")
            s.notation = core::Notation::Wxf;
        if (id == "n-iccs")
            s.notation = core::Notation::Iccs;
        if (id == "p-chinese")
            s.pieceStyle = PieceStyle::Chinese;
        if (id == "p-western")
            s.pieceStyle = PieceStyle::Western;
        if (id == "l-en")
            s.language = Language::English;
        if (id == "l-zh")
            s.language = Language::Chinese;
        if (id == "s-on")
            s.sound = true;
        if (id == "s-off")
            s.sound = false;
        if (id == "c-depth")
            s.useMoveTime = false;
        if (id == "c-time")
            s.useMoveTime = true;
        if (id.rfind("a-", 0) == 0)
            s.analysisLines = std::clamp(std::atoi(id.c_str() + 2), 1, 5);
        if (id.rfind("rd-", 0) == 0)
            s.reviewDepth = std::clamp(std::atoi(id.c_str() + 3), kMinReviewDepth, kMaxReviewDepth);
        if (id == "rv-var")
            s.reviewVariations = true;
        if (id == "rv-replace")
            s.reviewVariations = false;
        m_app.window().setTitle(utf8(tr(Str::AppTitle, s.language)));
        m_app.game().applySettings();
        m_app.saveSettings();
    }
    void drawBody(sf::RenderTarget& t) override {
        for (const auto& [label, y] : m_rows) {
            sf::Text text = makeText(
                m_app.res().sans,
                elide(m_app.res().sans, tr(label, lang()), m_app.fontSize(15), m_labelW - 6),
                m_app.fontSize(15), palette::kPanelText);
            drawTextAt(t, text, m_box.x + pad(), y + rowH() / 2);
        }
    }

    std::vector<std::pair<Str, float>> m_rows;
    float m_labelW = 0;
};

// --- help -----------------------------------------------------------------------------------

class HelpOverlay : public Dialog {
public:
    using Dialog::Dialog;

private:
    void layoutButtons() override {
        m_title             = tr(Str::HelpTitle, lang());
        const float s       = m_app.layout().uiScale;
        const unsigned size = m_app.fontSize(14);
        m_lines = wrapText(m_app.res().sans, tr(Str::HelpText, lang()), size, std::round(440 * s));
        const float lh = m_app.res().sans.getLineSpacing(size);
        placeBox(std::round(480 * s),
                 pad() * 4 + rowH() * 2.4f + lh * static_cast<float>(m_lines.size()));
        m_buttons.clear();
        const float bw = std::round(120 * s);
        addButton("close",
                  {m_box.right() - pad() - bw, m_box.bottom() - pad() - rowH(), bw, rowH()},
                  tr(Str::Close, lang()));
    }
    void onButton(const std::string&) override { close(); }
    void onEvent(const sf::Event& e) override {
        if (e.type == sf::Event::KeyPressed || e.type == sf::Event::MouseButtonPressed)
            close();
    }
    void drawBody(sf::RenderTarget& t) override {
        const unsigned size = m_app.fontSize(14);
        const float lh      = m_app.res().sans.getLineSpacing(size);
        const float top     = m_box.y + pad() + rowH() * 1.4f;
        const float availH  = m_box.bottom() - pad() * 2 - rowH() - top;
        for (std::size_t i = 0; i < m_lines.size(); ++i) {
            if (lh * static_cast<float>(i + 1) > availH)
                break;
            sf::Text text = makeText(m_app.res().sans, m_lines[i], size, palette::kPanelText);
            drawTextAt(t, text, m_box.x + pad(), top + lh * (static_cast<float>(i) + 0.5f));
        }
    }
    std::vector<std::string> m_lines;
};

// --- yes / no -------------------------------------------------------------------------------

class ConfirmDialog : public Dialog {
public:
    ConfirmDialog(App& app, std::string question, std::string yes, std::string no,
                  std::function<void()> onYes, std::function<void()> onNo)
        : Dialog(app)
        , m_yes(std::move(yes))
        , m_no(std::move(no))
        , m_onYes(std::move(onYes))
        , m_onNo(std::move(onNo)) {
        m_title = std::move(question);
    }

private:
    void layoutButtons() override {
        const float s = m_app.layout().uiScale;
        placeBox(std::max(std::round(420 * s),
                          textWidth(m_app.res().sans, m_title, m_app.fontSize(19)) + 3 * pad()),
                 pad() * 3 + rowH() * 2.4f);
        m_buttons.clear();
        const float bw = std::round(130 * s);
        addButton("yes",
                  {m_box.right() - pad() - 2 * bw - pad() / 2, m_box.bottom() - pad() - rowH(), bw,
                   rowH()},
                  m_yes);
        addButton("no", {m_box.right() - pad() - bw, m_box.bottom() - pad() - rowH(), bw, rowH()},
                  m_no);
    }
    void onButton(const std::string& id) override {
        if (id == "yes" && m_onYes)
            m_onYes();
        if (id == "no" && m_onNo)
            m_onNo();
        close();
    }
    std::string m_yes, m_no;
    std::function<void()> m_onYes, m_onNo;
};

// --- puzzles --------------------------------------------------------------------------------

class PuzzleListDialog : public Dialog {
public:
    explicit PuzzleListDialog(App& app)
        : Dialog(app) {
        m_fen.focused     = false;
        const int current = app.game().puzzleProgress().current;
        m_scroll          = std::max(0, current - 3);
    }

private:
    void layoutButtons() override {
        GameScreen& game = m_app.game();
        const auto& lib  = game.puzzleLibrary();
        const auto& prog = game.puzzleProgress();
        m_title          = tr(Str::PuzzleListTitle, lang()) + "   "
                  + format(tr(Str::PuzzleProgress, lang()),
                           {std::to_string(prog.solvedCount()), std::to_string(lib.size()),
                            std::to_string(prog.mistakeCount())});
        const float s = m_app.layout().uiScale, p = pad(), h = rowH();
        placeBox(std::round(560 * s), std::round(560 * s));
        m_buttons.clear();
        const float top = m_box.y + p + h * 1.4f, bottom = m_box.bottom() - 3 * p - 2 * h;
        m_visible = std::max(1, static_cast<int>((bottom - top) / (h + 2)));
        m_scroll  = std::clamp(m_scroll, 0, std::max(0, static_cast<int>(lib.size()) - m_visible));
        for (int i = m_scroll; i < static_cast<int>(lib.size()) && i < m_scroll + m_visible; ++i) {
            const auto& e     = lib[static_cast<std::size_t>(i)];
            const auto it     = prog.puzzles.find(puzzleKey(e.fen));
            const bool solved = it != prog.puzzles.end() && it->second.solved;
            std::string label = format(tr(Str::PuzzleRow, lang()),
                                       {std::to_string(i + 1), std::to_string(e.mateIn)})
                                + "  " + tr(e.checksOnly ? Str::ChecksOnly : Str::AnyMoves, lang())
                                + "  " + shortSource(e.source, lang());
            if (solved)
                label += "   [" + tr(Str::SolvedMark, lang()) + "]";
            addButton(
                "puzzle-" + std::to_string(i),
                {m_box.x + p, top + static_cast<float>(i - m_scroll) * (h + 2), m_box.w - 2 * p, h},
                label, solved);
        }
        const float bw = std::round(130 * s);
        m_fenRect      = {m_box.x + p, m_box.bottom() - 2 * p - 2 * h, m_box.w - 3 * p - bw, h};
        addButton("fenpuzzle", {m_fenRect.right() + p, m_fenRect.y, bw, h},
                  tr(Str::PuzzleFromFen, lang()));
        addButton("cancel", {m_box.right() - p - bw, m_box.bottom() - p - h, bw, h},
                  tr(Str::Close, lang()));
    }
    void onButton(const std::string& id) override {
        if (id.rfind("puzzle-", 0) == 0) {
            const int i = std::atoi(id.c_str() + 7);
            close();
            m_app.push(makePuzzleScreen(m_app, i));
            return;
        }
        if (id == "fenpuzzle") {
            if (!core::parseFen(m_fen.text)) {
                m_fen.focused = true;
                return;
            }
            close();
            m_app.push(makePuzzleScreen(m_app, -1, m_fen.text));
            return;
        }
        close();
    }
    void onEvent(const sf::Event& e) override {
        if (e.type == sf::Event::MouseWheelScrolled)
            m_scroll -= static_cast<int>(std::round(e.mouseWheelScroll.delta * 3));
        if (e.type == sf::Event::MouseButtonPressed)
            m_fen.focused = m_fenRect.contains(
                {static_cast<float>(e.mouseButton.x), static_cast<float>(e.mouseButton.y)});
        if (e.type == sf::Event::KeyPressed && e.key.control && e.key.code == sf::Keyboard::V)
            m_fen.focused = true;
        if (m_fen.focused)
            m_fen.handleEvent(e);
    }
    void drawBody(sf::RenderTarget& t) override {
        m_fen.draw(t, m_fenRect, m_app.res().sans, m_app.fontSize(13));
        if (m_fen.text.empty() && !m_fen.focused) {
            sf::Text hint = makeText(m_app.res().sans, "FEN", m_app.fontSize(13), palette::kMuted);
            drawTextAt(t, hint, m_fenRect.x + 6, m_fenRect.y + m_fenRect.h / 2);
        }
    }

    TextBox m_fen;
    RectF m_fenRect;
    int m_scroll = 0, m_visible = 1;
};

} // namespace

std::unique_ptr<Screen> makePuzzleListDialog(App& app) {
    return std::make_unique<PuzzleListDialog>(app);
}

std::unique_ptr<Screen> makeNewGameDialog(App& app, const std::string& fen) {
    return std::make_unique<NewGameDialog>(app, fen);
}
std::unique_ptr<Screen> makeOpenDialog(App& app) {
    return std::make_unique<OpenDialog>(app);
}
std::unique_ptr<Screen> makeSettingsDialog(App& app) {
    return std::make_unique<SettingsDialog>(app);
}
std::unique_ptr<Screen> makeHelpOverlay(App& app) {
    return std::make_unique<HelpOverlay>(app);
}
std::unique_ptr<Screen> makeConfirmDialog(App& app, const std::string& question,
                                          const std::string& yes, const std::string& no,
                                          std::function<void()> onYes, std::function<void()> onNo) {
    return std::make_unique<ConfirmDialog>(app, question, yes, no, std::move(onYes),
                                           std::move(onNo));
}

} // namespace xq::gui
