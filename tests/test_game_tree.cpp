// core::GameTree as the game model: the current line and its cursor (select, undo, redo,
// resignation), results judged by the rules along the line, the line cut when its nodes are
// removed, and the main line's adjudication (a resignation, a loss on time, a PGN's [Result])
// kept at its end. Each case compares with core::Game playing the same moves.
#include <initializer_list>
#include <string>

#include <catch2/catch.hpp>

#include "core/fen.h"
#include "core/game.h"
#include "core/game_tree.h"
#include "core/notation.h"
#include "core/pgn.h"

using namespace xq;
using core::Color;
using core::GameTree;
using core::NodeId;
using core::Reason;

namespace {

// Adds ICCS moves below `at` (following existing ones) and returns the last node.
NodeId addLine(GameTree& t, NodeId at, std::initializer_list<const char*> moves) {
    core::Position pos = *core::parseFen(core::kStartFen);
    for (core::Move m : t.movesTo(at)) {
        core::Undo u;
        pos.makeMove(m, u);
    }
    for (const char* text : moves) {
        const auto m = core::parseIccs(pos, text);
        REQUIRE(m);
        at = t.addMove(at, *m);
        core::Undo u;
        pos.makeMove(*m, u);
    }
    return at;
}

} // namespace

TEST_CASE("the tree's cursor plays, takes back and replays its line like a Game", "[tree]") {
    GameTree t;
    CHECK(t.ply() == 0);
    CHECK(t.current() == GameTree::kRoot);
    CHECK_FALSE(t.canUndo());
    const NodeId end = addLine(t, GameTree::kRoot, {"h2e2", "h9g7", "h0g2", "i9h9"});
    CHECK(t.line().empty()); // adding moves does not move the cursor
    t.selectLine(end, 4);
    REQUIRE(t.ply() == 4);
    CHECK(t.current() == end);
    CHECK(t.line() == t.mainLine());

    core::Game g;
    for (core::Move m : t.moves())
        REQUIRE(g.play(m));
    CHECK(t.position() == g.position());
    CHECK(t.searchSnapshot().keys == g.searchSnapshot().keys);
    CHECK(t.searchSnapshot().gaveCheck == g.searchSnapshot().gaveCheck);
    CHECK(t.playedGame().moves() == g.moves());
    CHECK(t.positionAt(2) == g.positionAt(2));
    CHECK(t.snapshotAt(2).root == g.positionAt(2));
    CHECK(t.snapshotAt(2).keys.size() == 3);

    REQUIRE(t.undo());
    REQUIRE(t.undo());
    CHECK(t.ply() == 2);
    CHECK(t.line().size() == 4); // the moves taken back stay for redo
    CHECK(t.redoNode() == t.line()[2]);
    CHECK(t.position() == g.positionAt(2));
    REQUIRE(t.redo());
    CHECK(t.ply() == 3);
    CHECK(t.position() == g.positionAt(3));
    t.selectLine(GameTree::kRoot, 1); // the same line: only the cursor moves
    CHECK(t.ply() == 1);
    CHECK(t.line().size() == 4);
}

TEST_CASE("selecting a variation replays from the branch point, removing nodes cuts the line",
          "[tree]") {
    GameTree t;
    const NodeId main  = addLine(t, GameTree::kRoot, {"h2e2", "h9g7", "h0g2"});
    const NodeId first = t.pathTo(main)[0];
    const NodeId var   = addLine(t, first, {"b9c7", "b0c2"});
    t.selectLine(var, SIZE_MAX);
    CHECK(t.ply() == 3);
    CHECK(t.line() == t.pathTo(var));
    core::Game g;
    for (const char* m : {"h2e2", "b9c7", "b0c2"})
        REQUIRE(g.play(*core::parseIccs(g.position(), m)));
    CHECK(t.position() == g.position());
    CHECK(t.position().key() == g.position().key());

    t.remove(t.node(var).parent); // 1... b9c7 and what follows
    CHECK(t.ply() == 1);
    CHECK(t.line() == std::vector<NodeId>{first});
    CHECK(t.position() == g.positionAt(1));
    t.remove(first);
    CHECK(t.ply() == 0);
    CHECK(t.line().empty());
    CHECK(t.position() == g.positionAt(0));
}

TEST_CASE("the result follows the cursor: mate, resignation, and taking them back", "[tree]") {
    // A mate in one from tests/data/mates.txt (适情雅趣 No.164): 1. e5f5#.
    const auto start = core::parseFen("3a5/4ak3/4b4/5C3/2b1C4/9/9/9/r1r2p3/4K4 w - - 0 1");
    REQUIRE(start);
    GameTree t(*start);
    const auto mate = core::parseIccs(*start, "e5f5");
    REQUIRE(mate);
    t.selectLine(t.addMove(GameTree::kRoot, *mate), 1);
    core::Game g(*start);
    REQUIRE(g.play(*mate));
    CHECK(t.result() == g.result());
    CHECK(t.result().reason == core::Reason::Checkmate);
    CHECK(t.isOver());
    REQUIRE(t.undo());
    CHECK_FALSE(t.isOver());
    CHECK(t.canRedo());

    t.resign(core::Color::Red);
    CHECK(t.result() == core::winFor(core::Color::Black, core::Reason::Resignation));
    CHECK_FALSE(t.redo()); // the game is over
    REQUIRE(t.undo());     // takes back the resignation, not a move
    CHECK(t.ply() == 0);
    CHECK_FALSE(t.isOver());
    REQUIRE(t.redo());
    CHECK(t.result() == g.result());
}

