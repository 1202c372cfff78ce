#include "app/gui/game/game_screen.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <sstream>
#include <stdexcept>

#include <SFML/Window/Clipboard.hpp>
#include <spdlog/spdlog.h>

#include "app/gui/dialogs/dialogs.h"
#include "app/gui/model/i18n.h"
#include "app/gui/shell/app.h"
#include "core/fen.h"
#include "core/movegen.h"

namespace xq::gui {

namespace {

constexpr float kAnimationMs = 170;

// Vertical positions in the panel, shared by drawing and hit-testing. The search area grows with
// the number of analysis lines; the variation row and the review note appear when needed.
struct PanelGeo {
    float x, w, pad, rowH, gap, lineH;
    float modeY, statusY, aiY, infoY, buttonsY, reviewY, varY, noteY, listY;
    unsigned font, small, big, button;
};

constexpr int kButtonRows = 6;

PanelGeo panelGeo(const Layout& l, int infoLines = 3, bool varRow = false, int noteLines = 0) {
    const float s = l.uiScale;
    PanelGeo g{};
    g.pad      = std::round(10 * s);
    g.w        = std::min(l.panel.w - 2 * g.pad, std::round(440 * s));
    g.x        = l.panel.x + std::round((l.panel.w - g.w) / 2);
    g.rowH     = std::round(26 * s);
    g.gap      = std::round(4 * s);
    g.lineH    = std::round(18 * s);
    g.font     = static_cast<unsigned>(std::lround(15 * s));
    g.small    = static_cast<unsigned>(std::lround(13 * s));
    g.big      = static_cast<unsigned>(std::lround(18 * s));
    g.button   = static_cast<unsigned>(std::lround(14 * s));
    g.modeY    = g.pad;
    g.statusY  = g.modeY + std::round(20 * s);
    g.aiY      = g.statusY + std::round(50 * s);
    g.infoY    = g.aiY + g.rowH + std::round(6 * s);
    g.buttonsY = g.infoY + static_cast<float>(infoLines) * g.lineH + std::round(4 * s);
    g.reviewY  = g.buttonsY + kButtonRows * (g.rowH + g.gap) + std::round(2 * s);
    g.varY     = g.reviewY + g.rowH + g.gap;
    g.noteY    = (varRow ? g.varY + g.rowH + g.gap : g.varY) + std::round(2 * s);
    g.listY    = g.noteY + static_cast<float>(noteLines) * g.lineH + std::round(4 * s);
    return g;
}

const sf::Color kQualityColors[ai::kQualityCount] = {
    {40, 150, 70}, {120, 170, 130}, {220, 160, 20}, {230, 110, 20}, {200, 30, 30}};

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

// A loudspeaker; with sound off, a red cross instead of the waves.
void drawSpeaker(sf::RenderTarget& t, const RectF& r, bool on) {
    const float u = r.h / 10, x = r.x + r.w / 2 - 3 * u, y = r.y + r.h / 2;
    const sf::Color ink = palette::kPanelText;
    sf::ConvexShape body(6);
    body.setPoint(0, {x, y - 1.3f * u});
    body.setPoint(1, {x + 1.6f * u, y - 1.3f * u});
    body.setPoint(2, {x + 3.4f * u, y - 3.2f * u});
    body.setPoint(3, {x + 3.4f * u, y + 3.2f * u});
    body.setPoint(4, {x + 1.6f * u, y + 1.3f * u});
    body.setPoint(5, {x, y + 1.3f * u});
    body.setFillColor(ink);
    t.draw(body);
    if (on) {
        for (int i = 1; i <= 2; ++i) {
            const float rad = static_cast<float>(i) * 1.5f * u;
            sf::VertexArray arc(sf::LineStrip);
            for (int k = -4; k <= 4; ++k) {
                const float a = static_cast<float>(k) * 0.18f;
                arc.append(
                    sf::Vertex({x + 3.9f * u + rad * std::cos(a), y + rad * std::sin(a)}, ink));
            }
            t.draw(arc);
        }
    } else {
        sf::VertexArray cross(sf::Lines);
        const float cx = x + 5.2f * u;
        for (auto [dx, dy] : {std::pair{-1.2f, -1.2f}, std::pair{1.2f, 1.2f},
                              std::pair{-1.2f, 1.2f}, std::pair{1.2f, -1.2f}})
            cross.append(sf::Vertex({cx + dx * u, y + dy * u}, palette::kError));
        t.draw(cross);
    }
}

} // namespace

GameScreen::GameScreen(App& app)
    : m_app(app)
    , m_view(app.res()) {
    applySettings();
    m_session.newGame(*core::parseFen(core::kStartFen), app.settings().mode);
    m_savedChange = m_session.changeCount();
    m_flipped     = app.settings().mode == PlayMode::PlayBlack;
}

GameScreen::~GameScreen() = default;

void GameScreen::applySettings() {
    const Settings& s = m_app.settings();
    m_session.setAiSettings({s.depth, s.useMoveTime, s.moveTimeMs});
    m_session.setAnalysisLines(s.analysisLines);
    m_app.audio().setMuted(!s.sound);
}

void GameScreen::startNew(const core::Position& start, PlayMode mode) {
    m_session.newGame(start, mode);
    m_flipped = mode == PlayMode::PlayBlack;
    clearSelection();
    m_anim.reset();
    spdlog::info("new game ({}) from {}", modeName(mode), core::toFen(start));
}

void GameScreen::loadGame(const core::Game& game, PlayMode mode) {
    m_session.loadGame(game, mode);
    m_flipped = mode == PlayMode::PlayBlack;
    clearSelection();
    m_anim.reset();
}

void GameScreen::loadRecord(const GameRecord& rec, PlayMode mode) {
    m_session.loadTree(rec.tree, rec.game, mode);
    m_flipped = mode == PlayMode::PlayBlack;
    clearSelection();
    m_anim.reset();
}

bool GameScreen::openPgnFile(const std::filesystem::path& file) {
    const Language lang = m_app.lang();
    const auto text     = readFile(file);
    if (!text) {
        m_app.toast(
            format(tr(Str::OpenFailed, lang), {file.filename().string(), "cannot read the file"}),
            true);
        return false;
    }
    auto rec = readPgn(*text);
    if (!rec) {
        m_app.toast(format(tr(Str::OpenFailed, lang), {file.filename().string(), rec.error()}),
                    true);
        return false;
    }
    PlayMode mode = m_app.settings().mode;
    if (auto it = rec->tags.find("Mode"); it != rec->tags.end())
        parseModeName(it->second, mode);
    loadRecord(*rec, mode);
    m_app.toast(format(tr(Str::Loaded, lang), {file.filename().string()}));
    return true;
}

bool GameScreen::loadText(const std::string& raw) {
    const Language lang    = m_app.lang();
    const std::string text = trim(raw);
    if (text.empty()) {
        m_app.toast(format(tr(Str::ClipboardUnreadable, lang), {"empty"}), true);
        return false;
    }
    if (text.find('[') == std::string::npos && text.find('\n') == std::string::npos
        && text.find('/') != std::string::npos) {
        auto pos = core::parseFen(text);
        if (!pos) {
            m_app.toast(format(tr(Str::ClipboardUnreadable, lang), {pos.error()}), true);
            return false;
        }
        startNew(*pos, m_session.mode());
        m_app.toast(format(tr(Str::Loaded, lang), {"FEN"}));
        return true;
    }
    auto rec = readPgn(text);
    if (!rec) {
        m_app.toast(format(tr(Str::ClipboardUnreadable, lang), {rec.error()}), true);
        return false;
    }
    loadRecord(*rec, m_session.mode());
    m_app.toast(format(tr(Str::Loaded, lang), {"PGN"}));
    return true;
}

void GameScreen::offerResume() {
    const auto file = m_app.paths().autosaveFile();
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
        m_app.toast(format(tr(Str::CorruptAutosave, m_app.lang()),
                           {rec.error(), aside.filename().string()}),
                    true);
        return;
    }
    if (rec->game.isOver() || rec->game.ply() == 0)
        return;
    PlayMode mode = m_app.settings().mode;
    if (auto it = rec->tags.find("Mode"); it != rec->tags.end())
        parseModeName(it->second, mode);
    GameRecord record = *rec;
    m_app.push(makeConfirmDialog(
        m_app, tr(Str::ResumeQuestion, m_app.lang()), tr(Str::Resume, m_app.lang()),
        tr(Str::Discard, m_app.lang()), [this, record, mode] { loadRecord(record, mode); }, [] {}));
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
        m_puzzles.busy() ? 1u : 0u,
    };
    // ...and search or review progress, redrawn at most five times a second (each redraw of the
    // panel costs a few milliseconds under software OpenGL).
    const std::array<std::uint64_t, 4> progress = {
        info ? static_cast<std::uint64_t>(info->depth) * 1000003u + info->nodes : 0u,
        lines.empty() ? 0u : static_cast<std::uint64_t>(lines.size()) * 131u + lines[0].depth,
        lines.empty() ? 0u : lines.back().nodes,
        static_cast<std::uint64_t>(done) * 65536u + static_cast<std::uint64_t>(all),
    };
    const bool animating = m_anim.has_value() || m_dragging;
    bool redraw = animating || m_wasAnimating || state != m_drawnState || m_view.hasPendingWork();
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

