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

namespace {

constexpr int kTempo = 10;

// Mobility: per reachable point (empty or enemy), middlegame and endgame.
constexpr int kRookMobMg = 3, kRookMobEg = 4;
constexpr int kHorseMobMg = 6, kHorseMobEg = 6;
constexpr int kHorseTrapped = 25; // a horse with at most one move

// General safety: per missing advisor / elephant, times the enemy's attacking force.
constexpr int kMissingAdvisor  = 8;
constexpr int kMissingElephant = 6;

// A cannon on the enemy general's file with no piece between (an empty central cannon) and
// with two pieces between (pinning both).
constexpr int kEmptyCannon   = 60;
constexpr int kPinningCannon = 15;

int attackForce(const core::Position& pos, Color c) {
    return 2 * pos.count(c, PieceType::Rook) + pos.count(c, PieceType::Horse)
           + pos.count(c, PieceType::Cannon);
}

struct Terms {
    int mg = 0, eg = 0;
};

// Mobility and cannon pressure for the pieces of colour c, added to t.
void pieceTerms(const core::Position& pos, Color c, const std::uint64_t (&occ)[2], Terms& t) {
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
        t.mg += kRookMobMg * (n - 6);
        t.eg += kRookMobEg * (n - 6);
    });
    forEach(core::makePiece(c, PieceType::Horse), [&](Square s) {
        // Per free leg, its one or two targets that are empty or hold an enemy.
        int n = 0;
        for (const auto* ls = kTables.horseByLeg[s].data(); ls->leg != core::kNoSquare; ++ls) {
            if (pos.at(ls->leg) != core::kNoPiece)
                continue;
            for (const Square to : ls->to)
                if (to != core::kNoSquare) {
                    const Piece q = pos.at(to);
                    n += q == core::kNoPiece || core::colorOf(q) != c;
                }
        }
        t.mg += kHorseMobMg * (n - 3) - (n <= 1 ? kHorseTrapped : 0);
        t.eg += kHorseMobEg * (n - 3) - (n <= 1 ? kHorseTrapped : 0);
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
                t.mg += kEmptyCannon;
            else if (between == 2)
                t.mg += kPinningCannon;
        });
    // General safety: missing defenders count for more the more the enemy can attack.
    const int force   = attackForce(pos, ~c);
    const int missing = kMissingAdvisor * (2 - pos.count(c, PieceType::Advisor))
                        + kMissingElephant * (2 - pos.count(c, PieceType::Elephant));
    t.mg -= missing * force;
    t.eg -= missing * force / 2;
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
    Terms red, black;
    const std::uint64_t occ[2] = {pos.occupancy(Color::Red, 0) | pos.occupancy(Color::Black, 0),
                                  pos.occupancy(Color::Red, 1) | pos.occupancy(Color::Black, 1)};
    pieceTerms(pos, Color::Red, occ, red);
    pieceTerms(pos, Color::Black, occ, black);
    const int mg    = mgOf(psq) + red.mg - black.mg;
    const int eg    = egOf(psq) + red.eg - black.eg;
    const int phase = gamePhase(pos);
    const int score = (mg * phase + eg * (kPhaseMax - phase)) / kPhaseMax;
    return (pos.sideToMove() == Color::Red ? score : -score) + kTempo;
}

} // namespace xq::ai
