#include "app/gui/shell/app.h"

#include <cmath>
#include <map>

#include <spdlog/spdlog.h>

#include "app/gui/dialogs/dialogs.h"
#include "app/gui/game/game_screen.h"
#include "app/gui/model/i18n.h"
#include "app/gui/shell/widgets.h"
#include "core/fen.h"

namespace xq::gui {

App::App(AppOptions options, AppPaths paths)
    : m_options(std::move(options))
    , m_paths(std::move(paths)) {
    // 1. Settings (a corrupt file is set aside and reported once the window is up).
    LoadedSettings loaded = loadSettings(m_paths.settingsFile());
    m_settings            = loaded.settings;
    if (!loaded.problem.empty())
        spdlog::warn("settings: {}; set aside as {}", loaded.problem, loaded.setAsidePath.string());
    if (m_options.mode)
        m_settings.mode = *m_options.mode;
    if (m_options.autoplay)
        m_settings.mode = PlayMode::ComputerBoth;
    if (m_options.depth) {
        m_settings.depth       = std::clamp(*m_options.depth, kMinDepth, kMaxDepth);
        m_settings.useMoveTime = false;
    }
    if (m_options.reviewDepth)
        m_settings.reviewDepth =
            std::clamp(*m_options.reviewDepth, kMinReviewDepth, kMaxReviewDepth);
    if (m_options.moveTimeMs) {
        m_settings.moveTimeMs  = std::clamp(*m_options.moveTimeMs, kMinMoveTimeMs, kMaxMoveTimeMs);
        m_settings.useMoveTime = true;
    }
    m_fileSettings   = loaded.settings;
    m_startSettings  = m_settings;
    const unsigned w = m_options.width ? m_options.width : m_settings.windowWidth;
    const unsigned h = m_options.height ? m_options.height : m_settings.windowHeight;
    // 2. Resources before the window: a missing asset fails fast.
    m_res   = std::make_unique<Resources>(m_options.assets);
    m_audio = std::make_unique<Audio>(*m_res);
    m_audio->setMuted(!m_settings.sound);
    sf::ContextSettings context;
    context.antialiasingLevel = 0;
    m_window.create(sf::VideoMode(w, h), utf8(tr(Str::AppTitle, lang())), sf::Style::Default,
                    context);
    m_window.setFramerateLimit(0); // run() keeps the pace
    m_window.setView(sf::View(sf::FloatRect(0, 0, static_cast<float>(w), static_cast<float>(h))));
    // 3. The game screen at the bottom of the stack.
    auto game = std::make_unique<GameScreen>(*this);
    m_game    = game.get();
    m_screens.push_back(std::move(game));
    if (!loaded.problem.empty())
        toast(format(tr(Str::CorruptSettings, lang()),
                     {loaded.problem, loaded.setAsidePath.filename().string()}),
              true);
    // 4. What to show first: a file or FEN from the command line, else the autosaved game.
    if (!m_options.pgnFile.empty()) {
        m_game->openPgnFile(m_options.pgnFile);
    } else if (!m_options.fen.empty()) {
        auto pos = core::parseFen(m_options.fen);
        if (pos)
            m_game->startNew(*pos, m_settings.mode);
        else
            toast(format(tr(Str::IllegalPosition, lang()), {pos.error()}), true);
    } else if (m_options.offerResume
               || (!m_options.autoplay && m_options.screenshot.empty() && m_options.script.empty()
                   && m_options.puzzle == 0 && m_options.puzzleFen.empty())) {
        m_game->offerResume();
    }
    if (m_options.puzzle > 0)
        push(makePuzzleScreen(*this, m_options.puzzle - 1));
    else if (!m_options.puzzleFen.empty())
        push(makePuzzleScreen(*this, -1, m_options.puzzleFen));
    applyPendingChanges();
    // 5. Testing switches.
    if (!m_options.frameLog.empty()) {
        m_frameLog.open(m_options.frameLog);
        if (!m_frameLog)
            throw std::runtime_error("cannot write the frame log " + m_options.frameLog);
        m_frameLog << "# frame ms work_ms ai\n";
    }
    if (!m_options.script.empty()) {
        const auto text = readFile(m_options.script);
        if (!text)
            throw std::runtime_error("cannot read the script " + m_options.script);
        auto parsed = parseScript(*text);
        if (!parsed)
            throw std::runtime_error(parsed.error());
        m_script = std::move(*parsed);
    }
}

App::~App() = default;

Layout App::layout() const {
    const sf::Vector2u s = m_window.getSize();
    return computeLayout(static_cast<float>(s.x), static_cast<float>(s.y));
}

Layout App::gameLayout() const {
    const sf::Vector2u s = m_window.getSize();
    return computeLayout(static_cast<float>(s.x), static_cast<float>(s.y),
                         m_game && m_game->wantsStrip() ? 0.14f : 0.0f);
}

Layout App::boardLayout() const {
    for (auto it = m_screens.rbegin(); it != m_screens.rend(); ++it)
        if ((*it)->coversWindow())
            return layout();
    return gameLayout();
}

unsigned App::fontSize(float base) const {
    return static_cast<unsigned>(std::lround(base * layout().uiScale));
}

void App::saveSettings() {
    const Settings toSave = settingsToSave(m_settings, m_startSettings, m_fileSettings);
    if (const std::string err = gui::saveSettings(m_paths.settingsFile(), toSave); !err.empty())
        spdlog::error("settings: {}", err);
}

void App::toast(const std::string& text, bool error) {
    m_toast        = text;
    m_toastError   = error;
    m_toastSeconds = error ? 10.0f : 3.5f;
    m_toastClock.restart();
    if (error)
        spdlog::warn("{}", text);
    else
        spdlog::info("{}", text);
}

void App::applyPendingChanges() {
    if (m_pendingPops > 0 || !m_pending.empty())
        m_dirty = m_invalidate = true;
    for (; m_pendingPops > 0 && m_screens.size() > 1; --m_pendingPops)
        m_screens.pop_back();
    m_pendingPops = 0;
    for (auto& s : m_pending)
        m_screens.push_back(std::move(s));
    m_pending.clear();
}

void App::handleEvent(const sf::Event& e) {
    if (e.type == sf::Event::Closed) {
        m_window.close();
        return;
    }
    if (e.type == sf::Event::Resized) {
        const unsigned w = std::max(1u, e.size.width), h = std::max(1u, e.size.height);
        m_window.setView(
            sf::View(sf::FloatRect(0, 0, static_cast<float>(w), static_cast<float>(h))));
        m_settings.windowWidth  = std::max(640u, w);
        m_settings.windowHeight = std::max(480u, h);
        return;
    }
    if (e.type == sf::Event::MouseButtonPressed && !m_toast.empty()
        && m_toastClock.getElapsedTime().asSeconds() < m_toastSeconds) {
        // A click on the message dismisses it.
        const Layout l = boardLayout();
        const RectF box{l.panel.x, l.panel.bottom() - 70, l.panel.w, 70};
        if (box.contains(
                {static_cast<float>(e.mouseButton.x), static_cast<float>(e.mouseButton.y)})) {
            m_toast.clear();
            return;
        }
    }
    m_screens.back()->handleEvent(e);
}

void App::drawToast(sf::RenderTarget& t) {
    if (m_toast.empty() || m_toastClock.getElapsedTime().asSeconds() > m_toastSeconds)
        return;
    const Layout l      = boardLayout();
    const unsigned size = fontSize(14);
    const float pad = 8, width = std::max(200.0f, l.panel.w - 2 * pad);
    const auto lines = wrapText(res().sans, m_toast, size, width - 2 * pad);
    const float lh   = res().sans.getLineSpacing(size);
    const float h    = lh * static_cast<float>(lines.size()) + 2 * pad;
    const float x    = std::max(0.0f, l.panel.x + pad);
    const float y    = l.panel.bottom() - h - pad;
    drawRect(t, {x, y, width, h},
             m_toastError ? sf::Color(255, 232, 228) : sf::Color(236, 246, 232),
             m_toastError ? palette::kError : sf::Color(60, 130, 60), 1.5f);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        sf::Text text = makeText(res().sans, lines[i], size, palette::kPanelText);
        drawTextAt(t, text, x + pad, y + pad + lh * (static_cast<float>(i) + 0.5f));
    }
}