bool GameScreen::isIdle() const {
    return !m_session.isBusy() && !m_anim && !m_session.isGameReviewRunning() && !m_puzzles.busy();
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
    case AiTask::Analyse: {
        const char* name = m_session.aiTask() == AiTask::Move   ? "thinking"
                           : m_session.aiTask() == AiTask::Hint ? "hint"
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
    if (what == "graph")
        return m_strip ? "shown" : "hidden";
    return {};
}

void GameScreen::dumpBoard(std::ostream& out) const {
    const Layout l           = m_app.gameLayout();
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
    m_skipAnimation = dropped;
    const bool ok   = m_session.isReviewing()
                          ? m_session.reviewMove(m, m_app.settings().reviewVariations)
                          : m_session.humanMove(m);
    if (!ok)
        m_skipAnimation = false;
    clearSelection();
    return ok;
}

void GameScreen::onBoardPress(PointF p) {
    const Layout l = m_app.gameLayout();
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
            m_app.audio().play(SoundId::Select);
        selectSquare(*sq);
        m_pressed  = true;
        m_pressPos = p;
        return;
    }
    if (m_selected && *sq != *m_selected)
        m_app.audio().play(SoundId::Illegal);
    clearSelection();
}

void GameScreen::onBoardRelease(PointF p) {
    if (!m_pressed)
        return;
    m_pressed = false;
    if (!m_dragging)
        return; // a click: the selection stays for click-click
    m_dragging    = false;
    const auto sq = squareAt(m_app.gameLayout(), p, m_flipped);
    if (sq && m_selected && std::find(m_targets.begin(), m_targets.end(), *sq) != m_targets.end()) {
        tryMove(core::Move(*m_selected, *sq), true);
        return;
    }
    // An illegal drop: the piece snaps back to its point.
    if (sq && m_selected && *sq != *m_selected)
        m_app.audio().play(SoundId::Illegal);
    clearSelection();
}

void GameScreen::handleKey(const sf::Event::KeyEvent& k) {
    using K = sf::Keyboard;
    if (k.control) {
        switch (k.code) {
        case K::Z:
            m_session.undo();
            clearSelection();
            break;
        case K::Y:
            m_session.redo();
            clearSelection();
            break;
        case K::S:
            saveGame();
            break;
        case K::O:
            m_app.push(makeOpenDialog(m_app));
            break;
        case K::C:
            copyPgn();
            break;
        case K::V:
            paste();
            break;
        default:
            break;
        }
        return;
    }
    switch (k.code) {
    case K::N:
        onButton("new");
        break;
    case K::U:
        onButton("undo");
        break;
    case K::F:
        onButton("flip");
        break;
    case K::H:
        onButton("hint");
        break;
    case K::M:
        onButton("movenow");
        break;
    case K::E:
        onButton("edit");
        break;
    case K::S:
        onButton("sound");
        break;
    case K::F1:
        onButton("help");
        break;
    case K::A:
        onButton("analyse");
        break;
    case K::R:
        onButton("reviewgame");
        break;
    case K::P:
        onButton("puzzles");
        break;
    case K::Delete:
        onButton("delvar");
        break;
    case K::Left:
        m_session.reviewStep(-1);
        clearSelection();
        break;
    case K::Right:
        m_session.reviewStep(1);
        clearSelection();
        break;
    case K::Up:
        m_session.reviewStep(-2);
        clearSelection();
        break;
    case K::Down:
        m_session.reviewStep(2);
        clearSelection();
        break;
    case K::Home:
        m_session.reviewHome();
        clearSelection();
        break;
    case K::End:
        m_session.reviewEnd();
        clearSelection();
        break;
    case K::Escape:
        if (m_session.isReviewing())
            m_session.reviewEnd();
        clearSelection();
        break;
    default:
        break;
    }
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
        const Layout l = m_app.gameLayout();
        if (e.mouseButton.button == sf::Mouse::Right) {
            clearSelection();
            break;
        }
        if (e.mouseButton.button != sf::Mouse::Left)
            break;
        if (l.board.contains(p)) {
            onBoardPress(p);
            break;
        }
        if (const Button* b = buttonAt(m_buttons, p)) {
            onButton(b->id);
            break;
        }
        if (m_strip && m_graphRect.w > 0 && l.strip.contains(p)) {
            // The evaluation graph: jump to the move nearest the click.
            m_session.reviewTo(graphPlyAt(m_graphRect, p.x, m_graphPlies));
            clearSelection();
            break;
        }
        for (const Cell& c : m_cells)
            if (c.rect.contains(p)) {
                m_session.selectNode(c.node);
                clearSelection();
                break;
            }
        break;
    }
    case sf::Event::MouseButtonReleased:
        if (e.mouseButton.button == sf::Mouse::Left)
            onBoardRelease(
                {static_cast<float>(e.mouseButton.x), static_cast<float>(e.mouseButton.y)});
        break;
    case sf::Event::MouseWheelScrolled:
        if (m_listRect.contains({static_cast<float>(e.mouseWheelScroll.x),
                                 static_cast<float>(e.mouseWheelScroll.y)}))
            m_listScroll -= static_cast<int>(std::round(e.mouseWheelScroll.delta * 2));
        break;
    case sf::Event::KeyPressed:
        handleKey(e.key);
        break;
    default:
        break;
    }
}

