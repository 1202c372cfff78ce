// core::GameTree as the game model: the current line and its cursor (select, undo, redo,
// resignation), results judged by the rules along the line, and the line cut when its nodes are
// removed. Each case compares with core::Game playing the same moves.
#include <initializer_list>

#include <catch2/catch.hpp>

#include "core/fen.h"
#include "core/game.h"
#include "core/game_tree.h"
#include "core/notation.h"

using namespace xq;
using core::GameTree;
using core::NodeId;

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

TEST_CASE("selecting a variation replays from the branch point; removing nodes cuts the line",
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
