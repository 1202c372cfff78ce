// Piece-square tables, written as the board looks from Red's side: the first row is rank 9
// (Black's back rank), the last row rank 0 (Red's back rank), files a..i left to right. Values are
// centipawns added to the piece's material. Our own numbers: first written by hand from the
// usual xiangqi advice (develop the chariots from the corners, central cannon, horses forward
// and central, soldiers strongest near the enemy palace, the general at home), then fitted to
// the results of our engine's self-play games with bench/tune.cpp (Texel's method; the
// command is in docs/STRENGTH.md).
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
      0,   0,   0, -41, -35, -41,   0,   0,   0,
      0,   0,   0, -23, -15, -23,   0,   0,   0,
      0,   0,   0,  -6,  11,  -6,   0,   0,   0,
};
constexpr Table kKingEg = {
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0, -15, -10, -15,   0,   0,   0,
      0,   0,   0,  -2,   6,  -2,   0,   0,   0,
      0,   0,   0,   2,  -6,   2,   0,   0,   0,
};
constexpr Table kAdvisorMg = {
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,  -9,   0,  -9,   0,   0,   0,
      0,   0,   0,   0,   8,   0,   0,   0,   0,
      0,   0,   0,  -3,   0,  -3,   0,   0,   0,
};
constexpr Table kAdvisorEg = {
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0, -14,   0, -14,   0,   0,   0,
      0,   0,   0,   0,  -6,   0,   0,   0,   0,
      0,   0,   0, -28,   0, -28,   0,   0,   0,
};
constexpr Table kElephantMg = {
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0, -10,   0,   0,   0, -10,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
    -11,   0,   0,   0,  12,   0,   0,   0, -11,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,  -7,   0,   0,   0,  -7,   0,   0,
};
constexpr Table kElephantEg = {
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0, -14,   0,   0,   0, -14,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
    -14,   0,   0,   0,  -6,   0,   0,   0, -14,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0, -23,   0,   0,   0, -23,   0,   0,
};
constexpr Table kHorseMg = {
     -5,   0,   5,   5, -10,   5,   5,   0,  -5,
      0,  10,  27,  20,  10,  20,  27,  10,   0,
      5,  20,  26,  31,  25,  31,  26,  20,   5,
      5,  22,  28,  33,  35,  33,  28,  22,   5,
      0,  15,  20,  29,  26,  29,  20,  15,   0,
      0,  12,  17,  23,  21,  23,  17,  12,   0,
     -5,   5,  10,  10,  12,  10,  10,   5,  -5,
     -3,   0,   1,   5,   5,   5,   1,   0,  -3,
    -12,  -5,  -1,  -6, -18,  -6,  -1,  -5, -12,
    -15, -18,  -5,  -6, -20,  -6,  -5, -18, -15,
};
constexpr Table kHorseEg = {
     -5,   0,   5,   5, -10,   5,   5,   0,  -5,
      0,  10,  26,  20,  10,  20,  26,  10,   0,
      5,  21,  26,  31,  25,  31,  26,  21,   5,
      4,  21,  25,  30,  35,  30,  25,  21,   4,
      0,  15,  19,  25,  26,  25,  19,  15,   0,
      0,  10,  17,  21,  20,  21,  17,  10,   0,
     -5,   5,  10,  10,  11,  10,  10,   5,  -5,
     -5,   0,   5,   5,   5,   5,   5,   0,  -5,
    -11,  -5,   0,  -6, -16,  -6,   0,  -5, -11,
    -15, -11,  -5,  -5, -20,  -5,  -5, -11, -15,
};
constexpr Table kRookMg = {
     11,  10,  10,  16,  15,  16,  10,  10,  11,
     15,  20,  15,  26,  20,  26,  15,  20,  15,
     10,  16,  10,  21,  20,  21,  10,  16,  10,
     10,  15,  16,  23,  22,  23,  16,  15,  10,
     10,  16,  11,  16,  16,  16,  11,  16,  10,
      5,  17,  11,  16,  16,  16,  11,  17,   5,
      0,  11,   5,  11,  11,  11,   5,  11,   0,
     -6,   4,   0,   8,   5,   8,   0,   4,  -6,
     -6,  -1,  -2,  10,   0,  10,  -2,  -1,  -6,
    -21,   1,  -6,   5,   0,   5,  -6,   1, -21,
};
constexpr Table kRookEg = {
      5,   3,   4,   7,   8,   7,   4,   3,   5,
      6,   9,   7,  12,  11,  12,   7,   9,   6,
      5,   7,   5,  11,  10,  11,   5,   7,   5,
      6,   8,   8,  15,  13,  15,   8,   8,   6,
      5,   7,   5,   8,   9,   8,   5,   7,   5,
      2,   8,   5,   8,   8,   8,   5,   8,   2,
      0,   5,   2,   6,   5,   6,   2,   5,   0,
     -3,   1,   0,   4,   2,   4,   0,   1,  -3,
     -2,   0,  -1,   5,   0,   5,  -1,   0,  -2,
     -7,   0,  -2,   2,   0,   2,  -2,   0,  -7,
};
constexpr Table kCannonMg = {
     10,  12,   0,  -5, -10,  -5,   0,  12,  10,
      5,   6,   0,  -5,  -5,  -5,   0,   6,   5,
      5,   5,   5,   5,  10,   5,   5,   5,   5,
     -1,   2,   6,   4,  11,   4,   6,   2,  -1,
      0,   0,  -1,   0,  13,   0,  -1,   0,   0,
     -7,   0,   3,   0,  13,   0,   3,   0,  -7,
      0,  -1,   0,   0,  10,   0,   0,  -1,   0,
      8,   6,   7,  11,  22,  11,   7,   6,   8,
      0,   4,   5,   5,  10,   5,   5,   4,   0,
      0,  -1,   4,   5,   5,   5,   4,  -1,   0,
};
constexpr Table kCannonEg = {
      5,   6,   0,  -2,  -5,  -2,   0,   6,   5,
      2,   2,   1,  -2,  -2,  -2,   1,   2,   2,
      2,   2,   2,   2,   5,   2,   2,   2,   2,
      0,   2,   2,   1,   6,   1,   2,   2,   0,
      0,   0,   0,   0,   6,   0,   0,   0,   0,
     -3,   0,   1,   0,   5,   0,   1,   0,  -3,
      0,   0,   0,   1,   5,   1,   0,   0,   0,
      2,   2,   2,   7,  12,   7,   2,   2,   2,
      0,   2,   2,   2,   5,   2,   2,   2,   0,
      0,   0,   1,   2,   2,   2,   1,   0,   0,
};
constexpr Table kPawnMg = {
      0,   5,  10,  15,  20,  15,  10,   5,   0,
     30,  50,  70,  91, 100,  91,  70,  50,  30,
     30,  50,  71,  92,  96,  92,  71,  50,  30,
     25,  41,  57,  66,  72,  66,  57,  41,  25,
     16,  26,  38,  47,  52,  47,  38,  26,  16,
     -3,   0,   1,   0,  10,   0,   1,   0,  -3,
      4,   0, -10,   0,   8,   0, -10,   0,   4,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
};
constexpr Table kPawnEg = {
     10,  14,  19,  23,  27,  23,  19,  14,  10,
     50,  71,  90, 112, 120, 112,  90,  71,  50,
     50,  71,  93, 109, 111, 109,  93,  71,  50,
     47,  63,  73,  82,  88,  82,  73,  63,  47,
     40,  47,  52,  56,  62,  56,  52,  47,  40,
      2,   0,   3,   0,  11,   0,   3,   0,   2,
     10,   0,   2,   0,   8,   0,   2,   0,  10,
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