int App::run() {
    // The loop keeps its own 60 Hz pace rather than SFML's frame limit: a frame in which nothing
    // changed is not presented (see kRefreshMs), so display() is not called in every frame.
    const sf::Time frameTime = sf::microseconds(1'000'000 / 60);
    sf::Clock frameClock, total, sincePresent;
    bool screenshotDone = false;
    while (m_window.isOpen()) {
        const float frameMs = frameClock.restart().asSeconds() * 1000.0f;
        sf::Clock work;
        for (sf::Event e; m_window.pollEvent(e);) {
            handleEvent(e);
            m_dirty = m_invalidate = true;
        }
        runScript();
        for (auto& s : m_screens)
            s->update(sf::milliseconds(static_cast<sf::Int32>(frameMs)));
        applyPendingChanges();
        // What else changes the picture: the message appearing or going, a screen's own reasons.
        const bool toastShown =
            !m_toast.empty() && m_toastClock.getElapsedTime().asSeconds() < m_toastSeconds;
        if (toastShown != m_toastShown)
            m_dirty = true;
        m_toastShown = toastShown;
        for (auto& s : m_screens)
            if (s->needsRedraw())
                m_dirty = true;
        const sf::Vector2u size = m_window.getSize();
        if (size != m_drawnSize) {
            m_drawnSize = size;
            m_dirty = m_invalidate = true;
        }
        if (!m_options.screenshot.empty() && m_frame + 1 == 10)
            m_dirty = true; // the screenshot reads this frame's back buffer
        // Present only a frame that changed, or one every kRefreshMs. The scene is drawn straight
        // into the back buffer (after a swap its contents are undefined, so every presented frame
        // is drawn in full; the screens cache their expensive parts in textures).
        const bool present =
            m_dirty || sincePresent.getElapsedTime().asMilliseconds() >= kRefreshMs;
        if (present) {
            // Input, a screen pushed or popped or a new size drop the screens' caches; a screen's
            // own redraw (an animation frame, search progress) keeps what it did not change.
            if (m_invalidate)
                for (auto& s : m_screens)
                    s->invalidate();
            m_window.setView(sf::View(
                sf::FloatRect(0, 0, static_cast<float>(size.x), static_cast<float>(size.y))));
            drawScene(m_window);
            m_dirty = m_invalidate = false;
        }
        ++m_frame;
        if (!m_options.screenshot.empty() && !screenshotDone && m_frame == 10 && m_script.empty()) {
            takeScreenshot(m_options.screenshot);
            if (!m_options.dumpBoard.empty())
                dumpBoard(m_options.dumpBoard);
            screenshotDone = true;
            m_window.close();
        }
        // The first frame builds the board and piece textures and the glyphs (60-90 ms): it is
        // the window appearing, not the game running, so the log reports it on a comment line
        // of its own and the next frame is timed from its end.
        if (m_frameLog.is_open() && m_frame > 1)
            m_frameLog << m_frame << ' ' << frameMs << ' '
                       << work.getElapsedTime().asMicroseconds() / 1000.0 << ' '
                       << m_game->aiState() << '\n';
        if (present && m_window.isOpen()) {
            m_window.display();
            sincePresent.restart();
        }
        if (m_frame == 1) {
            if (m_frameLog.is_open())
                m_frameLog << "# first frame (window, textures, glyphs) "
                           << work.getElapsedTime().asMicroseconds() / 1000.0 << " ms\n";
            frameClock.restart();
        }
        if (m_options.quitAfter > 0 && total.getElapsedTime().asSeconds() >= m_options.quitAfter)
            m_window.close();
        if (m_window.isOpen())
            sf::sleep(frameTime - frameClock.getElapsedTime()); // no-op when negative
    }
    saveSettings();
    return m_exitStatus;
}

