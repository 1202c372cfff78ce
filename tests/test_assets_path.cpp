// The assets directory is found from the program's own location: the installed layout first,
// then the build tree's marker file; nothing found gives an empty path.
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "ai/assets_path.h"
#include "ai/book.h"

using namespace xq;
namespace fs = std::filesystem;

namespace {

fs::path freshDir(const std::string& name) {
    auto dir =
        fs::temp_directory_path() / ("xq-assets-unit-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "bin");
    return dir;
}

void writeMarker(const fs::path& binDir, const std::string& line) {
    std::ofstream(binDir / ai::kBuildAssetsMarker) << line << "\n";
}

} // namespace

TEST_CASE("the installed layout is a relative path from the programs' directory", "[assets]") {
    const fs::path relative(ai::installedAssetsRelative());
    CHECK(relative.is_relative());
    CHECK(relative.filename() == "xiangqi");
    const auto candidates = ai::assetsDirCandidates("/opt/xq/bin/xiangqi");
    REQUIRE(candidates.size() == 1); // no marker beside /opt/xq/bin
    CHECK(candidates[0] == (fs::path("/opt/xq/bin") / relative).lexically_normal());
}

TEST_CASE("an installed tree finds its own assets, wherever it was copied", "[assets]") {
    const fs::path root = freshDir("installed");
    const fs::path assets =
        (root / "bin" / fs::path(ai::installedAssetsRelative())).lexically_normal();
    fs::create_directories(assets);
    CHECK(ai::findAssetsDir(root / "bin" / "xiangqi") == assets);

    // The same tree under another name still finds itself, not the old place.
    const fs::path moved = root.string() + "-moved";
    fs::remove_all(moved);
    fs::rename(root, moved);
    CHECK(ai::findAssetsDir(moved / "bin" / "xiangqi")
          == (moved / "bin" / fs::path(ai::installedAssetsRelative())).lexically_normal());
    fs::remove_all(moved);
}

TEST_CASE("a build tree finds the directory its marker file names", "[assets]") {
    const fs::path root   = freshDir("build");
    const fs::path source = root / "src" / "assets";
    fs::create_directories(source);
    writeMarker(root / "bin", source.string());
    const auto candidates = ai::assetsDirCandidates(root / "bin" / "xiangqi-engine");
    REQUIRE(candidates.size() == 2);
    CHECK(candidates[1] == source);
    CHECK(ai::findAssetsDir(root / "bin" / "xiangqi-engine") == source);

    // With an installed layout beside the programs too, the installed one wins.
    const fs::path installed =
        (root / "bin" / fs::path(ai::installedAssetsRelative())).lexically_normal();
    fs::create_directories(installed);
    CHECK(ai::findAssetsDir(root / "bin" / "xiangqi-engine") == installed);
    fs::remove_all(root);
}

TEST_CASE("no assets directory gives an empty path", "[assets]") {
    const fs::path root = freshDir("none");
    CHECK(ai::findAssetsDir(root / "bin" / "xiangqi").empty());

    // A marker naming a directory that is gone, or a relative path, is not used.
    writeMarker(root / "bin", (root / "deleted").string());
    CHECK(ai::findAssetsDir(root / "bin" / "xiangqi").empty());
    fs::create_directories(root / "bin" / "rel");
    writeMarker(root / "bin", "rel");
    CHECK(ai::assetsDirCandidates(root / "bin" / "xiangqi").size() == 1);
    CHECK(ai::findAssetsDir(root / "bin" / "xiangqi").empty());
    fs::remove_all(root);
}

TEST_CASE("the test program finds the source tree's assets through the build tree", "[assets]") {
    CHECK(ai::currentExecutable().filename() == "xq_tests");
    const fs::path expected = fs::path(XQ_SOURCE_DIR) / "assets";
    CHECK(fs::equivalent(ai::defaultAssetsDir(), expected));
    CHECK(fs::is_regular_file(ai::defaultBookPath()));
    CHECK(ai::bookSize(ai::defaultBookPath()) == ai::bookSize(""));
    CHECK(ai::bookSize("") > 0);
}
