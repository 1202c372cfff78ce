// Puzzle mode: a screen of its own over the game. The person plays the attacking side (the board
// turned so the attacker sits at the bottom); every move goes to the PuzzleRunner's worker thread,
// which answers with the longest defence, or with the refutation of a wrong move (shown as a red
// arrow on the position after the wrong move for a moment, then the move is taken back). Hints
// come as arrows. Progress (solved puzzles, mistakes) is saved after every change.
#include "app/gui/puzzle/puzzle_screen.h"

#include <cmath>

#include <spdlog/spdlog.h>

#include "app/gui/model/game_record.h"
#include "app/gui/model/i18n.h"
#include "app/gui/model/puzzle_library.h"
#include "app/gui/shell/board_view.h"
#include "app/gui/shell/widgets.h"
#include "app/gui/testing/scriptable.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"

namespace xq::gui {

namespace {

constexpr int kRefutationShowMs  = 1600;
constexpr int kMaxFenPuzzleMoves = 7;

class PuzzleScreen : public Screen, public Scriptable {
public:
    PuzzleScreen(Context& ctx, int index, const std::string& fen)
        : m_ctx(ctx)
        , m_view(ctx.res())
        , m_runner(ctx.puzzles().runner())
        , m_index(index) {
        m_ctx.post(cmd::PauseGame{});
        if (index >= 0) {
            open(index);
        } else {
            m_fenPending = true;
            if (!m_runner.loadFen(fen, kMaxFenPuzzleMoves))
                m_fenPending = false;
            setMessage(tr(Str::PuzzleChecking, lang()), palette::kMuted);
            if (auto pos = core::parseFen(fen))
                m_shown = core::Game(*pos);
        }
    }

    bool coversWindow() const override { return true; }
    bool isBoardFlipped() const override { return m_flipped; }
    std::optional<std::string> shownFen() const override { return core::toFen(shownPosition()); }
    std::string scriptState(std::string_view what) const override {
        if (what != "puzzle")
            return {};
        if (m_runner.busy())
            return "checking";
        if (m_solved)
            return "solved";
        return m_wrong ? "wrong" : "playing";
    }
    std::optional<PointF> buttonCentre(std::string_view id) const override {
        for (const Button& b : m_buttons)
            if (b.id == id)
                return PointF{b.rect.x + b.rect.w / 2, b.rect.y + b.rect.h / 2};
        return std::nullopt;
    }
    bool needsRedraw() override {
        const bool refuting = m_refutationUntil > 0;
        if (refuting && m_clock.getElapsedTime().asMilliseconds() > m_refutationUntil) {
            m_refutationUntil = 0; // the wrong move is taken back on screen too
            m_shownAfterWrong.reset();
            return true;
        }
        const bool busy = m_runner.busy();
        const bool r    = busy != m_wasBusy || m_dragging || m_view.hasPendingWork();
        m_wasBusy       = busy;
        return r;
    }

    void handleEvent(const sf::Event& e) override {
        const Layout l = m_ctx.layout();
        if (e.type == sf::Event::MouseMoved) {
            m_mouse = {static_cast<float>(e.mouseMove.x), static_cast<float>(e.mouseMove.y)};
            if (m_pressed && !m_dragging
                && std::hypot(m_mouse.x - m_pressPos.x, m_mouse.y - m_pressPos.y) > 5)
                m_dragging = true;
            return;
        }
        if (e.type == sf::Event::KeyPressed) {
            switch (e.key.code) {
            case sf::Keyboard::Escape:
                onButton("back");
                break;
            case sf::Keyboard::H:
                onButton("hint");
                break;
            case sf::Keyboard::Right:
            case sf::Keyboard::PageDown:
                onButton("next");
                break;
            case sf::Keyboard::Left:
            case sf::Keyboard::PageUp:
                onButton("prev");
                break;
            case sf::Keyboard::F:
                m_flipped = !m_flipped;
                break;
            default:
                break;
            }
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
                press(l, p);
            return;
        }
        if (e.type == sf::Event::MouseButtonReleased && e.mouseButton.button == sf::Mouse::Left)
            release(l, {static_cast<float>(e.mouseButton.x), static_cast<float>(e.mouseButton.y)});
    }