void GameScreen::onButton(const std::string& id) {
    Settings& s = m_app.settings();
    if (id == "new") {
        m_app.push(makeNewGameDialog(m_app, ""));
    } else if (id == "undo") {
        m_session.undo();
        clearSelection();
    } else if (id == "redo") {
        m_session.redo();
        clearSelection();
    } else if (id == "hint") {
        m_session.requestHint();
    } else if (id == "movenow") {
        m_session.moveNow();
    } else if (id == "resign") {
        m_session.resign();
    } else if (id == "flip") {
        m_flipped = !m_flipped;
    } else if (id == "edit") {
        m_session.cancelSearch();
        m_app.push(makeEditorScreen(m_app, m_session.shownPosition()));
    } else if (id == "help") {
        m_app.push(makeHelpOverlay(m_app));
    } else if (id == "save") {
        saveGame();
    } else if (id == "open") {
        m_app.push(makeOpenDialog(m_app));
    } else if (id == "paste") {
        paste();
    } else if (id == "copyfen") {
        copyFen();
    } else if (id == "copypgn") {
        copyPgn();
    } else if (id == "settings") {
        m_app.push(makeSettingsDialog(m_app));
    } else if (id == "continue") {
        m_session.continueFromHere();
    } else if (id == "back") {
        m_session.reviewEnd();
    } else if (id == "minus" || id == "plus") {
        const int d = id == "plus" ? 1 : -1;
        if (s.useMoveTime) {
            // Steps of 0.5 s up to 5 s, then whole seconds, then 5 s.
            const int t    = s.moveTimeMs;
            const int step = (d > 0 ? t >= 10000 : t > 10000) ? 5000
                             : (d > 0 ? t >= 5000 : t > 5000) ? 1000
                                                              : 500;
            s.moveTimeMs   = std::clamp(t + d * step, 500, 120000);
        } else {
            s.depth = std::clamp(s.depth + d, kMinDepth, kMaxDepth);
        }
        applySettings();
        m_app.saveSettings();
    } else if (id == "sound") {
        s.sound = !s.sound;
        applySettings();
        m_app.saveSettings();
    } else if (id == "analyse") {
        toggleAnalysis();
    } else if (id == "reviewgame") {
        startReview();
    } else if (id == "cancelreview") {
        m_session.cancelGameReview();
    } else if (id == "puzzles") {
        openPuzzles();
    } else if (id == "promote") {
        m_session.promoteVariation(m_session.shownNode());
    } else if (id == "delvar") {
        const NodeId node = m_session.shownNode();
        if (m_session.tree().variationStart(node) != kNoNode) {
            const Language lang = m_app.lang();
            m_app.push(makeConfirmDialog(
                m_app, tr(Str::DeleteVariationQuestion, lang), tr(Str::Delete, lang),
                tr(Str::Cancel, lang), [this, node] { m_session.deleteVariation(node); }, [] {}));
        }
    }
    clearSelection();
}

void GameScreen::toggleAnalysis() {
    if (m_session.mode() == PlayMode::Analysis)
        return; // analysis mode always analyses
    m_session.setAnalysis(!m_session.analysisOn());
}

void GameScreen::startReview() {
    if (m_session.isGameReviewRunning() || m_session.ply() == 0)
        return;
    spdlog::info("game review of {} plies at depth {}", m_session.ply(),
                 m_app.settings().reviewDepth);
    m_session.startGameReview(m_app.settings().reviewDepth);
}

void GameScreen::openPuzzles() {
    m_session.cancelSearch();
    m_app.push(makePuzzleListDialog(m_app));
}

const std::vector<ai::PuzzleEntry>& GameScreen::puzzleLibrary() {
    if (!m_puzzleLibrary) {
        const auto file = m_app.options().assets / "puzzles" / "puzzles.txt";
        std::vector<std::string> errors;
        m_puzzleLibrary = ai::loadPuzzles(file.string(), &errors);
        for (const std::string& e : errors)
            spdlog::warn("puzzles: {}", e);
        if (m_puzzleLibrary->empty())
            m_app.toast("No puzzles in " + file.string(), true);
    }
    return *m_puzzleLibrary;
}

PuzzleProgress& GameScreen::puzzleProgress() {
    if (!m_puzzleProgress) {
        auto loaded = loadPuzzleProgress(m_app.paths().config / "puzzles.json");
        if (!loaded.problem.empty())
            m_app.toast(loaded.problem, true);
        m_puzzleProgress = loaded.progress;
    }
    return *m_puzzleProgress;
}

void GameScreen::savePuzzleProgress() {
    if (!m_puzzleProgress)
        return;
    if (const std::string err =
            gui::savePuzzleProgress(m_app.paths().config / "puzzles.json", *m_puzzleProgress);
        !err.empty())
        spdlog::error("puzzle progress: {}", err);
}

void GameScreen::saveGame() {
    const auto file       = m_app.paths().games() / (timestampForFile() + ".pgn");
    const std::string err = writeFileAtomic(file, pgn());
    if (err.empty())
        m_app.toast(format(tr(Str::SavedTo, m_app.lang()), {file.filename().string()}));
    else
        m_app.toast(format(tr(Str::SaveFailed, m_app.lang()), {err}), true);
}

void GameScreen::copyFen() {
    sf::Clipboard::setString(utf8(core::toFen(m_session.shownPosition())));
    m_app.toast(tr(Str::FenCopied, m_app.lang()));
}

void GameScreen::copyPgn() {
    sf::Clipboard::setString(utf8(pgn()));
    m_app.toast(tr(Str::PgnCopied, m_app.lang()));
}

void GameScreen::paste() {
    loadText(toUtf8(sf::Clipboard::getString()));
}

// --- per frame ------------------------------------------------------------------------------

void GameScreen::processEvents() {
    for (const MoveEvent& e : m_session.takeEvents()) {
        if (e.gameOver) {
            m_app.audio().play(SoundId::GameOver);
            spdlog::info("game over: {}", m_session.result().describe());
        } else if (e.check) {
            m_app.audio().play(SoundId::Check);
        } else if (e.captured != core::kNoPiece) {
            m_app.audio().play(SoundId::Capture);
        } else if (e.move) {
            m_app.audio().play(SoundId::Move);
        }
        if (e.move && e.byComputer)
            spdlog::info("computer plays {}", core::toIccs(e.move));
        if (e.move && !m_skipAnimation) {
            // Aggregate initialisation: clang 14 does not see the nested struct as default
            // constructible inside std::optional (its member initialisers are parsed late).
            m_anim = Animation{e.move, e.piece, sf::Clock{}};
        }
        m_skipAnimation = false;
        clearSelection();
    }
}

void GameScreen::autosave() {
    if (m_session.changeCount() == m_savedChange)
        return;
    m_savedChange = m_session.changeCount();
    // The file is written on the writer's thread: a slow disk never holds up a frame.
    m_autosaver.write(m_app.paths().autosaveFile(), pgn());
    for (const std::string& err : m_autosaver.takeErrors())
        spdlog::error("autosave: {}", err);
}

