#include "app/gui/testing/test_driver.h"

#include <map>
#include <optional>
#include <stdexcept>

#include <SFML/Graphics/Texture.hpp>
#include <spdlog/spdlog.h>

#include "app/gui/model/paths.h"
#include "app/gui/shell/app.h"
#include "app/gui/testing/scriptable.h"

namespace xq::gui {

namespace {

// The screenshot of --screenshot is taken at this frame: the window, the textures and the
// glyphs are all in place by then.
constexpr std::uint64_t kScreenshotFrame = 10;

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
        {"PageUp", sf::Keyboard::PageUp}, {"PageDown", sf::Keyboard::PageDown},
    };
    if (auto it = kNamed.find(rest); it != kNamed.end())
        k.code = it->second;
    else if (rest.size() == 1 && rest[0] >= 'A' && rest[0] <= 'Z')
        k.code = static_cast<sf::Keyboard::Key>(sf::Keyboard::A + (rest[0] - 'A'));
    if (k.code == sf::Keyboard::Unknown)
        return std::nullopt;
    return k;
}

std::string firstTwoFields(const std::string& fen) {
    const auto a = fen.find(' ');
    const auto b = a == std::string::npos ? a : fen.find(' ', a + 1);
    return fen.substr(0, b);
}

} // namespace

TestDriver::TestDriver(App& app, const AppOptions& options)
    : m_app(app)
    , m_screenshot(options.screenshot)
    , m_dumpBoard(options.dumpBoard) {
    if (!options.frameLog.empty()) {
        m_frameLog.open(options.frameLog);
        if (!m_frameLog)
            throw std::runtime_error("cannot write the frame log " + options.frameLog);
        m_frameLog << "# frame ms work_ms ai\n";
    }
    if (!options.script.empty()) {
        const auto text = readFile(options.script);
        if (!text)
            throw std::runtime_error("cannot read the script " + options.script);
        auto parsed = parseScript(*text);
        if (!parsed)
            throw std::runtime_error(parsed.error());
        m_script = std::move(*parsed);
    }
}

const Scriptable* TestDriver::top() const {
    return dynamic_cast<const Scriptable*>(m_app.screens().back().get());
}

const Scriptable* TestDriver::bottom() const {
    return dynamic_cast<const Scriptable*>(m_app.screens().front().get());
}

bool TestDriver::wantsFrame(std::uint64_t n) const {
    return !m_screenshot.empty() && n == kScreenshotFrame;
}

void TestDriver::afterFrame(std::uint64_t n, float frameMs, double workMs) {
    if (!m_screenshot.empty() && !m_screenshotDone && n == kScreenshotFrame && m_script.empty()) {
        takeScreenshot(m_screenshot);
        if (!m_dumpBoard.empty()) {
            std::ofstream out(m_dumpBoard);
            if (const Scriptable* s = bottom())
                s->dumpBoard(out);
            if (!out)
                fail("cannot write " + m_dumpBoard);
        }
        m_screenshotDone = true;
        m_app.window().close();
    }
    if (m_frameLog.is_open() && n > 1) {
        const Scriptable* s = bottom();
        m_frameLog << n << ' ' << frameMs << ' ' << workMs << ' ' << (s ? s->aiState() : "")
                   << '\n';
    }
}

void TestDriver::firstFrameDone(double workMs) {
    if (m_frameLog.is_open())
        m_frameLog << "# first frame (window, textures, glyphs) " << workMs << " ms\n";
}

void TestDriver::takeScreenshot(const std::string& path) {
    sf::Texture texture;
    const sf::Vector2u size = m_app.window().getSize();
    if (!texture.create(size.x, size.y)) {
        spdlog::error("screenshot: cannot create a texture");
        return;
    }
    texture.update(m_app.window());
    if (texture.copyToImage().saveToFile(path))
        spdlog::info("screenshot saved to {}", path);
    else
        fail("cannot save the screenshot to " + path);
}

void TestDriver::fail(const std::string& message) {
    spdlog::error("{}", message);
    m_exitStatus = 1;
}

void TestDriver::clickAt(PointF p, sf::Mouse::Button button) {
    sf::Event e;
    e.type        = sf::Event::MouseMoved;
    e.mouseMove.x = static_cast<int>(p.x);
    e.mouseMove.y = static_cast<int>(p.y);
    m_app.inject(e);
    e.type               = sf::Event::MouseButtonPressed;
    e.mouseButton.button = button;
    e.mouseButton.x      = static_cast<int>(p.x);
    e.mouseButton.y      = static_cast<int>(p.y);
    m_app.inject(e);
    e.type = sf::Event::MouseButtonReleased;
    m_app.inject(e);
}

