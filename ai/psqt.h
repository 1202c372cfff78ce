// Material and piece-square values. A score here is "packed": the middlegame value in the low
// 16 bits and the endgame value in the high 16 bits of one int, so one addition updates both.
// kPsq[piece][square] already includes the piece's material and is signed for Red: Black's
// entries are Red's tables mirrored top to bottom and negated, so the sum over the board is the
// score from Red's point of view. Every table is symmetric left to right.
#pragma once

#include <array>

#include "core/types.h"

namespace xq::ai {

using Packed = int;

constexpr Packed makePacked(int mg, int eg) {
    return static_cast<Packed>(static_cast<unsigned>(eg) << 16) + mg;
}
constexpr int mgOf(Packed s) {
    return static_cast<std::int16_t>(static_cast<std::uint16_t>(s));
}
constexpr int egOf(Packed s) {
    return static_cast<std::int16_t>(
        static_cast<std::uint16_t>(static_cast<unsigned>(s + 0x8000) >> 16));
}

// Material in centipawns, middlegame and endgame (index by PieceType).
inline constexpr int kValueMg[core::kPieceTypeCount] = {0, 0, 208, 182, 385, 953, 500, 65};
inline constexpr int kValueEg[core::kPieceTypeCount] = {0, 0, 156, 134, 423, 1002, 444, 134};

// Game phase: 32 with all rooks, horses and cannons on the board, 0 with none of them.
inline constexpr int kPhaseWeight[core::kPieceTypeCount] = {0, 0, 0, 0, 2, 4, 2, 0};
constexpr int kPhaseMax                                  = 32;

// Index: kPsq[piece][square], piece as in core/types.h (0..15).
extern const std::array<std::array<Packed, core::kSquares>, core::kPieceLimit> kPsq;

} // namespace xq::ai