void GameScreen::update(sf::Time) {
    const bool reviewing = m_session.isGameReviewRunning();
    m_session.update(nowMs());
    processEvents();
    autosave();
    if (reviewing && !m_session.isGameReviewRunning() && m_session.lastReviewMs() > 0) {
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.1f", m_session.lastReviewMs() / 1000.0);
        spdlog::info("game review finished: {} plies in {} s", m_session.ply(), seconds);
        m_app.toast(
            format(tr(Str::ReviewDone, m_app.lang()), {std::to_string(m_session.ply()), seconds}));
    }
    m_strip = m_session.lineScores().size() >= 2;
    if (m_anim && m_anim->clock.getElapsedTime().asMilliseconds() > kAnimationMs)
        m_anim.reset();
    // A selection that is no longer valid (the position changed under it) goes away.
    if (m_selected && !(m_session.canHumanMove() || m_session.canReviewMove()))
        clearSelection();
}

std::string GameScreen::modeText() const {
    const Language lang = m_app.lang();
    switch (m_session.mode()) {
    case PlayMode::PlayRed:
        return tr(Str::ModePlayRed, lang);
    case PlayMode::PlayBlack:
        return tr(Str::ModePlayBlack, lang);
    case PlayMode::TwoPlayers:
        return tr(Str::ModeTwoPlayers, lang);
    case PlayMode::ComputerBoth:
        return tr(Str::ModeComputerBoth, lang);
    case PlayMode::Analysis:
        return tr(Str::ModeAnalysis, lang);
    }
    return {};
}

std::string GameScreen::statusText() const {
    const Language lang     = m_app.lang();
    const GameSession& game = m_session;
    if (game.isOver())
        return describeResult(game.result(), lang);
    std::string s;
    if (m_session.aiTask() == AiTask::Move)
        s = tr(Str::Thinking, lang);
    else if (m_session.aiTask() == AiTask::Hint)
        s = tr(Str::HintThinking, lang);
    else if (m_session.canHumanMove()
             && (m_session.mode() == PlayMode::PlayRed || m_session.mode() == PlayMode::PlayBlack))
        s = tr(Str::YourMove, lang);
    else
        s = tr(game.position().sideToMove() == core::Color::Red ? Str::RedToMove : Str::BlackToMove,
               lang);
    if (game.position().isInCheck())
        s += "  " + tr(Str::Check, lang);
    return s;
}

std::string GameScreen::reviewNoteText() const {
    const NodeId node   = m_session.shownNode();
    const NodeReview* r = m_session.nodeReview(node);
    if (!r)
        return {};
    const Language lang         = m_app.lang();
    const std::size_t ply       = m_session.viewPly();
    const GameSession& game     = m_session;
    const core::Position before = game.positionAt(ply - 1);
    const core::Notation n      = m_app.settings().notation;
    const Str qualities[]       = {Str::QualityBest, Str::QualityGood, Str::QualityInaccuracy,
                                   Str::QualityMistake, Str::QualityBlunder};
    const std::string played    = moveText(before, game.moves()[ply - 1], n);
    const std::string quality   = tr(qualities[static_cast<int>(r->quality)], lang);
    if (r->best == game.moves()[ply - 1] || r->quality == ai::MoveQuality::Best)
        return format(tr(Str::BestMovePlayed, lang), {played, quality, pawnsText(r->playedRed)})
               + "\n" + tr(Str::Pv, lang) + ": " + pvText(before, r->bestLine, n, 10);
    std::string bestScore = std::abs(r->bestRed) >= ai::kReviewMateCp - 200
                                ? (r->bestRed > 0 ? "+M" : "-M")
                                      + std::to_string(ai::kReviewMateCp - std::abs(r->bestRed))
                                : pawnsText(r->bestRed);
    return format(tr(Str::BetterMove, lang),
                  {played, quality, moveText(before, r->best, n), bestScore})
           + "\n" + tr(Str::Pv, lang) + ": " + pvText(before, r->bestLine, n, 10);
}

void GameScreen::buildButtons(const Layout& l) {
    const Settings& s   = m_app.settings();
    const bool varRow   = !m_session.tree().isMainLine(m_session.shownNode());
    const int noteLines = m_session.isGameReviewRunning()                          ? 2
                          : m_session.nodeReview(m_session.shownNode()) != nullptr ? 3
                                                                                   : 0;
    const int infoLines = m_session.analysisOn() ? 1 + s.analysisLines : 3;
    const PanelGeo g    = panelGeo(l, infoLines, varRow, noteLines);
    const Language lang = m_app.lang();
    m_buttons.clear();
    auto add = [&](std::string id, RectF r, Str label, std::string key, bool enabled = true,
                   bool on = false) {
        std::string tip = tr(label, lang);
        if (!key.empty())
            tip += "  (" + key + ")";
        m_buttons.push_back({std::move(id), r, tr(label, lang), tip, enabled, on});
    };
    // Computer strength: [-] value [+] and the sound switch.
    const float small  = g.rowH;
    const float labelW = std::round(g.w * 0.36f);
    const float valueW = std::round(g.w * 0.2f);
    float x            = g.x + labelW;
    m_buttons.push_back({"minus", {x, g.aiY, small, g.rowH}, "-", "", true, false});
    x += small + valueW;
    m_buttons.push_back({"plus", {x, g.aiY, small, g.rowH}, "+", "", true, false});
    // Sound on/off: a square button with a speaker icon at the right end of the row.
    m_buttons.push_back(
        {"sound",
         {g.x + g.w - g.rowH, g.aiY, g.rowH, g.rowH},
         "",
         tr(Str::SoundLabel, lang) + ": " + tr(s.sound ? Str::On : Str::Off, lang) + "  (S)",
         true,
         false});
    // The action grid, three columns.
    const GameSession& game = m_session;
    const bool vsComputer =
        m_session.mode() == PlayMode::PlayRed || m_session.mode() == PlayMode::PlayBlack;
    const float bw = (g.w - 2 * g.gap) / 3;
    struct Spec {
        const char* id;
        Str label;
        const char* key;
        bool enabled;
        bool on;
    };
    const bool reviewRunning          = m_session.isGameReviewRunning();
    const Spec specs[kButtonRows * 3] = {
        {"new", Str::New, "N", true, false},
        {"undo", Str::Undo, "U, Ctrl+Z", game.canUndo(), false},
        {"redo", Str::Redo, "Ctrl+Y", game.canRedo(), false},
        {"hint", Str::Hint, "H",
         m_session.canHumanMove()
             && (m_session.aiTask() == AiTask::None || m_session.aiTask() == AiTask::Analyse),
         false},
        {"movenow", Str::MoveNow, "M",
         m_session.aiTask() == AiTask::Move || m_session.aiTask() == AiTask::Hint, false},
        {"resign", Str::Resign, "",
         !game.isOver() && (vsComputer || m_session.mode() == PlayMode::TwoPlayers), false},
        {"flip", Str::Flip, "F", true, false},
        {"edit", Str::Edit, "E", true, false},
        {"help", Str::Help, "F1", true, false},
        {"save", Str::Save, "Ctrl+S", true, false},
        {"open", Str::Open, "Ctrl+O", true, false},
        {"paste", Str::Paste, "Ctrl+V", true, false},
        {"copyfen", Str::CopyFen, "", true, false},
        {"copypgn", Str::CopyPgn, "Ctrl+C", true, false},
        {"settings", Str::SettingsButton, "", true, false},
        {"analyse", Str::Analyse, "A", m_session.mode() != PlayMode::Analysis,
         m_session.analysisOn()},
        {"reviewgame", Str::ReviewGame, "R", !reviewRunning && game.ply() > 0, reviewRunning},
        {"puzzles", Str::Puzzles, "P", true, false},
    };
    for (int i = 0; i < kButtonRows * 3; ++i) {
        const RectF r{g.x + static_cast<float>(i % 3) * (bw + g.gap),
                      g.buttonsY + static_cast<float>(i / 3) * (g.rowH + g.gap), bw, g.rowH};
        add(specs[i].id, r, specs[i].label, specs[i].key, specs[i].enabled, specs[i].on);
    }
    // Review: continue from the shown position, or go back to the end of the game.
    const float hw = (g.w - g.gap) / 2;
    add("continue", {g.x, g.reviewY, hw, g.rowH}, Str::ContinueHere, "", m_session.isReviewing());
    add("back", {g.x + hw + g.gap, g.reviewY, hw, g.rowH}, Str::BackToGame, "End",
        m_session.isReviewing());
    if (varRow) {
        add("promote", {g.x, g.varY, hw, g.rowH}, Str::Promote, "");
        add("delvar", {g.x + hw + g.gap, g.varY, hw, g.rowH}, Str::DeleteVariation, "Delete");
    }
    if (reviewRunning) {
        const float cw = std::round(g.w * 0.3f);
        add("cancelreview", {g.x + g.w - cw, g.noteY, cw, g.rowH}, Str::Cancel, "");
    }
}