TEST_CASE("the main line's adjudication stands whenever the cursor is at the main line's end",
          "[tree]") {
    GameTree t;
    const NodeId end   = addLine(t, GameTree::kRoot, {"h2e2", "h9g7", "h0g2", "i9h9"});
    const NodeId first = t.pathTo(end)[0];
    const NodeId var   = addLine(t, first, {"b9c7", "b0c2"});
    t.selectLine(end, SIZE_MAX);
    REQUIRE(t.ply() == 4);
    const core::GameResult resigned = core::winFor(Color::Black, Reason::Resignation);
    t.resign(Color::Red); // Red to move at the end
    CHECK(t.result() == resigned);
    CHECK(t.adjudication(end) == resigned);
    CHECK(t.mainGame().result() == resigned);
    CHECK(t.mainGame().ply() == 4);

    // Walking back (the cursor, not undo) and forward again: the result comes back.
    t.selectLine(end, 2);
    CHECK(t.ply() == 2);
    CHECK_FALSE(t.isOver());
    CHECK(t.adjudication(end) == resigned);
    CHECK(t.adjudication(t.current()) == core::GameResult{});
    REQUIRE(t.redo());
    CHECK_FALSE(t.isOver());
    REQUIRE(t.redo());
    CHECK(t.ply() == 4);
    CHECK(t.result() == resigned);
    CHECK_FALSE(t.redo());

    // A variation does not carry it; the main line keeps it meanwhile.
    t.selectLine(var, SIZE_MAX);
    CHECK(t.ply() == 3);
    CHECK_FALSE(t.isOver());
    CHECK(t.mainGame().result() == resigned);
    t.selectLine(GameTree::kRoot, SIZE_MAX);
    CHECK(t.current() == end);
    CHECK(t.result() == resigned);

    // Resigning on a variation is the variation's only: gone when the cursor leaves it.
    t.selectLine(var, SIZE_MAX);
    t.resign(Color::Black);
    CHECK(t.result() == core::winFor(Color::Red, Reason::Resignation));
    CHECK(t.mainGame().result() == resigned);
    t.selectLine(end, SIZE_MAX);
    CHECK(t.result() == resigned);
    t.selectLine(var, SIZE_MAX);
    CHECK_FALSE(t.isOver());
    CHECK(t.adjudication(var) == core::GameResult{});
}

TEST_CASE("the main line's adjudication goes when taken back or when the main line changes",
          "[tree]") {
    GameTree t;
    NodeId end                    = addLine(t, GameTree::kRoot, {"h2e2", "h9g7", "h0g2", "i9h9"});
    const NodeId var              = addLine(t, t.pathTo(end)[0], {"b9c7", "b0c2"});
    const core::GameResult onTime = core::winFor(Color::Black, Reason::Time);

    SECTION("undo takes it back for good") {
        t.selectLine(end, SIZE_MAX);
        t.adjudicate(onTime);
        REQUIRE(t.result() == onTime);
        REQUIRE(t.undo());
        CHECK(t.ply() == 4);
        CHECK_FALSE(t.isOver());
        t.selectLine(var, SIZE_MAX);
        t.selectLine(end, SIZE_MAX);
        CHECK_FALSE(t.isOver());
        CHECK(t.mainGame().result() == core::GameResult{});
    }
    SECTION("a new move at the end: the main line goes on, ongoing") {
        t.selectLine(end, SIZE_MAX);
        t.adjudicate(onTime);
        const NodeId next = addLine(t, end, {"b0c2"});
        CHECK(t.adjudication(end) == onTime); // the cursor still stands there, adjudicated
        t.selectLine(next, SIZE_MAX);
        CHECK(t.ply() == 5);
        CHECK_FALSE(t.isOver());
        CHECK(t.mainGame().ply() == 5);
        CHECK(t.mainGame().result() == core::GameResult{});
        t.selectLine(next, 4); // the old end, walked back to
        CHECK_FALSE(t.isOver());
        t.remove(next); // the old end is the end again, without its result
        CHECK(t.current() == end);
        CHECK_FALSE(t.isOver());
        t.selectLine(var, SIZE_MAX);
        t.selectLine(end, SIZE_MAX);
        CHECK_FALSE(t.isOver());
    }
    SECTION("its node replaced") {
        t.selectLine(end, SIZE_MAX);
        t.resign(Color::Red);
        t.selectLine(end, 3);
        const NodeId other = t.replace(end, *core::parseIccs(t.position(), "b9c7"));
        t.selectLine(other, SIZE_MAX);
        CHECK(t.ply() == 4);
        CHECK(t.mainLine().back() == other);
        CHECK_FALSE(t.isOver());
        CHECK(t.mainGame().result() == core::GameResult{});
    }
    SECTION("a variation promoted over it") {
        t.selectLine(end, SIZE_MAX);
        t.resign(Color::Red);
        t.selectLine(var, SIZE_MAX);
        REQUIRE(t.promote(var));
        CHECK(t.mainLine() == t.pathTo(var));
        CHECK(t.mainGame().result() == core::GameResult{});
        t.selectLine(end, SIZE_MAX);
        CHECK_FALSE(t.isOver());
        REQUIRE(t.promote(end)); // back as it was: the resignation was forgotten
        t.selectLine(GameTree::kRoot, SIZE_MAX);
        CHECK(t.current() == end);
        CHECK_FALSE(t.isOver());
    }
    SECTION("given where moves were taken back, it is the cursor's only") {
        t.selectLine(end, 1);
        t.resign(Color::Black);
        CHECK(t.isOver());
        CHECK(t.adjudication(t.current()) == core::winFor(Color::Red, Reason::Resignation));
        CHECK(t.mainGame().result() == core::GameResult{});
        t.selectLine(end, SIZE_MAX);
        CHECK_FALSE(t.isOver());
        t.selectLine(end, 1);
        CHECK_FALSE(t.isOver());
    }
}

