#include "app/gui/shell/app.h"

#include <algorithm>
#include <cmath>

#include <spdlog/spdlog.h>

#include "app/gui/model/i18n.h"
#include "app/gui/model/puzzle_library.h"
#include "app/gui/shell/audio.h"
#include "app/gui/shell/screens.h"
#include "app/gui/shell/widgets.h"
#include "app/gui/testing/test_driver.h"
#include "core/clock.h"
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
        m_settings.depth       = kDepthBound.clamp(*m_options.depth);
        m_settings.useMoveTime = false;
    }
    if (m_options.reviewDepth)
        m_settings.reviewDepth = kReviewDepthBound.clamp(*m_options.reviewDepth);
    if (m_options.threads)
        m_settings.threads = threadsBound().clamp(*m_options.threads);
    if (m_options.engine) {
        EngineSettings& e = m_settings.engine;
        e.command = m_options.engine->substr(0, static_cast<std::size_t>(kEngineTextBound.max));
        const auto& uses = m_options.engineUses;
        auto has         = [&uses](const char* w) {
            return std::find(uses.begin(), uses.end(), w) != uses.end();
        };
        e.opponent = uses.empty() || has("opponent");
        e.analysis = has("analysis");
        e.review   = has("review");
    }
    if (m_options.moveTimeMs) {
        m_settings.moveTimeMs  = kMoveTimeBound.clamp(*m_options.moveTimeMs);
        m_settings.useMoveTime = true;
    }
    if (m_options.timeControl)
        if (auto tc = core::parseTimeControl(*m_options.timeControl))
            m_settings.timeControl = core::formatTimeControl(*tc);
    if (m_options.casual)
        m_settings.casual = *m_options.casual;
    if (m_options.computerOnClock)
        m_settings.computerOnClock = *m_options.computerOnClock;
    if (m_options.level)
        m_settings.level = kLevelBound.clamp(*m_options.level);
    else if (m_options.depth || m_options.moveTimeMs)
        m_settings.level = 0; // the depth or time asked for is what the computer plays
    m_fileSettings  = loaded.settings;
    m_startSettings = m_settings;
    // The window opens at the size asked for (--size), else at the last size if it fits the
    // screen it opens on, else scaled down to fit that screen.
    unsigned w = m_options.width ? m_options.width : m_settings.windowWidth;
    unsigned h = m_options.height ? m_options.height : m_settings.windowHeight;
    if (!m_options.width) {
        const sf::VideoMode desk = sf::VideoMode::getDesktopMode();
        const WindowSize fit     = fitWindow({w, h}, {desk.width, desk.height});
        if (fit.width != w || fit.height != h)
            spdlog::info("window {}x{} does not fit the {}x{} screen: opening at {}x{}", w, h,
                         desk.width, desk.height, fit.width, fit.height);
        w = fit.width;
        h = fit.height;
    }
    // 2. Resources before the window: a missing asset fails fast.
    const bool sound = audioDevicePresent();
    if (!sound)
        spdlog::warn("sound off: no audio device");
    m_res     = std::make_unique<Resources>(m_options.assets, sound);
    m_audio   = std::make_unique<Audio>(*m_res);
    m_puzzles = std::make_unique<PuzzleLibrary>(m_options.assets / "puzzles" / "puzzles.txt",
                                                m_paths.config / "puzzles.json");
    m_audio->setMuted(!m_settings.sound);
    sf::ContextSettings context;
    context.antialiasingLevel = 0;
    m_window.create(sf::VideoMode(w, h), utf8(tr(Str::AppTitle, lang())), sf::Style::Default,
                    context);
    m_window.setFramerateLimit(0); // run() keeps the pace
    m_window.setView(sf::View(sf::FloatRect(0, 0, static_cast<float>(w), static_cast<float>(h))));
    // 3. The game screen at the bottom of the stack.
    m_screens.push_back(makeGameScreen(*this));
    if (!loaded.problem.empty())
        toast(format(tr(Str::CorruptSettings, lang()),
                     {loaded.problem, loaded.setAsidePath.filename().string()}),
              true);
    // 4. What to show first: a file or FEN from the command line, else the autosaved game.
    if (!m_options.pgnFile.empty()) {
        post(cmd::OpenFile{m_options.pgnFile});
    } else if (!m_options.fen.empty()) {
        auto pos = core::parseFen(m_options.fen);
        if (pos)
            post(cmd::NewGame{*pos, m_settings.mode});
        else
            toast(format(tr(Str::IllegalPosition, lang()), {pos.error()}), true);
    } else if (m_options.offerResume
               || (!m_options.autoplay && m_options.screenshot.empty() && m_options.script.empty()
                   && m_options.puzzle == 0 && m_options.puzzleFen.empty())) {
        post(cmd::OfferResume{});
    }
    if (m_options.puzzle > 0)
        post(cmd::ShowPuzzle{m_options.puzzle - 1, {}});
    else if (!m_options.puzzleFen.empty())
        post(cmd::ShowPuzzle{-1, m_options.puzzleFen});
    applyPendingChanges();
    // 5. Testing switches.
    m_test = std::make_unique<TestDriver>(*this, m_options);
}

