// Puzzle mode logic: the library parses, correct moves are answered by the longest defence,
// wrong moves are explained and taken back, hints lead to the mate.
#include <catch2/catch.hpp>

#include "ai/puzzle.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "testdata.h"

using namespace xq;

TEST_CASE("the shipped puzzle library parses and is sorted by difficulty", "[puzzle]") {
    std::vector<std::string> errors;
    const auto lib = ai::loadPuzzles(test::sourcePath("assets/puzzles/puzzles.txt"), &errors);
    CHECK(errors.empty());
    REQUIRE(lib.size() >= 40);
    for (std::size_t i = 1; i < lib.size(); ++i)
        CHECK(lib[i - 1].mateIn <= lib[i].mateIn);
    for (const auto& p : lib)
        CHECK_FALSE(p.source.empty());
}

TEST_CASE("malformed puzzle lines are reported with their line numbers", "[puzzle]") {
    std::vector<std::string> errors;
    const auto lib = ai::parsePuzzles("# comment\n"
                                      "3k5/9/4P4/9/9/9/9/9/9/5K3 w - - 0 1 ; 1 ; any ; 10 ; test\n"
                                      "not a fen ; 1 ; any ; 10 ; x\n"
                                      "3k5/9/4P4/9/9/9/9/9/9/5K3 w - - 0 1 ; x ; any ; 10 ; test\n"
                                      "too ; few\n",
                                      &errors);
    CHECK(lib.size() == 1);
    REQUIRE(errors.size() == 3);
    CHECK_THAT(errors[0], Catch::StartsWith("line 3:"));
    CHECK_THAT(errors[1], Catch::StartsWith("line 4:"));
    CHECK_THAT(errors[2], Catch::StartsWith("line 5:"));
}

TEST_CASE("a puzzle session accepts the solution and rejects a wrong move", "[puzzle]") {
    // The first mate in two of the test set whose first move is unique.
    for (const auto& c : test::readCases("mates.txt")) {
        if (c[1] != "2" || c[3] != "yes")
            continue;
        ai::PuzzleEntry e;
        std::string err;
        REQUIRE(ai::puzzleFromFen(c[0], 3, e, err));
        CHECK(e.mateIn == 2);
        ai::PuzzleSession s(e);
        INFO(c[0]);
        // A wrong move: any legal move other than the solution that does not mate in time.
        core::MoveList legal;
        core::generateLegal(s.played().position(), legal);
        const core::Move solution = *core::parseIccs(s.played().position(), c[2]);
        for (core::Move m : legal) {
            if (m == solution)
                continue;
            const auto o = s.play(m);
            REQUIRE(o.verdict == ai::PuzzleSession::Verdict::Wrong);
            CHECK(o.reply);
            CHECK(s.played().ply() == 0); // taken back
            CHECK(s.mistakes() == 1);
            break;
        }
        CHECK(s.hint() == solution);
        const auto o1 = s.play(solution);
        REQUIRE(o1.verdict == ai::PuzzleSession::Verdict::Correct);
        CHECK(s.played().ply() == 2);
        CHECK(s.movesLeft() == 1);
        const core::Move last = s.hint();
        REQUIRE(last);
        const auto o2 = s.play(last);
        CHECK(o2.verdict == ai::PuzzleSession::Verdict::Solved);
        CHECK(s.isSolved());
        break;
    }
}

TEST_CASE("a FEN without a mate is not a puzzle", "[puzzle]") {
    ai::PuzzleEntry e;
    std::string err;
    CHECK_FALSE(ai::puzzleFromFen(std::string(core::kStartFen), 2, e, err));
    CHECK_THAT(err, Catch::Contains("no forced mate within 2 moves"));
    CHECK_FALSE(ai::puzzleFromFen("garbage", 2, e, err));
    CHECK_FALSE(err.empty());
}
