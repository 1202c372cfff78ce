#include "core/game_tree.h"

#include <algorithm>

#include "core/fen.h"

namespace xq::core {

GameTree::GameTree()
    : GameTree(*parseFen(kStartFen)) {}

GameTree::GameTree(const Position& start, RuleConfig rules)
    : m_start(start)
    , m_rules(rules)
    , m_keys{start.key()}
    , m_checks{false}
    , m_pos(start) {
    m_nodes.emplace_back();
    judge();
}

GameTree GameTree::fromMoves(const Position& start, const std::vector<Move>& moves) {
    GameTree t(start);
    NodeId at = kRoot;
    for (Move m : moves)
        at = t.addMove(at, m);
    return t;
}

NodeId GameTree::newNode(NodeId parent, Move m) {
    TreeNode n;
    n.move   = m;
    n.parent = parent;
    m_nodes.push_back(std::move(n));
    const auto id = static_cast<NodeId>(m_nodes.size() - 1);
    node(parent).children.push_back(id);
    fitMainEnd();
    return id;
}

int GameTree::depth(NodeId id) const {
    int d = 0;
    for (; id > kRoot; id = node(id).parent)
        ++d;
    return d;
}

std::vector<NodeId> GameTree::pathTo(NodeId id) const {
    std::vector<NodeId> out;
    for (; id > kRoot; id = node(id).parent)
        out.push_back(id);
    std::reverse(out.begin(), out.end());
    return out;
}

std::vector<Move> GameTree::movesTo(NodeId id) const {
    std::vector<Move> out;
    for (NodeId n : pathTo(id))
        out.push_back(node(n).move);
    return out;
}

std::vector<NodeId> GameTree::lineThrough(NodeId id) const {
    std::vector<NodeId> out = pathTo(id);
    for (NodeId n = id; !node(n).children.empty();) {
        n = node(n).children.front();
        out.push_back(n);
    }
    return out;
}

NodeId GameTree::child(NodeId parent, Move m) const {
    for (NodeId c : node(parent).children)
        if (node(c).move == m)
            return c;
    return kNoNode;
}

NodeId GameTree::addMove(NodeId parent, Move m) {
    if (const NodeId c = child(parent, m); c != kNoNode)
        return c;
    return newNode(parent, m);
}

void GameTree::remove(NodeId id) {
    if (id <= kRoot || !valid(id))
        return;
    auto& siblings = node(node(id).parent).children;
    siblings.erase(std::remove(siblings.begin(), siblings.end(), id), siblings.end());
    std::vector<NodeId> stack{id};
    while (!stack.empty()) {
        const NodeId n = stack.back();
        stack.pop_back();
        TreeNode& t = node(n);
        t.alive     = false;
        stack.insert(stack.end(), t.children.begin(), t.children.end());
        t.children.clear();
    }
    trimLine();
    fitMainEnd();
}

NodeId GameTree::replace(NodeId old, Move m) {
    const NodeId parent = node(old).parent;
    auto& siblings      = node(parent).children;
    const auto index    = std::find(siblings.begin(), siblings.end(), old) - siblings.begin();
    remove(old);
    const NodeId fresh = newNode(parent, m);
    auto& kids         = node(parent).children; // newNode appended it: move it into place
    kids.pop_back();
    kids.insert(kids.begin()
                    + std::min<std::ptrdiff_t>(index, static_cast<std::ptrdiff_t>(kids.size())),
                fresh);
    return fresh;
}

bool GameTree::isMainLine(NodeId id) const {
    return variationStart(id) == kNoNode;
}

NodeId GameTree::variationStart(NodeId id) const {
    for (; id > kRoot; id = node(id).parent)
        if (node(node(id).parent).children.front() != id)
            return id;
    return kNoNode;
}

bool GameTree::promote(NodeId id) {
    const NodeId v = variationStart(id);
    if (v == kNoNode)
        return false;
    auto& kids = node(node(v).parent).children;
    std::iter_swap(kids.begin(), std::find(kids.begin(), kids.end(), v));
    fitMainEnd();
    return true;
}

NodeId GameTree::removeVariation(NodeId id) {
    const NodeId v = variationStart(id);
    if (v == kNoNode)
        return kNoNode;
    const NodeId parent = node(v).parent;
    remove(v);
    return parent;
}

// --- the current line -----------------------------------------------------------------------

bool GameTree::pushMove(Move m) {
    if (!isLegal(m))
        return false;
    const bool check = m_pos.givesCheck(m);
    Undo u;
    m_pos.makeMove(m, u);
    m_played.push_back(m);
    m_undos.push_back(u);
    m_keys.push_back(m_pos.key());
    m_checks.push_back(check);
    return true;
}

void GameTree::popMove() {
    m_pos.unmakeMove(m_undos.back());
    m_played.pop_back();
    m_undos.pop_back();
    m_keys.pop_back();
    m_checks.pop_back();
}

void GameTree::setRules(const RuleConfig& rules) {
    m_rules = rules;
    judge();
}

void GameTree::judge() {
    if (m_adjudicated)
        return;
    m_result = judgePosition(m_pos, m_keys, m_checks, m_played, m_rules);
    if (!m_result.isOver() && m_mainEnd != kNoNode && current() == m_mainEnd) {
        m_result      = m_mainResult;
        m_adjudicated = true;
    }
}

void GameTree::fitMainEnd() {
    const NodeId at = current();
    if (m_adjudicated && node(at).children.empty() && isMainLine(at)) {
        m_mainEnd    = at;
        m_mainResult = m_result;
    } else if (m_mainEnd != kNoNode
               && (!valid(m_mainEnd) || !node(m_mainEnd).children.empty()
                   || !isMainLine(m_mainEnd))) {
        m_mainEnd = kNoNode;
    }
}

void GameTree::trimLine() {
    const auto dead =
        std::find_if(m_line.begin(), m_line.end(), [this](NodeId id) { return !node(id).alive; });
    const auto keep = static_cast<std::size_t>(dead - m_line.begin());
    if (keep == m_line.size())
        return;
    m_line.resize(keep);
    if (ply() > keep) {
        while (ply() > keep)
            popMove();
        m_adjudicated = false;
        judge();
    }
}

void GameTree::selectLine(NodeId id, std::size_t n) {
    std::vector<NodeId> line = valid(id) ? lineThrough(id) : std::vector<NodeId>{};
    // 1. Keep the played moves the new line shares with the old one; take back the others.
    std::size_t same = 0;
    while (same < ply() && same < line.size() && m_line[same] == line[same])
        ++same;
    while (ply() > same)
        popMove();
    m_adjudicated = false;
    // 2. Play the rest of the new line (to check it), cut it at an illegal move, and take back
    //    the moves after the cursor.
    for (std::size_t i = same; i < line.size(); ++i)
        if (!pushMove(node(line[i]).move)) {
            line.resize(i);
            break;
        }
    while (ply() > n)
        popMove();
    m_line = std::move(line);
    judge();
}

bool GameTree::undo() {
    if (m_adjudicated) { // taking back an adjudication comes first, and is for good
        if (current() == m_mainEnd)
            m_mainEnd = kNoNode;
        m_adjudicated = false;
        judge();
        return true;
    }
    if (m_played.empty())
        return false;
    popMove();
    judge();
    return true;
}

bool GameTree::redo() {
    if (!canRedo() || isOver() || !pushMove(node(m_line[ply()]).move))
        return false;
    judge();
    return true;
}

void GameTree::resign(Color loser) {
    adjudicate(winFor(~loser, Reason::Resignation));
}

void GameTree::adjudicate(const GameResult& r) {
    if (isOver() || !r.isOver())
        return;
    m_adjudicated = true;
    m_result      = r;
    fitMainEnd();
}

GameResult GameTree::adjudication(NodeId id) const {
    if (id == current())
        return m_adjudicated ? m_result : GameResult{};
    return id == m_mainEnd ? m_mainResult : GameResult{};
}

Position GameTree::positionAt(std::size_t n) const {
    return positionAfter(m_start, m_played, n);
}

Game GameTree::playedGame() const {
    Game g(m_start, m_rules);
    for (Move m : m_played)
        g.forcePlay(m);
    return g;
}

Game GameTree::mainGame() const {
    Game g(m_start, m_rules);
    NodeId end = kRoot;
    for (NodeId n : mainLine()) {
        if (!g.forcePlay(node(n).move))
            return g;
        end = n;
    }
    g.adjudicate(adjudication(end)); // nothing when the moves ended the game
    return g;
}

SearchSnapshot GameTree::snapshotAt(std::size_t n) const {
    if (n >= ply())
        return searchSnapshot();
    const auto end = static_cast<std::ptrdiff_t>(n + 1);
    return {positionAt(n), std::vector<Key>(m_keys.begin(), m_keys.begin() + end),
            std::vector<bool>(m_checks.begin(), m_checks.begin() + end), m_rules,
            std::vector<Move>(m_played.begin(), m_played.begin() + end - 1)};
}

// --- PGN ------------------------------------------------------------------------------------

PgnLine GameTree::lineFrom(NodeId first, bool withSiblings, NodeId exclude) const {
    PgnLine out;
    out.comment = node(first).preComment;
    for (NodeId c = first; c != kNoNode;) {
        const TreeNode& n = node(c);
        core::PgnMove pm;
        pm.move    = n.move;
        pm.nags    = n.nags;
        pm.comment = n.comment;
        pm.clockMs = n.clockMs;
        if (withSiblings) // the alternatives to this move: its parent's other children
            for (NodeId s : node(n.parent).children)
                if (s != c && s != exclude)
                    pm.variations.push_back(lineFrom(s, false, exclude));
        out.moves.push_back(std::move(pm));
        withSiblings = true;
        c            = kNoNode;
        for (NodeId k : n.children) // the first child not left out continues the line
            if (k != exclude) {
                c = k;
                break;
            }
    }
    return out;
}

PgnGame GameTree::toPgn(NodeId exclude) const {
    PgnGame g;
    g.start      = m_start;
    NodeId first = kNoNode;
    for (NodeId k : node(kRoot).children)
        if (k != exclude) {
            first = k;
            break;
        }
    if (first != kNoNode)
        g.main = lineFrom(first, true, exclude);
    g.main.comment = node(kRoot).preComment;
    return g;
}

void GameTree::addLine(NodeId parent, const PgnLine& line) {
    NodeId at  = parent;
    bool first = true;
    for (const core::PgnMove& pm : line.moves) {
        const NodeId n  = newNode(at, pm.move);
        node(n).nags    = pm.nags;
        node(n).comment = pm.comment;
        node(n).clockMs = pm.clockMs;
        if (first)
            node(n).preComment = line.comment;
        first = false;
        for (const PgnLine& v : pm.variations)
            addLine(at, v);
        at = n;
    }
}

GameTree GameTree::fromPgn(const PgnGame& pgn) {
    GameTree t(pgn.start);
    PgnLine main             = pgn.main;
    t.node(kRoot).preComment = main.comment;
    main.comment.clear();
    t.addLine(kRoot, main);
    // The Result tag ends the main line when its moves (all legal) do not: a resignation or a
    // loss on time, as gameFromPgn reads it.
    if (const GameResult r = pgnAdjudication(pgn); r.isOver()) {
        const Game played              = t.mainGame();
        const std::vector<NodeId> line = t.mainLine();
        if (played.ply() == line.size() && !played.isOver()) {
            t.m_mainEnd    = line.empty() ? kRoot : line.back();
            t.m_mainResult = r;
            t.judge(); // the cursor, at the start, is at the main line's end when it has no moves
        }
    }
    return t;
}

} // namespace xq::core
