// Where the assets (fonts, sounds, images, opening book, puzzles) are, found at run time from the
// executable's own location: an installed program finds <prefix>/share/xiangqi, a program in the
// build tree finds the source tree's assets/ through a file CMake writes next to it. No build or
// source path is compiled into the programs. Standard library only.
#pragma once

#include <filesystem>
#include <string_view>
#include <vector>

namespace xq::ai {

// The file CMake writes next to the build tree's programs (bin/): one line, the absolute path of
// the source tree's assets/ directory. It is never installed.
inline constexpr std::string_view kBuildAssetsMarker = "xiangqi-assets-dir.txt";

// The installed assets directory relative to the installed programs' directory ("../share/xiangqi"
// in the usual layout; CMake derives it from the install directories).
std::string_view installedAssetsRelative();

// The directories to try for the program at `exe`, in order: the installed layout
// (<exe dir>/../share/xiangqi), then the directory the build tree's marker file names when that
// file is there. Paths are lexically normalised; none is checked for existence.
std::vector<std::filesystem::path> assetsDirCandidates(const std::filesystem::path& exe);

// The first of assetsDirCandidates(exe) that is a directory, or an empty path when none is.
std::filesystem::path findAssetsDir(const std::filesystem::path& exe);

// The running program's own path (/proc/self/exe, symbolic links resolved), or an empty path when
// the system does not say.
std::filesystem::path currentExecutable();

// findAssetsDir(currentExecutable()), worked out once; empty when no assets directory was found.
const std::filesystem::path& defaultAssetsDir();

} // namespace xq::ai