    void update(sf::Time) override {
        auto reply = m_runner.poll();
        if (!reply)
            return;
        const Language lg = lang();
        switch (reply->kind) {
        case PuzzleRunner::Kind::Load:
            m_fenPending = false;
            if (!reply->loaded) {
                setMessage(format(tr(Str::PuzzleNoMate, lg), {reply->error}), palette::kError);
                m_failed = true;
                return;
            }
            afterOpen();
            break;
        case PuzzleRunner::Kind::Play: {
            const auto& o               = reply->outcome;
            const auto* s               = m_runner.session();
            const core::Position before = m_beforeTry;
            const std::string mine      = moveText(before, m_lastTry, notation());
            using V                     = ai::PuzzleSession::Verdict;
            if (o.verdict == V::Solved) {
                m_solved = true;
                m_shown  = s->played();
                setMessage(format(tr(Str::PuzzleSolved, lg), {mine}), sf::Color(30, 130, 60));
                record(true);
                m_ctx.audio().play(SoundId::GameOver);
            } else if (o.verdict == V::Correct) {
                core::Position mid = before;
                core::Undo u;
                mid.makeMove(m_lastTry, u);
                const std::string reply2 = moveText(mid, o.reply, notation());
                m_shown                  = s->played();
                m_lastMove               = o.reply;
                setMessage(
                    format(tr(Str::PuzzleCorrect, lg), {reply2, std::to_string(s->movesLeft())}),
                    sf::Color(30, 130, 60));
                m_ctx.audio().play(m_shown.position().isInCheck() ? SoundId::Check : SoundId::Move);
            } else if (o.verdict == V::Wrong) {
                m_wrong              = true;
                core::Position after = before;
                core::Undo u;
                after.makeMove(m_lastTry, u);
                m_shownAfterWrong = after;
                m_shown           = s->played(); // taken back
                m_lastMove        = {};
                m_refutation      = o.reply;
                m_refutationUntil = m_clock.getElapsedTime().asMilliseconds() + kRefutationShowMs;
                setMessage(format(tr(Str::PuzzleWrong, lg),
                                  {mine, o.reply ? moveText(after, o.reply, notation()) : "-"}),
                           palette::kError);
                record(false);
                m_ctx.audio().play(SoundId::Illegal);
            }
            break;
        }
        case PuzzleRunner::Kind::Hint:
            m_hint = reply->hint;
            setMessage(tr(m_hint ? Str::PuzzleHintShown : Str::PuzzleNoHint, lg), palette::kReview);
            break;
        case PuzzleRunner::Kind::None:
            if (const auto* s = m_runner.session())
                m_shown = s->played();
            break;
        }
    }

    void draw(sf::RenderTarget& t) override {
        const Layout l = m_ctx.layout();
        t.clear(palette::kPanel);
        BoardDecor d;
        d.flipped = m_flipped;
        applyLook(d, m_ctx.settings());
        const core::Position pos = shownPosition();
        d.lastMove               = m_shownAfterWrong ? m_lastTry : m_lastMove;
        if (pos.isInCheck() && pos.kingSquare(pos.sideToMove()) != core::kNoSquare)
            d.checkSquare = pos.kingSquare(pos.sideToMove());
        if (m_shownAfterWrong && m_refutation)
            d.arrows.push_back({m_refutation, sf::Color(200, 30, 30, 210), 1.0f, ""});
        if (m_hint && !m_shownAfterWrong)
            d.arrow = m_hint;
        d.selected = m_selected;
        d.targets  = m_targets;
        if (m_dragging && m_selected) {
            d.hidden = m_selected;
            d.floating.push_back({pos.at(*m_selected), m_mouse, true});
        }
        m_view.draw(t, l, pos, d);
        drawPanel(t, l);
        drawTooltip(t, m_buttons, m_ctx.res().sans, m_ctx.fontSize(13), m_mouse,
                    m_ctx.windowSize());
    }

private:
    Language lang() const { return m_ctx.lang(); }
    core::Notation notation() const { return m_ctx.settings().notation; }
    void setMessage(std::string text, sf::Color c) {
        m_message      = std::move(text);
        m_messageColor = c;
    }
    core::Position shownPosition() const {
        return m_shownAfterWrong ? *m_shownAfterWrong : m_shown.position();
    }