void App::drawScene(sf::RenderTarget& t) {
    const Layout l = boardLayout();
    if (l.board.y > 0 || l.board.h < l.panel.h) // strips above and below the board
        t.clear(palette::kPanel);
    // Screens under one that covers the whole window are not drawn.
    std::size_t first = 0;
    for (std::size_t i = 0; i < m_screens.size(); ++i)
        if (m_screens[i]->coversWindow())
            first = i;
    for (std::size_t i = first; i < m_screens.size(); ++i)
        m_screens[i]->draw(t);
    drawToast(t);
}

void App::takeScreenshot(const std::string& path) {
    sf::Texture texture;
    const sf::Vector2u size = m_window.getSize();
    if (!texture.create(size.x, size.y)) {
        spdlog::error("screenshot: cannot create a texture");
        return;
    }
    texture.update(m_window);
    if (texture.copyToImage().saveToFile(path))
        spdlog::info("screenshot saved to {}", path);
    else
        fail("cannot save the screenshot to " + path);
}

void App::dumpBoard(const std::string& path) {
    std::ofstream out(path);
    m_game->dumpBoard(out);
    if (!out)
        fail("cannot write " + path);
}

void App::fail(const std::string& message) {
    spdlog::error("{}", message);
    m_exitStatus = 1;
}

