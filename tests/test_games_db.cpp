// The games database (app/library/games_db.h): import of real files, duplicates, the opening
// explorer's statistics with transpositions, and a process killed with SIGKILL in the middle of
// an import leaving the database whole.
#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "app/library/games_db.h"
#include "app/library/sample_games.h"
#include "core/fen.h"
#include "core/game_formats.h"
#include "core/notation.h"
#include "testdata.h"

using namespace xq;
using namespace xq::core;

namespace {

const std::string kDir = test::dataPath("formats/");
const std::string kCbl = kDir + "1989年龙化杯象棋名师邀请赛35局.CBL";

struct TempDir {
    std::filesystem::path path;
    explicit TempDir(const std::string& name)
        : path(std::filesystem::temp_directory_path()
               / ("xq-db-" + name + "-" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~TempDir() { std::filesystem::remove_all(path); }
};

std::unique_ptr<library::GamesDb> openDb(const std::filesystem::path& p) {
    auto db = library::GamesDb::open(p);
    REQUIRE(db.error() == "");
    return std::move(*db);
}

PgnGame gameOf(const std::vector<std::string>& iccs, const std::string& result,
               const std::string& red) {
    PgnGame g;
    Position pos = g.start;
    for (const auto& s : iccs) {
        PgnMove m;
        const auto mv = parseIccs(pos, s);
        REQUIRE(mv.error() == "");
        m.move = *mv;
        g.main.moves.push_back(m);
        Undo u;
        pos.makeMove(m.move, u);
    }
    g.result = result;
    g.setTag("Red", red);
    g.setTag("Black", "B");
    return g;
}

} // namespace

TEST_CASE("importing a library: every game once, loaded back whole", "[db]") {
    TempDir dir("import");
    auto db = openDb(dir.path / "games.sqlite");
    std::vector<library::ImportProgress> seen;
    const auto r = db->import({kCbl}, [&](const library::ImportProgress& p) { seen.push_back(p); });
    CHECK(r.errors.empty());
    // 36 games, the last one twice (games 35 and 36 have the same moves): 35 kept.
    CHECK(r.added == 35);
    CHECK(r.duplicates == 1);
    CHECK(db->count() == 35);
    REQUIRE(!seen.empty());
    CHECK(seen.back().filesDone == 1);
    CHECK(seen.back().added == 35);

    // The same file again: all duplicates.
    const auto again = db->import({kCbl});
    CHECK(again.added == 0);
    CHECK(again.duplicates == 36);
    CHECK(db->count() == 35);

    const auto rows = db->games();
    REQUIRE(rows.size() == 35);
    CHECK(rows[0].red == "徐天红");
    CHECK(rows[0].black == "徐天利");
    CHECK(rows[0].result == "1/2-1/2");
    CHECK(rows[0].plies == 60);
    CHECK(rows[0].opening == "兵七进一 象3进5");
    const auto file = readGameFile(kCbl);
    auto loaded     = db->load(rows[5].id);
    REQUIRE(loaded.error() == "");
    CHECK(loaded->start == file.games[5].start);
    CHECK(loaded->main == file.games[5].main);
    CHECK(db->check() == "");

    // The explorer at the start: every game of the library starts there.
    const auto moves = db->movesFrom(file.games[0].start.key());
    int total        = 0;
    for (const auto& m : moves)
        total += m.games;
    CHECK(total == 35);
    REQUIRE(!moves.empty());
    CHECK(moves[0].games >= moves.back().games);
}

TEST_CASE("the explorer counts transpositions and Red's score", "[db]") {
    TempDir dir("explorer");
    auto db = openDb(dir.path / "games.sqlite");
    // Two move orders to the same position, then different moves from it.
    REQUIRE(*db->add(gameOf({"h2e2", "h9g7", "b0c2", "i9h9"}, "1-0", "A")) > 0);
    REQUIRE(*db->add(gameOf({"b0c2", "h9g7", "h2e2", "b9c7"}, "1/2-1/2", "B")) > 0);
    REQUIRE(*db->add(gameOf({"b0c2", "h9g7", "h2e2", "b9c7", "h0g2"}, "0-1", "C")) > 0);
    // The same start and moves again: not added.
    CHECK(*db->add(gameOf({"b0c2", "h9g7", "h2e2", "b9c7"}, "1-0", "D")) == 0);
    CHECK(db->count() == 3);

    Position pos = PgnGame().start;
    for (const char* s : {"h2e2", "h9g7", "b0c2"}) {
        Undo u;
        pos.makeMove(*parseIccs(pos, s), u);
    }
    const auto moves = db->movesFrom(pos.key());
    REQUIRE(moves.size() == 2);
    CHECK(toIccs(moves[0].move) == "b9c7");
    CHECK(moves[0].games == 2);
    CHECK(moves[0].draws == 1);
    CHECK(moves[0].blackWins == 1);
    CHECK(moves[0].redScore() == Approx(0.25));
    CHECK(moves[0].latestRed == "C"); // same date: the later game
    CHECK(toIccs(moves[1].move) == "i9h9");
    CHECK(moves[1].redScore() == Approx(1.0));
    CHECK(moves[1].latestRed == "A");
}

TEST_CASE("a damaged database file is refused with its name", "[db]") {
    TempDir dir("damaged");
    const auto path = dir.path / "games.sqlite";
    { std::ofstream(path) << "this is not a database, just text that is long enough......."; }
    auto db = library::GamesDb::open(path);
    REQUIRE(!db);
    CHECK(db.error().rfind(path.string() + ": ", 0) == 0);
}

TEST_CASE("an import killed with SIGKILL loses nothing and leaves no half game", "[db]") {
    TempDir dir("kill");
    const auto dbPath = dir.path / "games.sqlite";
    library::writeSampleFolder(dir.path / "sample", 1000, 7);
    {
        auto db = openDb(dbPath);
        REQUIRE(db->import({kCbl}).added == 35);
    }
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        // The child imports; it never returns into the test framework.
        auto db = library::GamesDb::open(dbPath);
        if (db)
            (*db)->import({dir.path / "sample"});
        ::_exit(0);
    }
    // Kill it once the first batches are in (or after 20 s at most).
    std::size_t atKill = 0;
    {
        auto watch    = openDb(dbPath);
        const auto t0 = std::chrono::steady_clock::now();
        while (std::chrono::steady_clock::now() - t0 < std::chrono::seconds(20)) {
            atKill = watch->count();
            if (atKill > 35 + 200)
                break;
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    }
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    if (!(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL))
        WARN("the import ended before it was killed");

    auto db = openDb(dbPath);
    CHECK(db->check() == "");
    const std::size_t afterKill = db->count();
    CHECK(afterKill >= 35);
    CHECK(afterKill >= atKill);
    CHECK(afterKill <= 1035);
    // The games that were there before are all there.
    const auto before = db->import({kCbl});
    CHECK(before.duplicates == 36);
    CHECK(before.added == 0);
    // Importing again completes the set: nothing counted twice, nothing half there.
    const auto rest = db->import({dir.path / "sample"});
    CHECK(rest.errors.empty());
    CHECK(rest.added + rest.duplicates == 1000);
    CHECK(rest.duplicates == afterKill - 35);
    CHECK(db->count() == 1035);
    CHECK(db->check() == "");
}

TEST_CASE("a cancelled import keeps what it added and stops between games", "[db]") {
    TempDir dir("cancel");
    library::writeSampleFolder(dir.path / "sample", 50, 3);
    auto db = openDb(dir.path / "games.sqlite");
    std::atomic<bool> cancel{false};
    const auto r = db->import(
        {dir.path / "sample"},
        [&](const library::ImportProgress& p) {
            if (p.filesDone == 10)
                cancel = true;
        },
        &cancel);
    CHECK(r.cancelled);
    CHECK(r.files == 10);
    CHECK(r.added == 10);
    CHECK(db->count() == 10);
    CHECK(db->check() == "");
    // The rest comes with the next import.
    const auto rest = db->import({dir.path / "sample"});
    CHECK(rest.added == 40);
    CHECK(rest.duplicates == 10);
}
