// Piece-square tables, written as the board looks from Red's side: the first row is rank 9
// (Black's back rank), the last row rank 0 (Red's back rank), files a..i left to right. Values are
// centipawns added to the piece's material. Our own numbers: first written by hand from the
// usual xiangqi advice (develop the chariots from the corners, central cannon, horses forward
// and central, soldiers strongest near the enemy palace, the general at home), then fitted to
// the results of our engine's self-play games with bench/tune.cpp (Texel's method), then fitted
// again (material and tables only) to 101,000 quiet positions of our games labelled with
// Fairy-Stockfish's score blended with the game result (the commands are in docs/STRENGTH.md).
#include "ai/psqt.h"

namespace xq::ai {

namespace {

using core::Color;
using core::PieceType;
using Table = std::array<int, core::kSquares>; // row-major as written: rank 9 first

// clang-format off
constexpr Table kKingMg = {
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0, -43, -36, -43,   0,   0,   0,
      0,   0,   0, -27, -17, -27,   0,   0,   0,
      0,   0,   0,  -9,  23,  -9,   0,   0,   0,
};
constexpr Table kKingEg = {
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0, -16, -10, -16,   0,   0,   0,
      0,   0,   0,  -3,   7,  -3,   0,   0,   0,
      0,   0,   0,   0,  -3,   0,   0,   0,   0,
};
constexpr Table kAdvisorMg = {
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0, -13,   0, -13,   0,   0,   0,
      0,   0,   0,   0,  18,   0,   0,   0,   0,
      0,   0,   0,  -2,   0,  -2,   0,   0,   0,
};
constexpr Table kAdvisorEg = {
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0, -20,   0, -20,   0,   0,   0,
      0,   0,   0,   0,  -7,   0,   0,   0,   0,
      0,   0,   0, -27,   0, -27,   0,   0,   0,
};
constexpr Table kElephantMg = {
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0, -13,   0,   0,   0, -13,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
    -17,   0,   0,   0,  18,   0,   0,   0, -17,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,  -7,   0,   0,   0,  -7,   0,   0,
};
constexpr Table kElephantEg = {
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0, -18,   0,   0,   0, -18,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
    -21,   0,   0,   0, -10,   0,   0,   0, -21,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0, -23,   0,   0,   0, -23,   0,   0,
};
constexpr Table kHorseMg = {
     -5,   0,   5,   5, -10,   5,   5,   0,  -5,
      0,  10,  29,  20,  10,  20,  29,  10,   0,
      5,  20,  26,  32,  25,  32,  26,  20,   5,
      4,  23,  28,  35,  35,  35,  28,  23,   4,
      0,  15,  20,  32,  26,  32,  20,  15,   0,
      0,  12,  17,  24,  21,  24,  17,  12,   0,
     -5,   5,  10,  10,  13,  10,  10,   5,  -5,
     -6,   0,   1,   5,   5,   5,   1,   0,  -6,
    -14,  -5,  -2,  -7, -22,  -7,  -2,  -5, -14,
    -15, -27,  -6,  -7, -20,  -7,  -6, -27, -15,
};
constexpr Table kHorseEg = {
     -5,   0,   5,   5, -10,   5,   5,   0,  -5,
      0,  10,  27,  20,  10,  20,  27,  10,   0,
      5,  21,  26,  31,  25,  31,  26,  21,   5,
      3,  21,  24,  29,  34,  29,  24,  21,   3,
      0,  15,  19,  24,  25,  24,  19,  15,   0,
      0,  10,  17,  21,  20,  21,  17,  10,   0,
     -5,   5,  10,   9,  11,   9,  10,   5,  -5,
     -7,   0,   4,   5,   5,   5,   4,   0,  -7,
    -12,  -5,   0,  -7, -18,  -7,   0,  -5, -12,
    -15, -13,  -6,  -6, -20,  -6,  -6, -13, -15,
};
constexpr Table kRookMg = {
     11,  10,  10,  17,  16,  17,  10,  10,  11,
     15,  21,  16,  30,  21,  30,  16,  21,  15,
     10,  16,  11,  23,  21,  23,  11,  16,  10,
      9,  15,  19,  25,  23,  25,  19,  15,   9,
      9,  15,  12,  17,  17,  17,  12,  15,   9,
      4,  16,  11,  16,  16,  16,  11,  16,   4,
      0,  10,   5,  12,  11,  12,   5,  10,   0,
     -8,   2,  -1,   7,   5,   7,  -1,   2,  -8,
     -9,  -3,  -4,   9,   0,   9,  -4,  -3,  -9,
    -27,   2,  -6,   6,   0,   6,  -6,   2, -27,
};
constexpr Table kRookEg = {
      5,   3,   4,   8,   9,   8,   4,   3,   5,
      6,   9,   8,  13,  12,  13,   8,   9,   6,
      5,   7,   6,  12,  11,  12,   6,   7,   5,
      5,   8,   9,  16,  15,  16,   9,   8,   5,
      4,   6,   5,   8,  10,   8,   5,   6,   4,
      1,   7,   5,   8,   9,   8,   5,   7,   1,
      0,   4,   2,   6,   5,   6,   2,   4,   0,
     -4,   0,  -1,   3,   2,   3,  -1,   0,  -4,
     -3,  -1,  -2,   5,   0,   5,  -2,  -1,  -3,
     -9,  -1,  -2,   2,   0,   2,  -2,  -1,  -9,
};
constexpr Table kCannonMg = {
     11,  14,   0,  -5, -10,  -5,   0,  14,  11,
      5,   8,   0,  -5,  -5,  -5,   0,   8,   5,
      5,   6,   4,   5,  10,   5,   4,   6,   5,
     -2,   2,   6,   4,  13,   4,   6,   2,  -2,
      0,   0,  -1,   0,  16,   0,  -1,   0,   0,
     -8,   1,   4,   0,  16,   0,   4,   1,  -8,
      0,  -1,   0,   0,  10,   0,   0,  -1,   0,
      8,   8,   8,  15,  23,  15,   8,   8,   8,
      0,   3,   5,   5,  10,   5,   5,   3,   0,
      0,  -1,   4,   6,   5,   6,   4,  -1,   0,
};
constexpr Table kCannonEg = {
      5,   7,   0,  -2,  -5,  -2,   0,   7,   5,
      2,   3,   1,  -2,  -2,  -2,   1,   3,   2,
      2,   2,   2,   2,   5,   2,   2,   2,   2,
      0,   2,   2,   1,   7,   1,   2,   2,   0,
      0,   0,   0,   0,   7,   0,   0,   0,   0,
     -3,   0,   1,   0,   6,   0,   1,   0,  -3,
      0,   0,   0,   1,   5,   1,   0,   0,   0,
      2,   3,   2,   9,  14,   9,   2,   3,   2,
      0,   2,   2,   3,   5,   3,   2,   2,   0,
      0,   0,   1,   3,   2,   3,   1,   0,   0,
};
constexpr Table kPawnMg = {
      0,   5,  10,  15,  20,  15,  10,   5,   0,
     30,  50,  70,  92, 100,  92,  70,  50,  30,
     30,  50,  71,  93,  97,  93,  71,  50,  30,
     24,  41,  59,  67,  73,  67,  59,  41,  24,
     15,  26,  39,  48,  53,  48,  39,  26,  15,
     -3,   0,  11,   0,   9,   0,  11,   0,  -3,
     -9,   0, -21,   0,  12,   0, -21,   0,  -9,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
};
constexpr Table kPawnEg = {
     10,  14,  19,  23,  26,  23,  19,  14,  10,
     50,  71,  90, 113, 121, 113,  90,  71,  50,
     50,  71,  94, 112, 112, 112,  94,  71,  50,
     47,  63,  74,  84,  89,  84,  74,  63,  47,
     40,  48,  53,  57,  63,  57,  53,  48,  40,
      2,   0,   6,   0,  11,   0,   6,   0,   2,
      4,   0,  -1,   0,   8,   0,  -1,   0,   4,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
};
// clang-format on

// The value of table t for a Red piece on square s (the table's rows run from rank 9 down).
constexpr int at(const Table& t, core::Square s) {
    return t[static_cast<std::size_t>((9 - core::rankOf(s)) * 9 + core::fileOf(s))];
}

// Index by PieceType.
constexpr const Table* kTablesMg[core::kPieceTypeCount] = {
    nullptr, &kKingMg, &kAdvisorMg, &kElephantMg, &kHorseMg, &kRookMg, &kCannonMg, &kPawnMg};
constexpr const Table* kTablesEg[core::kPieceTypeCount] = {
    nullptr, &kKingEg, &kAdvisorEg, &kElephantEg, &kHorseEg, &kRookEg, &kCannonEg, &kPawnEg};

constexpr std::array<std::array<Packed, core::kSquares>, core::kPieceLimit> build() {
    std::array<std::array<Packed, core::kSquares>, core::kPieceLimit> psq{};
    for (int t = 1; t < core::kPieceTypeCount; ++t) {
        const auto type = static_cast<PieceType>(t);
        for (int s = 0; s < core::kSquares; ++s) {
            const auto sq                              = static_cast<core::Square>(s);
            const int mg                               = at(*kTablesMg[t], sq) + kValueMg[t];
            const int eg                               = at(*kTablesEg[t], sq) + kValueEg[t];
            psq[core::makePiece(Color::Red, type)][sq] = makePacked(mg, eg);
            psq[core::makePiece(Color::Black, type)][core::flipRank(sq)] = makePacked(-mg, -eg);
        }
    }
    return psq;
}

} // namespace

const std::array<std::array<Packed, core::kSquares>, core::kPieceLimit> kPsq = build();

} // namespace xq::ai
