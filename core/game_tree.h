// GameTree: the game model of the desktop game: a game with its variations, comments and NAGs,
// and the line being played. Node 0 is the start position; every other node is a move from its
// parent's position. A node's first child is the main continuation, the others are variations
// (alternatives to the first child). Node ids stay valid until the node is removed (removed
// nodes are marked dead, never reused), so the UI may keep them.
// One line of the tree is current, with a cursor on it: the moves up to the cursor are played
// (the position, its history and the result judged by the rules are kept for them), the moves
// after it were taken back and redo() replays them. Invariant: every node of the current line is
// alive and every played move is legal where it is played. Converts to and from PgnGame.
// A result the moves do not give (a resignation, a loss on time, a PGN's [Result]) is an
// adjudication at the cursor. Given at the main line's end, it is the main line's result: the
// tree keeps it while the cursor walks the tree and gives it again whenever the cursor stands
// at that end, until it is taken back (undo()) or the main line no longer ends there (a move
// added after it, its node removed, a variation promoted over it). Anywhere else it lasts only
// while the cursor stays.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/pgn.h"
#include "core/position.h"

namespace xq::core {

using NodeId             = int;
constexpr NodeId kNoNode = -1;

struct TreeNode {
    Move move; // none for the root
    NodeId parent = kNoNode;
    std::vector<NodeId> children; // [0] main continuation, then variations in order
    std::vector<int> nags;
    std::string comment;    // after the move
    std::string preComment; // before the move, when it starts a variation (or the root: the game)
    std::int64_t clockMs = -1; // the mover's time left after the move ([%clk]); -1: no clock
    bool alive           = true;
};

class GameTree {
public:
    static constexpr NodeId kRoot = 0;

    GameTree();
    explicit GameTree(const Position& start, RuleConfig rules = {});
    // The main line of a game (moves only).
    static GameTree fromMoves(const Position& start, const std::vector<Move>& moves);
    // Everything in a PGN game: main line, variations, comments, NAGs, and the main line's
    // result from the Result tag when its moves do not give one (pgnAdjudication).
    static GameTree fromPgn(const PgnGame& pgn);
    // The tree as PGN move text (start, main line with variations; tags and result not set).
    // `exclude`: a subtree left out (moves that were taken back but may be replayed).
    PgnGame toPgn(NodeId exclude = kNoNode) const;

    const Position& start() const { return m_start; }
    const TreeNode& node(NodeId id) const { return m_nodes[static_cast<std::size_t>(id)]; }
    TreeNode& node(NodeId id) { return m_nodes[static_cast<std::size_t>(id)]; }
    bool valid(NodeId id) const {
        return id >= 0 && id < static_cast<NodeId>(m_nodes.size()) && node(id).alive;
    }
    std::size_t size() const { return m_nodes.size(); }
    int depth(NodeId id) const; // plies from the start (root 0)
    // Nodes from the first move to `id` (the root not included).
    std::vector<NodeId> pathTo(NodeId id) const;
    std::vector<Move> movesTo(NodeId id) const;
    // pathTo(id) followed by the main continuation of id down to its end.
    std::vector<NodeId> lineThrough(NodeId id) const;
    std::vector<NodeId> mainLine() const { return lineThrough(kRoot); }
    // The child of `parent` that plays m, or kNoNode.
    NodeId child(NodeId parent, Move m) const;
    // The child playing m if there is one; otherwise a new child: the main continuation when
    // parent had none, else a variation after the existing ones.
    NodeId addMove(NodeId parent, Move m);
    // Replaces the subtree at `old` (a child of its parent) by a new node playing m, at the same
    // place among the parent's children. Returns the new node.
    NodeId replace(NodeId old, Move m);
    // Removes a node and everything after it. The current line ends before it when it held it.
    void remove(NodeId id);

    // On the main line: every node from the root to it is a first child.
    bool isMainLine(NodeId id) const;
    // The first node of the variation that holds `id`: the nearest node, id itself or an
    // ancestor, that is not its parent's first child. kNoNode on the main line.
    NodeId variationStart(NodeId id) const;
    // Makes the variation holding `id` the main continuation at its branch point (one level).
    // False when id is on the main line.
    bool promote(NodeId id);
    // Removes the variation holding `id` (from its first move on) and returns the node it
    // branched from, or kNoNode (nothing removed) when id is on the main line.
    NodeId removeVariation(NodeId id);

    // --- The current line and its cursor ----------------------------------------------------
    // A new tree's current line is empty, its cursor at the start.

