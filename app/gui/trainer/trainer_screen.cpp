#include "app/gui/trainer/trainer_screen.h"

#include <cmath>
#include <cstdlib>

#include <spdlog/spdlog.h>

#include "app/gui/model/game_record.h"
#include "app/gui/model/i18n.h"
#include "app/gui/model/paths.h"
#include "app/gui/model/trainer.h"
#include "app/gui/shell/board_view.h"
#include "app/gui/shell/widgets.h"
#include "app/gui/testing/scriptable.h"
#include "core/fen.h"
#include "core/movegen.h"

namespace xq::gui {

namespace {

// The trainer's own words (English, Chinese).
struct Words {
    const char* en;
    const char* zh;
};
constexpr Words kTitle{"Endgame trainer", "残局训练"};
constexpr Words kChoose{"Choose an ending: you play Red against perfect defence.",
                        "选择残局：你执红，对手按表库完美防守。"};
constexpr Words kMaking{"Making the table {0}: {1}%", "正在生成表库 {0}：{1}%"};
constexpr Words kToMove{"Red to move: mate in {0} plies with best play.",
                        "红先：最佳着法 {0} 步（半回合）成杀。"};
constexpr Words kBest{"{0}: the quickest mate. Black answers {1}; mate in {2} plies.",
                      "{0}：最快的杀法。黑应 {1}；还需 {2} 步（半回合）。"};
constexpr Words kSlower{"{0} still wins, but slower: mate in {1} plies instead of {2}.",
                        "{0} 仍然赢，但更慢：需 {1} 步（半回合），原本 {2} 步。"};
constexpr Words kThrew{"{0} throws the win away: the table says {1}. Take it back?",
                       "{0} 丢掉了胜局：表库判{1}。要悔棋吗？"};
constexpr Words kMated{"{0} mates. Won!", "{0} 成杀。胜利！"};
constexpr Words kMatedPerfect{"{0} mates. Won with the quickest mate all the way!",
                              "{0} 成杀。全程最快杀法，完美！"};
constexpr Words kDraw{"a draw", "和棋"};
constexpr Words kMateIn{"Mate in {0} plies ({1} moves)", "{1} 回合成杀（{0} 步半回合）"};
constexpr Words kLoss{"a loss", "负"};
constexpr Words kProgress{"tried {0}, won {1}, perfect {2}", "练习 {0}，胜 {1}，完美 {2}"};
constexpr Words kNoTable{"The table could not be made: {0}", "无法生成表库：{0}"};
constexpr Words kTakeBack{"Take back", "悔棋"};
constexpr Words kHint{"Hint", "提示"};
constexpr Words kNew{"New position", "换一局"};
constexpr Words kList{"Endings", "残局列表"};
constexpr Words kBack{"Back to game", "返回对局"};
constexpr Words kHintShown{"The table's move is shown as an arrow.", "箭头为表库的最佳着法。"};

// XQ_TRAINER_SEED fixes the positions drawn (test scripts and screenshots); else random.
std::uint64_t trainerSeed() {
    if (const char* env = std::getenv("XQ_TRAINER_SEED"); env && *env)
        return std::strtoull(env, nullptr, 10);
    return std::random_device{}();
}

class TrainerScreen : public Screen, public Scriptable {
public:
    explicit TrainerScreen(Context& ctx)
        : m_ctx(ctx)
        , m_view(ctx.res())
        , m_tb(egtb::Tablebases::defaultDirectory())
        , m_trainer(m_tb)
        , m_endings(trainerEndings())
        , m_rng(trainerSeed()) {
        m_ctx.post(cmd::PauseGame{});
        // The bare generals until an ending is chosen.
        m_shown = core::Game(*core::parseFen("3k5/9/9/9/9/9/9/9/9/4K4 w"));
        loadProgress();
        setMessage(say(kChoose), palette::kPanelText);
    }

