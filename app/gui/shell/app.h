// App: the window, the resources, the settings and the screen stack, and the one loop (60 fps
// cap, events -> update -> pending screen changes -> draw). Also the testing switches: screenshot,
// frame log, quit-after and the --script runner.
#pragma once

#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <SFML/Graphics.hpp>

#include "app/gui/shell/audio.h"
#include "app/gui/model/board_geometry.h"
#include "app/gui/model/paths.h"
#include "app/gui/shell/resources.h"
#include "app/gui/shell/screen.h"
#include "app/gui/testing/script.h"
#include "app/gui/model/settings.h"

namespace xq::gui {

class GameScreen;

struct AppOptions {
    std::string fen;
    std::string pgnFile;
    std::optional<PlayMode> mode;
    std::optional<int> depth;
    std::optional<int> moveTimeMs;
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
    unsigned width = 0, height = 0;
    std::filesystem::path assets;
};

class App {
public:
    App(AppOptions options, AppPaths paths);
    ~App();
    // Runs until the window closes. Returns the exit status (1 when a script check failed).
    int run();

    sf::RenderWindow& window() { return m_window; }
    const Resources& res() const { return *m_res; }
    Audio& audio() { return *m_audio; }
    Settings& settings() { return m_settings; }
    void saveSettings();
    const AppPaths& paths() const { return m_paths; }
    const AppOptions& options() const { return m_options; }
    Language lang() const { return m_settings.language; }
    Layout layout() const;      // without the graph strip (editor, puzzles, dialogs)
    Layout gameLayout() const;  // the game screen's: with the graph strip when it shows one
    Layout boardLayout() const; // the layout of the board the person sees now
    unsigned fontSize(float base = 15) const; // scaled with the window

    void push(std::unique_ptr<Screen> s) { m_pending.push_back(std::move(s)); }
    void pop() { ++m_pendingPops; }
    GameScreen& game() { return *m_game; }
    // A message at the bottom of the window for a few seconds (errors in red, longer).
    void toast(const std::string& text, bool error = false);

private:
    void applyPendingChanges();
    void handleEvent(const sf::Event& e);
    void drawToast(sf::RenderTarget& t);
    void drawScene(sf::RenderTarget& t);
    void runScript();
    bool scriptCommand(const ScriptCommand& c);
    void inject(const sf::Event& e);
    void clickAt(PointF p, sf::Mouse::Button button);
    void takeScreenshot(const std::string& path);
    void dumpBoard(const std::string& path);
    void fail(const std::string& message);

    AppOptions m_options;
    AppPaths m_paths;
    Settings m_settings;
    Settings m_fileSettings;  // as read from the settings file
    Settings m_startSettings; // after the command-line options (see settingsToSave)
    sf::RenderWindow m_window;
    std::unique_ptr<Resources> m_res;
    std::unique_ptr<Audio> m_audio;
    // A frame in which nothing changed is not drawn or presented at all: under software OpenGL
    // and Xvfb, drawing and swapping a full window costs several milliseconds of CPU that the
    // search and the display server need. The scene is still presented every kRefreshMs, so
    // that a window system which lost the window's contents gets them back.
    static constexpr int kRefreshMs = 250;
    sf::Vector2u m_drawnSize;
    bool m_dirty      = true;
    bool m_invalidate = true; // the next draw drops the screens' caches (Screen::invalidate)
    bool m_toastShown = false;
    std::vector<std::unique_ptr<Screen>> m_screens;
    std::vector<std::unique_ptr<Screen>> m_pending;
    int m_pendingPops  = 0;
    GameScreen* m_game = nullptr; // the bottom screen, alive as long as the App
    std::string m_toast;
    bool m_toastError = false;
    sf::Clock m_toastClock;
    float m_toastSeconds = 0;
    // Testing switches.
    std::ofstream m_frameLog;
    std::vector<ScriptCommand> m_script;
    std::size_t m_scriptPos = 0;
    int m_scriptWait        = 0;
    int m_idleFrames        = 0;
    int m_exitStatus        = 0;
    std::uint64_t m_frame   = 0;
};

} // namespace xq::gui
