#include "app/library/games_db.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <sqlite3.h>

#include "core/fen.h"
#include "core/game_formats.h"
#include "core/notation.h"

namespace xq::library {

namespace {

using core::Error;
using core::Expected;

// Schema version in PRAGMA user_version; a newer file is refused rather than misread.
constexpr int kSchema = 1;
// Games per transaction during an import: large enough that the commit's sync costs little per
// game, small enough that a kill loses little.
constexpr std::size_t kBatch = 200;

constexpr const char* kCreate = R"sql(
CREATE TABLE IF NOT EXISTS games(
    id INTEGER PRIMARY KEY,
    dupkey INTEGER NOT NULL UNIQUE,
    red TEXT NOT NULL, black TEXT NOT NULL, event TEXT NOT NULL, date TEXT NOT NULL,
    result TEXT NOT NULL, opening TEXT NOT NULL, plies INTEGER NOT NULL,
    source TEXT NOT NULL, pgn TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS positions(
    key INTEGER NOT NULL, game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply INTEGER NOT NULL, move INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS positions_key ON positions(key);
CREATE INDEX IF NOT EXISTS positions_game ON positions(game);
)sql";

std::string text(sqlite3_stmt* st, int col) {
    const auto* p = sqlite3_column_text(st, col);
    return p ? reinterpret_cast<const char*>(p) : "";
}

std::int64_t asSigned(std::uint64_t k) {
    std::int64_t v;
    static_assert(sizeof v == sizeof k);
    std::memcpy(&v, &k, sizeof v);
    return v;
}

std::string tagOr(const core::PgnGame& g, std::string_view name) {
    std::string v = g.tag(name);
    return v == "?" ? std::string() : v;
}

} // namespace

std::string openingOf(const core::PgnGame& g) {
    for (const char* t : {"Opening", "ECCO"})
        if (std::string v = tagOr(g, t); !v.empty())
            return v;
    std::string s;
    core::Position pos = g.start;
    for (std::size_t i = 0; i < g.moves().size() && i < 2; ++i) {
        if (!s.empty())
            s += ' ';
        s += core::toChinese(pos, g.moves()[i].move);
        core::Undo u;
        pos.makeMove(g.moves()[i].move, u);
    }
    return s;
}

std::uint64_t gameKey(const core::PgnGame& game) {
    // FNV-1a over the start's FEN and the raw moves: 64 bits make a false match between two of
    // a million games about 1 in 10^7.
    std::uint64_t h     = 1469598103934665603ULL;
    const auto feed     = [&](unsigned char c) { h = (h ^ c) * 1099511628211ULL; };
    const std::string f = core::toFen(game.start);
    for (char c : f.substr(0, f.find(" - ")))
        feed(static_cast<unsigned char>(c));
    for (const auto& m : game.moves()) {
        feed(static_cast<unsigned char>(m.move.raw() & 0xFF));
        feed(static_cast<unsigned char>(m.move.raw() >> 8));
    }
    return h;
}

Expected<std::unique_ptr<GamesDb>> GamesDb::open(const std::filesystem::path& path) {
    std::unique_ptr<GamesDb> db(new GamesDb);
    db->m_path = path;
    std::error_code ec;
    if (path.has_parent_path())
        std::filesystem::create_directories(path.parent_path(), ec);
    if (sqlite3_open_v2(path.c_str(), &db->m_db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                        nullptr)
        != SQLITE_OK)
        return Error{path.string() + ": " + sqlite3_errmsg(db->m_db)};
    sqlite3_busy_timeout(db->m_db, 5000);
    // WAL: readers (the library screen) go on while an import writes, and a commit is durable
    // once written to the log.
    for (const char* sql :
         {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA foreign_keys=ON"})
        if (std::string err = db->exec(sql); !err.empty())
            return Error{path.string() + ": " + err};
    sqlite3_stmt* st = nullptr;
    int version      = 0;
    if (sqlite3_prepare_v2(db->m_db, "PRAGMA user_version", -1, &st, nullptr) == SQLITE_OK
        && sqlite3_step(st) == SQLITE_ROW)
        version = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    if (version > kSchema)
        return Error{path.string() + ": made by a newer version of the program (schema "
                     + std::to_string(version) + ")"};
    if (std::string err = db->exec(kCreate); !err.empty())
        return Error{path.string() + ": " + err};
    db->exec(("PRAGMA user_version=" + std::to_string(kSchema)).c_str());
    const auto prepare = [&](const char* sql, sqlite3_stmt** out) {
        return sqlite3_prepare_v2(db->m_db, sql, -1, out, nullptr) == SQLITE_OK;
    };
    if (!prepare("INSERT INTO games(dupkey, red, black, event, date, result, opening, plies, "
                 "source, pgn) VALUES(?,?,?,?,?,?,?,?,?,?)",
                 &db->m_insertGame)
        || !prepare("INSERT INTO positions(key, game, ply, move) VALUES(?,?,?,?)", &db->m_insertPos)
        || !prepare("SELECT id FROM games WHERE dupkey=?", &db->m_findDup))
        return Error{path.string() + ": " + sqlite3_errmsg(db->m_db)};
    return db;
}

GamesDb::~GamesDb() {
    sqlite3_finalize(m_insertGame);
    sqlite3_finalize(m_insertPos);
    sqlite3_finalize(m_findDup);
    sqlite3_close(m_db);
}

std::string GamesDb::exec(const char* sql) {
    char* err = nullptr;
    if (sqlite3_exec(m_db, sql, nullptr, nullptr, &err) == SQLITE_OK)
        return {};
    std::string msg = err ? err : sqlite3_errmsg(m_db);
    sqlite3_free(err);
    return msg;
}

Expected<std::int64_t> GamesDb::insert(const core::PgnGame& game, const std::string& source) {
    const std::uint64_t key = gameKey(game);
    sqlite3_reset(m_findDup);
    sqlite3_bind_int64(m_findDup, 1, asSigned(key));
    if (sqlite3_step(m_findDup) == SQLITE_ROW)
        return std::int64_t{0};
    const std::string pgn = core::writePgn(game, core::Notation::Iccs);
    sqlite3_stmt* st      = m_insertGame;
    sqlite3_reset(st);
    const auto bindText = [&](int i, const std::string& s) {
        sqlite3_bind_text(st, i, s.c_str(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
    };
    sqlite3_bind_int64(st, 1, asSigned(key));
    bindText(2, tagOr(game, "Red"));
    bindText(3, tagOr(game, "Black"));
    bindText(4, tagOr(game, "Event"));
    bindText(5, tagOr(game, "Date"));
    bindText(6, game.result.empty() ? "*" : game.result);
    bindText(7, openingOf(game));
    sqlite3_bind_int(st, 8, static_cast<int>(game.moves().size()));
    bindText(9, source);
    bindText(10, pgn);
    if (sqlite3_step(st) != SQLITE_DONE)
        return Error{sqlite3_errmsg(m_db)};
    const std::int64_t id = sqlite3_last_insert_rowid(m_db);
    core::Position pos    = game.start;
    for (std::size_t i = 0; i < game.moves().size(); ++i) {
        const core::Move m = game.moves()[i].move;
        sqlite3_reset(m_insertPos);
        sqlite3_bind_int64(m_insertPos, 1, asSigned(pos.key()));
        sqlite3_bind_int64(m_insertPos, 2, id);
        sqlite3_bind_int(m_insertPos, 3, static_cast<int>(i));
        sqlite3_bind_int(m_insertPos, 4, m.raw());
        if (sqlite3_step(m_insertPos) != SQLITE_DONE)
            return Error{sqlite3_errmsg(m_db)};
        core::Undo u;
        pos.makeMove(m, u);
    }
    return id;
}

Expected<std::int64_t> GamesDb::add(const core::PgnGame& game, const std::string& source) {
    if (std::string err = exec("BEGIN IMMEDIATE"); !err.empty())
        return Error{err};
    auto id = insert(game, source);
    if (!id) {
        exec("ROLLBACK");
        return id;
    }
    if (std::string err = exec("COMMIT"); !err.empty()) {
        exec("ROLLBACK");
        return Error{err};
    }
    return id;
}

std::vector<std::filesystem::path>
collectGameFiles(const std::vector<std::filesystem::path>& paths) {
    static const std::vector<std::string> kExt = {".pgn", ".xqf", ".cbr", ".cbl",
                                                  ".cbf", ".wxf", ".txt"};
    std::vector<std::filesystem::path> out;
    for (const auto& p : paths) {
        std::error_code ec;
        if (!std::filesystem::is_directory(p, ec)) {
            out.push_back(p);
            continue;
        }
        std::vector<std::filesystem::path> found;
        for (auto it = std::filesystem::recursive_directory_iterator(
                 p, std::filesystem::directory_options::skip_permission_denied, ec);
             !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
            if (!it->is_regular_file(ec))
                continue;
            std::string ext = it->path().extension().string();
            std::transform(ext.begin(), ext.end(), ext.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
            if (std::find(kExt.begin(), kExt.end(), ext) != kExt.end())
                found.push_back(it->path());
        }
        std::sort(found.begin(), found.end());
        out.insert(out.end(), found.begin(), found.end());
    }
    return out;
}

ImportResult GamesDb::import(const std::vector<std::filesystem::path>& paths,
                             const std::function<void(const ImportProgress&)>& progress,
                             const std::atomic<bool>* cancel) {
    ImportResult result;
    const auto files = collectGameFiles(paths);
    ImportProgress p;
    p.filesTotal        = files.size();
    std::size_t inBatch = 0;
    bool open           = false;
    const auto commit   = [&] {
        if (open) {
            if (std::string err = exec("COMMIT"); !err.empty()) {
                result.errors.push_back("the database: " + err);
                exec("ROLLBACK");
            }
        }
        open    = false;
        inBatch = 0;
    };
    for (const auto& file : files) {
        if (cancel && cancel->load()) {
            result.cancelled = true;
            break;
        }
        p.file                       = file.string();
        const core::GameFileResult r = core::readGameFile(file.string());
        // A .txt file is only a game file when it holds one (DhtmlXQ text); others are skipped.
        const bool skip = file.extension() == ".txt" && r.games.empty();
        if (!r.ok() && !skip)
            result.errors.push_back(r.error);
        for (const core::PgnGame& g : r.games) {
            if (cancel && cancel->load()) {
                result.cancelled = true;
                break;
            }
            if (!open) {
                if (std::string err = exec("BEGIN IMMEDIATE"); !err.empty()) {
                    result.errors.push_back("the database: " + err);
                    return result;
                }
                open = true;
            }
            auto id = insert(g, file.filename().string());
            if (!id) {
                // Only this game's rows are undone: a savepoint would cost more per game than
                // a failed insert (a full disk) is worth; the batch is rolled back instead.
                exec("ROLLBACK");
                open = false;
                result.errors.push_back("the database: " + id.error());
                return result;
            }
            if (*id == 0)
                ++p.duplicates;
            else
                ++p.added;
            if (++inBatch >= kBatch) {
                commit();
                result.added      = p.added;
                result.duplicates = p.duplicates;
                if (progress)
                    progress(p);
            }
        }
        if (result.cancelled)
            break;
        ++p.filesDone;
        if (progress)
            progress(p);
    }
    commit();
    result.files      = p.filesDone;
    result.added      = p.added;
    result.duplicates = p.duplicates;
    return result;
}

std::size_t GamesDb::count() {
    sqlite3_stmt* st = nullptr;
    std::size_t n    = 0;
    if (sqlite3_prepare_v2(m_db, "SELECT COUNT(*) FROM games", -1, &st, nullptr) == SQLITE_OK
        && sqlite3_step(st) == SQLITE_ROW)
        n = static_cast<std::size_t>(sqlite3_column_int64(st, 0));
    sqlite3_finalize(st);
    return n;
}

std::vector<GameRow> GamesDb::games() {
    std::vector<GameRow> rows;
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(m_db,
                           "SELECT id, red, black, event, date, result, opening, plies FROM games "
                           "ORDER BY id",
                           -1, &st, nullptr)
        != SQLITE_OK)
        return rows;
    while (sqlite3_step(st) == SQLITE_ROW) {
        GameRow r;
        r.id      = sqlite3_column_int64(st, 0);
        r.red     = text(st, 1);
        r.black   = text(st, 2);
        r.event   = text(st, 3);
        r.date    = text(st, 4);
        r.result  = text(st, 5);
        r.opening = text(st, 6);
        r.plies   = sqlite3_column_int(st, 7);
        rows.push_back(std::move(r));
    }
    sqlite3_finalize(st);
    return rows;
}

Expected<core::PgnGame> GamesDb::load(std::int64_t id) {
    sqlite3_stmt* st = nullptr;
    std::string pgn;
    bool found = false;
    if (sqlite3_prepare_v2(m_db, "SELECT pgn FROM games WHERE id=?", -1, &st, nullptr)
        == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, id);
        if (sqlite3_step(st) == SQLITE_ROW) {
            pgn   = text(st, 0);
            found = true;
        }
    }
    sqlite3_finalize(st);
    if (!found)
        return Error{"game " + std::to_string(id) + " is not in the database"};
    auto g = core::readPgn(pgn);
    if (!g)
        return Error{"game " + std::to_string(id) + ": " + g.error()};
    return g;
}

std::vector<MoveStat> GamesDb::movesFrom(core::Key key) {
    std::vector<MoveStat> out;
    sqlite3_stmt* st = nullptr;
    // The bare columns (red, black, date) come from the row that gives MAX() (SQLite's rule for
    // a single min/max aggregate): the latest game.
    const char* sql = "SELECT p.move, COUNT(*), SUM(g.result='1-0'), SUM(g.result='1/2-1/2'), "
                      "SUM(g.result='0-1'), MAX(g.date || printf('%012d', g.id)), g.red, "
                      "g.black, g.date FROM positions p JOIN games g ON g.id = p.game "
                      "WHERE p.key = ? GROUP BY p.move ORDER BY COUNT(*) DESC, p.move";
    if (sqlite3_prepare_v2(m_db, sql, -1, &st, nullptr) != SQLITE_OK)
        return out;
    sqlite3_bind_int64(st, 1, asSigned(key));
    while (sqlite3_step(st) == SQLITE_ROW) {
        MoveStat m;
        m.move        = core::Move::fromRaw(static_cast<std::uint16_t>(sqlite3_column_int(st, 0)));
        m.games       = sqlite3_column_int(st, 1);
        m.redWins     = sqlite3_column_int(st, 2);
        m.draws       = sqlite3_column_int(st, 3);
        m.blackWins   = sqlite3_column_int(st, 4);
        m.latestRed   = text(st, 6);
        m.latestBlack = text(st, 7);
        m.latestDate  = text(st, 8);
        out.push_back(std::move(m));
    }
    sqlite3_finalize(st);
    return out;
}

std::string GamesDb::check() {
    std::string out;
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(m_db, "PRAGMA integrity_check", -1, &st, nullptr) == SQLITE_OK)
        while (sqlite3_step(st) == SQLITE_ROW)
            if (std::string r = text(st, 0); r != "ok")
                out += r + "\n";
    sqlite3_finalize(st);
    const char* sql = "SELECT COUNT(*) FROM games g WHERE g.plies != "
                      "(SELECT COUNT(*) FROM positions p WHERE p.game = g.id)";
    if (sqlite3_prepare_v2(m_db, sql, -1, &st, nullptr) == SQLITE_OK
        && sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int(st, 0) != 0)
        out += std::to_string(sqlite3_column_int(st, 0)) + " games lack positions\n";
    sqlite3_finalize(st);
    return out;
}

} // namespace xq::library
