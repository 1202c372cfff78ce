#include "app/gui/dialogs/settings_dialog.h"

#include <functional>
#include <tuple>

#include "app/gui/dialogs/dialog.h"
#include "app/gui/shell/board_view.h"
#include "app/gui/shell/theme.h"

namespace xq::gui {

namespace {

class SettingsDialog : public Dialog {
public:
    explicit SettingsDialog(Context& ctx)
        : Dialog(ctx)
        , m_view(ctx.res()) {}

private:
    void layoutButtons() override {
        // One column when it fits the window's height, else two (the look, then the play). The
        // rows are laid out once to measure them and again in a box of the height they need.
        const sf::Vector2u ws = m_ctx.windowSize();
        float colW            = std::round(500 * m_ctx.layout().uiScale);
        placeBox(colW, static_cast<float>(ws.y));
        float height       = layoutRows(false, colW);
        const bool twoCols = height > static_cast<float>(ws.y) - 20;
        if (twoCols) {
            colW = std::min(colW, std::floor((static_cast<float>(ws.x) - 20) / 2));
            placeBox(2 * colW, static_cast<float>(ws.y));
            height = layoutRows(true, colW);
        }
        placeBox(twoCols ? 2 * colW : colW, height);
        layoutRows(twoCols, colW);
    }
    // Lays out the rows in m_box; returns the height the box needs.
    float layoutRows(bool twoCols, float colW) {
        m_title           = tr(Str::SettingsTitle, lang());
        const Settings& s = m_ctx.settings();
        const float sc = m_ctx.layout().uiScale, p = pad(), h = rowH();
        m_buttons.clear();
        m_labelW        = std::round(120 * sc);
        const float top = m_box.y + p + h * 1.4f;
        float colX = m_box.x, x0 = 0, w = 0, y = top, bottom = top;
        auto column = [&](float x) {
            bottom = std::max(bottom, y);
            colX   = x;
            x0     = colX + p + m_labelW;
            w      = colX + (twoCols ? colW : m_box.w) - p - x0;
            y      = top;
        };
        column(m_box.x);
        m_rows.clear();
        m_setters.clear();
        // A row of choices; each choice carries what it sets, so that a click needs no parsing.
        using Choice = std::tuple<std::string, std::string, bool, Setter>;
        auto row     = [&](Str label, std::vector<Choice> options) {
            m_rows.push_back({label, colX, y});
            const float bw = (w - p / 2 * static_cast<float>(options.size() - 1))
                             / static_cast<float>(options.size());
            float x = x0;
            for (auto& [id, text, on, set] : options) {
                addButton(id, {x, y, bw, h}, text, on);
                m_setters.emplace_back(id, std::move(set));
                x += bw + p / 2;
            }
            y += h + p / 2;
        };
        const Language l = lang();
        using core::Notation;
        row(Str::NotationLabel,
            {{"n-chinese", tr(Str::NotationChinese, l), s.notation == Notation::Chinese,
              [](Settings& t) { t.notation = Notation::Chinese; }},
             {"n-wxf", "WXF", s.notation == Notation::Wxf,
              [](Settings& t) { t.notation = Notation::Wxf; }},
             {"n-iccs", "ICCS", s.notation == Notation::Iccs,
              [](Settings& t) { t.notation = Notation::Iccs; }}});
        row(Str::PiecesLabel,
            {{"p-chinese", tr(Str::PiecesChinese, l), s.pieceStyle == PieceStyle::Chinese,
              [](Settings& t) { t.pieceStyle = PieceStyle::Chinese; }},
             {"p-western", tr(Str::PiecesWestern, l), s.pieceStyle == PieceStyle::Western,
              [](Settings& t) { t.pieceStyle = PieceStyle::Western; }}});
        auto themes = [&](const char* prefix, Theme current, Theme Settings::*field) {
            std::vector<Choice> out;
            const std::pair<Theme, Str> names[] = {{Theme::Wood, Str::ThemeWood},
                                                   {Theme::Paper, Str::ThemePaper},
                                                   {Theme::Dark, Str::ThemeDark},
                                                   {Theme::Contrast, Str::ThemeContrast}};
            for (auto [theme, name] : names)
                out.emplace_back(prefix + std::string(themeName(theme)), tr(name, l),
                                 current == theme,
                                 [field, theme = theme](Settings& t) { t.*field = theme; });
            return out;
        };
        row(Str::BoardThemeLabel, themes("bt-", s.boardTheme, &Settings::boardTheme));
        row(Str::PieceThemeLabel, themes("pt-", s.pieceTheme, &Settings::pieceTheme));
        // What the two themes look like together: a corner of the board with both sides' pieces.
        m_preview = {x0, y, w, 1.6f * h};
        y += m_preview.h + p / 2;
        row(Str::CoordinatesLabel, {{"co-on", tr(Str::On, l), s.showCoordinates,
                                     [](Settings& t) { t.showCoordinates = true; }},
                                    {"co-off", tr(Str::Off, l), !s.showCoordinates,
                                     [](Settings& t) { t.showCoordinates = false; }}});
        row(Str::LastMoveLabel,
            {{"lm-on", tr(Str::On, l), s.showLastMove, [](Settings& t) { t.showLastMove = true; }},
             {"lm-off", tr(Str::Off, l), !s.showLastMove,
              [](Settings& t) { t.showLastMove = false; }}});
        row(Str::LanguageLabel, {{"l-en", "English", s.language == Language::English,
                                  [](Settings& t) { t.language = Language::English; }},
                                 {"l-zh", "中文", s.language == Language::Chinese,
                                  [](Settings& t) { t.language = Language::Chinese; }}});
        if (twoCols)
            column(m_box.x + colW);
        row(Str::SoundLabel,
            {{"s-on", tr(Str::On, l), s.sound, [](Settings& t) { t.sound = true; }},
             {"s-off", tr(Str::Off, l), !s.sound, [](Settings& t) { t.sound = false; }}});
        row(Str::ComputerLabel, {{"c-depth", tr(Str::FixedDepth, l), !s.useMoveTime,
                                  [](Settings& t) { t.useMoveTime = false; }},
                                 {"c-time", tr(Str::TimePerMove, l), s.useMoveTime,
                                  [](Settings& t) { t.useMoveTime = true; }}});
        levelRow(s.level, colX, x0, y, w);
        y += h + p / 2;
        // The coach asks before a move that hangs a piece or allows a quick mate (levels 1-4,
        // never in a rated timed game).
        row(Str::CoachLabel,
            {{"coach-on", tr(Str::On, l), s.coach, [](Settings& t) { t.coach = true; }},
             {"coach-off", tr(Str::Off, l), !s.coach, [](Settings& t) { t.coach = false; }}});
        // What a level replaces, under its row.
        m_noteLines = wrapText(m_ctx.res().sans, tr(Str::LevelNote, l), m_ctx.fontSize(13),
                               (twoCols ? colW : m_box.w) - 2 * p);
        m_noteAt    = {colX + p, y};
        y += static_cast<float>(m_noteLines.size())
                 * m_ctx.res().sans.getLineSpacing(m_ctx.fontSize(13))
             + p / 2;
        std::vector<Choice> lines, depths;
        for (int k = kAnalysisLinesBound.min; k <= kAnalysisLinesBound.max; ++k)
            lines.emplace_back("a-" + std::to_string(k), std::to_string(k), s.analysisLines == k,
                               [k](Settings& t) { t.analysisLines = k; });
        row(Str::AnalysisLinesLabel, lines);
        // Threads: every count up to the machine's cores (a row of at most eight choices).
        std::vector<Choice> threads;
        const IntBound tb = threadsBound();
        for (int k = tb.min; k <= tb.max && threads.size() < 8; ++k)
            threads.emplace_back("t-" + std::to_string(k), std::to_string(k), s.threads == k,
                                 [k](Settings& t) { t.threads = k; });
        row(Str::ThreadsLabel, threads);
        // Think on my time (pondering): automatic is on at full strength when the computer plays
        // on a clock.
        row(Str::ThinkOnMyTimeLabel, {{"pd-auto", tr(Str::Automatic, l), s.thinkOnMyTime == 0,
                                       [](Settings& t) { t.thinkOnMyTime = 0; }},
                                      {"pd-on", tr(Str::On, l), s.thinkOnMyTime == 1,
                                       [](Settings& t) { t.thinkOnMyTime = 1; }},
                                      {"pd-off", tr(Str::Off, l), s.thinkOnMyTime == 2,
                                       [](Settings& t) { t.thinkOnMyTime = 2; }}});
        for (int d : {6, 8, 10, 12, 14})
            depths.emplace_back("rd-" + std::to_string(d), std::to_string(d), s.reviewDepth == d,
                                [d](Settings& t) { t.reviewDepth = d; });
        row(Str::ReviewDepthLabel, depths);
        row(Str::ReviewMovesLabel, {{"rv-var", tr(Str::AsVariation, l), s.reviewVariations,
                                     [](Settings& t) { t.reviewVariations = true; }},
                                    {"rv-replace", tr(Str::ReplaceMoves, l), !s.reviewVariations,
                                     [](Settings& t) { t.reviewVariations = false; }}});
        using core::RuleSet;
        row(Str::RulesLabel, {{"r-asian", tr(Str::RulesAsian, l), s.ruleSet == RuleSet::Asian,
                               [](Settings& t) { t.ruleSet = RuleSet::Asian; }},
                              {"r-chinese", tr(Str::RulesChinese, l), s.ruleSet == RuleSet::Chinese,
                               [](Settings& t) { t.ruleSet = RuleSet::Chinese; }},
                              {"r-simple", tr(Str::RulesSimple, l), s.ruleSet == RuleSet::Simple,
                               [](Settings& t) { t.ruleSet = RuleSet::Simple; }}});
        // The external engine has a dialog of its own; the row names the engine in use.
        const std::string engine = s.engine.command.empty()
                                       ? tr(Str::EngineOurs, l)
                                       : s.engine.command.substr(s.engine.command.rfind('/') + 1);
        row(Str::EngineLabel, {{"engine", engine + "...", false, [](Settings&) {}}});
        column(m_box.x);
        const float bw = std::round(120 * sc);
        addButton("close", {m_box.right() - p - bw, m_box.bottom() - p - h, bw, h},
                  tr(Str::Close, l));
        return bottom - m_box.y + h + 2 * p;
    }
    // The level: weaker and stronger around its name (eleven choices do not fit a row). The
    // order is 1 (beginner) to 10 (master), then full strength (0).
    void levelRow(int level, float colX, float x0, float y, float w) {
        const float p = pad(), h = rowH(), sw = std::round(h * 1.4f);
        m_rows.push_back({Str::LevelLabel, colX, y});
        const int rank = level == 0 ? kLevelBound.max + 1 : level; // 1..11, stronger higher
        auto toLevel   = [](int r) { return r > kLevelBound.max ? 0 : r; };
        addButton("lv-down", {x0, y, sw, h}, "-", false, rank > 1);
        addButton("lv-name", {x0 + sw + p / 2, y, w - 2 * (sw + p / 2), h},
                  levelName(level, lang()), level > 0);
        addButton("lv-up", {x0 + w - sw, y, sw, h}, "+", false, rank <= kLevelBound.max);
        m_setters.emplace_back("lv-down", [=](Settings& t) { t.level = toLevel(rank - 1); });
        m_setters.emplace_back("lv-up", [=](Settings& t) { t.level = toLevel(rank + 1); });
    }
    void onButton(const std::string& id) override {
        if (id == "close") {
            close();
            return;
        }
        if (id == "engine") {
            m_ctx.post(cmd::ShowEngine{});
            return;
        }
        for (const auto& [setterId, set] : m_setters)
            if (setterId == id) {
                set(m_ctx.settings());
                m_ctx.post(cmd::SettingsChanged{});
                return;
            }
    }
    void drawBody(sf::RenderTarget& t) override {
        for (const auto& [label, x, y] : m_rows) {
            sf::Text text = makeText(
                m_ctx.res().sans,
                elide(m_ctx.res().sans, tr(label, lang()), m_ctx.fontSize(15), m_labelW - 6),
                m_ctx.fontSize(15), palette::kPanelText);
            drawTextAt(t, text, x + pad(), y + rowH() / 2);
        }
        drawPreview(t);
        const unsigned noteSize = m_ctx.fontSize(13);
        const float lh          = m_ctx.res().sans.getLineSpacing(noteSize);
        for (std::size_t i = 0; i < m_noteLines.size(); ++i) {
            sf::Text text =
                makeText(m_ctx.res().sans, m_noteLines[i], noteSize, palette::kPanelText);
            drawTextAt(t, text, m_noteAt.x, m_noteAt.y + lh * (static_cast<float>(i) + 0.5f));
        }
    }
    void drawPreview(sf::RenderTarget& t) {
        const Settings& s       = m_ctx.settings();
        const BoardPalette look = boardPalette(s.boardTheme);
        sf::RectangleShape board({m_preview.w, m_preview.h});
        board.setPosition(m_preview.x, m_preview.y);
        if (look.woodTexture) {
            board.setTexture(&m_ctx.res().wood);
            board.setTextureRect(
                {0, 0, static_cast<int>(m_preview.w), static_cast<int>(m_preview.h)});
        } else {
            board.setFillColor(look.paper);
        }
        board.setOutlineColor(look.line);
        board.setOutlineThickness(-1.5f);
        t.draw(board);
        // Two ranks of points with a red and a black piece on each side of a line.
        const float cell = m_preview.h / 2, midY = m_preview.y + m_preview.h / 2;
        drawRect(t, {m_preview.x, midY, m_preview.w, 1.5f}, look.line);
        const core::Piece pieces[] = {core::makePiece(core::Color::Red, core::PieceType::Rook),
                                      core::makePiece(core::Color::Red, core::PieceType::Horse),
                                      core::makePiece(core::Color::Red, core::PieceType::King),
                                      core::makePiece(core::Color::Black, core::PieceType::King),
                                      core::makePiece(core::Color::Black, core::PieceType::Cannon),
                                      core::makePiece(core::Color::Black, core::PieceType::Pawn)};
        const float step           = m_preview.w / 6;
        for (int i = 0; i < 6; ++i) {
            const float x = m_preview.x + step * (static_cast<float>(i) + 0.5f);
            drawRect(t, {x, m_preview.y, 1.5f, m_preview.h}, look.line);
            m_view.drawPiece(t, pieces[i], {x, midY}, cell * 0.85f, s.pieceStyle, s.pieceTheme);
        }
    }

    using Setter = std::function<void(Settings&)>;
    std::vector<std::tuple<Str, float, float>> m_rows;     // label, column x, row y
    std::vector<std::pair<std::string, Setter>> m_setters; // by button id
    float m_labelW = 0;
    RectF m_preview;
    std::vector<std::string> m_noteLines; // the level's note
    PointF m_noteAt;
    BoardView m_view; // draws the preview's pieces
};

} // namespace

std::unique_ptr<Screen> makeSettingsDialog(Context& ctx) {
    return std::make_unique<SettingsDialog>(ctx);
}

} // namespace xq::gui
