#include "app/gui/game_screen.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include <SFML/Window/Clipboard.hpp>
#include <spdlog/spdlog.h>

#include "app/gui/app.h"
#include "app/gui/dialogs.h"
#include "app/gui/i18n.h"
#include "core/fen.h"
#include "core/movegen.h"

namespace xq::gui {

namespace {

constexpr float kAnimationMs = 170;

// Vertical positions in the panel, shared by drawing and hit-testing.
struct PanelGeo {
    float x, w, pad, rowH, gap;
    float modeY, statusY, aiY, infoY, buttonsY, reviewY, listY;
    unsigned font, small, big, button;
};

PanelGeo panelGeo(const Layout& l) {
    const float s = l.uiScale;
    PanelGeo g{};
    g.pad      = std::round(10 * s);
    g.w        = std::min(l.panel.w - 2 * g.pad, std::round(440 * s));
    g.x        = l.panel.x + std::round((l.panel.w - g.w) / 2);
    g.rowH     = std::round(26 * s);
    g.gap      = std::round(4 * s);
    g.font     = static_cast<unsigned>(std::lround(15 * s));
    g.small    = static_cast<unsigned>(std::lround(13 * s));
    g.big      = static_cast<unsigned>(std::lround(18 * s));
    g.button   = static_cast<unsigned>(std::lround(14 * s));
    g.modeY    = g.pad;
    g.statusY  = g.modeY + std::round(20 * s);
    g.aiY      = g.statusY + std::round(50 * s);
    g.infoY    = g.aiY + g.rowH + std::round(6 * s);
    g.buttonsY = g.infoY + std::round(56 * s);
    g.reviewY  = g.buttonsY + 5 * (g.rowH + g.gap) + std::round(2 * s);
    g.listY    = g.reviewY + g.rowH + std::round(8 * s);
    return g;
}

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

std::string scoreText(const ai::SearchInfo& info, core::Color rootSide) {
    const int sign = rootSide == core::Color::Red ? 1 : -1; // shown from Red's side
    if (info.mateIn != 0) {
        const int m = info.mateIn * sign;
        return (m > 0 ? "+M" : "-M") + std::to_string(std::abs(m));
    }
    const int s = info.score * sign;
    return (s > 0 ? "+" : "") + std::to_string(s);
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
    loadGame(rec->game, mode);
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
    loadGame(rec->game, m_session.mode());
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
    core::Game game = rec->game;
    m_app.push(makeConfirmDialog(
        m_app, tr(Str::ResumeQuestion, m_app.lang()), tr(Str::Resume, m_app.lang()),
        tr(Str::Discard, m_app.lang()), [this, game, mode] { loadGame(game, mode); }, [] {}));
}

std::string GameScreen::pgn() const {
    Tags tags;
    const PlayMode mode = m_session.mode();
    tags["Red"]         = m_session.isComputerSide(core::Color::Red) ? "Computer" : "Human";
    tags["Black"]       = m_session.isComputerSide(core::Color::Black) ? "Computer" : "Human";
    tags["Mode"]        = std::string(modeName(mode));
    return writePgn(m_session.game(), tags);
}

bool GameScreen::needsRedraw() {
    const auto& info                         = m_session.aiInfo();
    const std::array<std::uint64_t, 7> state = {
        m_session.changeCount(),
        m_session.viewPly(),
        static_cast<std::uint64_t>(m_session.aiTask()),
        info ? static_cast<std::uint64_t>(info->depth) : 0,
        info ? info->nodes : 0,
        m_session.hint() ? static_cast<std::uint64_t>(m_session.hint()->raw()) : 0u,
        m_session.isBusy() ? 1u : 0u,
    };
    const bool animating = m_anim.has_value() || m_dragging;
    if (state != m_drawnState)
        m_panelDirty = true;
    const bool redraw = animating || m_wasAnimating || state != m_drawnState;
    m_wasAnimating    = animating;
    m_drawnState      = state;
    return redraw;
}

bool GameScreen::isIdle() const {
    return !m_session.isBusy() && !m_anim;
}

std::string GameScreen::aiState() const {
    switch (m_session.aiTask()) {
    case AiTask::None:
        return m_session.isBusy() ? "waiting" : "idle";
    case AiTask::Move:
    case AiTask::Hint:
    case AiTask::Analyse: {
        const char* name = m_session.aiTask() == AiTask::Move   ? "thinking"
                           : m_session.aiTask() == AiTask::Hint ? "hint"
                                                                : "analysing";
        const auto& info = m_session.aiInfo();
        return std::string(name) + " depth=" + std::to_string(info ? info->depth : 0);
    }
    }
    return "idle";
}

void GameScreen::dumpBoard(std::ostream& out) const {
    const Layout l           = m_app.layout();
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
    core::generateLegal(m_session.game().position(), list);
    for (core::Move m : list)
        if (m.from() == s)
            m_targets.push_back(m.to());
}

bool GameScreen::tryMove(core::Move m, bool dropped) {
    m_skipAnimation = dropped;
    const bool ok   = m_session.humanMove(m);
    if (!ok)
        m_skipAnimation = false;
    clearSelection();
    return ok;
}

void GameScreen::onBoardPress(PointF p) {
    const Layout l = m_app.layout();
    const auto sq  = squareAt(l, p, m_flipped);
    if (!sq || !m_session.canHumanMove()) {
        clearSelection();
        return;
    }
    const core::Position& pos = m_session.game().position();
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
    const auto sq = squareAt(m_app.layout(), p, m_flipped);
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
        const Layout l = m_app.layout();
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
        for (const Cell& c : m_cells)
            if (c.rect.contains(p)) {
                m_session.reviewTo(c.ply);
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
    }
    clearSelection();
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
            spdlog::info("game over: {}", m_session.game().result().describe());
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
            m_anim.emplace();
            m_anim->move  = e.move;
            m_anim->piece = e.piece;
        }
        m_skipAnimation = false;
        clearSelection();
    }
}

