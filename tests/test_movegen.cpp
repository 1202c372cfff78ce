// Move generation against published perft counts and exact legal-move lists.
#include <algorithm>

#include <catch2/catch.hpp>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "testdata.h"

using namespace xq::core;

namespace {

// CI runs every case up to this many leaves; deeper ones are tagged [.perft-deep].
constexpr std::uint64_t kDefaultPerftLimit = 12'000'000;

} // namespace

TEST_CASE("perft matches every published count up to 12 million leaves", "[movegen][perft]") {
    int run = 0;
    for (const auto& c : xq::test::readCases("perft.txt")) {
        const std::uint64_t nodes = std::stoull(c[2]);
        if (nodes > kDefaultPerftLimit)
            continue;
        const int depth = std::stoi(c[1]);
        auto pos        = parseFen(c[0]);
        INFO(c[0] << " depth " << depth);
        REQUIRE(pos);
        CHECK(perft(*pos, depth) == nodes);
        ++run;
    }
    CHECK(run >= 40);
}

TEST_CASE("perft matches the deep published counts", "[.perft-deep]") {
    for (const auto& c : xq::test::readCases("perft.txt")) {
        const std::uint64_t nodes = std::stoull(c[2]);
        if (nodes <= kDefaultPerftLimit || nodes > 200'000'000)
            continue;
        auto pos = parseFen(c[0]);
        INFO(c[0] << " depth " << c[1]);
        REQUIRE(pos);
        CHECK(perft(*pos, std::stoi(c[1])) == nodes);
    }
}

TEST_CASE("legal move lists match the rule edge cases exactly", "[movegen][rules]") {
    const auto cases = xq::test::readCases("rules.txt");
    REQUIRE(cases.size() == 29);
    for (const auto& c : cases) {
        INFO(c[2]);
        auto pos = parseFen(c[0]);
        REQUIRE(pos);
        MoveList list;
        generateLegal(*pos, list);
        std::vector<std::string> got;
        for (Move m : list)
            got.push_back(toIccs(m));
        std::sort(got.begin(), got.end());
        CHECK(got == xq::test::splitWords(c[1]));
        CHECK(hasLegalMove(*pos) == !got.empty());
        CHECK(countLegal(*pos) == static_cast<int>(got.size()));
        // Every from/to pair: isPseudoLegal && isLegal agrees with the generator.
        int legalPairs = 0;
        for (int f = 0; f < kSquares; ++f)
            for (int t = 0; t < kSquares; ++t) {
                const Move m(static_cast<Square>(f), static_cast<Square>(t));
                if (f != t && pos->isPseudoLegal(m) && pos->isLegal(m)) {
                    ++legalPairs;
                    CHECK(list.contains(m));
                }
            }
        CHECK(legalPairs == static_cast<int>(list.size()));
    }
}

TEST_CASE("debug perft restores key, board and counters after every unmake", "[movegen][perft]") {
    const char* fens[] = {
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "2bakabr1/9/5c3/2p1p4/p8/5p2P/P1P1P4/B7R/4A3N/R4KB2 w - - 0 1",
        "rnbakCb1r/9/9/p1p1p1p1p/1C7/9/P1P1c1P1P/8R/9/R1BcKABN1 b - - 0 1",
        "3k5/9/9/9/9/4c4/9/9/4K4/5R3 w - - 0 1",
    };
    for (const char* fen : fens) {
        auto pos = parseFen(fen);
        REQUIRE(pos);
        INFO(fen);
        Position p = *pos;
        CHECK(perftChecked(p, 3) == perft(*pos, 3));
        CHECK(toFen(p) == toFen(*pos));
    }
}

TEST_CASE("tables: elephants never cross the river and horses know their legs", "[movegen]") {
    using tables::kTables;
    for (int s = 0; s < kSquares; ++s)
        for (const auto* st = kTables.elephant[s].data(); st->to != kNoSquare; ++st)
            CHECK((rankOf(static_cast<Square>(s)) <= 4) == (rankOf(st->to) <= 4));
    // Horse on b0 (Red's left horse): targets a2, c2, d1; legs b1, b1, c0.
    int n = 0;
    for (const auto* st = kTables.horse[makeSquare(1, 0)].data(); st->to != kNoSquare; ++st, ++n) {
        if (st->to == makeSquare(0, 2) || st->to == makeSquare(2, 2))
            CHECK(st->block == makeSquare(1, 1));
        if (st->to == makeSquare(3, 1))
            CHECK(st->block == makeSquare(2, 0));
    }
    CHECK(n == 3);
    STATIC_REQUIRE(
        tables::kTables.canStand[0][static_cast<int>(PieceType::Advisor)][makeSquare(4, 1)]);
    STATIC_REQUIRE(
        !tables::kTables.canStand[0][static_cast<int>(PieceType::Advisor)][makeSquare(4, 0)]);
}