// --- test scripts ---------------------------------------------------------------------------

void App::inject(const sf::Event& e) {
    handleEvent(e);
    m_dirty = m_invalidate = true;
    applyPendingChanges();
}

void App::clickAt(PointF p, sf::Mouse::Button button) {
    sf::Event e;
    e.type        = sf::Event::MouseMoved;
    e.mouseMove.x = static_cast<int>(p.x);
    e.mouseMove.y = static_cast<int>(p.y);
    inject(e);
    e.type               = sf::Event::MouseButtonPressed;
    e.mouseButton.button = button;
    e.mouseButton.x      = static_cast<int>(p.x);
    e.mouseButton.y      = static_cast<int>(p.y);
    inject(e);
    e.type = sf::Event::MouseButtonReleased;
    inject(e);
}

namespace {

std::optional<sf::Event::KeyEvent> parseKey(const std::string& text) {
    sf::Event::KeyEvent k{};
    k.code           = sf::Keyboard::Unknown;
    std::string rest = text;
    for (;;) {
        if (rest.rfind("Ctrl+", 0) == 0) {
            k.control = true;
            rest      = rest.substr(5);
        } else if (rest.rfind("Shift+", 0) == 0) {
            k.shift = true;
            rest    = rest.substr(6);
        } else {
            break;
        }
    }
    static const std::map<std::string, sf::Keyboard::Key> kNamed = {
        {"Left", sf::Keyboard::Left},     {"Right", sf::Keyboard::Right},
        {"Up", sf::Keyboard::Up},         {"Down", sf::Keyboard::Down},
        {"Home", sf::Keyboard::Home},     {"End", sf::Keyboard::End},
        {"Escape", sf::Keyboard::Escape}, {"Enter", sf::Keyboard::Enter},
        {"Space", sf::Keyboard::Space},   {"Delete", sf::Keyboard::Delete},
        {"F1", sf::Keyboard::F1},         {"BackSpace", sf::Keyboard::BackSpace},
    };
    if (auto it = kNamed.find(rest); it != kNamed.end())
        k.code = it->second;
    else if (rest.size() == 1 && rest[0] >= 'A' && rest[0] <= 'Z')
        k.code = static_cast<sf::Keyboard::Key>(sf::Keyboard::A + (rest[0] - 'A'));
    if (k.code == sf::Keyboard::Unknown)
        return std::nullopt;
    return k;
}

} // namespace

void App::runScript() {
    if (m_scriptPos >= m_script.size() && m_script.empty())
        return;
    if (m_scriptWait > 0) {
        --m_scriptWait;
        return;
    }
    while (m_scriptPos < m_script.size()) {
        const ScriptCommand& c = m_script[m_scriptPos];
        if (c.name == "idle") {
            if (!m_game->isIdle() || !m_pending.empty()) {
                if (++m_idleFrames > 60 * 600) {
                    fail("script line " + std::to_string(c.line) + ": still busy after 10 minutes");
                    m_window.close();
                }
                return;
            }
            m_idleFrames = 0;
            ++m_scriptPos;
            continue;
        }
        ++m_scriptPos;
        spdlog::debug("script line {}: {} {}", c.line, c.name, c.rest);
        if (!scriptCommand(c))
            return; // the command asked for frames to pass
    }
    if (m_scriptPos >= m_script.size() && !m_script.empty()) {
        spdlog::info("script finished");
        m_script.clear();
        m_window.close();
    }
}