TEST_CASE("a PGN's [Result] that the moves do not give ends the main line of its tree",
          "[tree][pgn]") {
    auto treeOf = [](const std::string& text) {
        const auto pgn = core::readPgn(text);
        REQUIRE(pgn);
        const auto game = core::gameFromPgn(*pgn);
        REQUIRE(game);
        GameTree t = GameTree::fromPgn(*pgn);
        CHECK(t.mainGame().result() == game->result()); // as the linear reader reads it
        CHECK(t.mainGame().moves() == game->moves());
        return t;
    };
    const std::string moves = "1. h2e2 h9g7 (1... b9c7 2. b0c2) 2. h0g2 i9h9";

    GameTree t                      = treeOf("[Result \"1-0\"]\n\n" + moves + " 1-0\n");
    const core::GameResult resigned = core::winFor(Color::Red, Reason::Resignation);
    const NodeId end                = t.mainLine().back();
    CHECK(t.mainLine().size() == 4);
    CHECK(t.mainGame().result() == resigned);
    CHECK(t.adjudication(end) == resigned);
    CHECK(t.ply() == 0); // the cursor at the start, the game on there
    CHECK_FALSE(t.isOver());
    t.selectLine(GameTree::kRoot, SIZE_MAX);
    CHECK(t.current() == end);
    CHECK(t.result() == resigned);
    t.selectLine(end, 3);
    CHECK_FALSE(t.isOver());
    t.selectLine(t.node(GameTree::kRoot).children[0], SIZE_MAX);
    CHECK(t.result() == resigned);
    t.selectLine(t.node(t.mainLine()[0]).children[1], SIZE_MAX); // 1... b9c7 2. b0c2
    CHECK(t.ply() == 3);
    CHECK_FALSE(t.isOver());

    // On time, by its Termination tag; a draw on time; a draw by agreement is not kept.
    const std::string timeForfeit = "[Termination \"time forfeit\"]\n";
    CHECK(treeOf("[Result \"0-1\"]\n" + timeForfeit + "\n" + moves + " 0-1\n").mainGame().result()
          == core::winFor(Color::Black, Reason::Time));
    CHECK(treeOf("[Result \"1/2-1/2\"]\n" + timeForfeit + "\n" + moves + " 1/2-1/2\n")
              .mainGame()
              .result()
          == core::drawBy(Reason::TimeNoMating));
    CHECK(treeOf("[Result \"1/2-1/2\"]\n\n" + moves + " 1/2-1/2\n").mainGame().result()
          == core::GameResult{});
    CHECK(treeOf("[Result \"*\"]\n\n" + moves + " *\n").mainGame().result() == core::GameResult{});

    // A game without moves: the cursor at the start is the main line's end.
    GameTree none = treeOf("[Result \"0-1\"]\n\n0-1\n");
    CHECK(none.result() == core::winFor(Color::Black, Reason::Resignation));

    // Moves that end the game by the rules win over the tag (1. e5f5 mates, 适情雅趣 No.164).
    GameTree mate = treeOf("[FEN \"3a5/4ak3/4b4/5C3/2b1C4/9/9/9/r1r2p3/4K4 w - - 0 1\"]\n"
                           "[Result \"0-1\"]\n\n1. e5f5 0-1\n");
    mate.selectLine(GameTree::kRoot, SIZE_MAX);
    CHECK(mate.result().reason == Reason::Checkmate);
    CHECK(mate.result().outcome == core::Outcome::RedWins);
    CHECK(mate.adjudication(mate.current()) == core::GameResult{});
}
