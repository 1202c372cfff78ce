// The search's fast paths agree with the plain, slower functions they replace: the direct
// isPseudoLegal with generating the piece's moves, givesCheckQuick with givesCheck,
// inCheckAfter with isInCheck, legalityContext(inCheck) with legalityContext(). Checked on
// every position of seeded random games from the perft positions.
#include <random>
#include <set>
#include <string>

#include <catch2/catch.hpp>

#include "core/fen.h"
#include "core/movegen.h"
#include "testdata.h"

using namespace xq::core;

namespace {

void checkPosition(const Position& pos) {
    // Every raw from/to pair: the direct rule check against the generated moves of that piece.
    for (int from = 0; from < kSquares; ++from) {
        MoveList gen;
        const Square f = static_cast<Square>(from);
        if (pos.at(f) != kNoPiece && colorOf(pos.at(f)) == pos.sideToMove())
            generateFrom(pos, f, GenKind::All, gen);
        for (int to = 0; to < kSquares; ++to) {
            const Move m(f, static_cast<Square>(to));
            REQUIRE(pos.isPseudoLegal(m) == gen.contains(m));
        }
    }
    REQUIRE_FALSE(pos.isPseudoLegal(Move{}));
    const auto full = pos.legalityContext();
    const auto fast = pos.legalityContext(pos.isInCheck());
    REQUIRE(full.inCheck == fast.inCheck);
    REQUIRE(full.dangerRays == fast.dangerRays);
    MoveList legal;
    generateLegal(pos, legal);
    for (const Move m : legal) {
        INFO(toFen(pos) << " move " << m.raw());
        REQUIRE(pos.givesCheckQuick(m) == pos.givesCheck(m));
        Position after = pos;
        Undo undo;
        after.makeMove(m, undo);
        REQUIRE(after.inCheckAfter(m) == after.isInCheck());
    }
}

} // namespace

TEST_CASE("fast move checks agree with the plain ones along random games", "[movegen][speed]") {
    std::set<std::string> fens;
    for (const auto& c : xq::test::readCases("perft.txt"))
        fens.insert(c[0]);
    REQUIRE(!fens.empty());
    std::mt19937 rng(12345);
    int positions = 0;
    for (const std::string& fen : fens) {
        auto parsed = parseFen(fen);
        REQUIRE(parsed);
        for (int game = 0; game < 3; ++game) {
            Position pos = *parsed;
            for (int ply = 0; ply < 120; ++ply) {
                checkPosition(pos);
                ++positions;
                MoveList legal;
                generateLegal(pos, legal);
                if (legal.empty())
                    break;
                // Prefer captures now and then so that games reach endgames.
                Move m = legal[rng() % legal.size()];
                if (rng() % 3 == 0)
                    for (const Move c : legal)
                        if (pos.at(c.to()) != kNoPiece) {
                            m = c;
                            break;
                        }
                Undo undo;
                pos.makeMove(m, undo);
            }
        }
    }
    REQUIRE(positions > 1000);
}