    bool coversWindow() const override { return true; }
    std::optional<std::string> shownFen() const override { return core::toFen(m_shown.position()); }
    std::string scriptState(std::string_view what) const override {
        if (what != "trainer")
            return {};
        if (m_maker.busy())
            return "making";
        if (!m_trainer.active())
            return "list";
        if (m_trainer.mated())
            return "won";
        return m_threw ? "threw" : "playing";
    }
    bool isIdle() const override { return !m_maker.busy(); }
    std::optional<PointF> buttonCentre(std::string_view id) const override {
        for (const Button& b : m_buttons)
            if (b.id == id)
                return PointF{b.rect.x + b.rect.w / 2, b.rect.y + b.rect.h / 2};
        return std::nullopt;
    }
    bool needsRedraw() override {
        const bool busy = m_maker.busy();
        const bool r    = busy || busy != m_wasBusy || m_view.hasPendingWork();
        m_wasBusy       = busy;
        return r;
    }

    void handleEvent(const sf::Event& e) override {
        const Layout l = m_ctx.layout();
        if (e.type == sf::Event::MouseMoved) {
            m_mouse = {static_cast<float>(e.mouseMove.x), static_cast<float>(e.mouseMove.y)};
            return;
        }
        if (e.type == sf::Event::KeyPressed) {
            if (e.key.code == sf::Keyboard::Escape)
                onButton("back");
            else if (e.key.code == sf::Keyboard::U || e.key.code == sf::Keyboard::BackSpace)
                onButton("takeback");
            else if (e.key.code == sf::Keyboard::H)
                onButton("hint");
            return;
        }
        if (e.type == sf::Event::MouseButtonPressed && e.mouseButton.button == sf::Mouse::Left) {
            const PointF p{static_cast<float>(e.mouseButton.x),
                           static_cast<float>(e.mouseButton.y)};
            m_mouse = p;
            if (const Button* b = buttonAt(m_buttons, p)) {
                const std::string id = b->id;
                onButton(id);
                return;
            }
            if (l.board.contains(p))
                click(l, p);
        }
    }

    void update(sf::Time) override {
        if (m_making && !m_maker.busy()) {
            m_making = false;
            if (m_maker.finish())
                newPosition();
            else
                setMessage(format(say(kNoTable), {m_maker.error()}), palette::kError);
        }
    }

    void draw(sf::RenderTarget& t) override {
        const Layout l = m_ctx.layout();
        t.clear(palette::kPanel);
        BoardDecor d;
        applyLook(d, m_ctx.settings());
        const core::Position& pos = m_shown.position();
        d.lastMove                = m_lastMove;
        if (pos.isInCheck())
            d.checkSquare = pos.kingSquare(pos.sideToMove());
        if (m_hint)
            d.arrow = m_hint;
        d.selected = m_selected;
        d.targets  = m_targets;
        m_view.draw(t, l, pos, d);
        drawPanel(t, l);
        drawTooltip(t, m_buttons, m_ctx.res().sans, m_ctx.fontSize(13), m_mouse,
                    m_ctx.windowSize());
    }

private:
    std::string say(const Words& w) const {
        return m_ctx.lang() == Language::Chinese ? w.zh : w.en;
    }
    std::string endingName(const egtb::NamedEnding& e) const {
        return m_ctx.lang() == Language::Chinese ? std::string(e.chinese) + "  " + e.english
                                                 : std::string(e.english) + "  " + e.chinese;
    }
    void setMessage(std::string text, sf::Color c) {
        m_message      = std::move(text);
        m_messageColor = c;
    }
    std::filesystem::path progressFile() const { return m_ctx.paths().data / "trainer.json"; }

    void loadProgress() {
        const auto file = progressFile();
        if (!std::filesystem::exists(file))
            return;
        std::string why = "cannot be read";
        if (const auto text = readFile(file))
            if (auto p = trainerProgressFromJson(*text, why)) {
                m_progress = std::move(*p);
                return;
            }
        // A damaged file is kept aside under a new name, never lost; the trainer starts afresh.
        const auto aside = setAside(file);
        m_ctx.toast(file.string() + ": " + why + "; kept as " + aside.string(), true);
    }
    void saveProgress() {
        if (const auto err = writeFileAtomic(progressFile(), trainerProgressToJson(m_progress));
            !err.empty())
            m_ctx.toast(err, true);
    }