std::optional<PointF> GameScreen::buttonCentre(std::string_view id) const {
    for (const Button& b : m_buttons)
        if (b.id == id)
            return PointF{b.rect.x + b.rect.w / 2, b.rect.y + b.rect.h / 2};
    return std::nullopt;
}

void GameScreen::drawPanel(sf::RenderTarget& target, const Layout& l) {
    Batch t;
    // Buttons first: they fix the geometry of the rows that come and go.
    buildButtons(l);
    const Settings& s      = m_app.settings();
    const bool varRow      = !m_session.tree().isMainLine(m_session.shownNode());
    const std::string note = reviewNoteText();
    const int noteLines    = m_session.isGameReviewRunning() ? 2 : note.empty() ? 0 : 3;
    const int infoLines    = m_session.analysisOn() ? 1 + s.analysisLines : 3;
    const PanelGeo g       = panelGeo(l, infoLines, varRow, noteLines);
    const Language lang    = m_app.lang();
    const auto& sans       = m_app.res().sans;
    drawRect(t, l.panel, palette::kPanel);
    drawRect(t, {l.panel.x, 0, 1, l.panel.h}, palette::kButtonEdge);
    // Mode and status.
    sf::Text mode = makeText(sans, elide(sans, modeText(), g.small, g.w), g.small, palette::kMuted);
    drawTextAt(t, mode, g.x, g.modeY + 8 * l.uiScale);
    const GameSession& game = m_session;
    std::string status =
        m_session.isReviewing()
            ? format(tr(Str::ReviewStatus, lang),
                     {std::to_string(m_session.viewPly()), std::to_string(game.ply())})
            : statusText();
    const sf::Color statusColor = game.isOver()             ? palette::kAccent
                                  : m_session.isReviewing() ? palette::kReview
                                                            : palette::kPanelText;
    auto lines                  = wrapText(sans, status, g.big, g.w);
    const float bigLh           = sans.getLineSpacing(g.big);
    for (std::size_t i = 0; i < lines.size() && i < 2; ++i) {
        sf::Text text = makeText(sans, lines[i], g.big, statusColor);
        drawTextAt(t, text, g.x, g.statusY + bigLh * (static_cast<float>(i) + 0.5f));
    }
    // Computer strength.
    sf::Text label = makeText(
        sans,
        elide(sans, tr(s.useMoveTime ? Str::MoveTime : Str::Depth, lang), g.font, g.w * 0.36f - 4),
        g.font, palette::kPanelText);
    drawTextAt(t, label, g.x, g.aiY + g.rowH / 2);
    char seconds[16];
    std::snprintf(seconds, sizeof seconds, "%g", s.moveTimeMs / 1000.0);
    const std::string value =
        s.useMoveTime ? format(tr(Str::BySeconds, lang), {seconds}) : std::to_string(s.depth);
    sf::Text valueText = makeText(sans, value, g.font, palette::kPanelText);
    const float valueX = g.x + std::round(g.w * 0.36f) + g.rowH;
    drawTextAt(t, valueText, valueX + (std::round(g.w * 0.2f) - textWidth(sans, value, g.font)) / 2,
               g.aiY + g.rowH / 2);
    // Search progress: the analysis lines, or the computer's depth, score, speed and PV.
    const core::Notation notation = s.notation;
    if (m_session.analysisOn() && m_session.aiTask() != AiTask::Move
        && m_session.aiTask() != AiTask::Hint) {
        const auto& an            = m_session.analysis();
        const bool shown          = m_session.analysisShown();
        const core::Position root = m_session.shownPosition();
        std::string head          = tr(Str::Analysing, lang);
        if (shown && !an.empty())
            head = format(tr(Str::AnalysisHeader, lang),
                          {std::to_string(an[0].depth), std::to_string(an[0].nps / 1000)});
        sf::Text h = makeText(sans, elide(sans, head, g.small, g.w), g.small, palette::kMuted);
        drawTextAt(t, h, g.x, g.infoY + g.lineH * 0.5f);
        for (std::size_t i = 0;
             shown && i < an.size() && i < static_cast<std::size_t>(s.analysisLines); ++i) {
            const std::string score =
                redScoreText(an[i].score, an[i].mateIn, root.sideToMove(), lang);
            const std::string line =
                std::to_string(i + 1) + ". " + score + "  " + pvText(root, an[i].pv, notation, 10);
            sf::Text lt = makeText(sans, elide(sans, line, g.small, g.w), g.small,
                                   i == 0 ? palette::kPanelText : palette::kMuted);
            drawTextAt(t, lt, g.x, g.infoY + g.lineH * (static_cast<float>(i) + 1.5f));
        }
    } else if (const auto& info = m_session.aiInfo()) {
        const std::string line =
            format(tr(Str::SearchInfo, lang),
                   {std::to_string(info->depth),
                    redScoreText(info->score, info->mateIn, m_session.aiRoot().sideToMove(), lang),
                    std::to_string(info->nps / 1000)});
        sf::Text a = makeText(sans, elide(sans, line, g.small, g.w), g.small, palette::kMuted);
        drawTextAt(t, a, g.x, g.infoY + g.lineH * 0.5f);
        const std::string pv =
            tr(Str::Pv, lang) + ": " + pvText(m_session.aiRoot(), info->pv, notation, 12);
        auto pvLines = wrapText(sans, pv, g.small, g.w);
        for (std::size_t i = 0; i < pvLines.size() && i < 2; ++i) {
            const std::string shown = i == 1 && pvLines.size() > 2
                                          ? elide(sans, pvLines[i] + " " + pvLines[2], g.small, g.w)
                                          : pvLines[i];
            sf::Text b              = makeText(sans, shown, g.small, palette::kMuted);
            drawTextAt(t, b, g.x, g.infoY + g.lineH * (static_cast<float>(i) + 1.5f));
        }
    }
    for (const Button& b : m_buttons)
        drawButton(t, b, sans, b.id == "minus" || b.id == "plus" ? g.big : g.button, m_mouse);
    // Review progress, or the review's verdict on the shown move.
    if (m_session.isGameReviewRunning()) {
        const auto [done, all] = m_session.gameReviewProgress();
        const float bw         = g.w - std::round(g.w * 0.3f) - g.gap;
        const RectF bar{g.x, g.noteY + 2, bw, g.rowH - 4};
        drawRect(t, bar, sf::Color(255, 252, 245), palette::kButtonEdge, 1);
        const float f = all > 0 ? static_cast<float>(done) / static_cast<float>(all) : 0.0f;
        drawRect(t, {bar.x + 1, bar.y + 1, (bar.w - 2) * f, bar.h - 2}, sf::Color(90, 140, 200));
        const std::string text =
            format(tr(Str::ReviewRunning, lang), {std::to_string(done), std::to_string(all)});
        sf::Text pt = makeText(sans, elide(sans, text, g.small, g.w), g.small, palette::kMuted);
        drawTextAt(t, pt, g.x, g.noteY + g.rowH + g.lineH * 0.5f);
    } else if (!note.empty()) {
        const NodeReview* r = m_session.nodeReview(m_session.shownNode());
        std::vector<std::string> noteLinesText;
        const auto cut = note.find('\n');
        for (auto& w : wrapText(sans, note.substr(0, cut), g.small, g.w))
            noteLinesText.push_back(w);
        if (noteLinesText.size() > 2)
            noteLinesText.resize(2);
        noteLinesText.push_back(elide(sans, note.substr(cut + 1), g.small, g.w));
        for (std::size_t i = 0; i < noteLinesText.size() && i < 3; ++i) {
            sf::Text nt = makeText(sans, noteLinesText[i], g.small,
                                   i == 0 && r ? kQualityColors[static_cast<int>(r->quality)]
                                               : palette::kMuted);
            if (i == 0 && r && r->quality <= ai::MoveQuality::Good)
                nt.setFillColor(palette::kPanelText);
            drawTextAt(t, nt, g.x, g.noteY + g.lineH * (static_cast<float>(i) + 0.5f));
        }
    }
    drawMoveList(t, l, g.listY, l.panel.bottom() - g.pad);
    t.draw(target);
    for (const Button& b : m_buttons)
        if (b.id == "sound")
            drawSpeaker(target, b.rect, s.sound);
}

