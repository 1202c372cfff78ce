// TestDriver: the program's testing switches, kept out of the App's loop: --script (clicks, keys
// and checks replayed as events, testing/script.h), --screenshot and --dump-board (after the
// first frames), --frame-log (one line per frame: number, duration, work, AI state). The App
// calls it at three points of each frame; without switches every call returns at once.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include <SFML/Window/Mouse.hpp>

#include "app/gui/model/board_geometry.h"
#include "app/gui/testing/script.h"

namespace xq::gui {

class App;
struct AppOptions;
class Scriptable;

class TestDriver {
public:
    // Opens the frame log and reads the script; throws with a message when either fails.
    TestDriver(App& app, const AppOptions& options);

    // Before the screens' update: the script's next commands, until one asks for a frame.
    void runScript();
    // Whether frame n must be drawn even if nothing changed (the screenshot reads it).
    bool wantsFrame(std::uint64_t n) const;
    // After frame n was drawn, before it is shown: screenshot, board dump, frame log line.
    void afterFrame(std::uint64_t n, float frameMs, double workMs);
    void firstFrameDone(double workMs);
    int exitStatus() const { return m_exitStatus; }

private:
    bool scriptCommand(const ScriptCommand& c);
    void clickAt(PointF p, sf::Mouse::Button button);
    void takeScreenshot(const std::string& path);
    void fail(const std::string& message);
    const Scriptable* top() const;    // the top screen's script interface, if it has one
    const Scriptable* bottom() const; // the game screen's

    App& m_app;
    std::string m_screenshot, m_dumpBoard;
    bool m_screenshotDone = false;
    std::ofstream m_frameLog;
    std::vector<ScriptCommand> m_script;
    std::size_t m_scriptPos = 0;
    int m_scriptWait        = 0;
    int m_idleFrames        = 0;
    int m_exitStatus        = 0;
};

} // namespace xq::gui
