// App: the window, the resources, the settings, the puzzle library and the screen stack, and the
// one loop (60 fps cap, events -> update -> pending screen changes -> draw). It is the screens'
// Context and turns Show* commands into screens (shell/screens.cpp). The testing switches
// (screenshot, frame log, quit-after, scripts) live in testing/test_driver.*, which drives the
// App through the small public part below.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <SFML/Graphics.hpp>

#include "app/gui/shell/context.h"
#include "app/gui/shell/screen.h"

namespace xq::gui {

class TestDriver;

struct AppOptions {
    std::string fen;
    std::string pgnFile;
    std::optional<PlayMode> mode;
    std::optional<int> depth;
    std::optional<int> moveTimeMs;
    std::optional<int> level; // 0: full strength
    bool autoplay    = false;
    bool offerResume = false; // offer the autosave even when testing switches are given
    std::string screenshot;
    std::string frameLog;
    std::string script;
    std::string dumpBoard;
    double quitAfter = 0;
    int puzzle       = 0; // open library puzzle N (1-based) at start
    std::string puzzleFen;
    std::optional<int> reviewDepth;
    std::optional<int> threads;
    std::optional<std::string> timeControl; // as --time-control gave it (checked by main)
    std::optional<bool> casual;
    std::optional<bool> computerOnClock;
    std::optional<std::string> engine;   // the external engine's command, for this run
    std::vector<std::string> engineUses; // where it plays: opponent, analysis, review
    unsigned width = 0, height = 0;
    std::filesystem::path assets;
};

class App final : public Context {
public:
    App(AppOptions options, AppPaths paths);
    ~App() override;
    // Runs until the window closes. Returns the exit status (1 when a script check failed).
    int run();

    // Context
    const Resources& res() const override { return *m_res; }
    Audio& audio() override { return *m_audio; }
    Settings& settings() override { return m_settings; }
    const Settings& settings() const override { return m_settings; }
    Language lang() const override { return m_settings.language; }
    const AppPaths& paths() const override { return m_paths; }
    const std::filesystem::path& assets() const override { return m_options.assets; }
    PuzzleLibrary& puzzles() override { return *m_puzzles; }
    sf::Vector2u windowSize() const override { return m_window.getSize(); }
    Layout layout(float stripFraction = 0) const override;
    unsigned fontSize(float base = 15) const override;
    void pop() override { ++m_pendingPops; }
    void post(Command c) override { m_commands.push_back(std::move(c)); }
    void toast(const std::string& text, bool error = false) override;

    // For the test driver: the stack, events as if from the window, drawing on demand.
    const std::vector<std::unique_ptr<Screen>>& screens() const { return m_screens; }
    Layout boardLayout() const; // the layout of the board the person sees now
    void inject(const sf::Event& e);
    bool hasPendingChanges() const { return !m_pending.empty() || !m_commands.empty(); }
    void drawScene(sf::RenderTarget& t);
    sf::RenderWindow& window() { return m_window; }

private:
    void applyPendingChanges();
    void carryOut(Command& c);
    void applySettings();
    void saveSettings();
    void handleEvent(const sf::Event& e);
    void drawToast(sf::RenderTarget& t);
    void reportPuzzleProblems();

    AppOptions m_options;
    AppPaths m_paths;
    Settings m_settings;
    Settings m_fileSettings;  // as read from the settings file
    Settings m_startSettings; // after the command-line options (see settingsToSave)
    sf::RenderWindow m_window;
    std::unique_ptr<Resources> m_res;
    std::unique_ptr<Audio> m_audio;
    std::unique_ptr<PuzzleLibrary> m_puzzles;
    // A frame in which nothing changed is not drawn or presented at all: under software OpenGL
    // and Xvfb, drawing and swapping a full window costs several milliseconds of CPU that the
    // search and the display server need. The scene is still presented every kRefreshMs, so
    // that a window system which lost the window's contents gets them back.
    static constexpr int kRefreshMs = 250;
    sf::Vector2u m_drawnSize;
    bool m_dirty      = true;
    bool m_invalidate = true; // the next draw drops the screens' caches (Screen::invalidate)
    bool m_toastShown = false;
    std::vector<std::unique_ptr<Screen>> m_screens; // [0]: the game screen, alive as the App
    std::vector<std::unique_ptr<Screen>> m_pending;
    std::vector<Command> m_commands;
    int m_pendingPops = 0;
    std::string m_toast;
    bool m_toastError = false;
    sf::Clock m_toastClock;
    float m_toastSeconds = 0;
    std::unique_ptr<TestDriver> m_test;
};

} // namespace xq::gui