void GameScreen::rebuildList(float width, unsigned size) {
    const GameTree& tree        = m_session.tree();
    const NodeId redo           = m_session.redoNode();
    const auto& sans            = m_app.res().sans;
    const core::Notation n      = m_app.settings().notation;
    const core::Color startSide = tree.start().sideToMove();
    const int firstMove         = tree.start().fullmoveNumber();
    const auto& path            = m_session.path();
    const std::size_t tip       = m_session.ply();
    auto onLine                 = [&](NodeId id) {
        const auto d = static_cast<std::size_t>(tree.depth(id));
        return d >= 1 && d <= tip && d <= path.size() && path[d - 1] == id;
    };
    auto firstChild = [&](NodeId id) {
        for (NodeId c : tree.node(id).children)
            if (c != redo)
                return c;
        return kNoNode;
    };
    auto isRed  = [&](int ply) { return ((ply - 1) % 2 == 0) == (startSide == core::Color::Red); };
    auto number = [&](int ply) {
        return firstMove + (ply - 1 + (startSide == core::Color::Black ? 1 : 0)) / 2;
    };
    auto moveToken = [&](NodeId id, const core::Position& before) {
        ListToken tk;
        tk.node   = id;
        tk.text   = moveText(before, tree.node(id).move, n);
        tk.onLine = onLine(id);
        if (const NodeReview* r = m_session.nodeReview(id)) {
            tk.quality = static_cast<int>(r->quality);
            tk.text += qualityGlyph(r->quality);
        }
        return tk;
    };
    auto after = [&](core::Position pos, NodeId id) {
        core::Undo u;
        pos.makeMove(tree.node(id).move, u);
        return pos;
    };
    // A variation as tokens, nested variations in parentheses inside it.
    std::function<void(NodeId, core::Position, std::vector<ListToken>&)> variation =
        [&](NodeId v, core::Position pos, std::vector<ListToken>& out) {
            out.push_back({"(", kNoNode});
            bool first = true;
            for (NodeId id = v; id != kNoNode; id = firstChild(id)) {
                const int ply = tree.depth(id);
                if (isRed(ply))
                    out.push_back({std::to_string(number(ply)) + ".", kNoNode});
                else if (first)
                    out.push_back({std::to_string(number(ply)) + "...", kNoNode});
                out.push_back(moveToken(id, pos));
                if (!first)
                    for (NodeId alt : tree.node(tree.node(id).parent).children)
                        if (alt != id && alt != redo)
                            variation(alt, pos, out);
                pos   = after(pos, id);
                first = false;
            }
            out.push_back({")", kNoNode});
        };
    // Flows tokens into rows of the given width; "(" sticks to the next token, ")" to the last.
    const float space = textWidth(sans, " ", size);
    auto flow         = [&](std::vector<ListToken> tokens) {
        ListRow row;
        row.main = false;
        float x  = 0;
        for (std::size_t i = 0; i < tokens.size(); ++i) {
            ListToken& tk       = tokens[i];
            tk.w                = textWidth(sans, tk.text, size);
            const bool glueLeft = tk.text == ")" || (i > 0 && tokens[i - 1].text == "(");
            const float gap     = glueLeft || row.tokens.empty() ? 0 : space;
            if (!row.tokens.empty() && x + gap + tk.w > width && !glueLeft) {
                m_rows.push_back(std::move(row));
                row      = {};
                row.main = false;
                x        = 0;
            } else {
                x += gap;
            }
            tk.x = x;
            x += tk.w;
            row.tokens.push_back(std::move(tk));
        }
        if (!row.tokens.empty())
            m_rows.push_back(std::move(row));
    };
    m_rows.clear();
    // The main line in rows of two, each row followed by the variations of its moves.
    core::Position pos = tree.start();
    ListRow row;
    std::vector<std::vector<ListToken>> pending;
    for (NodeId id = firstChild(GameTree::kRoot); id != kNoNode; id = firstChild(id)) {
        const int ply  = tree.depth(id);
        const bool red = isRed(ply);
        if (red || row.tokens.empty()) {
            if (!row.tokens.empty()) {
                m_rows.push_back(std::move(row));
                for (auto& v : pending)
                    flow(std::move(v));
                pending.clear();
            }
            row        = {};
            row.number = number(ply);
            row.tokens.resize(2);
        }
        row.tokens[red ? 0 : 1] = moveToken(id, pos);
        for (NodeId alt : tree.node(tree.node(id).parent).children)
            if (alt != id && alt != redo) {
                std::vector<ListToken> v;
                variation(alt, pos, v);
                pending.push_back(std::move(v));
            }
        pos = after(pos, id);
    }
    if (!row.tokens.empty()) {
        m_rows.push_back(std::move(row));
        for (auto& v : pending)
            flow(std::move(v));
    }
}

