// Helpers shared by the game file readers (game_formats.h): a move tree that checks every move
// as it is added and turns into PgnLine form, and small byte readers. Not a public interface.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/pgn.h"
#include "core/position.h"
#include "core/result.h"

namespace xq::core::detail {

// Files store moves as a tree in which each node has a first child (the main continuation) and
// later children (variations). Nodes are added in any order; every move is checked against the
// position of its parent.
class MoveTree {
public:
    static constexpr int kRoot = 0;

    explicit MoveTree(const Position& start);
    // A line with its variations (pre-comments of variations join their first move's comment).
    static Expected<MoveTree> fromLine(const Position& start, const PgnLine& line);

    // Adds the move from -> to after `parent`. An error when it is not a legal move there; the
    // message names the move in ICCS.
    Expected<int> add(int parent, Square from, Square to);
    void setComment(int node, std::string comment);
    const std::string& comment(int node) const {
        return m_nodes[static_cast<std::size_t>(node)].comment;
    }
    const Position& position(int node) const { return m_nodes[static_cast<std::size_t>(node)].pos; }
    Move move(int node) const { return m_nodes[static_cast<std::size_t>(node)].move; }
    int parent(int node) const { return m_nodes[static_cast<std::size_t>(node)].parent; }
    std::size_t size() const { return m_nodes.size(); }
    const std::vector<int>& children(int node) const {
        return m_nodes[static_cast<std::size_t>(node)].children;
    }

    // The main line with its variations; the root's comment becomes the line's comment. An
    // error when variations are nested deeper than the PGN reader accepts.
    Expected<PgnLine> toLine() const;

private:
    struct Node {
        Move move;
        int parent = -1;
        std::string comment;
        std::vector<int> children;
        Position pos;
    };
    std::optional<std::string> fill(PgnLine& line, int from, int depth) const;
    std::optional<std::string> addLine(int parent, const PgnLine& line, int depth);

    std::vector<Node> m_nodes;
};

// The colour of the piece on `from`, for files that do not store the side to move: the first
// move tells it. Red when the point is empty.
Color moverOf(const Position& pos, Square from);

// Reads a little-endian unsigned number of `n` bytes at `at`; 0 past the end.
std::uint32_t readLe(std::string_view bytes, std::size_t at, int n);

// The number in decimal, for messages.
inline std::string num(std::size_t n) {
    return std::to_string(n);
}

// Trims ASCII and ideographic spaces at both ends.
std::string trim(std::string_view s);

} // namespace xq::core::detail
