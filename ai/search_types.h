// The plain structs that cross between the search, the worker thread and the programs:
// limits in, progress and the result out. Scores are centipawns from the side to move's point of
// view unless a field says otherwise.
#pragma once

#include <cstdint>
#include <vector>

#include "core/types.h"

namespace xq::egtb {
class Tablebases;
}

namespace xq::ai {

constexpr int kMaxDepth   = 64;
constexpr int kMateScore  = 30000; // mate at ply p scores kMateScore - p
constexpr int kMaxThreads = 256;   // search threads per search (SearchLimits::threads)
constexpr int kMaxMultiPv = 5;     // lines a search reports and returns (SearchLimits::multiPv)

struct SearchLimits {
    int depth             = 0;     // 0: no depth limit (up to kMaxDepth)
    std::int64_t movetime = 0;     // milliseconds for this move; 0: none
    std::uint64_t nodes   = 0;     // 0: none
    bool infinite         = false; // search until stopped
    // Clock (UCI go wtime/btime/winc/binc/movestogo); used when movetime is 0.
    std::int64_t time[2]      = {0, 0}; // remaining ms for Red, Black
    std::int64_t increment[2] = {0, 0};
    int movesToGo             = 0;
    int multiPv               = 1;    // lines to report (analysis), 1..kMaxMultiPv (clamped)
    bool useBook              = true; // may answer from the opening book
    // Search threads, the caller's included (1..kMaxThreads; clamped): more than one runs a
    // parallel search whose node counts and moves vary from run to run.
    int threads = 1;
    // A playing level (ai/level.h, kMinLevel..kMaxLevel; fractional between two levels, as
    // UCI_Elo asks) that limits the search and picks among near-equal root moves; 0: full
    // strength.
    double level = 0;
    // Endgame tables to probe (tables already on disk only; nothing is made during a search):
    // at the root a position with a table is answered by the table's move and exact mate
    // distance, in the tree a position with a table is scored by it. nullptr: none. Not used
    // with a level.
    egtb::Tablebases* tablebases = nullptr;
};

struct SearchInfo {
    int depth            = 0;
    int selDepth         = 0;
    int score            = 0; // centipawns, side to move's view
    int mateIn           = 0; // moves to mate: > 0 we mate, < 0 we are mated, 0 no mate found
    std::uint64_t nodes  = 0;
    std::uint64_t nps    = 0;
    std::int64_t timeMs  = 0;
    int multiPvIndex     = 1;     // 1-based line number
    std::uint64_t tbHits = 0;     // positions scored by an endgame table in this search
    bool tablebase       = false; // the line is the endgame table's answer (exact)
    std::vector<core::Move> pv;
};

struct SearchResult {
    core::Move best; // none only when the side to move has no legal move
    core::Move ponder;
    int score            = 0;
    int mateIn           = 0;
    int depth            = 0;
    std::uint64_t nodes  = 0; // on every thread together
    std::int64_t timeMs  = 0;
    core::Key rootKey    = 0; // the position searched: the UI checks it before playing
    bool fromBook        = false;
    bool fromTablebase   = false; // best and mateIn are the endgame table's
    std::uint64_t tbHits = 0;
    std::vector<core::Move> pv;
    std::vector<SearchInfo> lines; // the final MultiPV lines, best first
    // Nodes searched one ply deeper because a null move there was answered by a mate (the
    // mate-threat extension); for tests and analysis.
    std::uint64_t threatExtensions = 0;
    // Table moves searched a ply deeper because every other move fell well short of them
    // (singular extensions), and nodes cut because another move beat beta too (multi-cuts).
    std::uint64_t singularExtensions = 0;
    std::uint64_t multiCuts          = 0;
    // The nodes of each search thread, the main (calling) thread first; they add up to nodes.
    std::vector<std::uint64_t> threadNodes;
};

} // namespace xq::ai
