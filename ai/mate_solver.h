// Mate solver: proves or refutes a forced mate for the side to move (the attacker).
//
// Four algorithms share one interface so that they can be compared on the same positions:
//   AlphaBeta    boolean minimax with cut-offs ("is there a mate within d plies?")
//   AlphaBetaTT  the same with a transposition table of proved/refuted (position, depth) pairs
//   DfPn         depth-first proof-number search (Nagai 2002) with a transposition table
//   DfPnPlus     df-pn whose new leaves start from heuristic proof and disproof numbers: a
//                defender's node starts with pn = its number of legal replies, an attacker's
//                node with dn = its number of candidate (checking) moves.
// All of them iterate the mate length N = 1, 2, ... so the first proof is the shortest mate.
// The rules are the core's: a side without a legal move loses (stalemate is a win for the
// attacker), and a line that repeats a position is not a mate (perpetual check loses).
#pragma once

#include <atomic>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/position.h"

namespace xq::ai {

enum class MateMode : std::uint8_t {
    ChecksOnly, // every attacking move gives check (连将杀)
    AnyMove,    // any attacking move (general forced mate)
};

enum class MateAlgorithm : std::uint8_t { AlphaBeta, AlphaBetaTT, DfPn, DfPnPlus };

std::string_view algorithmName(MateAlgorithm a);

struct MateLimits {
    int maxMoves                  = 5; // longest mate tried, in attacker moves
    MateMode mode                 = MateMode::AnyMove;
    MateAlgorithm algorithm       = MateAlgorithm::DfPnPlus;
    std::uint64_t maxNodes        = 20'000'000; // positions visited (make-move calls); 0 = none
    std::int64_t maxTimeMs        = 0;          // 0 = none
    const std::atomic<bool>* stop = nullptr;
    std::size_t ttMegabytes       = 32;
};

enum class MateStatus : std::uint8_t {
    Proven,    // a forced mate in mateIn moves; line holds a main line
    Disproven, // no forced mate within maxMoves (in this mode)
    Unknown,   // stopped by the node or time budget or the stop flag
};

struct MateResult {
    MateStatus status = MateStatus::Unknown;
    int mateIn        = 0;        // attacker moves, when proven
    int provenToMoves = 0;        // every N up to this was refuted (when not proven)
    std::vector<core::Move> line; // attacker, defender, ..., mating move
    std::uint64_t nodes      = 0; // positions visited, main line extraction included
    std::int64_t timeMs      = 0;
    std::uint64_t proofNodes = 0; // positions visited until the proof (or the end)
    std::int64_t proofTimeMs = 0;
};

// Solves the position for its side to move. `history` holds keys of earlier positions in the
// game (repeating one of them is not a mate either); it may be empty.
MateResult solveMate(const core::Position& root, const MateLimits& limits,
                     const std::vector<core::Key>& history = {});

// The defender's reply that delays the mate longest (for puzzles); when the defender is not
// mated within maxMoves by any reply, the first such reply. Precondition: the side to move has
// a legal move.
core::Move longestDefence(const core::Position& pos, const MateLimits& limits);

} // namespace xq::ai
