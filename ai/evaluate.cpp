// Evaluation terms beyond material and piece-square values. Each is computed for Red and for
// Black with the same code on mirrored geometry, which is what keeps the score symmetric.
#include "ai/evaluate.h"

#include <algorithm>
#include <bit>

#include "core/tables.h"

namespace xq::ai {

using core::Color;
using core::Piece;
using core::PieceType;
using core::Square;
using core::tables::kTables;

// Our own weights (middlegame, endgame), set by hand. bench/tune.cpp can fit them with the tables,
// but fitted weights play no better than these (docs/STRENGTH.md, "Tried and not kept").
const std::array<std::array<int, 2>, kEvalTermCount> kEvalWeights = {{
    {3, 4},     // chariot mobility
    {6, 6},     // horse mobility
    {-25, -25}, // trapped horse
    {-8, -4},   // missing advisor x force
    {-6, -3},   // missing elephant x force
    {60, 0},    // empty central cannon
    {15, 0},    // pinning cannon
}};

namespace {

constexpr int kTempo = 10;

// The horse's targets per leg as 90-bit sets (bit q of word q >> 6), from the move tables: with
// them a horse's mobility is two bit counts over the legs that are free.
struct HorseLegMasks {
    std::array<std::array<Square, 4>, core::kSquares> leg{};
    std::array<std::array<std::array<std::uint64_t, 2>, 4>, core::kSquares> to{};
};
constexpr HorseLegMasks buildHorseLegMasks() {
    HorseLegMasks h{};
    for (int s = 0; s < core::kSquares; ++s) {
        for (auto& l : h.leg[static_cast<std::size_t>(s)])
            l = core::kNoSquare;
        int i = 0;
        for (const auto* ls = kTables.horseByLeg[static_cast<std::size_t>(s)].data();
             ls->leg != core::kNoSquare; ++ls, ++i) {
            h.leg[static_cast<std::size_t>(s)][static_cast<std::size_t>(i)] = ls->leg;
            for (const Square to : ls->to)
                if (to != core::kNoSquare)
                    h.to[static_cast<std::size_t>(s)][static_cast<std::size_t>(i)][to >> 6] |=
                        std::uint64_t{1} << (to & 63);
        }
    }
    return h;
}
constexpr HorseLegMasks kHorseLegs = buildHorseLegMasks();

// The number of set bits of a word with few of them (a horse has at most 8 targets).
inline int sparseCount(std::uint64_t x) {
    int n = 0;
    for (; x; x &= x - 1)
        ++n;
    return n;
}

int attackForce(const core::Position& pos, Color c) {
    return 2 * pos.count(c, PieceType::Rook) + pos.count(c, PieceType::Horse)
           + pos.count(c, PieceType::Cannon);
}

// The bare counts: what the evaluation weighs once per position (weighing each term where it is
// found costs more) and what the tuner fits.
struct Counts {
    std::array<int, kEvalTermCount> n{};
    void add(EvalTerm t, int count) { n[t] += count; }
};

// The terms for the pieces of colour c, added to out (Terms or Counts).
template <class Out>
void pieceTerms(const core::Position& pos, Color c, const std::uint64_t (&occ)[2], Out& out) {
    const Square enemyKing = pos.kingSquare(~c);
    // Visits the squares of one piece (colour and type) from the position's piece sets.
    auto forEach = [&pos](Piece p, auto&& f) {
        for (int w = 0; w < 2; ++w)
            for (std::uint64_t bits = pos.pieces(p, w); bits; bits &= bits - 1)
                f(static_cast<Square>(w * 64 + std::countr_zero(bits)));
    };
    forEach(core::makePiece(c, PieceType::Rook), [&](Square s) {
        // Per ray: the empty points before the first piece, plus that piece when it is an
        // enemy (found with the occupancy words, not by walking the ray).
        int n = 0;
        for (int d = 0; d < 4; ++d) {
            const auto& mask      = kTables.rayMask[s][d];
            const std::uint64_t a = mask[0] & occ[0], b = mask[1] & occ[1];
            if (!(a | b)) {
                n += kTables.rayLen[s][d];
                continue;
            }
            const int q = core::tables::nearestOnRay(d, a, b);
            n += kTables.rayIndex[s][q] + (core::colorOf(pos.at(static_cast<Square>(q))) != c);
        }
        out.add(kRookMobility, n - 6);
    });
    forEach(core::makePiece(c, PieceType::Horse), [&](Square s) {
        // Per free leg, its one or two targets that are empty or hold an enemy.
        std::uint64_t t0 = 0, t1 = 0;
        for (std::size_t l = 0; l < 4 && kHorseLegs.leg[s][l] != core::kNoSquare; ++l)
            if (pos.at(kHorseLegs.leg[s][l]) == core::kNoPiece) {
                t0 |= kHorseLegs.to[s][l][0];
                t1 |= kHorseLegs.to[s][l][1];
            }
        const int n =
            sparseCount(t0 & ~pos.occupancy(c, 0)) + sparseCount(t1 & ~pos.occupancy(c, 1));
        out.add(kHorseMobility, n - 3);
        if (n <= 1)
            out.add(kHorseTrapped, 1);
    });
    if (enemyKing != core::kNoSquare)
        forEach(core::makePiece(c, PieceType::Cannon), [&](Square s) {
            if (core::fileOf(s) != core::fileOf(enemyKing))
                return;
            const int step = s < enemyKing ? 9 : -9;
            int between    = 0;
            for (int q = s + step; q != enemyKing; q += step)
                between += pos.at(static_cast<Square>(q)) != core::kNoPiece;
            if (between == 0)
                out.add(kEmptyCannon, 1);
            else if (between == 2)
                out.add(kPinningCannon, 1);
        });
    // General safety: missing defenders count for more the more the enemy can attack.
    const int force = attackForce(pos, ~c);
    out.add(kMissingAdvisor, (2 - pos.count(c, PieceType::Advisor)) * force);
    out.add(kMissingElephant, (2 - pos.count(c, PieceType::Elephant)) * force);
}

} // namespace

Packed psqScore(const core::Position& pos) {
    Packed s = 0;
    for (int sq = 0; sq < core::kSquares; ++sq)
        if (const Piece p = pos.at(static_cast<Square>(sq)); p != core::kNoPiece)
            s += kPsq[p][sq];
    return s;
}

int gamePhase(const core::Position& pos) {
    int phase = 0;
    for (PieceType t : {PieceType::Rook, PieceType::Horse, PieceType::Cannon})
        phase += kPhaseWeight[static_cast<int>(t)]
                 * (pos.count(Color::Red, t) + pos.count(Color::Black, t));
    return std::min(phase, kPhaseMax);
}

int evaluate(const core::Position& pos, Packed psq) {
    nn::Accumulator acc;
    nn::refresh(pos, acc);
    return evaluate(pos, psq, acc);
}

int handEvaluate(const core::Position& pos, Packed psq) {
    Counts red, black;
    const std::uint64_t occ[2] = {pos.occupancy(Color::Red, 0) | pos.occupancy(Color::Black, 0),
                                  pos.occupancy(Color::Red, 1) | pos.occupancy(Color::Black, 1)};
    pieceTerms(pos, Color::Red, occ, red);
    pieceTerms(pos, Color::Black, occ, black);
    int mg = mgOf(psq), eg = egOf(psq);
    for (std::size_t t = 0; t < kEvalTermCount; ++t) {
        const int n = red.n[t] - black.n[t];
        mg += kEvalWeights[t][0] * n;
        eg += kEvalWeights[t][1] * n;
    }
    const int phase = gamePhase(pos);
    const int score = (mg * phase + eg * (kPhaseMax - phase)) / kPhaseMax;
    return (pos.sideToMove() == Color::Red ? score : -score) + kTempo;
}

std::array<int, kEvalTermCount> evalTermCounts(const core::Position& pos) {
    const std::uint64_t occ[2] = {pos.occupancy(Color::Red, 0) | pos.occupancy(Color::Black, 0),
                                  pos.occupancy(Color::Red, 1) | pos.occupancy(Color::Black, 1)};
    Counts red, black;
    pieceTerms(pos, Color::Red, occ, red);
    pieceTerms(pos, Color::Black, occ, black);
    std::array<int, kEvalTermCount> n{};
    for (std::size_t t = 0; t < n.size(); ++t)
        n[t] = red.n[t] - black.n[t];
    return n;
}

} // namespace xq::ai
