// A small network that corrects the hand-written evaluation (ai/evaluate.cpp). Its weights are
// our own: fitted by bench/nn_train.cpp (xq-nntrain) to positions of our engine's games labelled
// with Fairy-Stockfish's score after a short search, each net refined from the one before on
// more positions, then refined on the scores of our own 30,000-node search (docs/STRENGTH.md,
// "How the evaluation is fitted"), and compiled in (ai/nnue_weights.cpp), so every build plays
// and benches alike.
//
// Inputs: one per (piece relative to a view, point seen from that view): 2 x 7 x 90. Red's view
// and Black's view each feed kUnits clipped-linear units through the same first layer; the
// output weighs the side to move's units with one set of weights and the other side's with
// another. Units kHalf.. see the board mirrored left to right through the weights of units
// 0..kHalf-1 and share their output weights, so mirroring the files keeps the output exactly;
// the two views make swapping the colours (and the side to move) keep it exactly. In the shipped
// weights the other side's output weights are the negative of the side to move's, with no bias
// (xq-nntrain --no-tempo): the same board with the other side to move gets exactly the opposite
// correction, so the network adds no bonus for the move (a large one, learnt from the labels,
// played worse). Integer arithmetic throughout: the same position gives the same score by any
// path.
//
// The search keeps an Accumulator per ply up to date move by move (update); refresh builds one.
// It updates lazily: a ply's sums are made from its parent's only when that ply is evaluated
// (ai/search.cpp), since nodes that return early or take their evaluation from the
// transposition table never need them.
#pragma once

#include <array>
#include <cstdint>

#include "core/position.h"

namespace xq::ai::nn {

constexpr int kInputs = 2 * 7 * 90;
constexpr int kHalf   = 16;        // units per view and mirror half
constexpr int kUnits  = 2 * kHalf; // units per view
constexpr int kQa     = 512;       // first-layer fixed point: 1.0 (the clip) is kQa
constexpr int kQv     = 64;        // output-weight fixed point
constexpr int kOutCp  = 100;       // one unit of the float network's output, in centipawns

struct Weights {
    std::int16_t w[kInputs][kHalf]; // x kQa
    std::int16_t b[kHalf];          // x kQa
    std::int16_t v[2][kHalf];       // x kQv: [0] the side to move's units, [1] the other side's
    std::int32_t c;                 // x kQa x kQv
};
extern const Weights kWeights;

// 16-bit sums (twice the lanes of 32-bit ones per vector instruction). xq-nntrain checks that no
// sum of a bias and 32 weights of a unit can leave the 16-bit range.
struct Accumulator {
    alignas(32) std::array<std::array<std::int16_t, kUnits>, 2> a; // [view: Red, Black][unit]
};

// The input of piece p on point s as seen from `view`.
inline int feature(core::Color view, core::Piece p, core::Square s) {
    const int rel         = core::colorOf(p) == view ? 0 : 1;
    const core::Square at = view == core::Color::Red ? s : core::flipRank(s);
    return (rel * 7 + static_cast<int>(core::typeOf(p)) - 1) * 90 + at;
}

// The accumulator of pos, from scratch.
void refresh(const core::Position& pos, Accumulator& acc);

// Applies move m of pos (called before the move is made) to acc.
// What a move changes on the board, read before it is made. A null move changes nothing
// (piece == kNoPiece).
struct Change {
    core::Piece piece    = core::kNoPiece;
    core::Piece captured = core::kNoPiece;
    core::Square from = 0, to = 0;
};
inline Change changeOf(const core::Position& pos, core::Move m) {
    return {pos.at(m.from()), pos.at(m.to()), m.from(), m.to()};
}

// to = from's sums after the change (to and from may be the same accumulator).
void update(const Accumulator& from, const Change& c, Accumulator& to);
inline void update(const core::Position& pos, core::Move m, Accumulator& acc) {
    update(acc, changeOf(pos, m), acc);
}

// The correction in centipawns for the side to move.
int output(const Accumulator& acc, core::Color sideToMove);

} // namespace xq::ai::nn
