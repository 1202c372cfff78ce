// The player's games database: every game they save, and the files and folders they import,
// in one SQLite file (by default games.sqlite in the XDG data directory, beside autosave.pgn).
// Each game is kept whole as PGN (variations and comments included) with its players, event,
// date, result, length and opening in columns for the library screen, and every position of
// its main line under its Zobrist key for the opening explorer, so that transpositions meet.
// A game and its positions are written in one transaction: a process killed at any moment
// leaves every game either whole or absent, and nothing that was there before is lost. A game
// with the same start and main line as one already kept is not added again.
// One GamesDb is one SQLite connection: use it from one thread at a time. An import on a worker
// thread opens its own GamesDb on the same file (SQLite's WAL mode lets the UI read meanwhile).
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/pgn.h"
#include "core/result.h"
#include "core/types.h"

struct sqlite3;
struct sqlite3_stmt;

namespace xq::library {

struct GameRow {
    std::int64_t id = 0;
    std::string red, black, event, date, result, opening;
    int plies = 0; // main line length
};

// One move played from a position, over the games of the database.
struct MoveStat {
    core::Move move;
    int games   = 0;
    int redWins = 0, draws = 0, blackWins = 0; // games with another result count in `games` only
    std::string latestRed, latestBlack, latestDate; // the game with the latest date (then id)
    // Red's score in the decided games, 0..1 (wins count 1, draws 1/2); -1 when none is decided.
    double redScore() const {
        const int n = redWins + draws + blackWins;
        return n == 0 ? -1.0 : (redWins + 0.5 * draws) / n;
    }
};

struct ImportProgress {
    std::size_t filesDone = 0, filesTotal = 0;
    std::size_t added = 0, duplicates = 0;
    std::string file; // the file being read
};

struct ImportResult {
    std::size_t files = 0, added = 0, duplicates = 0;
    std::vector<std::string> errors; // per file that was not read whole (its earlier games kept)
    bool cancelled = false;
};

class GamesDb {
public:
    // Opens (creating when missing) the database at `path`. An error when the file is not a
    // database of ours or is damaged; the caller may set it aside and open a new one.
    static core::Expected<std::unique_ptr<GamesDb>> open(const std::filesystem::path& path);
    ~GamesDb();
    GamesDb(const GamesDb&)            = delete;
    GamesDb& operator=(const GamesDb&) = delete;

    // Adds a game: its id, 0 when the same game is there already, or an error.
    core::Expected<std::int64_t> add(const core::PgnGame& game, const std::string& source = {});
    // Adds every game of the files, folders searched recursively for game files (.pgn .xqf .cbr
    // .cbl .cbf .wxf .txt), in name order. Games are committed in batches, so a kill loses at
    // most the batch under way. `progress` is called after each file and every few hundred
    // games; `cancel` is looked at between games (what was added stays).
    ImportResult import(const std::vector<std::filesystem::path>& paths,
                        const std::function<void(const ImportProgress&)>& progress = {},
                        const std::atomic<bool>* cancel                            = nullptr);

    std::size_t count();
    std::vector<GameRow> games();
    core::Expected<core::PgnGame> load(std::int64_t id);
    // The moves played from the position with this key in the games' main lines, most played
    // first.
    std::vector<MoveStat> movesFrom(core::Key key);
    // SQLite's integrity check and ours (every game has one position row per move): "" when
    // all is well.
    std::string check();

    const std::filesystem::path& path() const { return m_path; }

private:
    GamesDb() = default;
    std::string exec(const char* sql);
    core::Expected<std::int64_t> insert(const core::PgnGame& game, const std::string& source);

    sqlite3* m_db = nullptr;
    std::filesystem::path m_path;
    sqlite3_stmt* m_insertGame = nullptr;
    sqlite3_stmt* m_insertPos  = nullptr;
    sqlite3_stmt* m_findDup    = nullptr;
};

// The files an import of `paths` reads: files as given, folders' game files in name order.
std::vector<std::filesystem::path>
collectGameFiles(const std::vector<std::filesystem::path>& paths);

// The opening column: the game's Opening or ECCO tag, else its first two moves in Chinese.
std::string openingOf(const core::PgnGame& game);

// The key that tells duplicates: the start position and the main line's moves.
std::uint64_t gameKey(const core::PgnGame& game);

} // namespace xq::library