    void choose(std::size_t i) {
        if (i >= m_endings.size() || m_maker.busy())
            return;
        m_current    = i;
        const auto m = egtb::Material::parse(m_endings[i].material);
        if (m_tb.find(*m)) {
            newPosition();
            return;
        }
        m_making = true;
        m_maker.start(m_tb, *m);
    }

    void newPosition() {
        if (!m_current)
            return;
        const auto& e = m_endings[*m_current];
        if (!m_trainer.start(*egtb::Material::parse(e.material), m_rng)) {
            setMessage(format(say(kNoTable), {e.material}), palette::kError);
            return;
        }
        m_shown    = m_trainer.game();
        m_lastMove = {};
        m_threw    = false;
        m_hint.reset();
        clearSelection();
        ++m_progress[e.material].started;
        saveProgress();
        setMessage(format(say(kToMove), {std::to_string(m_trainer.startPlies())}),
                   palette::kPanelText);
        spdlog::info("trainer {}: {}", e.material, core::toFen(m_shown.position()));
    }

    bool canMove() const {
        return m_trainer.active() && !m_trainer.mated() && !m_threw && !m_maker.busy()
               && m_shown.position().sideToMove() == core::Color::Red;
    }

    void clearSelection() {
        m_selected.reset();
        m_targets.clear();
    }

    void click(const Layout& l, PointF p) {
        const auto sq = squareAt(l, p, false);
        if (!sq || !canMove()) {
            clearSelection();
            return;
        }
        if (m_selected && std::find(m_targets.begin(), m_targets.end(), *sq) != m_targets.end()) {
            play(core::Move(*m_selected, *sq));
            return;
        }
        const core::Piece piece = m_shown.position().at(*sq);
        if (piece != core::kNoPiece && core::colorOf(piece) == core::Color::Red) {
            m_selected = *sq;
            m_targets.clear();
            core::MoveList list;
            core::generateLegal(m_shown.position(), list);
            for (core::Move m : list)
                if (m.from() == *sq)
                    m_targets.push_back(m.to());
            return;
        }
        clearSelection();
    }

    void play(core::Move m) {
        clearSelection();
        m_hint.reset();
        const core::Position before = m_shown.position();
        const auto judged           = m_trainer.play(m);
        if (!judged)
            return;
        const core::Notation n   = m_ctx.settings().notation;
        const std::string mine   = moveText(before, m, n);
        core::Position afterMine = before;
        core::Undo u;
        afterMine.makeMove(m, u);
        const std::string reply = judged->reply ? moveText(afterMine, judged->reply, n) : "-";
        m_shown                 = m_trainer.game();
        m_lastMove              = judged->reply ? judged->reply : m;
        const int after         = judged->after ? judged->after->dtm : 0;
        switch (judged->verdict) {
        case TrainerVerdict::Mated: {
            auto& rec = m_progress[m_trainer.material()];
            ++rec.won;
            if (m_trainer.perfectSoFar())
                ++rec.perfect;
            saveProgress();
            setMessage(format(say(m_trainer.perfectSoFar() ? kMatedPerfect : kMated), {mine}),
                       sf::Color(30, 130, 60));
            m_ctx.audio().play(SoundId::GameOver);
            break;
        }
        case TrainerVerdict::Best:
            setMessage(format(say(kBest), {mine, reply, std::to_string(std::max(0, after - 1))}),
                       sf::Color(30, 130, 60));
            m_ctx.audio().play(SoundId::Move);
            break;
        case TrainerVerdict::Slower:
            setMessage(format(say(kSlower),
                              {mine, std::to_string(after + 1), std::to_string(judged->before)}),
                       palette::kReview);
            m_ctx.audio().play(SoundId::Move);
            break;
        case TrainerVerdict::ThrewWin:
            m_threw = true;
            setMessage(
                format(say(kThrew),
                       {mine, say(judged->after && judged->after->wdl == egtb::Wdl::Win ? kLoss
                                                                                        : kDraw)}),
                palette::kError);
            m_ctx.audio().play(SoundId::Illegal);
            break;
        }
    }

