#include "app/gui/model/paths.h"

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>
#include <system_error>
#include <utility>

namespace xq::gui {

namespace fs = std::filesystem;

namespace {

fs::path xdgDir(const char* variable, const char* fallbackUnderHome) {
    if (const char* v = std::getenv(variable); v && *v && fs::path(v).is_absolute())
        return fs::path(v) / "xiangqi";
    if (const char* home = std::getenv("HOME"); home && *home)
        return fs::path(home) / fallbackUnderHome / "xiangqi";
    return fs::current_path() / ".xiangqi";
}

std::string formatNow(const char* format) {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    localtime_r(&t, &tm);
    char buffer[64];
    const std::size_t n = std::strftime(buffer, sizeof buffer, format, &tm);
    return std::string(buffer, n);
}

} // namespace

AppPaths defaultPaths() {
    return {xdgDir("XDG_CONFIG_HOME", ".config"), xdgDir("XDG_DATA_HOME", ".local/share"),
            xdgDir("XDG_STATE_HOME", ".local/state")};
}

std::string writeFileAtomic(const fs::path& path, std::string_view text) {
    std::error_code ec;
    if (path.has_parent_path())
        fs::create_directories(path.parent_path(), ec);
    if (ec)
        return "cannot create " + path.parent_path().string() + ": " + ec.message();
    fs::path tmp = path;
    tmp += ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out)
            return "cannot write " + tmp.string();
        out.write(text.data(), static_cast<std::streamsize>(text.size()));
        out.flush();
        if (!out)
            return "error while writing " + tmp.string();
    }
    fs::rename(tmp, path, ec);
    if (ec) {
        fs::remove(tmp, ec);
        return "cannot replace " + path.string();
    }
    return {};
}

BackgroundWriter::BackgroundWriter()
    : m_thread([this] { run(); }) {}

BackgroundWriter::~BackgroundWriter() {
    {
        std::lock_guard lock(m_mutex);
        m_quit = true;
    }
    m_wake.notify_one();
    m_thread.join(); // run() writes what is pending before it returns
}

void BackgroundWriter::write(const fs::path& path, std::string text) {
    {
        std::lock_guard lock(m_mutex);
        m_pending[path] = std::move(text);
    }
    m_wake.notify_one();
}

void BackgroundWriter::flush() {
    std::unique_lock lock(m_mutex);
    m_done.wait(lock, [this] { return m_pending.empty() && !m_writing; });
}

std::vector<std::string> BackgroundWriter::takeErrors() {
    std::lock_guard lock(m_mutex);
    return std::exchange(m_errors, {});
}

void BackgroundWriter::run() {
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [this] { return m_quit || !m_pending.empty(); });
        if (m_pending.empty()) // m_quit and nothing left
            return;
        auto node = m_pending.extract(m_pending.begin());
        m_writing = true;
        lock.unlock();
        std::string err = writeFileAtomic(node.key(), node.mapped());
        lock.lock();
        m_writing = false;
        if (!err.empty())
            m_errors.push_back(std::move(err));
        if (m_pending.empty())
            m_done.notify_all();
    }
}

std::optional<std::string> readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad())
        return std::nullopt;
    return ss.str();
}

fs::path setAside(const fs::path& path) {
    fs::path target = path;
    target += ".corrupt-" + timestampForFile();
    std::error_code ec;
    for (int i = 2; fs::exists(target, ec) && i < 100; ++i) {
        target = path;
        target += ".corrupt-" + timestampForFile() + "-" + std::to_string(i);
    }
    fs::rename(path, target, ec);
    return ec ? fs::path{} : target;
}

std::string timestampForFile() {
    return formatNow("%Y%m%d-%H%M%S");
}
std::string dateForPgn() {
    return formatNow("%Y.%m.%d");
}

} // namespace xq::gui