void GameScreen::drawMoveList(Batch& t, const Layout& l, float top, float bottom) {
    const PanelGeo g = panelGeo(l);
    const auto& sans = m_app.res().sans;
    sf::Text title   = makeText(sans, tr(Str::Moves, m_app.lang()), g.small, palette::kMuted);
    const float lh   = std::round(sans.getLineSpacing(g.font) * 1.15f);
    drawTextAt(t, title, g.x, top + lh * 0.4f);
    top += lh;
    m_listRect = {g.x, top, g.w, std::max(0.0f, bottom - top)};
    drawRect(t, m_listRect, sf::Color(255, 252, 245), palette::kButtonEdge, 1);
    m_cells.clear();
    const float numW   = textWidth(sans, "000.", g.font) + 6;
    const float cellW  = (g.w - numW - 8) / 2;
    const float indent = std::round(18 * l.uiScale);
    // Rebuild the rows only when the game, the notes or the look changed.
    const std::uint64_t key = m_session.changeCount() * 1000003u + m_session.notesVersion() * 7919u
                              + static_cast<std::uint64_t>(m_app.settings().notation) * 31u
                              + static_cast<std::uint64_t>(g.w) * 65537u + g.small;
    if (key != m_rowsKey) {
        rebuildList(g.w - indent - 10, g.small);
        m_rowsKey = key;
    }
    const int rows    = static_cast<int>(m_rows.size());
    const int visible = std::max(1, static_cast<int>((m_listRect.h - 4) / lh));
    // Keep the shown move in view when it changes.
    const NodeId shown = m_session.shownNode();
    if (shown != m_lastShownNode) {
        m_lastShownNode = shown;
        int found       = shown == GameTree::kRoot ? 0 : -1;
        for (int r = 0; r < rows && found < 0; ++r)
            for (const ListToken& tk : m_rows[static_cast<std::size_t>(r)].tokens)
                if (tk.node == shown)
                    found = r;
        if (found >= 0) {
            if (found < m_listScroll)
                m_listScroll = found;
            if (found >= m_listScroll + visible)
                m_listScroll = found - visible + 1;
        }
    }
    m_listScroll  = std::clamp(m_listScroll, 0, std::max(0, rows - visible));
    m_listRows    = rows;
    auto drawMark = [&](const ListToken& tk, float x, float cy) {
        if (tk.quality < 0)
            return;
        const float d = std::round(6 * l.uiScale);
        drawRect(t, {x, cy - d / 2, d, d}, kQualityColors[tk.quality]);
    };
    for (int r = m_listScroll; r < rows && r < m_listScroll + visible; ++r) {
        const ListRow& row = m_rows[static_cast<std::size_t>(r)];
        const float y      = top + 2 + static_cast<float>(r - m_listScroll) * lh;
        if (row.main) {
            sf::Text num =
                makeText(sans, std::to_string(row.number) + ".", g.font, palette::kMuted);
            drawTextAt(t, num, g.x + 4, y + lh / 2);
            for (int side = 0; side < 2; ++side) {
                const ListToken& tk = row.tokens[static_cast<std::size_t>(side)];
                if (tk.node == kNoNode)
                    continue;
                const RectF cell{g.x + numW + static_cast<float>(side) * cellW, y, cellW - 2, lh};
                if (tk.node == shown)
                    drawRect(t, cell, palette::kHighlight);
                else if (cell.contains(m_mouse))
                    drawRect(t, cell, sf::Color(240, 232, 215));
                const float markW = tk.quality >= 0 ? std::round(9 * l.uiScale) : 0;
                drawMark(tk, cell.x + 3, y + lh / 2);
                sf::Color ink = side == 0 ? sf::Color(170, 30, 20) : palette::kPanelText;
                if (!tk.onLine)
                    ink.a = 150;
                sf::Text text =
                    makeText(sans, elide(sans, tk.text, g.font, cellW - 8 - markW), g.font, ink);
                drawTextAt(t, text, cell.x + 4 + markW, y + lh / 2);
                m_cells.push_back({cell, tk.node});
            }
            continue;
        }
        // A variation row: indented, smaller, in blue.
        const float x0 = g.x + indent;
        for (const ListToken& tk : row.tokens) {
            sf::Color ink = tk.node == kNoNode ? palette::kMuted
                            : tk.onLine        ? palette::kReview
                                               : sf::Color(70, 110, 170);
            const RectF cell{x0 + tk.x - 1, y + 1, tk.w + 2, lh - 2};
            if (tk.node != kNoNode) {
                if (tk.node == shown)
                    drawRect(t, cell, palette::kHighlight);
                else if (cell.contains(m_mouse))
                    drawRect(t, cell, sf::Color(232, 236, 246));
                m_cells.push_back({cell, tk.node});
            }
            if (tk.quality >= 0)
                ink = kQualityColors[tk.quality];
            sf::Text text = makeText(sans, tk.text, g.small, ink);
            drawTextAt(t, text, x0 + tk.x, y + lh / 2);
        }
    }
    // A thin scroll indicator when the list is longer than the box.
    if (rows > visible) {
        const float h = m_listRect.h * static_cast<float>(visible) / static_cast<float>(rows);
        const float y = m_listRect.y
                        + (m_listRect.h - h) * static_cast<float>(m_listScroll)
                              / static_cast<float>(rows - visible);
        drawRect(t, {m_listRect.right() - 5, y, 4, h}, palette::kButtonEdge);
    }
}