void TestDriver::runScript() {
    if (m_script.empty())
        return;
    if (m_scriptWait > 0) {
        --m_scriptWait;
        return;
    }
    while (m_scriptPos < m_script.size()) {
        const ScriptCommand& c = m_script[m_scriptPos];
        if (c.name == "idle") {
            // The game and the screen on top (a dialog that starts an engine) are both idle.
            const Scriptable* game  = bottom();
            const Scriptable* shown = top();
            if ((game && !game->isIdle()) || (shown && !shown->isIdle())
                || m_app.hasPendingChanges()) {
                if (++m_idleFrames > 60 * 600) {
                    fail("script line " + std::to_string(c.line) + ": still busy after 10 minutes");
                    m_app.window().close();
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
        m_app.window().close();
    }
}

bool TestDriver::scriptCommand(const ScriptCommand& c) {
    const std::string where = "script line " + std::to_string(c.line) + ": ";
    const Layout l          = m_app.boardLayout();
    const Scriptable* shown = top();
    const bool flipped      = shown && shown->isBoardFlipped();
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
        m_app.inject(e);
        e.type        = sf::Event::MouseMoved;
        e.mouseMove.x = static_cast<int>((a.x + b.x) / 2);
        e.mouseMove.y = static_cast<int>((a.y + b.y) / 2);
        m_app.inject(e);
        e.mouseMove.x = static_cast<int>(b.x);
        e.mouseMove.y = static_cast<int>(b.y);
        m_app.inject(e);
        e.type               = sf::Event::MouseButtonReleased;
        e.mouseButton.button = sf::Mouse::Left;
        e.mouseButton.x      = static_cast<int>(b.x);
        e.mouseButton.y      = static_cast<int>(b.y);
        m_app.inject(e);
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
        m_app.inject(e);
        return false;
    }
    if (c.name == "type") { // text typed into the focused text box
        const sf::String text = sf::String::fromUtf8(c.rest.begin(), c.rest.end());
        for (std::size_t i = 0; i < text.getSize(); ++i) {
            sf::Event e;
            e.type         = sf::Event::TextEntered;
            e.text.unicode = text[i];
            m_app.inject(e);
        }
        return false;
    }
    if (c.name == "button") {
        const auto p = shown ? shown->buttonCentre(c.args[0]) : std::nullopt;
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
        m_app.drawScene(m_app.window());
        takeScreenshot(c.args[0]);
        return true;
    }
    if (c.name == "expect-state") {
        std::string got = shown ? shown->scriptState(c.args[0]) : std::string{};
        if (got.empty() && bottom())
            got = bottom()->scriptState(c.args[0]);
        if (got != c.args[1])
            fail(where + "expected " + c.args[0] + " " + c.args[1] + " but it is '" + got + "'");
        return true;
    }
    if (c.name == "log-state") {
        std::string got = shown ? shown->scriptState(c.args[0]) : std::string{};
        if (got.empty() && bottom())
            got = bottom()->scriptState(c.args[0]);
        spdlog::info("state {} = {}", c.args[0], got);
        return true;
    }
    if (c.name == "expect-fen") {
        std::optional<std::string> fen = shown ? shown->shownFen() : std::nullopt;
        if (!fen && bottom())
            fen = bottom()->shownFen();
        const std::string board = fen.value_or("");
        if (firstTwoFields(board) != firstTwoFields(c.rest))
            fail(where + "expected FEN " + c.rest + " but the board shows " + board);
        return true;
    }
    if (c.name == "expect-ply") {
        const std::string got = bottom() ? bottom()->scriptState("ply") : std::string{};
        if (got != c.args[0])
            fail(where + "expected " + c.args[0] + " plies, the game has " + got);
        return true;
    }
    if (c.name == "save-pgn") {
        const std::string text = bottom() ? bottom()->pgn() : std::string{};
        if (const std::string err = writeFileAtomic(c.args[0], text); !err.empty())
            fail(where + err);
        return true;
    }
    if (c.name == "quit") {
        m_script.clear();
        m_app.window().close();
        return false;
    }
    return true;
}

} // namespace xq::gui
