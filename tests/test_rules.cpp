// Game results: checkmate, stalemate, repetition, perpetual check, the natural move limit,
// no attackers; undo and redo.
#include <catch2/catch.hpp>

#include "core/fen.h"
#include "core/game.h"
#include "core/notation.h"
#include "testdata.h"

using namespace xq::core;

namespace {

Game gameFrom(const char* fen, RuleConfig rules = {}) {
    auto pos = parseFen(fen);
    REQUIRE(pos);
    return Game(*pos, rules);
}

void playAll(Game& g, std::initializer_list<const char*> moves) {
    for (const char* text : moves) {
        INFO(text);
        auto m = parseIccs(g.position(), text);
        REQUIRE(m);
        REQUIRE(g.play(*m));
    }
}

} // namespace

TEST_CASE("checkmate ends the game for the side that cannot move", "[rules]") {
    Game g = gameFrom("3aka3/9/4C4/9/4C4/9/9/9/9/3K5 b - - 0 1");
    CHECK(g.result() == winFor(Color::Red, Reason::Checkmate));
    CHECK(g.result().pgnResult() == "1-0");
    // Every mate in one from the test set ends in checkmate or a stalemate loss.
    for (const auto& c : xq::test::readCases("mates.txt")) {
        if (c[1] != "1")
            continue;
        auto pos = parseFen(c[0]);
        REQUIRE(pos);
        Game game(*pos);
        auto m = parseIccs(game.position(), c[2]);
        REQUIRE(m);
        REQUIRE(game.play(*m));
        INFO(c[0]);
        CHECK(game.result().outcome
              == (pos->sideToMove() == Color::Red ? Outcome::RedWins : Outcome::BlackWins));
        CHECK((game.result().reason == Reason::Checkmate
               || game.result().reason == Reason::Stalemate));
        CHECK_FALSE(game.play(*m)); // nothing more can be played
    }
}

TEST_CASE("stalemate is a loss for the side without a move", "[rules]") {
    Game g = gameFrom("3k5/4P4/9/9/9/9/9/9/9/5K3 b - - 0 1");
    CHECK(g.result() == winFor(Color::Red, Reason::Stalemate));
    CHECK(g.result().describe() == "Red wins: the other side has no legal move (stalemate)");
}

TEST_CASE("threefold repetition without perpetual check is a draw", "[rules]") {
    Game g;
    playAll(g, {"h0g2", "h9g7", "g2h0", "g7h9", "h0g2", "h9g7", "g2h0"});
    CHECK_FALSE(g.isOver());
    playAll(g, {"g7h9"}); // the start position for the third time
    CHECK(g.result() == drawBy(Reason::Repetition));
    CHECK(g.result().pgnResult() == "1/2-1/2");
    // play() refuses once the game is over; forcePlay() continues (UCI move lists may do so).
    const Move next = *parseIccs(g.position(), "h0g2");
    CHECK_FALSE(g.play(next));
    CHECK(g.forcePlay(next));
    CHECK(g.ply() == 9);
    CHECK(g.isOver()); // this position, too, now occurs for the third time
}

TEST_CASE("perpetual check loses for the checking side", "[rules]") {
    // Red's chariot checks on a9 and a8 while Black's general steps between f9 and f8.
    Game g = gameFrom("5k3/9/R8/9/9/9/9/9/9/3K5 w - - 0 1");
    playAll(g, {"a7a9", "f9f8", "a9a8", "f8f9", "a8a9", "f9f8", "a9a8", "f8f9"});
    CHECK_FALSE(g.isOver());
    playAll(g, {"a8a9"}); // third time: Black general on f9, chariot on a9, Black to move
    CHECK(g.result() == winFor(Color::Black, Reason::PerpetualCheck));
    // Undo takes the result back.
    REQUIRE(g.undo());
    CHECK_FALSE(g.isOver());
}

