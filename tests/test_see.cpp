// Static exchange evaluation: exact exchange values on hand-made positions, including cannon
// screens that appear or vanish during the exchange, horse legs and the general taking last.
#include <catch2/catch.hpp>

#include "ai/psqt.h"
#include "ai/see.h"
#include "core/fen.h"
#include "core/notation.h"

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