    void open(int index) {
        auto& lib = m_ctx.puzzles().entries();
        if (lib.empty())
            return;
        index   = std::clamp(index, 0, static_cast<int>(lib.size()) - 1);
        m_index = index;
        if (!m_runner.open(lib[static_cast<std::size_t>(index)]))
            return;
        m_ctx.puzzles().progress().current = index;
        m_ctx.puzzles().saveProgress();
        afterOpen();
    }

    void afterOpen() {
        const auto* s = m_runner.session();
        if (!s)
            return;
        m_shown   = s->played();
        m_flipped = s->attacker() == core::Color::Black;
        m_solved  = false;
        m_wrong   = false;
        m_failed  = false;
        m_hint.reset();
        m_refutation      = {};
        m_lastMove        = {};
        m_lastTry         = {};
        m_refutationUntil = 0;
        m_shownAfterWrong.reset();
        clearSelection();
        const Language lg = lang();
        setMessage(format(tr(Str::PuzzleToPlay, lg),
                          {tr(s->attacker() == core::Color::Red ? Str::Red : Str::Black, lg),
                           std::to_string(s->entry().mateIn)}),
                   palette::kPanelText);
        spdlog::info("puzzle {}: {}", m_index + 1, s->entry().fen);
    }

    void record(bool solved) {
        const auto* s = m_runner.session();
        if (!s || m_index < 0)
            return;
        PuzzleRecord& r = m_ctx.puzzles().progress().puzzles[puzzleKey(s->entry().fen)];
        if (solved)
            r.solved = true;
        else
            ++r.mistakes;
        m_ctx.puzzles().saveProgress();
    }

    bool canMove() const {
        const auto* s = m_runner.session();
        return s && !m_solved && !m_failed && m_refutationUntil == 0
               && m_shown.position().sideToMove() == s->attacker();
    }

    void clearSelection() {
        m_selected.reset();
        m_targets.clear();
        m_pressed  = false;
        m_dragging = false;
    }

    void select(core::Square sq) {
        m_selected = sq;
        m_targets.clear();
        core::MoveList list;
        core::generateLegal(m_shown.position(), list);
        for (core::Move m : list)
            if (m.from() == sq)
                m_targets.push_back(m.to());
    }

    void tryMove(core::Move m) {
        clearSelection();
        if (!m_shown.isLegal(m) || !m_runner.play(m))
            return;
        m_lastTry   = m;
        m_beforeTry = m_shown.position();
        m_wrong     = false;
        m_hint.reset();
        m_refutation = {};
        // Show the move at once while the solver judges it.
        core::Game g = m_shown;
        g.play(m);
        m_shown    = g;
        m_lastMove = m;
        setMessage(tr(Str::PuzzleChecking, lang()), palette::kMuted);
        m_ctx.audio().play(SoundId::Move);
    }

    void press(const Layout& l, PointF p) {
        const auto sq = squareAt(l, p, m_flipped);
        if (!sq || !canMove()) {
            clearSelection();
            return;
        }
        if (m_selected && std::find(m_targets.begin(), m_targets.end(), *sq) != m_targets.end()) {
            tryMove(core::Move(*m_selected, *sq));
            return;
        }
        const core::Piece piece = m_shown.position().at(*sq);
        if (piece != core::kNoPiece && core::colorOf(piece) == m_shown.position().sideToMove()) {
            select(*sq);
            m_pressed  = true;
            m_pressPos = p;
            return;
        }
        clearSelection();
    }