TEST_CASE("the repetition judge: one perpetual checker loses, both or neither draw", "[rules]") {
    const CyclePly redChecks[] = {
        {Color::Red, true}, {Color::Black, false}, {Color::Red, true}, {Color::Black, false}};
    CHECK(judgeCycle(redChecks) == winFor(Color::Black, Reason::PerpetualCheck));
    const CyclePly blackChecks[] = {
        {Color::Red, false}, {Color::Black, true}, {Color::Red, true}, {Color::Black, true}};
    CHECK(judgeCycle(blackChecks) == winFor(Color::Red, Reason::PerpetualCheck));
    const CyclePly both[] = {
        {Color::Red, true}, {Color::Black, true}, {Color::Red, true}, {Color::Black, true}};
    CHECK(judgeCycle(both) == drawBy(Reason::Repetition));
    const CyclePly none[] = {{Color::Red, false}, {Color::Black, false}};
    CHECK(judgeCycle(none) == drawBy(Reason::Repetition));
}

TEST_CASE("the natural move limit draws after 120 plies without a capture", "[rules]") {
    Game g = gameFrom("3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 118 80");
    playAll(g, {"a0a1"});
    CHECK_FALSE(g.isOver());
    playAll(g, {"d9d8"});
    CHECK(g.result() == drawBy(Reason::MoveLimit));
    // Configurable: with the limit off the game goes on.
    Game off = gameFrom("3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 118 80", RuleConfig{0, 3});
    playAll(off, {"a0a1", "d9d8", "a1a2"});
    CHECK_FALSE(off.isOver());
    // A capture resets the count.
    Game cap = gameFrom("3k5/9/9/9/9/9/9/9/p3A4/R3K4 w - - 119 80");
    playAll(cap, {"a0a1"});
    CHECK_FALSE(cap.isOver());
    CHECK(cap.position().quietPlies() == 0);
}

TEST_CASE("no attacking pieces on either side is a draw", "[rules]") {
    Game g = gameFrom("3aka3/9/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1");
    CHECK(g.result() == drawBy(Reason::NoAttackers));
    Game h = gameFrom("3aka3/9/4b4/9/9/9/9/4B4/4A4/3AK3R w - - 0 1");
    CHECK_FALSE(h.isOver());
}

TEST_CASE("undo walks the game back and a move after it plays on", "[rules]") {
    Game g;
    playAll(g, {"h2e2", "h9g7", "h0g2"});
    const std::string fen3 = toFen(g.position());
    REQUIRE(g.undo());
    REQUIRE(g.undo());
    CHECK(g.ply() == 1);
    playAll(g, {"h9g7", "h0g2"});
    CHECK(toFen(g.position()) == fen3);
    // A different move after undo replaces the one taken back.
    REQUIRE(g.undo());
    playAll(g, {"b0c2"});
    CHECK(toIccs(g.moves().back()) == "b0c2");
    CHECK(g.ply() == 3);
    CHECK(toFen(g.positionAt(1))
          == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
    CHECK(toFen(g.positionAt(0)) == std::string(kStartFen));
    while (g.undo()) {
    }
    CHECK(toFen(g.position()) == std::string(kStartFen));
    CHECK_FALSE(g.play(Move(makeSquare(0, 0), makeSquare(0, 5)))); // illegal: refused
    g.resign(Color::Red);
    CHECK(g.result() == winFor(Color::Black, Reason::Resignation));
}

TEST_CASE("rule set names: one spelling, read in any case", "[rules]") {
    for (RuleSet r : kRuleSets) {
        RuleSet back = r == RuleSet::Asian ? RuleSet::Simple : RuleSet::Asian;
        REQUIRE(parseRuleSetName(ruleSetName(r), back));
        CHECK(back == r);
    }
    CHECK(std::string(ruleSetName(RuleSet::Chinese)) == "Chinese");
    RuleSet r = RuleSet::Asian;
    CHECK(parseRuleSetName("sImPlE", r));
    CHECK(r == RuleSet::Simple);
    CHECK_FALSE(parseRuleSetName("Simpler", r));
    CHECK_FALSE(parseRuleSetName("", r));
    CHECK(r == RuleSet::Simple);
}
