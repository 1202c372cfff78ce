// Regression tests for the inputs the fuzzers (fuzz/, tools/fuzz.sh) found: each case feeds the
// exact bytes that broke a parser back to the same parser and checks the clean outcome.
#include <string>
#include <string_view>

#include <catch2/catch.hpp>

#include "core/fen.h"

using namespace xq;

// fuzz_fen, crash-651727dd: the quiet-move count 100000 was accepted and stored in 16 bits, so
// the position said 34464 and toFen wrote that back. Fixed in core/fen.cpp: counters above 65535
// are rejected with a message.
TEST_CASE("FEN counters that do not fit the position are rejected, not wrapped", "[regression]") {
    const std::string input = "3akab2/R2r5/4b4/151Nr/2p1p4/4c1B2/PR7/4B4/4A4/4KA3 r - - 0100000";
    const auto pos          = core::parseFen(input);
    REQUIRE_FALSE(pos);
    CHECK_THAT(pos.error(), Catch::Contains("quiet-move count"));
    CHECK_FALSE(core::parseFenBoard(input));

    const auto full = core::parseFen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 100000 1");
    REQUIRE_FALSE(full);
    CHECK_THAT(full.error(), Catch::Contains("quiet-move count"));
    const auto moveNumber = core::parseFen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 70000");
    REQUIRE_FALSE(moveNumber);
    CHECK_THAT(moveNumber.error(), Catch::Contains("move number"));

    const auto largest = core::parseFen("4k4/9/9/9/9/9/9/9/9/3K5 b - - 65535 65535");
    REQUIRE(largest);
    CHECK(largest->quietPlies() == 65535);
    CHECK(largest->fullmoveNumber() == 65535);
    CHECK(core::toFen(*largest) == "4k4/9/9/9/9/9/9/9/9/3K5 b - - 65535 65535");
}
