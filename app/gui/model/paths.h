// Where the desktop game keeps its files (XDG base directories) and the small file helpers it
// needs: atomic writes (temporary file + rename, so a crash never leaves half a file) and
// setting a corrupt file aside under a new name instead of deleting it, and a writer thread so
// that the UI never waits for the disk.
#pragma once

#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ai/worker.h"

namespace xq::gui {

struct AppPaths {
    std::filesystem::path config; // settings.json
    std::filesystem::path data;   // autosave.pgn and games/
    std::filesystem::path state;  // xiangqi.log
    std::filesystem::path games() const { return data / "games"; }
    std::filesystem::path settingsFile() const { return config / "settings.json"; }
    std::filesystem::path autosaveFile() const { return data / "autosave.pgn"; }
    std::filesystem::path logFile() const { return state / "xiangqi.log"; }
};

// From $XDG_CONFIG_HOME, $XDG_DATA_HOME, $XDG_STATE_HOME (each falling back to the XDG default
// under $HOME, or the current directory when HOME is unset), each with "xiangqi" appended.
AppPaths defaultPaths();

// Writes `text` to `path` atomically: path + ".tmp" first, then rename over path. Creates the
// parent directory. Returns an empty string on success, else a message.
std::string writeFileAtomic(const std::filesystem::path& path, std::string_view text);

// Writes files with writeFileAtomic on its own thread: write() hands the text over and returns at
// once. A path written again before the thread got to it is written once, with the newest text.
// The destructor writes whatever is still pending, then joins, so nothing handed over is lost on
// a normal exit; a crash loses at most the pending text, never the file (the rename is atomic).
class BackgroundWriter {
public:
    BackgroundWriter() = default;
    ~BackgroundWriter();
    BackgroundWriter(const BackgroundWriter&)            = delete;
    BackgroundWriter& operator=(const BackgroundWriter&) = delete;

    void write(const std::filesystem::path& path, std::string text);
    // Blocks until everything handed over so far is written (tests, and before reading back).
    void flush();
    // Messages of failed writes since the last call (writeFileAtomic's).
    std::vector<std::string> takeErrors();

private:
    // The newest text of each path not yet written; write() posts one job per call, and the
    // first job to find its path here writes the newest text, later ones find nothing.
    std::mutex m_mutex;
    std::map<std::filesystem::path, std::string> m_pending;       // guarded by m_mutex
    ai::Worker<std::string> m_worker{ai::ThreadPriority::Normal}; // sends errors; last
};

// The whole file, or nullopt if it cannot be read.
std::optional<std::string> readFile(const std::filesystem::path& path);
// Renames `path` to "<path>.corrupt-<YYYYmmdd-HHMMSS>" and returns the new path (empty on error).
std::filesystem::path setAside(const std::filesystem::path& path);
// Local time as "YYYYmmdd-HHMMSS" (file names) and "YYYY.mm.dd" (PGN dates).
std::string timestampForFile();
std::string dateForPgn();

} // namespace xq::gui
