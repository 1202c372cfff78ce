// Where the desktop game keeps its files (XDG base directories) and the small file helpers it
// needs: atomic writes (temporary file + rename, so a crash never leaves half a file) and
// setting a corrupt file aside under a new name instead of deleting it.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

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
// The whole file, or nullopt if it cannot be read.
std::optional<std::string> readFile(const std::filesystem::path& path);
// Renames `path` to "<path>.corrupt-<YYYYmmdd-HHMMSS>" and returns the new path (empty on error).
std::filesystem::path setAside(const std::filesystem::path& path);
// Local time as "YYYYmmdd-HHMMSS" (file names) and "YYYY.mm.dd" (PGN dates).
std::string timestampForFile();
std::string dateForPgn();

} // namespace xq::gui
