// Piece-square tables, written as the board looks from Red's side: the first row is rank 9
// (Black's back rank), the last row rank 0 (Red's back rank), files a..i left to right. Values are
// centipawns added to the piece's material. Our own numbers: they encode the usual xiangqi
// advice (develop the chariots from the corners, central cannon, horses forward and central,
// soldiers strongest near the enemy palace and weak on the last rank, the general at home).
#include "ai/psqt.h"

namespace xq::ai {

namespace {

using core::Color;
using core::PieceType;
using Table = std::array<int, core::kSquares>; // row-major as written: rank 9 first

// clang-format off
constexpr Table kKingMg = {
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0, -40, -35, -40,  0,  0,  0,
      0,  0,  0, -20, -15, -20,  0,  0,  0,
      0,  0,  0,  -5,   5,  -5,  0,  0,  0,
};
constexpr Table kKingEg = {
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0, -15, -10, -15,  0,  0,  0,
      0,  0,  0,  -5,   0,  -5,  0,  0,  0,
      0,  0,  0,   0,   5,   0,  0,  0,  0,
};
constexpr Table kAdvisor = {
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,  -5,   0,  -5,  0,  0,  0,
      0,  0,  0,   0,  10,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
};
constexpr Table kElephant = {
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0, -5,   0,   0,   0, -5,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
     -5,  0,  0,   0,  10,   0,  0,  0, -5,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
};
constexpr Table kHorse = {
     -5,  0,  5,   5, -10,   5,  5,  0, -5,
      0, 10, 25,  20,  10,  20, 25, 10,  0,
      5, 20, 25,  30,  25,  30, 25, 20,  5,
      5, 20, 25,  30,  35,  30, 25, 20,  5,
      0, 15, 20,  25,  25,  25, 20, 15,  0,
      0, 10, 15,  20,  20,  20, 15, 10,  0,
     -5,  5, 10,  10,  10,  10, 10,  5, -5,
     -5,  0,  5,   5,   5,   5,  5,  0, -5,
    -10, -5,  0,  -5, -15,  -5,  0, -5,-10,
    -15,-10, -5,  -5, -20,  -5, -5,-10,-15,
};
constexpr Table kRook = {
     10, 10, 10,  15,  15,  15, 10, 10, 10,
     15, 20, 15,  25,  20,  25, 15, 20, 15,
     10, 15, 10,  20,  20,  20, 10, 15, 10,
     10, 15, 10,  20,  20,  20, 10, 15, 10,
     10, 15, 10,  15,  15,  15, 10, 15, 10,
      5, 15, 10,  15,  15,  15, 10, 15,  5,
      0, 10,  5,  10,  10,  10,  5, 10,  0,
     -5,  5,  0,  10,   5,  10,  0,  5, -5,
     -5,  0,  0,  10,   0,  10,  0,  0, -5,
    -10,  0, -5,   5,   0,   5, -5,  0,-10,
};
constexpr Table kCannon = {
     10, 10,  0,  -5, -10,  -5,  0, 10, 10,
      5,  5,  0,  -5,  -5,  -5,  0,  5,  5,
      5,  5,  5,   5,  10,   5,  5,  5,  5,
      0,  5,  5,   5,  10,   5,  5,  5,  0,
      0,  0,  0,   0,  10,   0,  0,  0,  0,
     -5,  0,  5,   0,  10,   0,  5,  0, -5,
      0,  0,  0,   0,  10,   0,  0,  0,  0,
      5,  5,  5,  10,  20,  10,  5,  5,  5,
      0,  5,  5,   5,  10,   5,  5,  5,  0,
      0,  0,  5,   5,   5,   5,  5,  0,  0,
};
constexpr Table kPawnMg = {
      0,  5, 10,  15,  20,  15, 10,  5,  0,
     30, 50, 70,  90, 100,  90, 70, 50, 30,
     30, 50, 70,  90,  95,  90, 70, 50, 30,
     25, 40, 55,  65,  70,  65, 55, 40, 25,
     15, 25, 35,  45,  50,  45, 35, 25, 15,
      0,  0, -5,   0,  10,   0, -5,  0,  0,
      0,  0, -5,   0,   5,   0, -5,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
};
constexpr Table kPawnEg = {
     10, 15, 20,  25,  30,  25, 20, 15, 10,
     50, 70, 90, 110, 120, 110, 90, 70, 50,
     50, 70, 90, 105, 110, 105, 90, 70, 50,
     45, 60, 70,  80,  85,  80, 70, 60, 45,
     35, 45, 50,  55,  60,  55, 50, 45, 35,
      0,  0,  0,   0,  10,   0,  0,  0,  0,
      0,  0,  0,   0,   5,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
      0,  0,  0,   0,   0,   0,  0,  0,  0,
};
// clang-format on

// The value of table t for a Red piece on square s (the table's rows run from rank 9 down).
constexpr int at(const Table& t, core::Square s) {
    return t[static_cast<std::size_t>((9 - core::rankOf(s)) * 9 + core::fileOf(s))];
}

constexpr int half(int v) {
    return v / 2;
}

constexpr std::array<std::array<Packed, core::kSquares>, core::kPieceLimit> build() {
    std::array<std::array<Packed, core::kSquares>, core::kPieceLimit> psq{};
    for (int t = 1; t < core::kPieceTypeCount; ++t) {
        const auto type = static_cast<PieceType>(t);
        for (int s = 0; s < core::kSquares; ++s) {
            const auto sq = static_cast<core::Square>(s);
            int mg = 0, eg = 0;
            switch (type) {
            case PieceType::King:
                mg = at(kKingMg, sq);
                eg = at(kKingEg, sq);
                break;
            case PieceType::Advisor:
                mg = eg = at(kAdvisor, sq);
                break;
            case PieceType::Elephant:
                mg = eg = at(kElephant, sq);
                break;
            case PieceType::Horse:
                mg = at(kHorse, sq);
                eg = at(kHorse, sq);
                break;
            case PieceType::Rook:
                mg = at(kRook, sq);
                eg = half(at(kRook, sq));
                break;
            case PieceType::Cannon:
                mg = at(kCannon, sq);
                eg = half(at(kCannon, sq));
                break;
            case PieceType::Pawn:
                mg = at(kPawnMg, sq);
                eg = at(kPawnEg, sq);
                break;
            case PieceType::None:
                break;
            }
            mg += kValueMg[t];
            eg += kValueEg[t];
            psq[core::makePiece(Color::Red, type)][sq]                   = makePacked(mg, eg);
            psq[core::makePiece(Color::Black, type)][core::flipRank(sq)] = makePacked(-mg, -eg);
        }
    }
    return psq;
}

} // namespace

const std::array<std::array<Packed, core::kSquares>, core::kPieceLimit> kPsq = build();

} // namespace xq::ai
