// xq-importbench: how fast the games database imports. Times (1) the 36-game CBL library of
// tests/data/formats and (2) a folder of 1,000 generated games (one PGN file each, random legal
// moves, 20-119 plies), each into a new database in a temporary folder, and prints games per
// second; then the library's table over 10,000 games (rows read, one filter pass). A measurement
// to report, not a test.
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

    // The library screen over 10,000 games: reading the table's rows, and one pass of the
    // filter as it runs for each key typed (a substring of players and event).
    {
        auto db = xq::library::GamesDb::open(dir / "big.sqlite");
        if (!db)
            return 1;
        const auto games = xq::library::sampleGames(10000, 2);
        for (const auto& g : games)
            (void)(*db)->add(g);
        const auto t0    = std::chrono::steady_clock::now();
        const auto rows  = (*db)->games();
        const auto t1    = std::chrono::steady_clock::now();
        std::size_t hits = 0;
        for (const auto& r : rows)
            hits += (r.red + "\n" + r.black + "\n" + r.event).find("Wang 1") != std::string::npos;
        const auto t2 = std::chrono::steady_clock::now();
        std::printf(
            "library of %zu games: rows read in %.1f ms, filter pass in %.2f ms (%zu hits)\n",
            rows.size(), std::chrono::duration<double, std::milli>(t1 - t0).count(),
            std::chrono::duration<double, std::milli>(t2 - t1).count(), hits);
    }
    std::filesystem::remove_all(dir);
    return 0;
}