App::~App() = default;

Layout App::layout(float stripFraction) const {
    const sf::Vector2u s = m_window.getSize();
    return computeLayout(static_cast<float>(s.x), static_cast<float>(s.y), stripFraction);
}

Layout App::boardLayout() const {
    // The board the person sees belongs to the lowest screen not covered by a full-window one.
    std::size_t first = 0;
    for (std::size_t i = 0; i < m_screens.size(); ++i)
        if (m_screens[i]->coversWindow())
            first = i;
    return layout(m_screens.empty() ? 0 : m_screens[first]->stripFraction());
}

unsigned App::fontSize(float base) const {
    return static_cast<unsigned>(std::lround(base * layout().uiScale));
}

void App::saveSettings() {
    const Settings toSave = settingsToSave(m_settings, m_startSettings, m_fileSettings);
    if (const std::string err = gui::saveSettings(m_paths.settingsFile(), toSave); !err.empty())
        spdlog::error("settings: {}", err);
}

void App::applySettings() {
    m_audio->setMuted(!m_settings.sound);
    m_window.setTitle(utf8(tr(Str::AppTitle, lang())));
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

void App::reportPuzzleProblems() {
    for (const std::string& p : m_puzzles->takeProblems())
        toast(p, true);
}

void App::carryOut(Command& c) {
    if (std::holds_alternative<cmd::SettingsChanged>(c)) {
        // Every screen sees the change (the game screen takes the computer's limits from it).
        applySettings();
        for (auto& s : m_screens)
            s->apply(c);
        saveSettings();
        return;
    }
    if (auto screen = makeScreen(c, *this)) {
        m_screens.push_back(std::move(screen));
        return;
    }
    for (auto it = m_screens.rbegin(); it != m_screens.rend(); ++it)
        if ((*it)->apply(c))
            return;
    spdlog::warn("a command no screen applies was dropped (index {})", c.index());
}

void App::applyPendingChanges() {
    // Pops first (a dialog that closes and posts a command leaves before the command runs),
    // then the commands, which may open screens, then screens pushed directly.
    for (int round = 0; round < 4; ++round) {
        if (m_pendingPops == 0 && m_pending.empty() && m_commands.empty())
            break;
        m_dirty = m_invalidate = true;
        for (; m_pendingPops > 0 && m_screens.size() > 1; --m_pendingPops)
            m_screens.pop_back();
        m_pendingPops = 0;
        auto commands = std::exchange(m_commands, {});
        for (Command& c : commands)
            carryOut(c);
        for (auto& s : m_pending)
            m_screens.push_back(std::move(s));
        m_pending.clear();
    }
    bool covered = false;
    for (auto it = m_screens.rbegin(); it != m_screens.rend(); ++it) {
        (*it)->setCovered(covered);
        covered = covered || (*it)->coversWindow();
    }
    reportPuzzleProblems();
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
        m_settings.windowWidth  = static_cast<unsigned>(kWindowWidthBound.clamp(w));
        m_settings.windowHeight = static_cast<unsigned>(kWindowHeightBound.clamp(h));
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

void App::inject(const sf::Event& e) {
    handleEvent(e);
    m_dirty = m_invalidate = true;
    applyPendingChanges();
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
    std::uint64_t frame = 0;
    while (m_window.isOpen()) {
        const float frameMs = frameClock.restart().asSeconds() * 1000.0f;
        sf::Clock work;
        for (sf::Event e; m_window.pollEvent(e);) {
            handleEvent(e);
            m_dirty = m_invalidate = true;
        }
        m_test->runScript();
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
        if (m_test->wantsFrame(frame + 1))
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
            drawScene(m_window);
            m_dirty = m_invalidate = false;
        }
        ++frame;
        m_test->afterFrame(frame, frameMs, work.getElapsedTime().asMicroseconds() / 1000.0);
        if (present && m_window.isOpen()) {
            m_window.display();
            sincePresent.restart();
        }
        // The first frame builds the board and piece textures and the glyphs (60-90 ms): it is
        // the window appearing, not the game running, so the next frame is timed from its end.
        if (frame == 1) {
            m_test->firstFrameDone(work.getElapsedTime().asMicroseconds() / 1000.0);
            frameClock.restart();
        }
        if (m_options.quitAfter > 0 && total.getElapsedTime().asSeconds() >= m_options.quitAfter)
            m_window.close();
        if (m_window.isOpen())
            sf::sleep(frameTime - frameClock.getElapsedTime()); // no-op when negative
    }
    saveSettings();
    return m_test->exitStatus();
}

void App::drawScene(sf::RenderTarget& t) {
    const sf::Vector2u size = m_window.getSize();
    t.setView(
        sf::View(sf::FloatRect(0, 0, static_cast<float>(size.x), static_cast<float>(size.y))));
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

} // namespace xq::gui
