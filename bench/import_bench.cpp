// xq-importbench: how fast the games database imports. Times (1) the 36-game CBL library of
// tests/data/formats and (2) a folder of 1,000 generated games (one PGN file each, random legal
// moves, 20-119 plies), each into a new database in a temporary folder, and prints games per
// second. A measurement to report, not a test.
//   xq-importbench [--games N]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>

#include "app/library/games_db.h"
#include "app/library/sample_games.h"

namespace {

void timeImport(const char* label, const std::filesystem::path& db,
                const std::filesystem::path& source) {
    auto open = xq::library::GamesDb::open(db);
    if (!open) {
        std::fprintf(stderr, "xq-importbench: %s\n", open.error().c_str());
        std::exit(1);
    }
    const auto t0  = std::chrono::steady_clock::now();
    const auto r   = (*open)->import({source});
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const std::size_t games = r.added + r.duplicates;
    std::printf("%-28s %6zu games (%zu added, %zu duplicates) in %.3f s: %.0f games/s\n", label,
                games, r.added, r.duplicates, s, games / s);
    for (const auto& e : r.errors)
        std::printf("  error: %s\n", e.c_str());
}

} // namespace

int main(int argc, char** argv) {
    std::size_t count = 1000;
    for (int i = 1; i + 1 < argc; ++i)
        if (std::string(argv[i]) == "--games")
            count = static_cast<std::size_t>(std::atol(argv[i + 1]));
    const auto dir =
        std::filesystem::temp_directory_path() / ("xq-importbench-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::filesystem::path cbl =
        std::filesystem::path(XQ_TESTDATA_DIR) / "formats" / "1989年龙化杯象棋名师邀请赛35局.CBL";
    timeImport("CBL library (36 games)", dir / "cbl.sqlite", cbl);
    xq::library::writeSampleFolder(dir / "sample", count, 1);
    const std::string label = "folder of " + std::to_string(count) + " PGN files";
    timeImport(label.c_str(), dir / "folder.sqlite", dir / "sample");
    std::filesystem::remove_all(dir);
    return 0;
}
