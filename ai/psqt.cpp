// Piece-square tables, written as the board looks from Red's side: the first row is rank 9
// (Black's back rank), the last row rank 0 (Red's back rank), files a..i left to right. Values are
// centipawns added to the piece's material. Our own numbers: first written by hand from the
// usual xiangqi advice (develop the chariots from the corners, central cannon, horses forward
// and central, soldiers strongest near the enemy palace, the general at home), then fitted to
// the results of our engine's self-play games with bench/tune.cpp (Texel's method), then fitted
// again (material and tables only) to 101,000 quiet positions of our games labelled with
// Fairy-Stockfish's score, first blended with the game result, then alone (the commands are in
// docs/STRENGTH.md).
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
      0,   0,   0, -45, -37, -45,   0,   0,   0,
      0,   0,   0, -31, -19, -31,   0,   0,   0,
      0,   0,   0, -12,  35, -12,   0,   0,   0,
};
constexpr Table kKingEg = {
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0, -18, -10, -18,   0,   0,   0,
      0,   0,   0,  -5,   7,  -5,   0,   0,   0,
      0,   0,   0,  -2,   3,  -2,   0,   0,   0,
};
constexpr Table kAdvisorMg = {
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0, -16,   0, -16,   0,   0,   0,
      0,   0,   0,   0,  28,   0,   0,   0,   0,
      0,   0,   0,   1,   0,   1,   0,   0,   0,
};
constexpr Table kAdvisorEg = {
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0, -23,   0, -23,   0,   0,   0,
      0,   0,   0,   0,  -5,   0,   0,   0,   0,
      0,   0,   0, -21,   0, -21,   0,   0,   0,
};
constexpr Table kElephantMg = {
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0, -14,   0,   0,   0, -14,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
    -22,   0,   0,   0,  24,   0,   0,   0, -22,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,  -6,   0,   0,   0,  -6,   0,   0,
};
constexpr Table kElephantEg = {
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0, -20,   0,   0,   0, -20,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
    -26,   0,   0,   0, -10,   0,   0,   0, -26,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0, -19,   0,   0,   0, -19,   0,   0,
};
constexpr Table kHorseMg = {
     -5,   0,   5,   5, -10,   5,   5,   0,  -5,
      0,  10,  30,  20,  10,  20,  30,  10,   0,
      5,  20,  26,  33,  25,  33,  26,  20,   5,
      3,  24,  27,  37,  35,  37,  27,  24,   3,
      0,  15,  20,  34,  26,  34,  20,  15,   0,
      0,  11,  17,  24,  21,  24,  17,  11,   0,
     -5,   5,  10,  10,  14,  10,  10,   5,  -5,
     -9,   0,   3,   5,   5,   5,   3,   0,  -9,
    -16,  -5,  -3,  -8, -25,  -8,  -3,  -5, -16,
    -15, -33,  -7,  -8, -20,  -8,  -7, -33, -15,
};
constexpr Table kHorseEg = {
     -5,   0,   5,   5, -10,   5,   5,   0,  -5,
      0,  10,  28,  20,  10,  20,  28,  10,   0,
      5,  21,  25,  31,  25,  31,  25,  21,   5,
      3,  21,  23,  29,  33,  29,  23,  21,   3,
      0,  15,  19,  23,  24,  23,  19,  15,   0,
      0,  10,  17,  21,  20,  21,  17,  10,   0,
     -5,   5,  10,   9,  12,   9,  10,   5,  -5,
     -9,   0,   3,   5,   5,   5,   3,   0,  -9,
    -13,  -5,   0,  -8, -19,  -8,   0,  -5, -13,
    -15, -15,  -7,  -6, -20,  -6,  -7, -15, -15,
};
constexpr Table kRookMg = {
     11,  10,  10,  18,  17,  18,  10,  10,  11,
     15,  22,  17,  34,  22,  34,  17,  22,  15,
     10,  16,  12,  25,  22,  25,  12,  16,  10,
      8,  14,  21,  26,  24,  26,  21,  14,   8,
      8,  14,  13,  17,  18,  17,  13,  14,   8,
      3,  14,  10,  16,  16,  16,  10,  14,   3,
      0,   9,   5,  13,  11,  13,   5,   9,   0,
    -10,   0,  -2,   7,   5,   7,  -2,   0, -10,
    -12,  -5,  -6,   9,   0,   9,  -6,  -5, -12,
    -30,   2,  -6,   7,   0,   7,  -6,   2, -30,
};
constexpr Table kRookEg = {
      5,   3,   4,   9,  10,   9,   4,   3,   5,
      6,   9,   9,  14,  13,  14,   9,   9,   6,
      5,   7,   7,  13,  12,  13,   7,   7,   5,
      4,   7,  10,  16,  16,  16,  10,   7,   4,
      3,   5,   5,   8,  11,   8,   5,   5,   3,
      0,   6,   4,   8,   9,   8,   4,   6,   0,
      0,   3,   2,   6,   5,   6,   2,   3,   0,
     -5,  -1,  -2,   2,   2,   2,  -2,  -1,  -5,
     -4,  -2,  -3,   5,   0,   5,  -3,  -2,  -4,
    -11,  -2,  -2,   2,   0,   2,  -2,  -2, -11,
};
constexpr Table kCannonMg = {
     12,  16,   0,  -5, -10,  -5,   0,  16,  12,
      5,   9,   0,  -5,  -5,  -5,   0,   9,   5,
      5,   6,   4,   5,  10,   5,   4,   6,   5,
     -3,   3,   7,   4,  16,   4,   7,   3,  -3,
      0,   0,  -1,   0,  19,   0,  -1,   0,   0,
     -8,   2,   5,   0,  19,   0,   5,   2,  -8,
      0,  -1,   0,   0,  10,   0,   0,  -1,   0,
      6,   9,   9,  19,  23,  19,   9,   9,   6,
      0,   3,   5,   5,  10,   5,   5,   3,   0,
      0,  -1,   4,   7,   5,   7,   4,  -1,   0,
};
constexpr Table kCannonEg = {
      5,   8,   0,  -2,  -5,  -2,   0,   8,   5,
      2,   4,   1,  -2,  -2,  -2,   1,   4,   2,
      2,   2,   2,   2,   5,   2,   2,   2,   2,
      0,   2,   2,   1,   8,   1,   2,   2,   0,
      0,   0,   0,   0,   8,   0,   0,   0,   0,
     -3,   0,   1,   0,   7,   0,   1,   0,  -3,
      0,   0,   0,   1,   5,   1,   0,   0,   0,
      2,   4,   2,  11,  15,  11,   2,   4,   2,
      0,   2,   2,   3,   5,   3,   2,   2,   0,
      0,   0,   1,   4,   2,   4,   1,   0,   0,
};
constexpr Table kPawnMg = {
      0,   5,  10,  15,  20,  15,  10,   5,   0,
     30,  50,  70,  93, 100,  93,  70,  50,  30,
     30,  50,  71,  94,  98,  94,  71,  50,  30,
     23,  41,  61,  68,  74,  68,  61,  41,  23,
     14,  26,  40,  49,  54,  49,  40,  26,  14,
     -3,   0,  17,   0,   8,   0,  17,   0,  -3,
    -22,   0, -26,   0,  16,   0, -26,   0, -22,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
};
constexpr Table kPawnEg = {
     10,  14,  19,  23,  25,  23,  19,  14,  10,
     50,  71,  89, 113, 122, 113,  89,  71,  50,
     50,  70,  94, 114, 113, 114,  94,  70,  50,
     46,  62,  75,  85,  90,  85,  75,  62,  46,
     39,  48,  53,  58,  64,  58,  53,  48,  39,
      2,   0,   8,   0,  11,   0,   8,   0,   2,
     -6,   0,  -3,   0,   8,   0,  -3,   0,  -6,
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
