// The mate solver: every algorithm proves the listed mates with the right length, refutes
// positions without a mate, respects the checks-only mode, stalemate and repetition.
#include <catch2/catch.hpp>

#include "ai/mate_solver.h"
#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "testdata.h"

using namespace xq;

namespace {

// Plays the line and checks it ends with the defender unable to move.
void checkLineMates(const core::Position& start, const std::vector<core::Move>& line) {
    core::Game g(start);
    for (core::Move m : line) {
        INFO(core::toIccs(m));
        REQUIRE(g.play(m));
    }
    CHECK(line.size() % 2 == 1);
    CHECK_FALSE(core::hasLegalMove(g.position()));
}

} // namespace

TEST_CASE("df-pn+ proves every listed mate with its exact length and a mating line", "[mate]") {
    for (const auto& c : test::readCases("mates.txt")) {
        const int n = std::stoi(c[1]);
        if (n > 4) // the mates in five are in the slow set below
            continue;
        auto pos = core::parseFen(c[0]);
        REQUIRE(pos);
        INFO(c[0]);
        ai::MateLimits limits;
        limits.maxMoves = n;
        const auto r    = ai::solveMate(*pos, limits);
        REQUIRE(r.status == ai::MateStatus::Proven);
        CHECK(r.mateIn == n);
        CHECK(static_cast<int>(r.line.size()) == 2 * n - 1);
        checkLineMates(*pos, r.line);
        if (c[3] == "yes")
            CHECK(core::toIccs(r.line.front()) == c[2]);
    }
}

TEST_CASE("df-pn+ proves the mates in five", "[mate][.slow]") {
    for (const auto& c : test::readCases("mates.txt")) {
        if (std::stoi(c[1]) != 5)
            continue;
        auto pos = core::parseFen(c[0]);
        REQUIRE(pos);
        INFO(c[0]);
        ai::MateLimits limits;
        limits.maxMoves = 5;
        limits.maxNodes = 0;
        const auto r    = ai::solveMate(*pos, limits);
        REQUIRE(r.status == ai::MateStatus::Proven);
        CHECK(r.mateIn == 5);
        checkLineMates(*pos, r.line);
    }
}

TEST_CASE("all four algorithms agree on the short mates", "[mate]") {
    for (const auto& c : test::readCases("mates.txt")) {
        const int n = std::stoi(c[1]);
        if (n > 2)
            continue;
        auto pos = core::parseFen(c[0]);
        REQUIRE(pos);
        INFO(c[0]);
        for (auto alg : {ai::MateAlgorithm::AlphaBeta, ai::MateAlgorithm::AlphaBetaTT,
                         ai::MateAlgorithm::DfPn, ai::MateAlgorithm::DfPnPlus}) {
            ai::MateLimits limits;
            limits.algorithm = alg;
            limits.maxMoves  = 3;
            const auto r     = ai::solveMate(*pos, limits);
            INFO(ai::algorithmName(alg));
            CHECK(r.status == ai::MateStatus::Proven);
            CHECK(r.mateIn == n);
            checkLineMates(*pos, r.line);
        }
    }
}

TEST_CASE("no mate is refuted within the limit", "[mate]") {
    auto start = core::parseFen(core::kStartFen);
    REQUIRE(start);
    ai::MateLimits limits;
    limits.maxMoves = 2;
    limits.mode     = ai::MateMode::ChecksOnly;
    const auto r    = ai::solveMate(*start, limits);
    CHECK(r.status == ai::MateStatus::Disproven);
    CHECK(r.provenToMoves == 2);
    // A lone chariot against a general with advisors: no mate in two.
    auto pos = core::parseFen("3aka3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    REQUIRE(pos);
    limits.mode = ai::MateMode::AnyMove;
    CHECK(ai::solveMate(*pos, limits).status == ai::MateStatus::Disproven);
}

TEST_CASE("stalemating the defender counts as a win", "[mate]") {
    // Red's soldier steps to e8: Black's general on d9 has no move and is not in check.
    auto pos = core::parseFen("3k5/9/4P4/9/9/9/9/9/9/5K3 w - - 0 1");
    REQUIRE(pos);
    ai::MateLimits limits;
    limits.maxMoves = 1;
    const auto r    = ai::solveMate(*pos, limits);
    REQUIRE(r.status == ai::MateStatus::Proven);
    CHECK(core::toIccs(r.line.front()) == "e7e8");
    // In checks-only mode the quiet stalemating move is not allowed.
    limits.mode = ai::MateMode::ChecksOnly;
    CHECK(ai::solveMate(*pos, limits).status != ai::MateStatus::Proven);
}

TEST_CASE("the solver stops on its node budget and on the stop flag", "[mate]") {
    auto pos = core::parseFen(core::kStartFen);
    REQUIRE(pos);
    ai::MateLimits limits;
    limits.maxMoves = 6;
    limits.maxNodes = 5000;
    auto r          = ai::solveMate(*pos, limits);
    CHECK(r.status == ai::MateStatus::Unknown);
    CHECK(r.nodes < 10000);
    std::atomic<bool> stop{true};
    limits.maxNodes = 0;
    limits.stop     = &stop;
    r               = ai::solveMate(*pos, limits);
    CHECK(r.status == ai::MateStatus::Unknown);
}

TEST_CASE("longest defence picks the reply that delays mate most", "[mate]") {
    // Mate in two from the test set: after the attacker's first move, every reply is mated in
    // one, so the longest defence is a reply that is not mated at once (none is): any legal one.
    for (const auto& c : test::readCases("mates.txt")) {
        if (std::stoi(c[1]) != 3)
            continue;
        auto pos = core::parseFen(c[0]);
        REQUIRE(pos);
        core::Position p = *pos;
        core::Undo u;
        p.makeMove(*core::parseIccs(p, c[2]), u);
        ai::MateLimits limits;
        limits.maxMoves      = 3;
        const core::Move def = ai::longestDefence(p, limits);
        REQUIRE(def);
        core::Position q = p;
        q.makeMove(def, u);
        // After the longest defence the attacker needs exactly two more moves.
        const auto r = ai::solveMate(q, limits);
        INFO(c[0]);
        CHECK(r.status == ai::MateStatus::Proven);
        CHECK(r.mateIn == 2);
        break;
    }
}
