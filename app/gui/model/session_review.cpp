// GameSession's game review: the review worker over the current line, its verdicts written into
// the tree as comments and NAGs, and the notes read back for the graph and the move list.
#include <algorithm>

#include "app/gui/model/session.h"

namespace xq::gui {

void GameSession::startGameReview(int depth) {
    if (m_reviewWorker.isBusy() || m_tree.ply() == 0)
        return;
    m_reviewNodes.assign(m_tree.line().begin(),
                         m_tree.line().begin() + static_cast<std::ptrdiff_t>(m_tree.ply()));
    ai::ReviewOptions options;
    options.depth  = kReviewDepthBound.clamp(depth);
    options.hashMb = 32;
    // The review uses the threads the computer's moves use: it is what a person waits for.
    options.threads = m_ai.threads;
    // The tables on disk: our engine searches with them, and a move that throws a table win or
    // draw away is marked whichever engine searched.
    options.tablebases = &m_tablebases;
    // Every inaccuracy, mistake and blunder is explained in words, with the better move.
    // Their searches are node-limited: on the 218-ply benchmark game they add 28% to the
    // review's processor time at depth 10 and 16% at depth 12 (xq-explainbench).
    options.explain      = true;
    options.explainNodes = 30'000;
    options.notation     = m_ai.notation;
    m_reviewStartMs      = m_nowMs;
    m_reviewMs           = 0;
    m_reviewGame         = m_tree.playedGame();
    m_reviewOptions      = options;
    m_reviewer           = m_engines.reviewerName();
    m_reviewWorker.start(m_reviewGame, options, m_engines.reviewSearch());
}

void GameSession::cancelGameReview() {
    m_reviewWorker.cancel();
}

void GameSession::applyReview(const ai::GameReview& r, const std::vector<NodeId>& nodes) {
    core::Color mover = m_tree.start().sideToMove();
    for (std::size_t i = 0; i < r.moves.size() && i < nodes.size(); ++i, mover = ~mover) {
        if (!m_tree.valid(nodes[i]))
            break;
        TreeNode& n         = m_tree.node(nodes[i]);
        const NodeReview nr = gui::nodeReview(r.moves[i], mover);
        n.comment           = withReviewComment(n.comment, nr);
        n.nags              = withQualityNag(n.nags, nr.quality);
    }
    readNotes();
    changed();
}

void GameSession::readNotes() {
    m_notes.clear();
    struct Item {
        NodeId id;
        core::Position before;
    };
    std::vector<Item> stack;
    for (NodeId c : m_tree.node(GameTree::kRoot).children)
        stack.push_back({c, m_tree.start()});
    while (!stack.empty()) {
        Item it = std::move(stack.back());
        stack.pop_back();
        const TreeNode& n = m_tree.node(it.id);
        if (!n.comment.empty())
            if (auto nr = parseReviewComment(n.comment, it.before))
                m_notes[it.id] = std::move(*nr);
        if (n.children.empty())
            continue;
        core::Position after = it.before;
        core::Undo u;
        after.makeMove(n.move, u);
        for (NodeId c : n.children)
            stack.push_back({c, after});
    }
    ++m_notesVersion;
}

const NodeReview* GameSession::nodeReview(NodeId id) const {
    const auto it = m_notes.find(id);
    return it == m_notes.end() ? nullptr : &it->second;
}

std::vector<int> GameSession::lineScores() const {
    std::vector<int> out;
    const std::size_t n = m_tree.ply();
    for (std::size_t i = 0; i < n; ++i) {
        const NodeReview* r = nodeReview(m_tree.line()[i]);
        if (!r)
            break;
        if (i == 0)
            out.push_back(r->bestRed);
        out.push_back(r->playedRed);
    }
    return out;
}

std::array<SideStats, 2> GameSession::lineStats() const {
    std::vector<NodeReview> reviews;
    std::vector<core::Color> movers;
    std::vector<core::Move> played;
    core::Color mover   = m_tree.start().sideToMove();
    const std::size_t n = m_tree.ply();
    for (std::size_t i = 0; i < n; ++i, mover = ~mover) {
        const NodeReview* r = nodeReview(m_tree.line()[i]);
        if (!r)
            break;
        reviews.push_back(*r);
        movers.push_back(mover);
        played.push_back(m_tree.node(m_tree.line()[i]).move);
    }
    return summarize(reviews, movers, played);
}

} // namespace xq::gui
