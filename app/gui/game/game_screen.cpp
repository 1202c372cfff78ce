#include "app/gui/game/game_screen.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <utility>

#include <SFML/Window/Clipboard.hpp>
#include <spdlog/spdlog.h>

#include "app/gui/game/panel.h"
#include "app/gui/model/coach.h"
#include "app/gui/model/i18n.h"
#include "app/gui/model/puzzle_library.h"
#include "core/fen.h"
#include "core/game_formats.h"
#include "core/movegen.h"

namespace xq::gui {

namespace {

std::int64_t nowMs() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

std::string trim(const std::string& s) {
    const auto a = s.find_first_not_of(" \t\r\n");
    if (a == std::string::npos)
        return {};
    const auto b = s.find_last_not_of(" \t\r\n");
    return s.substr(a, b - a + 1);
}

} // namespace

GameScreen::GameScreen(Context& ctx)
    : m_ctx(ctx)
    , m_view(ctx.res()) {
    applySettings();
    m_session.setBookFile((ctx.assets() / "book" / "book.txt").string());
    m_session.newGame(*core::parseFen(core::kStartFen), ctx.settings().mode,
                      clockSettingsOf(ctx.settings()));
    m_savedChange = m_session.changeCount();
    m_flipped     = ctx.settings().mode == PlayMode::PlayBlack;
}

GameScreen::~GameScreen() = default;

void GameScreen::applySettings() {
    const Settings& s = m_ctx.settings();
    m_session.setAiSettings(
        {s.depth, s.useMoveTime, s.moveTimeMs, s.threads, s.level, s.notation, s.thinkOnMyTime});
    m_session.setAnalysisLines(s.analysisLines);
    m_session.setRuleSet(s.ruleSet);
    m_session.setExternalEngine(s.engine);
}

bool GameScreen::apply(const Command& c) {
    if (const auto* n = std::get_if<cmd::NewGame>(&c)) {
        startNew(n->start, n->mode);
        return true;
    }
    if (const auto* o = std::get_if<cmd::OpenFile>(&c)) {
        openPgnFile(o->file);
        return true;
    }
    if (std::holds_alternative<cmd::SettingsChanged>(c)) {
        applySettings();
        m_panelDirty = true;
        return true;
    }
    if (std::holds_alternative<cmd::PauseGame>(c)) {
        m_session.cancelSearch();
        return true;
    }
    if (std::holds_alternative<cmd::OfferResume>(c)) {
        offerResume();
        return true;
    }
    if (const auto* g = std::get_if<cmd::OpenGame>(&c)) {
        openGame(g->game, g->label);
        return true;
    }
    if (const auto* x = std::get_if<cmd::ExplorerStep>(&c)) {
        if (x->back > 0)
            m_session.reviewStep(-x->back);
        else if (!x->move.isNone())
            tryMove(x->move, false);
        if (x->report)
            x->report(m_session.shownPosition());
        return true;
    }
    return false;
}

void GameScreen::startNew(const core::Position& start, PlayMode mode) {
    m_session.newGame(start, mode, clockSettingsOf(m_ctx.settings()));
    m_flipped = mode == PlayMode::PlayBlack;
    clearSelection();
    m_anim.reset();
    spdlog::info("new game ({}) from {}", modeName(mode), core::toFen(start));
}

void GameScreen::loadRecord(const GameRecord& rec, PlayMode mode) {
    // A timed game comes back with its clocks: the time control, the casual and computer
    // switches and the two clocks as they stood when it was saved.
    std::string problem;
    const ClockTags saved = readClockTags(rec.tags, &problem);
    if (!problem.empty())
        spdlog::warn("game record: {}; the game is untimed", problem);
    const ClockSettings clock{saved.control, saved.computerOnClock, saved.casual};
    m_session.loadTree(rec.tree, mode, clock, saved.left);
    m_flipped = mode == PlayMode::PlayBlack;
    clearSelection();
    m_anim.reset();
}

bool GameScreen::openGame(const core::PgnGame& game, const std::string& label) {
    // Through PGN text: the record then has the tags and the tree exactly as for a PGN file.
    auto rec = readPgn(core::writePgn(game, core::Notation::Iccs));
    if (!rec) {
        m_ctx.toast(format(tr(Str::OpenFailed, m_ctx.lang()), {label, rec.error()}), true);
        return false;
    }
    loadRecord(*rec, PlayMode::TwoPlayers);
    m_session.reviewHome();
    m_ctx.toast(format(tr(Str::Loaded, m_ctx.lang()), {label}));
    return true;
}

bool GameScreen::openPgnFile(const std::filesystem::path& file) {
    const Language lang = m_ctx.lang();
    // Other programs' game files (XQF, CBR, CBL, CBF, DhtmlXQ, WXF), and files of several
    // games, go through core's readers; several games open the library on the file.
    std::string ext = file.extension().string();
    for (char& ch : ext)
        ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (ext != ".pgn" || core::readGameFile(file.string()).games.size() > 1) {
        core::GameFileResult r = core::readGameFile(file.string());
        if (r.games.size() > 1) {
            m_ctx.post(cmd::ShowLibrary{file});
            if (!r.ok())
                m_ctx.toast(r.error, true);
            return true;
        }
        if (r.games.empty()) {
            m_ctx.toast(format(tr(Str::OpenFailed, lang), {file.filename().string(), r.error}),
                        true);
            return false;
        }
        return openGame(r.games.front(), file.filename().string());
    }
    const auto text = readFile(file);
    if (!text) {
        m_ctx.toast(
            format(tr(Str::OpenFailed, lang), {file.filename().string(), "cannot read the file"}),
            true);
        return false;
    }
    auto rec = readPgn(*text);
    if (!rec) {
        m_ctx.toast(format(tr(Str::OpenFailed, lang), {file.filename().string(), rec.error()}),
                    true);
        return false;
    }
    PlayMode mode = m_ctx.settings().mode;
    if (auto it = rec->tags.find("Mode"); it != rec->tags.end())
        parseModeName(it->second, mode);
    loadRecord(*rec, mode);
    m_ctx.toast(format(tr(Str::Loaded, lang), {file.filename().string()}));
    return true;
}

bool GameScreen::loadText(const std::string& raw) {
    const Language lang    = m_ctx.lang();
    const std::string text = trim(raw);
    if (text.empty()) {
        m_ctx.toast(format(tr(Str::ClipboardUnreadable, lang), {"empty"}), true);
        return false;
    }
    if (text.find('[') == std::string::npos && text.find('\n') == std::string::npos
        && text.find('/') != std::string::npos) {
        auto pos = core::parseFen(text);
        if (!pos) {
            m_ctx.toast(format(tr(Str::ClipboardUnreadable, lang), {pos.error()}), true);
            return false;
        }
        startNew(*pos, m_session.mode());
        m_ctx.toast(format(tr(Str::Loaded, lang), {"FEN"}));
        return true;
    }
    if (text.find("[DhtmlXQ") != std::string::npos) {
        // UBB text copied from a game site.
        const core::GameFileResult r = core::readDhtmlXq(text);
        if (r.games.empty()) {
            m_ctx.toast(format(tr(Str::ClipboardUnreadable, lang), {r.error}), true);
            return false;
        }
        return openGame(r.games.front(), "DhtmlXQ");
    }
    auto rec = readPgn(text);
    if (!rec) {
        m_ctx.toast(format(tr(Str::ClipboardUnreadable, lang), {rec.error()}), true);
        return false;
    }
    loadRecord(*rec, m_session.mode());
    m_ctx.toast(format(tr(Str::Loaded, lang), {"PGN"}));
    return true;
}

void GameScreen::offerResume() {
    const auto file = m_ctx.paths().autosaveFile();
    std::error_code ec;
    if (!std::filesystem::exists(file, ec))
        return;
    const auto text = readFile(file);
    auto rec =
        text ? readPgn(*text) : core::Expected<GameRecord>(core::Error{"cannot read the file"});
    if (!rec) {
        const auto aside = setAside(file);
        spdlog::warn("autosave {}: {}; set aside as {}", file.string(), rec.error(),
                     aside.string());
        m_ctx.toast(format(tr(Str::CorruptAutosave, m_ctx.lang()),
                           {rec.error(), aside.filename().string()}),
                    true);
        return;
    }
    if (rec->tree.mainLine().empty() || rec->tree.mainGame().isOver())
        return;
    PlayMode mode = m_ctx.settings().mode;
    if (auto it = rec->tags.find("Mode"); it != rec->tags.end())
        parseModeName(it->second, mode);
    GameRecord record   = *rec;
    const Language lang = m_ctx.lang();
    m_ctx.post(cmd::ShowConfirm{tr(Str::ResumeQuestion, lang), tr(Str::Resume, lang),
                                tr(Str::Discard, lang),
                                [this, record, mode] { loadRecord(record, mode); }, [] {}});
}

std::optional<std::string> GameScreen::shownFen() const {
    return core::toFen(m_session.shownPosition());
}

std::string GameScreen::pgn() const {
    Tags tags;
    const PlayMode mode = m_session.mode();
    tags["Red"]         = m_session.isComputerSide(core::Color::Red) ? "Computer" : "Human";
    tags["Black"]       = m_session.isComputerSide(core::Color::Black) ? "Computer" : "Human";
    tags["Mode"]        = std::string(modeName(mode));
    return writePgn(m_session.pgn(), tags);
}

bool GameScreen::needsRedraw() {
    const auto& info       = m_session.aiInfo();
    const auto& lines      = m_session.analysis();
    const auto [done, all] = m_session.gameReviewProgress();
    // What changes the picture at once...
    const std::array<std::uint64_t, 10> state = {
        m_session.changeCount(),
        m_session.viewPly(),
        static_cast<std::uint64_t>(m_session.aiTask()),
        m_session.hint() ? static_cast<std::uint64_t>(m_session.hint()->raw()) : 0u,
        m_session.isBusy() ? 1u : 0u,
        m_session.notesVersion(),
        m_session.analysisOn() ? 1u : 0u,
        m_session.isGameReviewRunning() ? 1u : 0u,
        static_cast<std::uint64_t>(m_session.shownNode() + 1),
        m_ctx.puzzles().runner().busy() ? 1u : 0u,
    };
    // ...and search or review progress, redrawn at most five times a second (each redraw of the
    // panel costs a few milliseconds under software OpenGL).
    const std::array<std::uint64_t, 4> progress = {
        info ? static_cast<std::uint64_t>(info->depth) * 1000003u + info->nodes : 0u,
        lines.empty() ? 0u : static_cast<std::uint64_t>(lines.size()) * 131u + lines[0].depth,
        lines.empty() ? 0u : lines.back().nodes,
        static_cast<std::uint64_t>(done) * 65536u + static_cast<std::uint64_t>(all),
    };
    const bool animating =
        m_anim.has_value() || m_dragging || std::exchange(m_explainChanged, false);
    bool redraw = animating || m_wasAnimating || state != m_drawnState || m_view.hasPendingWork();
    // The clocks are drawn over the panel: a new second (or tenth) redraws the frame only.
    std::string clocks;
    if (m_session.timed()) {
        const auto running = m_session.clockRunning();
        clocks             = clockFace(core::Color::Red) + "|" + clockFace(core::Color::Black) + "|"
                 + (running ? std::to_string(core::index(*running)) : "-");
    }
    if (clocks != m_drawnClocks) {
        m_drawnClocks = clocks;
        redraw        = true;
    }
    if (state != m_drawnState)
        m_panelDirty = true;
    if (progress != m_drawnProgress
        && (redraw || m_progressClock.getElapsedTime().asMilliseconds() >= 200)) {
        redraw       = true;
        m_panelDirty = true;
    }
    if (redraw && progress != m_drawnProgress) {
        m_drawnProgress = progress;
        m_progressClock.restart();
    }
    m_wasAnimating = animating;
    m_drawnState   = state;
    return redraw;
}

void GameScreen::tickClock() {
    // A person's own clock ticks once a second in its last ten seconds.
    const auto side = m_session.clockRunning();
    if (!side || m_session.isComputerSide(*side)) {
        m_lastTickSecond = -1;
        return;
    }
    const std::int64_t left = m_session.clockLeft(*side);
    if (left <= 0 || left >= 10'000)
        return;
    const std::int64_t second = left / 1000;
    if (second != m_lastTickSecond) {
        m_lastTickSecond = second;
        m_ctx.audio().play(SoundId::Clock);
    }
}

bool GameScreen::isIdle() const {
    return !m_session.isBusy() && !m_anim && !m_session.isGameReviewRunning()
           && !m_ctx.puzzles().runner().busy();
}

std::string GameScreen::aiState() const {
    std::string review;
    if (m_session.isGameReviewRunning()) {
        const auto [done, all] = m_session.gameReviewProgress();
        review                 = " review=" + std::to_string(done) + "/" + std::to_string(all);
    }
    switch (m_session.aiTask()) {
    case AiTask::None:
        return (m_session.isBusy() ? "waiting" : "idle") + review;
    case AiTask::Move:
    case AiTask::Hint:
    case AiTask::Analyse:
    case AiTask::Ponder: {
        const char* name = m_session.aiTask() == AiTask::Move     ? "thinking"
                           : m_session.aiTask() == AiTask::Hint   ? "hint"
                           : m_session.aiTask() == AiTask::Ponder ? "pondering"
                                                                  : "analysing";
        const auto& info = m_session.aiInfo();
        return std::string(name) + " depth=" + std::to_string(info ? info->depth : 0) + review;
    }
    }
    return "idle";
}

std::string GameScreen::scriptState(std::string_view what) const {
    if (what == "review") {
        if (m_session.isGameReviewRunning())
            return "running";
        return m_session.lineScores().size() >= 2 ? "done" : "none";
    }
    if (what == "analysis")
        return m_session.analysisOn() ? "on" : "off";
    if (what == "analysis-lines")
        return std::to_string(m_session.analysis().size());
    if (what == "variations") {
        int n = 0;
        for (std::size_t i = 1; i < m_session.tree().size(); ++i) {
            const auto id = static_cast<NodeId>(i);
            if (m_session.tree().valid(id) && m_session.tree().variationStart(id) == id)
                ++n;
        }
        return std::to_string(n);
    }
    if (what == "on-variation")
        return m_session.tree().isMainLine(m_session.shownNode()) ? "no" : "yes";
    if (what == "ply")
        return std::to_string(m_session.ply());
    if (what == "graph")
        return m_stripShown ? "shown" : "hidden";
    if (what == "clock-running") {
        const auto side = m_session.clockRunning();
        return !side ? "none" : *side == core::Color::Red ? "red" : "black";
    }
    if (what == "timed")
        return m_session.timed() ? "yes" : "no";
    if (what == "over")
        return m_session.isOver() ? "yes" : "no";
    if (what.rfind("button:", 0) == 0) {
        const auto p = buttonCentre(what.substr(7));
        return p ? std::to_string(std::lround(p->x)) + "," + std::to_string(std::lround(p->y))
                 : "none";
    }
    if (what.rfind("enabled:", 0) == 0) {
        for (const Button& b : m_buttons)
            if (b.id == what.substr(8))
                return b.enabled ? "yes" : "no";
        return "none";
    }
    if (what == "labels-cut") { // the panel's buttons as last drawn
        const PanelGeo g = panelGeo(layout());
        std::vector<Button> grid;
        for (const Button& b : m_buttons)
            if (b.id != "minus" && b.id != "plus")
                grid.push_back(b);
        return std::to_string(labelsCut(grid, m_ctx.res().sans, g.button));
    }
    if (what == "status-fits") // as last drawn
        return m_statusFits ? "yes" : "no";
    if (what == "status-lines")
        return std::to_string(statusFit(layout()).lines.size());
    return {};
}

void GameScreen::dumpBoard(std::ostream& out) const {
    const Layout l           = layout();
    const core::Position pos = m_session.shownPosition();
    out << "# point piece x y radius (flipped=" << (m_flipped ? 1 : 0) << ")\n";
    for (int s = 0; s < core::kSquares; ++s) {
        const auto sq  = static_cast<core::Square>(s);
        const PointF c = squareCenter(l, sq, m_flipped);
        out << core::squareName(sq) << ' ' << core::pieceToChar(pos.at(sq)) << ' ' << c.x << ' '
            << c.y << ' ' << l.cell * 0.45f << '\n';
    }
}

// --- input ----------------------------------------------------------------------------------

void GameScreen::clearSelection() {
    m_selected.reset();
    m_targets.clear();
    m_pressed  = false;
    m_dragging = false;
}

void GameScreen::selectSquare(core::Square s) {
    m_selected = s;
    m_targets.clear();
    core::MoveList list;
    core::generateLegal(m_session.shownPosition(), list);
    for (core::Move m : list)
        if (m.from() == s)
            m_targets.push_back(m.to());
}

bool GameScreen::tryMove(core::Move m, bool dropped) {
    // A move that loses by the repetition rules, now or when repeated, is played only after the
    // person has been told why and still wants it.
    if (!m_session.isReviewing() && m_session.canHumanMove()) {
        if (const auto risk = m_session.repetitionRisk(m); risk.verdict.isOver()) {
            const Language lang    = m_ctx.lang();
            const std::string text = repetitionWarning(risk.verdict, risk.atOnce, lang);
            m_ctx.post(cmd::ShowConfirm{text, tr(Str::PlayAnyway, lang), tr(Str::Cancel, lang),
                                        [this, m] { m_session.humanMoveDespiteRisk(m); }, [] {}});
            clearSelection();
            return false;
        }
        // The coach: a piece left en prise or a mate within three allowed is played only when
        // the person still wants it after being told.
        if (coachActive(m_ctx.settings(), m_session.timed(), m_session.clockSettings().casual)
            && m_session.isComputerSide(~m_session.shownPosition().sideToMove())) {
            if (const auto question =
                    coachQuestion(shownGame(), m, m_ctx.lang(), m_ctx.settings().notation)) {
                const Language lang = m_ctx.lang();
                m_ctx.post(cmd::ShowConfirm{*question, tr(Str::PlayAnyway, lang),
                                            tr(Str::Cancel, lang),
                                            [this, m] { m_session.humanMove(m); }, [] {}});
                clearSelection();
                return false;
            }
        }
    }
    m_skipAnimation = dropped;
    const bool ok   = m_session.isReviewing()
                          ? m_session.reviewMove(m, m_ctx.settings().reviewVariations)
                          : m_session.humanMove(m);
    if (!ok)
        m_skipAnimation = false;
    clearSelection();
    return ok;
}

void GameScreen::onBoardPress(PointF p) {
    const Layout l = layout();
    const auto sq  = squareAt(l, p, m_flipped);
    if (!sq || !(m_session.canHumanMove() || m_session.canReviewMove())) {
        clearSelection();
        return;
    }
    const core::Position pos = m_session.shownPosition();
    if (m_selected && std::find(m_targets.begin(), m_targets.end(), *sq) != m_targets.end()) {
        tryMove(core::Move(*m_selected, *sq), false);
        return;
    }
    const core::Piece piece = pos.at(*sq);
    if (piece != core::kNoPiece && core::colorOf(piece) == pos.sideToMove()) {
        if (m_selected != sq)
            m_ctx.audio().play(SoundId::Select);
        selectSquare(*sq);
        m_pressed  = true;
        m_pressPos = p;
        return;
    }
    if (m_selected && *sq != *m_selected)
        m_ctx.audio().play(SoundId::Illegal);
    clearSelection();
}

void GameScreen::onBoardRelease(PointF p) {
    if (!m_pressed)
        return;
    m_pressed = false;
    if (!m_dragging)
        return; // a click: the selection stays for click-click
    m_dragging    = false;
    const auto sq = squareAt(layout(), p, m_flipped);
    if (sq && m_selected && std::find(m_targets.begin(), m_targets.end(), *sq) != m_targets.end()) {
        tryMove(core::Move(*m_selected, *sq), true);
        return;
    }
    // An illegal drop: the piece snaps back to its point.
    if (sq && m_selected && *sq != *m_selected)
        m_ctx.audio().play(SoundId::Illegal);
    clearSelection();
}

void GameScreen::handleEvent(const sf::Event& e) {
    switch (e.type) {
    case sf::Event::MouseMoved: {
        m_mouse = {static_cast<float>(e.mouseMove.x), static_cast<float>(e.mouseMove.y)};
        if (m_pressed && !m_dragging
            && std::hypot(m_mouse.x - m_pressPos.x, m_mouse.y - m_pressPos.y) > 5)
            m_dragging = true;
        break;
    }
    case sf::Event::MouseButtonPressed: {
        const PointF p{static_cast<float>(e.mouseButton.x), static_cast<float>(e.mouseButton.y)};
        m_mouse        = p;
        const Layout l = layout();
        if (e.mouseButton.button == sf::Mouse::Right) {
            clearSelection();
            break;
        }
        if (e.mouseButton.button != sf::Mouse::Left)
            break;
        if (m_explain.playing()) {
            m_explain.stopPlaying(); // a click ends a line that plays on the board
            m_explainChanged = true;
        }
        if (const ExplainNote* note = m_explain.noteAt(p); note && l.panel.contains(p)) {
            m_explain.play(*note);
            m_explainChanged = true;
            break;
        }
        if (l.board.contains(p)) {
            onBoardPress(p);
            break;
        }
        if (const Button* b = buttonAt(m_buttons, p)) {
            onButton(b->id);
            break;
        }
        if (const auto ply = m_evalStrip.plyAt(l, p); m_stripShown && ply) {
            // The evaluation graph: jump to the move nearest the click.
            m_session.reviewTo(*ply);
            clearSelection();
            break;
        }
        if (const NodeId node = m_moveList.nodeAt(p); node != kNoNode) {
            m_session.selectNode(node);
            clearSelection();
        }
        break;
    }
    case sf::Event::MouseButtonReleased:
        if (e.mouseButton.button == sf::Mouse::Left)
            onBoardRelease(
                {static_cast<float>(e.mouseButton.x), static_cast<float>(e.mouseButton.y)});
        break;
    case sf::Event::MouseWheelScrolled:
        m_moveList.scroll(
            {static_cast<float>(e.mouseWheelScroll.x), static_cast<float>(e.mouseWheelScroll.y)},
            e.mouseWheelScroll.delta);
        break;
    case sf::Event::KeyPressed:
        handleKey(e.key);
        break;
    default:
        break;
    }
}

// --- per frame ------------------------------------------------------------------------------

void GameScreen::processEvents() {
    for (const MoveEvent& e : m_session.takeEvents()) {
        if (e.gameOver) {
            m_ctx.audio().play(SoundId::GameOver);
            spdlog::info("game over: {}", m_session.result().describe());
        } else if (e.check) {
            m_ctx.audio().play(SoundId::Check);
        } else if (e.captured != core::kNoPiece) {
            m_ctx.audio().play(SoundId::Capture);
        } else if (e.move) {
            m_ctx.audio().play(SoundId::Move);
        }
        if (e.move && e.byComputer)
            spdlog::info("computer plays {} ({})", core::toIccs(e.move),
                         m_session.searchEngineName());
        if (e.move && !m_skipAnimation) {
            // Aggregate initialisation: clang 14 does not see the nested struct as default
            // constructible inside std::optional (its member initialisers are parsed late).
            m_anim = Animation{e.move, e.piece, sf::Clock{}};
        }
        m_skipAnimation = false;
        clearSelection();
    }
}

void GameScreen::autosave(bool force) {
    if (m_session.changeCount() == m_savedChange && !force)
        return;
    m_savedChange = m_session.changeCount();
    // The file is written on the writer's thread: a slow disk never holds up a frame.
    m_autosaver.write(m_ctx.paths().autosaveFile(), pgn());
    for (const std::string& err : m_autosaver.takeErrors())
        spdlog::error("autosave: {}", err);
}

void GameScreen::update(sf::Time) {
    const bool reviewing = m_session.isGameReviewRunning();
    m_session.update(nowMs());
    for (const std::string& failure : m_session.takeEngineMessages()) {
        spdlog::warn("external engine: {}", failure);
        m_ctx.toast(format(tr(Str::EngineFailed, m_ctx.lang()), {failure}), true);
    }
    if (const std::string why = m_session.takeTableError(); !why.empty()) {
        spdlog::warn("endgame table: {}", why);
        m_ctx.toast(format(tr(Str::TableFailed, m_ctx.lang()), {why}), true);
    }
    if (m_session.tableMaking())
        m_panelDirty = true; // its progress
    processEvents();
    // A running clock is saved every few seconds, so that a crash or power cut costs little time.
    const bool clockDue = m_session.clockRunning() && nowMs() - m_clockSavedMs >= kClockSaveMs;
    if (clockDue)
        m_clockSavedMs = nowMs();
    autosave(clockDue);
    tickClock();
    if (reviewing && !m_session.isGameReviewRunning() && m_session.lastReviewMs() > 0) {
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.1f", m_session.lastReviewMs() / 1000.0);
        spdlog::info("game review finished: {} plies in {} s", m_session.ply(), seconds);
        m_ctx.toast(
            format(tr(Str::ReviewDone, m_ctx.lang()), {std::to_string(m_session.ply()), seconds}));
    }
    if (m_explain.update()) {
        m_explainChanged = true;
        m_panelDirty     = true;
    }
    m_stripShown = m_session.lineScores().size() >= 2;
    if (m_anim && m_anim->clock.getElapsedTime().asMilliseconds() > kAnimationMs)
        m_anim.reset();
    // A selection that is no longer valid (the position changed under it) goes away.
    if (m_selected && !(m_session.canHumanMove() || m_session.canReviewMove()))
        clearSelection();
}

} // namespace xq::gui