void GameScreen::autosave() {
    if (m_session.changeCount() == m_savedChange)
        return;
    m_savedChange = m_session.changeCount();
    if (const std::string err = writeFileAtomic(m_app.paths().autosaveFile(), pgn()); !err.empty())
        spdlog::error("autosave: {}", err);
}

void GameScreen::update(sf::Time) {
    m_session.update(nowMs());
    processEvents();
    autosave();
    if (m_anim && m_anim->clock.getElapsedTime().asMilliseconds() > kAnimationMs)
        m_anim.reset();
    // A selection that is no longer valid (the position changed under it) goes away.
    if (m_selected && !m_session.canHumanMove())
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
    const Language lang    = m_app.lang();
    const core::Game& game = m_session.game();
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

std::string GameScreen::moveLabel(std::size_t ply) const {
    const core::Game& game = m_session.game();
    return moveText(game.positionAt(ply - 1), game.moves()[ply - 1], m_app.settings().notation);
}

void GameScreen::buildButtons(const Layout& l) {
    const PanelGeo g    = panelGeo(l);
    const Language lang = m_app.lang();
    const Settings& s   = m_app.settings();
    m_buttons.clear();
    auto add = [&](std::string id, RectF r, Str label, std::string key, bool enabled = true) {
        std::string tip = tr(label, lang);
        if (!key.empty())
            tip += "  (" + key + ")";
        m_buttons.push_back({std::move(id), r, tr(label, lang), tip, enabled, false});
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
    const core::Game& game = m_session.game();
    const bool vsComputer =
        m_session.mode() == PlayMode::PlayRed || m_session.mode() == PlayMode::PlayBlack;
    const float bw = (g.w - 2 * g.gap) / 3;
    struct Spec {
        const char* id;
        Str label;
        const char* key;
        bool enabled;
    };
    const Spec specs[15] = {
        {"new", Str::New, "N", true},
        {"undo", Str::Undo, "U, Ctrl+Z", game.canUndo()},
        {"redo", Str::Redo, "Ctrl+Y", game.canRedo()},
        {"hint", Str::Hint, "H", m_session.canHumanMove() && m_session.aiTask() == AiTask::None},
        {"movenow", Str::MoveNow, "M",
         m_session.aiTask() == AiTask::Move || m_session.aiTask() == AiTask::Hint},
        {"resign", Str::Resign, "",
         !game.isOver() && (vsComputer || m_session.mode() == PlayMode::TwoPlayers)},
        {"flip", Str::Flip, "F", true},
        {"edit", Str::Edit, "E", true},
        {"help", Str::Help, "F1", true},
        {"save", Str::Save, "Ctrl+S", true},
        {"open", Str::Open, "Ctrl+O", true},
        {"paste", Str::Paste, "Ctrl+V", true},
        {"copyfen", Str::CopyFen, "", true},
        {"copypgn", Str::CopyPgn, "Ctrl+C", true},
        {"settings", Str::SettingsButton, "", true},
    };
    for (int i = 0; i < 15; ++i) {
        const RectF r{g.x + static_cast<float>(i % 3) * (bw + g.gap),
                      g.buttonsY + static_cast<float>(i / 3) * (g.rowH + g.gap), bw, g.rowH};
        add(specs[i].id, r, specs[i].label, specs[i].key, specs[i].enabled);
    }
    // Review: continue from the shown position, or go back to the end of the game.
    const float hw = (g.w - g.gap) / 2;
    add("continue", {g.x, g.reviewY, hw, g.rowH}, Str::ContinueHere, "", m_session.isReviewing());
    add("back", {g.x + hw + g.gap, g.reviewY, hw, g.rowH}, Str::BackToGame, "End",
        m_session.isReviewing());
}

std::optional<PointF> GameScreen::buttonCentre(std::string_view id) const {
    for (const Button& b : m_buttons)
        if (b.id == id)
            return PointF{b.rect.x + b.rect.w / 2, b.rect.y + b.rect.h / 2};
    return std::nullopt;
}

void GameScreen::drawPanel(sf::RenderTarget& target, const Layout& l) {
    Batch t;
    const PanelGeo g    = panelGeo(l);
    const Language lang = m_app.lang();
    const auto& sans    = m_app.res().sans;
    drawRect(t, l.panel, palette::kPanel);
    drawRect(t, {l.panel.x, 0, 1, l.panel.h}, palette::kButtonEdge);
    // Mode and status.
    sf::Text mode = makeText(sans, elide(sans, modeText(), g.small, g.w), g.small, palette::kMuted);
    drawTextAt(t, mode, g.x, g.modeY + 8 * l.uiScale);
    const core::Game& game = m_session.game();
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
    const Settings& s = m_app.settings();
    sf::Text label    = makeText(
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
    // Search progress: depth, score, speed and the principal variation.
    const float smallLh = sans.getLineSpacing(g.small);
    if (const auto& info = m_session.aiInfo()) {
        const std::string line =
            format(tr(Str::SearchInfo, lang),
                   {std::to_string(info->depth), scoreText(*info, m_session.aiRoot().sideToMove()),
                    std::to_string(info->nps / 1000)});
        sf::Text a = makeText(sans, elide(sans, line, g.small, g.w), g.small, palette::kMuted);
        drawTextAt(t, a, g.x, g.infoY + smallLh * 0.5f);
        const std::string pv =
            tr(Str::Pv, lang) + ": " + pvText(m_session.aiRoot(), info->pv, s.notation, 12);
        auto pvLines = wrapText(sans, pv, g.small, g.w);
        for (std::size_t i = 0; i < pvLines.size() && i < 2; ++i) {
            const std::string shown = i == 1 && pvLines.size() > 2
                                          ? elide(sans, pvLines[i] + " " + pvLines[2], g.small, g.w)
                                          : pvLines[i];
            sf::Text b              = makeText(sans, shown, g.small, palette::kMuted);
            drawTextAt(t, b, g.x, g.infoY + smallLh * (static_cast<float>(i) + 1.5f));
        }
    }
    // Buttons (rebuilt each frame: labels follow the language and state).
    buildButtons(l);
    for (const Button& b : m_buttons)
        drawButton(t, b, sans, b.id == "minus" || b.id == "plus" ? g.big : g.button, m_mouse);
    drawMoveList(t, l, g.listY, l.panel.bottom() - g.pad);
    t.draw(target);
    for (const Button& b : m_buttons)
        if (b.id == "sound")
            drawSpeaker(target, b.rect, s.sound);
}

void GameScreen::drawMoveList(Batch& t, const Layout& l, float top, float bottom) {
    const PanelGeo g       = panelGeo(l);
    const auto& sans       = m_app.res().sans;
    const core::Game& game = m_session.game();
    sf::Text title         = makeText(sans, tr(Str::Moves, m_app.lang()), g.small, palette::kMuted);
    const float lh         = std::round(sans.getLineSpacing(g.font) * 1.15f);
    drawTextAt(t, title, g.x, top + lh * 0.4f);
    top += lh;
    m_listRect = {g.x, top, g.w, std::max(0.0f, bottom - top)};
    drawRect(t, m_listRect, sf::Color(255, 252, 245), palette::kButtonEdge, 1);
    m_cells.clear();
    // Row r holds plies 2r+1 (Red) and 2r+2 (Black), shifted by one when Black moved first.
    const bool blackFirst   = game.startPosition().sideToMove() == core::Color::Black;
    const std::size_t plies = game.ply();
    const int rows          = static_cast<int>((plies + (blackFirst ? 1 : 0) + 1) / 2);
    const int visible       = std::max(1, static_cast<int>((m_listRect.h - 4) / lh));
    // Keep the current move in view when it changes.
    const std::size_t view = m_session.viewPly();
    if (view != m_lastViewPly) {
        m_lastViewPly = view;
        const int row = view == 0 ? 0 : static_cast<int>((view - 1 + (blackFirst ? 1 : 0)) / 2);
        if (row < m_listScroll)
            m_listScroll = row;
        if (row >= m_listScroll + visible)
            m_listScroll = row - visible + 1;
    }
    m_listScroll        = std::clamp(m_listScroll, 0, std::max(0, rows - visible));
    m_listRows          = rows;
    const float numW    = textWidth(sans, "000.", g.font) + 6;
    const float cellW   = (g.w - numW - 8) / 2;
    const int firstMove = game.startPosition().fullmoveNumber();
    for (int r = m_listScroll; r < rows && r < m_listScroll + visible; ++r) {
        const float y = top + 2 + static_cast<float>(r - m_listScroll) * lh;
        sf::Text num = makeText(sans, std::to_string(firstMove + r) + ".", g.font, palette::kMuted);
        drawTextAt(t, num, g.x + 4, y + lh / 2);
        for (int side = 0; side < 2; ++side) {
            const long long plyIndex = 2LL * r + side + 1 - (blackFirst ? 1 : 0);
            if (plyIndex < 1 || plyIndex > static_cast<long long>(plies))
                continue;
            const auto ply = static_cast<std::size_t>(plyIndex);
            const RectF cell{g.x + numW + static_cast<float>(side) * cellW, y, cellW - 2, lh};
            if (ply == view)
                drawRect(t, cell, palette::kHighlight);
            else if (cell.contains(m_mouse))
                drawRect(t, cell, sf::Color(240, 232, 215));
            const std::string label = elide(sans, moveLabel(ply), g.font, cellW - 8);
            sf::Text text           = makeText(sans, label, g.font,
                                     side == 0 ? sf::Color(170, 30, 20) : palette::kPanelText);
            drawTextAt(t, text, cell.x + 4, y + lh / 2);
            m_cells.push_back({cell, ply});
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

void GameScreen::draw(sf::RenderTarget& t) {
    const Layout l           = m_app.layout();
    const Language lang      = m_app.lang();
    const core::Position pos = m_session.shownPosition();
    BoardDecor d;
    d.flipped  = m_flipped;
    d.style    = m_app.settings().pieceStyle;
    d.lastMove = m_session.shownLastMove();
    d.review   = m_session.isReviewing();
    if (d.review)
        d.banner = format(tr(Str::ReviewBanner, lang), {std::to_string(m_session.viewPly()),
                                                        std::to_string(m_session.game().ply())});
    if (pos.isInCheck() && pos.kingSquare(pos.sideToMove()) != core::kNoSquare)
        d.checkSquare = pos.kingSquare(pos.sideToMove());
    if (!d.review) {
        d.selected = m_selected;
        d.targets  = m_targets;
        d.arrow    = m_session.hint();
        if (m_dragging && m_selected) {
            d.hidden = m_selected;
            d.floating.push_back({pos.at(*m_selected), m_mouse, true});
        } else if (m_anim) {
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
    m_view.draw(t, l, pos, d);
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
