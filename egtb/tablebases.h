// The set of tables of one directory: finds tables on disk, makes missing ones, probes
// positions. Files are <dir>/<material>.xqtb, one per canonical signature; the default
// directory is $XDG_CACHE_HOME/xiangqi/egtb (~/.cache/xiangqi/egtb). A file that is missing,
// of another table, truncated or fails its checksum is never used; ensure() makes it anew.
// Thread-safe: the engine's search threads probe one shared instance.
#pragma once

#include <atomic>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "egtb/generate.h"
#include "egtb/table.h"

namespace xq::egtb {

// The largest table ensure() makes: 2 sides x 1 G placements.
inline constexpr std::uint64_t kMaxEntries = 2'000'000'000ULL;

// A table made by ensure(), with its figures.
struct MadeTable {
    std::string name;
    TableStats stats;
};

class Tablebases {
public:
    explicit Tablebases(std::filesystem::path dir = defaultDirectory());

    // $XDG_CACHE_HOME/xiangqi/egtb, or ~/.cache/xiangqi/egtb, or ./xiangqi-egtb without HOME.
    static std::filesystem::path defaultDirectory();
    const std::filesystem::path& directory() const { return m_dir; }
    std::filesystem::path fileOf(const Material& m) const;

    // The table for m (either colour orientation) when it is in memory or sound on disk; never
    // makes one. A table found missing is remembered as missing until ensure() makes it.
    std::shared_ptr<const Table> find(const Material& m);
    // The table for m, made first (with every table one capture away, recursively) when
    // missing or damaged. nullptr with a message when m is too large or a file cannot be
    // written. `progress` gets the name of the table being made and the fraction done.
    std::shared_ptr<const Table>
    ensure(const Material& m, const std::function<void(const std::string&, double)>& progress = {},
           std::string* error = nullptr, std::vector<MadeTable>* made = nullptr);

    // The code of pos in its table (table.h), or nullopt when the table is not available.
    std::optional<std::uint16_t> code(const core::Position& pos);
    // The verdict for the side to move; nullopt when no table is available or pos is not a
    // position of the table (side not to move in check).
    std::optional<Verdict> probe(const core::Position& pos);

    struct Best {
        core::Move move;
        Verdict verdict; // of the position before the move
    };
    // The table's move: the quickest win, a move that keeps the draw, or the longest defence.
    // nullopt when the position or a table one move away is not available, or no move exists.
    std::optional<Best> best(const core::Position& pos);
    // Every legal move with the verdict of the position it leads to (for the side then to move).
    std::optional<std::vector<std::pair<core::Move, Verdict>>>
    moveVerdicts(const core::Position& pos);

    // Probes answered from tables (for the engine's tbhits).
    std::uint64_t hits() const { return m_hits.load(std::memory_order_relaxed); }

private:
    std::shared_ptr<const Table> findCanonical(const Material& canonical);

    std::filesystem::path m_dir;
    std::mutex m_mutex;
    std::map<std::uint64_t, std::shared_ptr<const Table>> m_tables; // nullptr: known missing
    std::atomic<std::uint64_t> m_hits{0};
};

// Pieces beside the generals in pos.
int piecesBeside(const core::Position& pos);

} // namespace xq::egtb
