#include "ai/assets_path.h"

#include <fstream>
#include <string>
#include <system_error>

#ifndef XQ_INSTALL_ASSETS_RELATIVE
#define XQ_INSTALL_ASSETS_RELATIVE "../share/xiangqi"
#endif

namespace xq::ai {

namespace fs = std::filesystem;

std::string_view installedAssetsRelative() {
    return XQ_INSTALL_ASSETS_RELATIVE;
}

std::vector<fs::path> assetsDirCandidates(const fs::path& exe) {
    const fs::path dir = exe.parent_path();
    std::vector<fs::path> out{(dir / installedAssetsRelative()).lexically_normal()};
    // The marker holds one absolute path. A relative one would be resolved against a directory
    // that may have been reached through symbolic links, so it is refused rather than guessed at.
    std::ifstream marker(dir / kBuildAssetsMarker);
    std::string line;
    if (marker && std::getline(marker, line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
            line.pop_back();
        if (const fs::path named(line); named.is_absolute())
            out.push_back(named.lexically_normal());
    }
    return out;
}

fs::path findAssetsDir(const fs::path& exe) {
    for (const fs::path& candidate : assetsDirCandidates(exe)) {
        std::error_code ec;
        if (fs::is_directory(candidate, ec))
            return candidate;
    }
    return {};
}

fs::path currentExecutable() {
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path{} : exe;
}

const fs::path& defaultAssetsDir() {
    static const fs::path dir = [] {
        const fs::path exe = currentExecutable();
        return exe.empty() ? fs::path{} : findAssetsDir(exe);
    }();
    return dir;
}

} // namespace xq::ai