    void release(const Layout& l, PointF p) {
        if (!m_pressed)
            return;
        m_pressed = false;
        if (!m_dragging)
            return;
        m_dragging    = false;
        const auto sq = squareAt(l, p, m_flipped);
        if (sq && m_selected
            && std::find(m_targets.begin(), m_targets.end(), *sq) != m_targets.end())
            tryMove(core::Move(*m_selected, *sq));
        else
            clearSelection();
    }

    void onButton(const std::string& id) {
        const int count = static_cast<int>(m_ctx.puzzles().entries().size());
        if (id == "back") {
            m_ctx.pop();
        } else if (id == "list") {
            m_ctx.pop();
            m_ctx.post(cmd::ShowPuzzleList{});
        } else if (m_runner.busy()) {
            return; // the solver is thinking: the other buttons wait
        } else if (id == "hint") {
            if (canMove() && m_runner.hint())
                setMessage(tr(Str::PuzzleChecking, lang()), palette::kMuted);
        } else if (id == "restart") {
            if (m_runner.restart())
                afterOpen();
        } else if (id == "next" && m_index >= 0 && m_index + 1 < count) {
            open(m_index + 1);
        } else if (id == "prev" && m_index > 0) {
            open(m_index - 1);
        }
    }

    void buildButtons(const Layout& l, float y) {
        const float s = l.uiScale, pad = std::round(10 * s);
        const float w = std::min(l.panel.w - 2 * pad, std::round(440 * s));
        const float x = l.panel.x + std::round((l.panel.w - w) / 2);
        const float h = std::round(26 * s), gap = std::round(4 * s);
        const float bw    = (w - gap) / 2;
        const Language lg = lang();
        const bool busy   = m_runner.busy();
        const int count   = static_cast<int>(m_ctx.puzzles().entries().size());
        m_buttons.clear();
        auto add = [&](std::string id, int col, int row, Str label, bool enabled, std::string key) {
            std::string tip = tr(label, lg);
            if (!key.empty())
                tip += "  (" + key + ")";
            m_buttons.push_back({std::move(id),
                                 {x + static_cast<float>(col) * (bw + gap),
                                  y + static_cast<float>(row) * (h + gap), bw, h},
                                 tr(label, lg),
                                 tip,
                                 enabled,
                                 false});
        };
        add("hint", 0, 0, Str::Hint, !busy && canMove(), "H");
        add("restart", 1, 0, Str::Restart, !busy && !m_fenPending, "");
        add("prev", 0, 1, Str::Previous, !busy && m_index > 0, "Left");
        add("next", 1, 1, Str::Next, !busy && m_index >= 0 && m_index + 1 < count, "Right");
        add("list", 0, 2, Str::PuzzleList, true, "");
        add("back", 1, 2, Str::BackToGame, true, "Esc");
    }

