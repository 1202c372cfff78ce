// GameTree: a game with its variations, as the move list shows it. Node 0 is the start position;
// every other node is a move from its parent's position. A node's first child is the main
// continuation, the others are variations (alternatives to the first child). Node ids stay valid
// until the node is removed (removed nodes are marked dead, never reused), so the UI may keep them.
// Converts to and from PgnGame (comments, NAGs and nested variations). No SFML.
#pragma once

#include <optional>
#include <string>
#include <vector>

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
    bool alive = true;
};

class GameTree {
public:
    static constexpr NodeId kRoot = 0;

    GameTree();
    explicit GameTree(const Position& start);
    // The main line of a game (moves only).
    static GameTree fromMoves(const Position& start, const std::vector<Move>& moves);
    // Everything in a PGN game: main line, variations, comments, NAGs.
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
    // Removes a node and everything after it.
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

private:
    NodeId newNode(NodeId parent, Move m);
    PgnLine lineFrom(NodeId first, bool withSiblings, NodeId exclude) const;
    void addLine(NodeId parent, const PgnLine& line);

    Position m_start;
    std::vector<TreeNode> m_nodes;
};

} // namespace xq::core