bool App::scriptCommand(const ScriptCommand& c) {
    const std::string where = "script line " + std::to_string(c.line) + ": ";
    const Layout l          = boardLayout();
    const bool flipped      = m_screens.back()->isBoardFlipped();
    if (c.name == "click" || c.name == "rclick") {
        clickAt(squareCenter(l, *parseSquareName(c.args[0]), flipped),
                c.name == "click" ? sf::Mouse::Left : sf::Mouse::Right);
        return false; // one frame between clicks, as a person would
    }
    if (c.name == "drag") {
        const PointF a = squareCenter(l, *parseSquareName(c.args[0]), flipped);
        const PointF b = squareCenter(l, *parseSquareName(c.args[1]), flipped);
        sf::Event e;
        e.type               = sf::Event::MouseButtonPressed;
        e.mouseButton.button = sf::Mouse::Left;
        e.mouseButton.x      = static_cast<int>(a.x);
        e.mouseButton.y      = static_cast<int>(a.y);
        inject(e);
        e.type        = sf::Event::MouseMoved;
        e.mouseMove.x = static_cast<int>((a.x + b.x) / 2);
        e.mouseMove.y = static_cast<int>((a.y + b.y) / 2);
        inject(e);
        e.mouseMove.x = static_cast<int>(b.x);
        e.mouseMove.y = static_cast<int>(b.y);
        inject(e);
        e.type               = sf::Event::MouseButtonReleased;
        e.mouseButton.button = sf::Mouse::Left;
        e.mouseButton.x      = static_cast<int>(b.x);
        e.mouseButton.y      = static_cast<int>(b.y);
        inject(e);
        return false;
    }
    if (c.name == "key") {
        const auto k = parseKey(c.args[0]);
        if (!k) {
            fail(where + "unknown key " + c.args[0]);
            return true;
        }
        sf::Event e;
        e.type = sf::Event::KeyPressed;
        e.key  = *k;
        inject(e);
        return false;
    }
    if (c.name == "button") {
        const auto p = m_screens.back()->buttonCentre(c.args[0]);
        if (!p) {
            fail(where + "no button '" + c.args[0] + "' on the current screen");
            return true;
        }
        clickAt(*p, sf::Mouse::Left);
        return false;
    }
    if (c.name == "wait") {
        m_scriptWait = std::stoi(c.args[0]);
        return false;
    }
    if (c.name == "screenshot") {
        // Draw the current state first so the file shows it.
        drawScene(m_window);
        takeScreenshot(c.args[0]);
        return true;
    }
    if (c.name == "expect-state") {
        std::string got = m_screens.back()->scriptState(c.args[0]);
        if (got.empty())
            got = m_game->scriptState(c.args[0]);
        if (got != c.args[1])
            fail(where + "expected " + c.args[0] + " " + c.args[1] + " but it is '" + got + "'");
        return true;
    }
    if (c.name == "expect-fen") {
        const std::string shown =
            m_screens.back()->shownFen().value_or(core::toFen(m_game->session().shownPosition()));
        auto firstTwo = [](const std::string& f) {
            const auto a = f.find(' ');
            const auto b = a == std::string::npos ? a : f.find(' ', a + 1);
            return f.substr(0, b);
        };
        if (firstTwo(shown) != firstTwo(c.rest))
            fail(where + "expected FEN " + c.rest + " but the board shows " + shown);
        return true;
    }
    if (c.name == "expect-ply") {
        const auto want = static_cast<std::size_t>(std::stoul(c.args[0]));
        if (m_game->session().ply() != want)
            fail(where + "expected " + c.args[0] + " plies, the game has "
                 + std::to_string(m_game->session().ply()));
        return true;
    }
    if (c.name == "save-pgn") {
        if (const std::string err = writeFileAtomic(c.args[0], m_game->pgn()); !err.empty())
            fail(where + err);
        return true;
    }
    if (c.name == "quit") {
        m_script.clear();
        m_window.close();
        return false;
    }
    return true;
}

} // namespace xq::gui
