// FEN reading and writing: round trips, accepted variants, and every class of bad input.
#include <catch2/catch.hpp>

#include "core/fen.h"
#include "testdata.h"

using namespace xq::core;

TEST_CASE("FEN round trips for every test position", "[fen]") {
    int n = 0;
    for (const char* file : {"perft.txt", "rules.txt", "mates.txt", "tactics.txt"})
        for (const auto& c : xq::test::readCases(file)) {
            auto pos = parseFen(c[0]);
            INFO(c[0]);
            REQUIRE(pos);
            CHECK(toFen(*pos) == c[0]);
            auto again = parseFen(toFen(*pos));
            REQUIRE(again);
            CHECK(*again == *pos);
            CHECK(again->key() == pos->key());
            ++n;
        }
    CHECK(n > 100);
}

TEST_CASE("FEN accepts the common variants", "[fen]") {
    auto a = parseFen(kStartFen);
    REQUIRE(a);
    // H/E for horse/elephant, r for Red to move, missing counters.
    auto b = parseFen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r");
    REQUIRE(b);
    CHECK(*a == *b);
    CHECK(toFen(*b) == std::string(kStartFen));
    auto c = parseFen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 7 12");
    REQUIRE(c);
    CHECK(c->sideToMove() == Color::Black);
    CHECK(c->quietPlies() == 7);
    CHECK(c->fullmoveNumber() == 12);
    CHECK(c->key() != a->key());
}

TEST_CASE("bad FENs are rejected with a message saying what is wrong", "[fen]") {
    struct Bad {
        const char* fen;
        const char* mentions;
    };
    const Bad cases[] = {
        {"", "empty"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w", "9 ranks"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9 w", "more than 10 ranks"},
        {"rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "rank 2"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C11/9/RNBAKABNR w", "more than 9 points"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w",
         "unknown piece letter 'X'"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", "side to move"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1",
         "quiet-move count"},
        {"rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "Black has no general"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/3K5/RNBAKABNR w", "Red has 2 generals"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/RNBAKABNR w", "3 chariots"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/P8/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "6 soldiers"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w", "Red has no general"},
        {"3k5/9/9/9/9/9/9/9/9/K8 w", "general on a0 can never stand there"},
        {"3k5/9/9/9/9/9/9/9/9/3KA4 w", "advisor on e0 can never stand there"},
        {"3k5/9/9/9/9/9/9/3B5/9/4K4 w", "elephant on d2 can never stand there"},
        {"3k5/9/9/9/9/B8/9/9/9/3K5 w", "elephant on a4 can never stand there"},
        {"3k5/9/9/9/9/9/9/P8/9/3K5 w", "soldier on a2 can never stand there"},
        {"3k5/9/9/9/9/9/1P7/9/9/3K5 w", "soldier on b3 can never stand there"},
        {"4k4/9/9/9/9/9/9/9/9/4K4 w", "face each other"},
        {"3k5/9/9/9/9/9/9/9/9/3R1K3 w", "Black is in check but it is Red to move"},
    };
    for (const Bad& b : cases) {
        INFO(b.fen);
        auto r = parseFen(b.fen);
        REQUIRE_FALSE(r);
        CHECK_THAT(r.error(), Catch::Contains(b.mentions));
    }
}

TEST_CASE("FEN parsing never crashes on arbitrary bytes", "[fen]") {
    std::string s      = std::string(kStartFen);
    std::uint32_t seed = 12345;
    for (int i = 0; i < 20000; ++i) {
        std::string t = s;
        for (int k = 0; k < 3; ++k) {
            seed                      = seed * 1664525u + 1013904223u;
            t[(seed >> 8) % t.size()] = static_cast<char>(seed >> 24);
        }
        auto r = parseFen(t);
        if (r)
            CHECK(parseFen(toFen(*r)));
        else
            CHECK_FALSE(r.error().empty());
    }
}
