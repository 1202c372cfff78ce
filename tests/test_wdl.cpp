// The win/draw/loss model (ai/wdl.h): its fitted values at a few points, its symmetry, its sums,
// and the material count that sets the phase.
#include <catch2/catch.hpp>

#include "ai/wdl.h"
#include "core/fen.h"

using namespace xq;

namespace {

int materialOf(const char* fen) {
    auto pos = core::parseFen(fen);
    REQUIRE(pos);
    return ai::wdlMaterial(*pos);
}

} // namespace

TEST_CASE("the phase: chariot 4, horse and cannon 2, pawn 1", "[wdl]") {
    CHECK(materialOf(core::kStartFen.data()) == 42);
    CHECK(materialOf("3k5/9/9/9/9/9/9/4R4/9/4K4 w - - 0 1") == 4);
    CHECK(materialOf("3ak4/4a4/9/4P4/9/4N4/9/9/9/4K4 w - - 0 1") == 3);
    CHECK(materialOf("4k4/9/4b4/9/2p3p2/9/4C4/9/4A4/3AK4 b - - 0 1") == 4);
}

TEST_CASE("the fitted model: the start is balanced, an edge counts less with little material",
          "[wdl]") {
    auto check = [](int cp, int material, int win, int draw, int loss) {
        const ai::Wdl w = ai::wdlFromScore(cp, 0, material);
        INFO(cp << " cp, material " << material);
        CHECK(w.win == win);
        CHECK(w.draw == draw);
        CHECK(w.loss == loss);
    };
    check(0, 42, 273, 454, 273);
    check(100, 42, 383, 432, 185);
    check(-100, 42, 185, 432, 383);
    check(300, 42, 628, 295, 77);
    check(100, 20, 243, 625, 132);
    check(300, 8, 108, 884, 8);
    check(1000, 8, 746, 254, 0);
    // Material beyond the start's counts as the start's.
    CHECK(ai::wdlFromScore(100, 0, 60).win == 383);
}

TEST_CASE("the model sums to 1000, mirrors the score, and grows with it", "[wdl]") {
    for (int material = 0; material <= 42; material += 3) {
        int lastWin = -1;
        for (int cp = -3000; cp <= 3000; cp += 25) {
            const ai::Wdl w = ai::wdlFromScore(cp, 0, material);
            const ai::Wdl m = ai::wdlFromScore(-cp, 0, material);
            CHECK(w.win + w.draw + w.loss == 1000);
            CHECK(w.win >= 0);
            CHECK(w.draw >= 0);
            CHECK(w.loss >= 0);
            CHECK(w.win == m.loss);
            CHECK(w.win >= lastWin);
            lastWin = w.win;
        }
    }
    // Mates are certain.
    const ai::Wdl mating = ai::wdlFromScore(29990, 5, 10);
    CHECK((mating.win == 1000 && mating.draw == 0 && mating.loss == 0));
    const ai::Wdl mated = ai::wdlFromScore(-29990, -5, 10);
    CHECK((mated.win == 0 && mated.draw == 0 && mated.loss == 1000));
}
