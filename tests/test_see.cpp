// Static exchange evaluation: exact exchange values on hand-made positions, including cannon
// screens that appear or vanish during the exchange, horse legs and the general taking last.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "ai/psqt.h"
#include "ai/see.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "testdata.h"

using namespace xq;

namespace {

int see(const char* fen, const char* move) {
    const auto pos = core::parseFen(fen);
    REQUIRE(pos.hasValue());
    const auto m = core::parseIccs(*pos, move);
    REQUIRE(m.hasValue());
    return ai::staticExchange(*pos, *m);
}

constexpr int kRook    = ai::kValueMg[static_cast<int>(core::PieceType::Rook)];
constexpr int kCannon  = ai::kValueMg[static_cast<int>(core::PieceType::Cannon)];
constexpr int kAdvisor = ai::kValueMg[static_cast<int>(core::PieceType::Advisor)];
constexpr int kSoldier = ai::kValueMg[static_cast<int>(core::PieceType::Pawn)];

} // namespace

TEST_CASE("SEE: undefended and defended victims", "[see]") {
    // Chariot takes a free cannon.
    CHECK(see("4k4/9/9/9/c8/9/R8/9/9/3K5 w - - 0 1", "a3a5") == kCannon);
    // Chariot takes a soldier the black chariot defends: it loses itself for a soldier.
    CHECK(see("r3k4/9/9/p8/9/9/R8/9/9/3K5 w - - 0 1", "a3a6") == kSoldier - kRook);
}

TEST_CASE("SEE: a cannon behind the chariot needs a screen", "[see]") {
    // Cannon a0, horse a2, chariot a3: once the chariot has gone the horse is the screen, so the
    // cannon recaptures and Black's chariot would not take: the chariot wins the soldier.
    CHECK(see("r3k4/9/9/p8/9/9/R8/N8/9/C2K5 w - - 0 1", "a3a6") == kSoldier);
    // Without the horse there is no screen left: the cannon cannot recapture.
    CHECK(see("r3k4/9/9/p8/9/9/R8/9/9/C2K5 w - - 0 1", "a3a6") == kSoldier - kRook);
}

TEST_CASE("SEE: horse legs", "[see]") {
    // The black horse on b8 defends c6 unless its leg b7 is blocked (here by a red horse).
    CHECK(see("4k4/1n7/9/2p6/9/9/2R6/9/9/3K5 w - - 0 1", "c3c6") == kSoldier - kRook);
    CHECK(see("4k4/1n7/1N7/2p6/9/9/2R6/9/9/3K5 w - - 0 1", "c3c6") == kSoldier);
    // A horse that takes a defended horse: an even trade.
    CHECK(see("4k4/9/1n7/9/2n6/9/1N7/9/9/3K5 w - - 0 1", "b3c5") == 0);
}

TEST_CASE("SEE: the general takes only when the point is not defended", "[see]") {
    // Chariot takes the advisor next to the general; the cannon behind (screen: the horse on e1)
    // guards e8, so the general cannot take back.
    CHECK(see("4k4/4a4/9/9/9/9/4R4/9/4N4/3KC4 w - - 0 1", "e3e8") == kAdvisor);
    // Without the cannon the general takes the chariot.
    CHECK(see("4k4/4a4/9/9/9/9/4R4/9/9/3K5 w - - 0 1", "e3e8") == kAdvisor - kRook);
}

TEST_CASE("SEE: quiet moves", "[see]") {
    // A soldier across the river takes sideways: the chariot is lost on d4, safe on b4.
    CHECK(see("4k4/9/9/9/9/R3p4/9/9/9/3K5 w - - 0 1", "a4d4") == -kRook);
    CHECK(see("4k4/9/9/9/9/R3p4/9/9/9/3K5 w - - 0 1", "a4b4") == 0);
}

TEST_CASE("SEE: the threshold test agrees with the full exchange everywhere", "[see]") {
    // Every legal move of the positions along fixed pseudo-random games from the tactics and
    // perft positions, against thresholds on both sides of its exchange value and the margins
    // the search uses: staticExchangeAtLeast must answer exactly as staticExchange compares.
    std::vector<std::string> fens;
    for (const char* file : {"tactics.txt", "perft.txt"})
        for (const auto& c : test::readCases(file))
            if (std::find(fens.begin(), fens.end(), c[0]) == fens.end())
                fens.push_back(c[0]);
    std::uint32_t seed = 12345;
    auto next          = [&seed] { return seed = seed * 1664525u + 1013904223u; };
    long asked = 0, yes = 0, moves = 0;
    for (const auto& fen : fens) {
        auto parsed = core::parseFen(fen);
        REQUIRE(parsed.hasValue());
        core::Position pos = *parsed;
        for (int ply = 0; ply < 40; ++ply) {
            core::MoveList list;
            core::generateLegal(pos, list);
            if (list.size() == 0)
                break;
            for (const core::Move m : list) {
                const int v = ai::staticExchange(pos, m);
                ++moves;
                for (const int t :
                     {v - 1, v, v + 1, -1080, -750, -600, -270, -120, -30, 0, 1, 100, 300, 953}) {
                    const bool expected = v >= t;
                    INFO(fen << " ply " << ply << " move " << core::toIccs(m) << " see " << v
                             << " threshold " << t);
                    REQUIRE(ai::staticExchangeAtLeast(pos, m, t) == expected);
                    ++asked;
                    yes += expected;
                }
            }
            core::Undo undo;
            pos.makeMove(list[next() % list.size()], undo);
        }
    }
    // The games are fixed, so are the counts: both answers are exercised many times over.
    CHECK(moves == 47198);
    CHECK(asked == 660772);
    CHECK(yes == 380952);
}