    void drawPanel(sf::RenderTarget& target, const Layout& l) {
        Batch t;
        const float s = l.uiScale, pad = std::round(10 * s);
        const float w     = std::min(l.panel.w - 2 * pad, std::round(440 * s));
        const float x     = l.panel.x + std::round((l.panel.w - w) / 2);
        const auto& sans  = m_ctx.res().sans;
        const auto big    = static_cast<unsigned>(std::lround(18 * s));
        const auto font   = static_cast<unsigned>(std::lround(15 * s));
        const auto small  = static_cast<unsigned>(std::lround(13 * s));
        const Language lg = lang();
        drawRect(t, l.panel, palette::kPanel);
        drawRect(t, {l.panel.x, 0, 1, l.panel.h}, palette::kButtonEdge);
        float y                 = pad;
        const auto* session     = m_runner.busy() ? nullptr : m_runner.session();
        const int count         = static_cast<int>(m_ctx.puzzles().entries().size());
        const std::string title = m_index >= 0
                                      ? format(tr(Str::PuzzleTitle, lg),
                                               {std::to_string(m_index + 1), std::to_string(count)})
                                      : tr(Str::PuzzleOwnPosition, lg);
        sf::Text tt = makeText(sans, elide(sans, title, big, w), big, palette::kPanelText);
        drawTextAt(t, tt, x, y + sans.getLineSpacing(big) / 2);
        y += sans.getLineSpacing(big) + std::round(4 * s);
        if (session || m_entry) {
            if (session)
                m_entry = session->entry();
            const ai::PuzzleEntry& e = *m_entry;
            const std::string info   = format(tr(Str::MateIn, lg), {std::to_string(e.mateIn)})
                                     + "  ·  "
                                     + tr(e.checksOnly ? Str::ChecksOnly : Str::AnyMoves, lg)
                                     + "  ·  " + shortSource(e.source, lg);
            sf::Text it = makeText(sans, elide(sans, info, small, w), small, palette::kMuted);
            drawTextAt(t, it, x, y + sans.getLineSpacing(small) / 2);
            y += sans.getLineSpacing(small);
            if (m_index >= 0) {
                const auto& prog = m_ctx.puzzles().progress();
                const auto rec   = prog.puzzles.find(puzzleKey(e.fen));
                std::string line =
                    format(tr(Str::PuzzleProgress, lg),
                           {std::to_string(prog.solvedCount()), std::to_string(count),
                            std::to_string(prog.mistakeCount())});
                if (rec != prog.puzzles.end() && rec->second.solved)
                    line += "   [" + tr(Str::SolvedMark, lg) + "]";
                sf::Text pt = makeText(sans, elide(sans, line, small, w), small, palette::kMuted);
                drawTextAt(t, pt, x, y + sans.getLineSpacing(small) / 2);
            }
            y += sans.getLineSpacing(small);
        }
        y += std::round(8 * s);
        // The message: what to do, the verdict on the last move, the hint.
        const auto lines = wrapText(sans, m_message, font, w);
        const float lh   = sans.getLineSpacing(font);
        for (std::size_t i = 0; i < lines.size() && i < 4; ++i) {
            sf::Text mt = makeText(sans, lines[i], font, m_messageColor);
            drawTextAt(t, mt, x, y + lh * (static_cast<float>(i) + 0.5f));
        }
        y += lh * 4 + std::round(8 * s);
        buildButtons(l, y);
        for (const Button& b : m_buttons)
            drawButton(t, b, sans, static_cast<unsigned>(std::lround(14 * s)), m_mouse);
        t.draw(target);
    }

    Context& m_ctx;
    BoardView m_view;
    PuzzleRunner& m_runner;
    int m_index = -1;
    core::Game m_shown;                              // the position as the person sees it
    std::optional<core::Position> m_shownAfterWrong; // while the refutation is shown
    std::optional<ai::PuzzleEntry> m_entry;
    core::Move m_lastMove, m_lastTry, m_refutation;
    core::Position m_beforeTry;
    std::optional<core::Move> m_hint;
    std::int32_t m_refutationUntil = 0;
    bool m_solved = false, m_wrong = false, m_failed = false, m_fenPending = false;
    bool m_flipped = false, m_wasBusy = false;
    std::optional<core::Square> m_selected;
    std::vector<core::Square> m_targets;
    bool m_pressed = false, m_dragging = false;
    PointF m_pressPos, m_mouse;
    std::string m_message;
    sf::Color m_messageColor = palette::kPanelText;
    std::vector<Button> m_buttons;
    sf::Clock m_clock;
};

} // namespace

std::unique_ptr<Screen> makePuzzleScreen(Context& ctx, int index, const std::string& fen) {
    return std::make_unique<PuzzleScreen>(ctx, index, fen);
}

} // namespace xq::gui
