#include "core/format_tree.h"

#include "core/notation.h"

namespace xq::core::detail {

namespace {
// As deep as the PGN reader accepts, so that everything read here can be written as PGN and
// read back.
constexpr int kMaxDepth = 64;
} // namespace

MoveTree::MoveTree(const Position& start) {
    Node root;
    root.pos = start;
    m_nodes.push_back(std::move(root));
}

Expected<int> MoveTree::add(int parent, Square from, Square to) {
    const Position& pos = m_nodes[static_cast<std::size_t>(parent)].pos;
    if (from >= kSquares || to >= kSquares)
        return Error{"a move leaves the board"};
    const Move m(from, to);
    if (m.isNone() || !pos.isPseudoLegal(m) || !pos.isLegal(m))
        return Error{"move " + toIccs(m) + " is not legal"
                     + (pos.at(from) == kNoPiece ? " (no piece on " + toIccs(m).substr(0, 2) + ")"
                        : colorOf(pos.at(from)) != pos.sideToMove()
                            ? std::string(" (it is ")
                                  + (pos.sideToMove() == Color::Red ? "Red" : "Black") + "'s turn)"
                            : std::string())};
    for (int c : m_nodes[static_cast<std::size_t>(parent)].children)
        if (m_nodes[static_cast<std::size_t>(c)].move == m)
            return c; // the same move twice: one node
    Node n;
    n.move   = m;
    n.parent = parent;
    n.pos    = pos;
    Undo u;
    n.pos.makeMove(m, u);
    m_nodes.push_back(std::move(n));
    const int id = static_cast<int>(m_nodes.size()) - 1;
    m_nodes[static_cast<std::size_t>(parent)].children.push_back(id);
    return id;
}

std::optional<std::string> MoveTree::addLine(int parent, const PgnLine& line, int depth) {
    if (depth > kMaxDepth)
        return "variations are nested more than " + num(kMaxDepth) + " deep";
    int at = parent;
    for (std::size_t i = 0; i < line.moves.size(); ++i) {
        const PgnMove& pm = line.moves[i];
        auto n            = add(at, pm.move.from(), pm.move.to());
        if (!n)
            return n.error();
        if (i == 0 && depth > 0)
            setComment(*n, line.comment);
        setComment(*n, pm.comment);
        for (const PgnLine& v : pm.variations)
            if (auto err = addLine(at, v, depth + 1))
                return err;
        at = *n;
    }
    return std::nullopt;
}

Expected<MoveTree> MoveTree::fromLine(const Position& start, const PgnLine& line) {
    MoveTree t(start);
    t.setComment(kRoot, line.comment);
    if (auto err = t.addLine(kRoot, line, 0))
        return Error{*err};
    return t;
}

void MoveTree::setComment(int node, std::string comment) {
    std::string& c = m_nodes[static_cast<std::size_t>(node)].comment;
    if (c.empty())
        c = std::move(comment);
    else if (!comment.empty())
        c += "\n" + comment;
}

std::optional<std::string> MoveTree::fill(PgnLine& line, int from, int depth) const {
    int at = from;
    while (!children(at).empty()) {
        const auto& kids = children(at);
        PgnMove pm;
        pm.move    = m_nodes[static_cast<std::size_t>(kids[0])].move;
        pm.comment = m_nodes[static_cast<std::size_t>(kids[0])].comment;
        for (std::size_t k = 1; k < kids.size(); ++k) {
            if (depth + 1 > kMaxDepth)
                return "variations are nested more than " + num(kMaxDepth) + " deep";
            const Node& v = m_nodes[static_cast<std::size_t>(kids[k])];
            PgnLine var;
            PgnMove first;
            first.move    = v.move;
            first.comment = v.comment;
            var.moves.push_back(std::move(first));
            if (auto err = fill(var, kids[k], depth + 1))
                return err;
            pm.variations.push_back(std::move(var));
        }
        line.moves.push_back(std::move(pm));
        at = kids[0];
    }
    return std::nullopt;
}

Expected<PgnLine> MoveTree::toLine() const {
    PgnLine line;
    line.comment = m_nodes[0].comment;
    if (auto err = fill(line, kRoot, 0))
        return Error{*err};
    return line;
}

Color moverOf(const Position& pos, Square from) {
    if (from >= kSquares || pos.at(from) == kNoPiece)
        return Color::Red;
    return colorOf(pos.at(from));
}

std::uint32_t readLe(std::string_view bytes, std::size_t at, int n) {
    std::uint32_t v = 0;
    for (int i = n - 1; i >= 0; --i) {
        const std::size_t k = at + static_cast<std::size_t>(i);
        v = (v << 8) | (k < bytes.size() ? static_cast<unsigned char>(bytes[k]) : 0U);
    }
    return v;
}

std::string trim(std::string_view s) {
    const std::string_view ideoSpace = "\xE3\x80\x80";
    for (;;) {
        if (!s.empty()
            && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n'))
            s.remove_prefix(1);
        else if (s.substr(0, 3) == ideoSpace)
            s.remove_prefix(3);
        else
            break;
    }
    for (;;) {
        if (!s.empty()
            && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
            s.remove_suffix(1);
        else if (s.size() >= 3 && s.substr(s.size() - 3) == ideoSpace)
            s.remove_suffix(3);
        else
            break;
    }
    return std::string(s);
}

} // namespace xq::core::detail