    void onButton(const std::string& id) {
        if (id == "back") {
            m_ctx.pop();
            return;
        }
        if (m_maker.busy())
            return;
        if (id.rfind("ending", 0) == 0) {
            choose(static_cast<std::size_t>(std::stoi(id.substr(6))));
        } else if (id == "list") {
            m_listShown = true;
            setMessage(say(kChoose), palette::kPanelText);
        } else if (id == "new") {
            newPosition();
        } else if (id == "takeback") {
            if (m_trainer.takeBack()) {
                m_shown    = m_trainer.game();
                m_lastMove = {};
                m_threw    = false;
                if (const auto v = m_trainer.current())
                    setMessage(format(say(kToMove), {std::to_string(v->dtm)}), palette::kPanelText);
            }
        } else if (id == "hint" && canMove()) {
            m_hint = m_trainer.hint();
            setMessage(say(kHintShown), palette::kReview);
        }
        if (id.rfind("ending", 0) == 0 || id == "new")
            m_listShown = false;
    }

    void drawPanel(sf::RenderTarget& target, const Layout& l) {
        Batch t;
        const float s = l.uiScale, pad = std::round(10 * s);
        const float w    = std::min(l.panel.w - 2 * pad, std::round(440 * s));
        const float x    = l.panel.x + std::round((l.panel.w - w) / 2);
        const auto& sans = m_ctx.res().sans;
        const auto big   = static_cast<unsigned>(std::lround(18 * s));
        const auto font  = static_cast<unsigned>(std::lround(15 * s));
        const auto small = static_cast<unsigned>(std::lround(13 * s));
        const float h = std::round(20 * s), gap = std::round(2 * s);
        drawRect(t, l.panel, palette::kPanel);
        drawRect(t, {l.panel.x, 0, 1, l.panel.h}, palette::kButtonEdge);
        m_buttons.clear();
        float y     = pad;
        sf::Text tt = makeText(sans, say(kTitle), big, palette::kPanelText);
        drawTextAt(t, tt, x, y + sans.getLineSpacing(big) / 2);
        y += sans.getLineSpacing(big) + std::round(4 * s);
        const bool playing = m_trainer.active() && !m_listShown;
        if (playing && m_current) {
            const auto& e = m_endings[*m_current];
            sf::Text name =
                makeText(sans, elide(sans, endingName(e), font, w), font, palette::kPanelText);
            drawTextAt(t, name, x, y + sans.getLineSpacing(font) / 2);
            y += sans.getLineSpacing(font);
            const auto& rec = m_progress[e.material];
            sf::Text pt     = makeText(
                    sans,
                    format(say(kProgress), {std::to_string(rec.started), std::to_string(rec.won),
                                            std::to_string(rec.perfect)}),
                    small, palette::kMuted);
            drawTextAt(t, pt, x, y + sans.getLineSpacing(small) / 2);
            y += sans.getLineSpacing(small) + std::round(6 * s);
            // The distance to mate now, large.
            if (const auto v = m_trainer.current()) {
                const std::string dtm =
                    v->wdl == egtb::Wdl::Draw
                        ? say(kDraw)
                        : format(say(kMateIn),
                                 {std::to_string(v->dtm), std::to_string((v->dtm + 1) / 2)});
                sf::Text dt =
                    makeText(sans, dtm, big, m_threw ? palette::kError : palette::kAccent);
                drawTextAt(t, dt, x, y + sans.getLineSpacing(big) / 2);
                y += sans.getLineSpacing(big) + std::round(6 * s);
            }
        } else if (!m_making) {
            // What to do, then the list of endings.
            const auto hint = wrapText(sans, say(kChoose), small, w);
            for (const auto& line : hint) {
                sf::Text ht = makeText(sans, line, small, palette::kMuted);
                drawTextAt(t, ht, x, y + sans.getLineSpacing(small) / 2);
                y += sans.getLineSpacing(small);
            }
            y += std::round(4 * s);
            for (std::size_t i = 0; i < m_endings.size(); ++i) {
                const auto& e   = m_endings[i];
                const auto it   = m_progress.find(e.material);
                std::string lab = endingName(e);
                if (it != m_progress.end() && it->second.won > 0)
                    lab = "✓ " + lab;
                m_buttons.push_back({"ending" + std::to_string(i),
                                     {x, y, w, h},
                                     elide(sans, lab, small, w - 10 * s),
                                     e.material,
                                     true,
                                     m_current == i});
                y += h + gap;
            }
            y += std::round(6 * s);
        }
        if (m_making) {
            const int pct = static_cast<int>(m_maker.fraction() * 100);
            sf::Text mt =
                makeText(sans, format(say(kMaking), {m_maker.current(), std::to_string(pct)}), font,
                         palette::kPanelText);
            drawTextAt(t, mt, x, y + sans.getLineSpacing(font) / 2);
            y += sans.getLineSpacing(font) + std::round(4 * s);
            drawRect(t, {x, y, w, h}, palette::kButton, palette::kButtonEdge, 1);
            drawRect(t, {x, y, w * static_cast<float>(m_maker.fraction()), h}, palette::kButtonOn);
            y += h + std::round(8 * s);
        }
        // The message (in the list, only an error: the list says what to do).
        const bool showMessage = playing || m_making || m_messageColor == palette::kError;
        const auto lines =
            showMessage ? wrapText(sans, m_message, font, w) : std::vector<std::string>{};
        const float lh = sans.getLineSpacing(font);
        for (std::size_t i = 0; i < lines.size() && i < 4; ++i) {
            sf::Text mt = makeText(sans, lines[i], font, m_messageColor);
            drawTextAt(t, mt, x, y + lh * (static_cast<float>(i) + 0.5f));
        }
        y += lh
                 * static_cast<float>(
                     std::min<std::size_t>(std::max<std::size_t>(lines.size(), 1), 4))
             + std::round(10 * s);
        // The buttons.
        const float bh = std::round(26 * s), bgap = std::round(4 * s);
        const float bw = (w - bgap) / 2;
        auto add       = [&](std::string id, int col, int row, const Words& label, bool enabled) {
            m_buttons.push_back({std::move(id),
                                 {x + static_cast<float>(col) * (bw + bgap),
                                  y + static_cast<float>(row) * (bh + bgap), bw, bh},
                                 say(label),
                                 say(label),
                                 enabled,
                                 false});
        };
        const bool busy = m_maker.busy();
        if (playing) {
            add("takeback", 0, 0, kTakeBack, !busy && m_trainer.game().canUndo());
            add("hint", 1, 0, kHint, canMove());
            add("new", 0, 1, kNew, !busy);
            add("list", 1, 1, kList, !busy);
            add("back", 0, 2, kBack, true);
        } else {
            add("back", 0, 0, kBack, true);
        }
        for (const Button& b : m_buttons)
            drawButton(t, b, sans,
                       b.id.rfind("ending", 0) == 0 ? small
                                                    : static_cast<unsigned>(std::lround(14 * s)),
                       m_mouse);
        t.draw(target);
    }

    Context& m_ctx;
    BoardView m_view;
    egtb::Tablebases m_tb;
    EndgameTrainer m_trainer;
    TableMaker m_maker;
    std::vector<egtb::NamedEnding> m_endings;
    TrainerProgress m_progress;
    std::mt19937_64 m_rng;
    std::optional<std::size_t> m_current;
    core::Game m_shown;
    core::Move m_lastMove;
    std::optional<core::Move> m_hint;
    std::optional<core::Square> m_selected;
    std::vector<core::Square> m_targets;
    bool m_making = false, m_wasBusy = false, m_threw = false, m_listShown = false;
    PointF m_mouse;
    std::string m_message;
    sf::Color m_messageColor = palette::kPanelText;
    std::vector<Button> m_buttons;
};

} // namespace

std::unique_ptr<Screen> makeTrainerScreen(Context& ctx) {
    return std::make_unique<TrainerScreen>(ctx);
}

} // namespace xq::gui
