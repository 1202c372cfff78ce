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

BackgroundWriter::~BackgroundWriter() {
    m_worker.waitIdle(); // write what is pending; m_worker then joins
}

void BackgroundWriter::write(const fs::path& path, std::string text) {
    {
        std::lock_guard lock(m_mutex);
        m_pending[path] = std::move(text);
    }
    m_worker.post(
        [this, path](ai::Worker<std::string>::Context& job) {
            std::string newest;
            {
                std::lock_guard lock(m_mutex);
                auto it = m_pending.find(path);
                if (it == m_pending.end())
                    return; // an earlier job wrote the newest text already
                newest = std::move(it->second);
                m_pending.erase(it);
            }
            if (std::string err = writeFileAtomic(path, newest); !err.empty())
                job.send(std::move(err));
        },
        ai::OnCancel::Keep);
}

void BackgroundWriter::flush() {
    m_worker.waitIdle();
}

std::vector<std::string> BackgroundWriter::takeErrors() {
    return m_worker.poll();
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