void GameScreen::drawStrip(sf::RenderTarget& target, const Layout& l) {
    const std::vector<int> scores = m_session.lineScores();
    if (l.strip.h <= 0 || scores.size() < 2) {
        m_graphRect = {};
        return;
    }
    Batch t;
    const auto& sans    = m_app.res().sans;
    const float s       = l.uiScale;
    const unsigned size = static_cast<unsigned>(std::lround(12 * s));
    drawRect(t, l.strip, palette::kPanel);
    // Summary on the right: each side's accuracy and its marks.
    const float sumW = std::round(std::min(l.strip.w * 0.36f, 190 * s));
    const float pad  = std::round(6 * s);
    const RectF graph{l.strip.x + pad, l.strip.y + pad, l.strip.w - sumW - 3 * pad,
                      l.strip.h - 2 * pad};
    m_graphRect         = graph;
    m_graphPlies        = scores.size() - 1;
    const auto stats    = m_session.lineStats();
    const Language lang = m_app.lang();
    const float sx      = graph.right() + 2 * pad;
    const float lh      = sans.getLineSpacing(size);
    for (int side = 0; side < 2; ++side) {
        const float y0 = graph.y + static_cast<float>(side) * graph.h / 2;
        char acc[32];
        std::snprintf(acc, sizeof acc, " %.0f%%", stats[static_cast<std::size_t>(side)].accuracy);
        const std::string head =
            tr(side == 0 ? Str::Red : Str::Black, lang) + " " + tr(Str::Accuracy, lang) + acc;
        sf::Text h = makeText(sans, elide(sans, head, size, sumW - pad), size,
                              side == 0 ? sf::Color(170, 30, 20) : palette::kPanelText);
        drawTextAt(t, h, sx, y0 + lh * 0.5f);
        float x       = sx;
        const float d = std::round(7 * s);
        for (int q = 0; q < ai::kQualityCount; ++q) {
            const int count =
                stats[static_cast<std::size_t>(side)].counts[static_cast<std::size_t>(q)];
            const std::string label =
                q >= 2 ? std::string(qualityGlyph(static_cast<ai::MoveQuality>(q)))
                             + std::to_string(count)
                       : std::to_string(count);
            drawRect(t, {x, y0 + lh * 1.5f - d / 2, d, d}, kQualityColors[q]);
            x += d + 2;
            sf::Text c = makeText(sans, label, size, palette::kPanelText);
            drawTextAt(t, c, x, y0 + lh * 1.5f);
            x += textWidth(sans, label, size) + std::round(5 * s);
        }
    }
    // The graph: white above (Red better), dark below, the curve, and the marks of bad moves.
    drawRect(t, graph, sf::Color(250, 246, 238), palette::kButtonEdge, 1);
    t.draw(target);
    const std::size_t plies = m_graphPlies;
    const PointF zero       = graphPoint(graph, 0, plies, 0);
    sf::VertexArray area(sf::Triangles);
    sf::VertexArray curve(sf::LineStrip);
    for (std::size_t i = 0; i < scores.size(); ++i) {
        const PointF p = graphPoint(graph, i, plies, scores[i]);
        curve.append(sf::Vertex({p.x, p.y}, sf::Color(40, 40, 40)));
        if (i + 1 < scores.size()) {
            const PointF q = graphPoint(graph, i + 1, plies, scores[i + 1]);
            const sf::Color fill(120, 110, 100, 90);
            for (auto v :
                 {sf::Vector2f(p.x, zero.y), sf::Vector2f(p.x, p.y), sf::Vector2f(q.x, q.y),
                  sf::Vector2f(p.x, zero.y), sf::Vector2f(q.x, q.y), sf::Vector2f(q.x, zero.y)})
                area.append(sf::Vertex(v, fill));
        }
    }
    target.draw(area);
    sf::RectangleShape mid({graph.w, 1});
    mid.setPosition(graph.x, zero.y);
    mid.setFillColor(sf::Color(150, 130, 110));
    target.draw(mid);
    target.draw(curve);
    // The shown ply, and the bad moves as coloured dots.
    const std::size_t view = m_session.viewPly();
    if (view <= plies) {
        const PointF p = graphPoint(graph, view, plies, scores[view]);
        sf::RectangleShape cursor({std::max(1.0f, s * 1.5f), graph.h});
        cursor.setPosition(p.x - cursor.getSize().x / 2, graph.y);
        cursor.setFillColor(palette::kReview);
        target.draw(cursor);
    }
    const auto& path = m_session.path();
    for (std::size_t i = 1; i <= plies && i <= path.size(); ++i) {
        const NodeReview* r = m_session.nodeReview(path[i - 1]);
        if (!r || r->quality < ai::MoveQuality::Inaccuracy)
            continue;
        const PointF p  = graphPoint(graph, i, plies, scores[i]);
        const float rad = std::max(2.0f, 3 * s);
        sf::CircleShape dot(rad, 12);
        dot.setOrigin(rad, rad);
        dot.setPosition(p.x, p.y);
        dot.setFillColor(kQualityColors[static_cast<int>(r->quality)]);
        target.draw(dot);
    }
}

void GameScreen::draw(sf::RenderTarget& t) {
    const Layout l           = m_app.gameLayout();
    const Language lang      = m_app.lang();
    const core::Position pos = m_session.shownPosition();
    BoardDecor d;
    d.flipped  = m_flipped;
    d.style    = m_app.settings().pieceStyle;
    d.lastMove = m_session.shownLastMove();
    d.review   = m_session.isReviewing();
    if (d.review)
        d.banner = format(tr(Str::ReviewBanner, lang),
                          {std::to_string(m_session.viewPly()), std::to_string(m_session.ply())});
    if (pos.isInCheck() && pos.kingSquare(pos.sideToMove()) != core::kNoSquare)
        d.checkSquare = pos.kingSquare(pos.sideToMove());
    // The review's better move (for the move that led here), then the analysis lines.
    if (const NodeReview* r = m_session.nodeReview(m_session.shownNode());
        r && r->best && r->best != d.lastMove && r->quality >= ai::MoveQuality::Inaccuracy)
        d.arrows.push_back({r->best, sf::Color(30, 150, 70, 200), 0.9f,
                            pawnsText(std::clamp(r->bestRed, -9999, 9999))});
    if (m_session.analysisOn() && m_session.analysisShown()) {
        const auto& an = m_session.analysis();
        const std::size_t n =
            std::min<std::size_t>(an.size(), static_cast<std::size_t>(m_session.analysisLines()));
        for (std::size_t k = n; k-- > 0;) {
            if (an[k].pv.empty())
                continue;
            const ArrowWeight w = arrowWeight(k, n);
            d.arrows.push_back({an[k].pv.front(), sf::Color(30, 90, 200, w.alpha), w.width,
                                redScoreShort(an[k].score, an[k].mateIn, pos.sideToMove())});
        }
    }
    d.selected = m_selected;
    d.targets  = m_targets;
    if (!d.review) {
        d.arrow = m_session.hint();
        if (m_anim) {
            const float k =
                std::min(1.0f, static_cast<float>(m_anim->clock.getElapsedTime().asMilliseconds())
                                   / kAnimationMs);
            const float e  = 1 - (1 - k) * (1 - k); // ease out
            const PointF a = squareCenter(l, m_anim->move.from(), m_flipped);
            const PointF b = squareCenter(l, m_anim->move.to(), m_flipped);
            d.hidden       = m_anim->move.to();
            d.floating.push_back(
                {m_anim->piece, {a.x + (b.x - a.x) * e, a.y + (b.y - a.y) * e}, false});
        }
    }
    if (m_dragging && m_selected) {
        d.hidden = m_selected;
        d.floating.clear();
        d.floating.push_back({pos.at(*m_selected), m_mouse, true});
    }
    m_view.draw(t, l, pos, d);
    if (m_strip)
        drawStrip(t, l);
    const auto pw = static_cast<unsigned>(l.panel.w), ph = static_cast<unsigned>(l.panel.h);
    if (pw > 0 && ph > 0) {
        if (m_panelTexture.getSize() != sf::Vector2u(pw, ph)) {
            if (!m_panelTexture.create(pw, ph))
                throw std::runtime_error("cannot create the panel texture");
            m_panelDirty = true;
        }
        if (m_panelDirty) {
            m_panelTexture.setView(
                sf::View(sf::FloatRect(l.panel.x, l.panel.y, l.panel.w, l.panel.h)));
            drawPanel(m_panelTexture, l);
            m_panelTexture.display();
            m_panelDirty = false;
        }
        sf::Sprite panel(m_panelTexture.getTexture());
        panel.setPosition(l.panel.x, l.panel.y);
        t.draw(panel, sf::BlendNone);
    }
    drawTooltip(t, m_buttons, m_app.res().sans, m_app.fontSize(13), m_mouse,
                m_app.window().getSize());
}

} // namespace xq::gui
