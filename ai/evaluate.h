// Static evaluation. Scores are centipawns for the side to move. The evaluation is exactly
// symmetric: mirroring the ranks and swapping the colours (and the side to move) keeps the score,
// mirroring the files keeps it too. No allocation, no state: safe from any thread.
#pragma once

#include <array>

#include "ai/nnue.h"
#include "ai/psqt.h"
#include "core/position.h"

namespace xq::ai {

// The sum of kPsq over the board (material + piece-square values), Red's point of view.
// The search keeps it up to date move by move (see psqDelta) instead of calling this.
Packed psqScore(const core::Position& pos);

// How the packed score changes when `m` is played in `pos` (before the move is made).
inline Packed psqDelta(const core::Position& pos, core::Move m) {
    const core::Piece p   = pos.at(m.from());
    const core::Piece cap = pos.at(m.to());
    return kPsq[p][m.to()] - kPsq[p][m.from()] - (cap != core::kNoPiece ? kPsq[cap][m.to()] : 0);
}

// 0 (no rooks, horses or cannons left) .. kPhaseMax (all of them on the board).
int gamePhase(const core::Position& pos);

// The hand-written evaluation: material, tables and the terms below, with the incrementally kept
// psq (must equal psqScore(pos)).
int handEvaluate(const core::Position& pos, Packed psq);

// The full evaluation: the hand-written one plus the network's correction (ai/nnue.h), with the
// incrementally kept accumulator (must equal what nn::refresh gives for pos).
inline int evaluate(const core::Position& pos, Packed psq, const nn::Accumulator& acc) {
    return handEvaluate(pos, psq) + nn::output(acc, pos.sideToMove());
}
int evaluate(const core::Position& pos, Packed psq);
inline int evaluate(const core::Position& pos) {
    return evaluate(pos, psqScore(pos));
}

// The terms beyond material and piece-square values. Each adds weight x count, the count taken
// for Red minus the count for Black, middlegame and endgame weights blended by the phase like
// the tables.
enum EvalTerm {
    kRookMobility,    // per point a chariot reaches (empty or enemy), minus 6
    kHorseMobility,   // per point a horse reaches, minus 3
    kHorseTrapped,    // a horse with at most one move
    kMissingAdvisor,  // per missing advisor, times the enemy's attacking force
    kMissingElephant, // per missing elephant, times the enemy's attacking force
    kEmptyCannon,     // a cannon facing the enemy general with nothing between
    kPinningCannon,   // a cannon facing the enemy general with two pieces between
    kEvalTermCount
};
// [term][0]: middlegame weight, [term][1]: endgame weight.
extern const std::array<std::array<int, 2>, kEvalTermCount> kEvalWeights;
// The counts of every term in pos, Red minus Black (for bench/tune.cpp, which fits the weights).
std::array<int, kEvalTermCount> evalTermCounts(const core::Position& pos);

} // namespace xq::ai