    // The nodes of the current line, from the first move on; line()[i] plays move i + 1.
    const std::vector<NodeId>& line() const { return m_line; }
    // Moves played: the cursor. The nodes of line() after it are the moves taken back.
    std::size_t ply() const { return m_played.size(); }
    // The node at the cursor (kRoot before the first move) and the next move to redo (or kNoNode).
    NodeId current() const { return ply() == 0 ? kRoot : m_line[ply() - 1]; }
    NodeId redoNode() const { return ply() < m_line.size() ? m_line[ply()] : kNoNode; }
    // The moves played, the position they lead to, and the position after the first `n` of them
    // (n beyond ply(): the position at the cursor).
    const std::vector<Move>& moves() const { return m_played; }
    const Position& position() const { return m_pos; }
    Position positionAt(std::size_t n) const;
    const RuleConfig& rules() const { return m_rules; }
    // Judges the cursor's position again under other rules (a resignation stays).
    void setRules(const RuleConfig& rules);
    bool isLegal(Move m) const { return m_pos.isPseudoLegal(m) && m_pos.isLegal(m); }
    // The result at the cursor: judged by the rules (judgePosition), or an adjudication.
    GameResult result() const { return m_result; }
    bool isOver() const { return m_result.isOver(); }
    bool canUndo() const { return ply() > 0; }
    bool canRedo() const { return ply() < m_line.size(); }
    // The played moves as a linear game (for the review) and the search's view of the position
    // after the first `n` played moves (n beyond ply(): the cursor's).
    Game playedGame() const;
    // The main line as a linear game (a record's view: its moves up to the first illegal one)
    // with its result: judged by the rules, or its adjudication.
    Game mainGame() const;
    // The adjudication that ends the game at node `id`: the cursor's when id is the cursor's
    // node, else the main line's when id is its end. Ongoing when there is none.
    GameResult adjudication(NodeId id) const;
    SearchSnapshot searchSnapshot() const { return {m_pos, m_keys, m_checks, m_rules, m_played}; }
    SearchSnapshot snapshotAt(std::size_t n) const;

    // Makes the line through `id` (lineThrough) current, with the cursor after `n` of its moves
    // (at most its length). The moves are played even past a result (as a PGN may go on after
    // a draw by repetition); the line ends before a move that is not legal. Leaves an
    // adjudication at the cursor behind; the main line's stands again at the main line's end.
    // Only the moves that differ from the line played so far are replayed.
    void selectLine(NodeId id, std::size_t n);
    // Takes back the adjudication at the cursor if there is one (the main line's for good),
    // else the last played move (which stays in the line for redo()). False when there is
    // neither.
    bool undo();
    // Plays the next move of the line again. False at its end or when the game is over.
    bool redo();
    // `loser` resigns at the cursor. Nothing when the game is over already.
    void resign(Color loser);
    // Ends the game at the cursor with a result the moves do not give (a resignation, a loss on
    // time): an adjudication, the main line's when the cursor stands at its end. Nothing when
    // the game is over already.
    void adjudicate(const GameResult& r);

private:
    NodeId newNode(NodeId parent, Move m);
    PgnLine lineFrom(NodeId first, bool withSiblings, NodeId exclude) const;
    void addLine(NodeId parent, const PgnLine& line);
    // Plays / takes back one move at the cursor; pushMove returns false for an illegal move.
    bool pushMove(Move m);
    void popMove();
    // The cursor's result: an adjudication stays; else the rules' verdict, or the main line's
    // adjudication at its end.
    void judge();
    // After nodes were removed: the current line ends before its first dead node.
    void trimLine();
    // After the tree or the cursor's result changed: an adjudication at the cursor standing at
    // the main line's end is the main line's; the main line's is forgotten when its node is no
    // longer the main line's end.
    void fitMainEnd();

    Position m_start;
    RuleConfig m_rules;
    std::vector<TreeNode> m_nodes;
    std::vector<NodeId> m_line;
    // The played part of the line: its moves, undo records, the key after each ply (keys[0] the
    // start's) and whether each ply gave check (checks[0] unused), as judgePosition wants them.
    std::vector<Move> m_played;
    std::vector<Undo> m_undos;
    std::vector<Key> m_keys;
    std::vector<bool> m_checks;
    Position m_pos;
    GameResult m_result;
    bool m_adjudicated = false; // m_result is an adjudication, not the rules' verdict
    // The main line's adjudication and its last node (kNoNode: none).
    NodeId m_mainEnd = kNoNode;
    GameResult m_mainResult;
};

} // namespace xq::core
