#include "app/gui/session.h"

#include <algorithm>

#include "core/fen.h"

namespace xq::gui {

ai::SearchLimits AiSettings::limits() const {
    ai::SearchLimits l;
    if (useMoveTime)
        l.movetime = moveTimeMs;
    else
        l.depth = depth;
    return l;
}

GameSession::GameSession()
    : m_game(*core::parseFen(core::kStartFen))
    , m_worker(32) {}

void GameSession::newGame(const core::Position& start, PlayMode mode) {
    cancelSearch();
    m_game = core::Game(start);
    m_mode = mode;
    m_review.reset();
    m_analysed = false;
    m_worker.clearHash();
    changed();
}

void GameSession::loadGame(const core::Game& game, PlayMode mode) {
    cancelSearch();
    m_game = game;
    m_mode = mode;
    m_review.reset();
    m_analysed = false;
    changed();
}

void GameSession::setMode(PlayMode mode) {
    if (mode == m_mode)
        return;
    cancelSearch();
    m_mode     = mode;
    m_analysed = false;
}

bool GameSession::isComputerSide(core::Color c) const {
    switch (m_mode) {
    case PlayMode::PlayRed:
        return c == core::Color::Black;
    case PlayMode::PlayBlack:
        return c == core::Color::Red;
    case PlayMode::ComputerBoth:
        return true;
    case PlayMode::TwoPlayers:
    case PlayMode::Analysis:
        return false;
    }
    return false;
}

bool GameSession::isBusy() const {
    return (m_task != AiTask::None && m_task != AiTask::Analyse) || m_pending
           || (!m_game.isOver() && isComputerSide(m_game.position().sideToMove()));
}

bool GameSession::canHumanMove() const {
    return !m_game.isOver() && !m_review && !isComputerSide(m_game.position().sideToMove());
}

bool GameSession::humanMove(core::Move m) {
    if (!canHumanMove() || !m_game.isLegal(m))
        return false;
    if (m_task == AiTask::Hint)
        cancelSearch();
    playAndRecord(m, false);
    return true;
}

void GameSession::playAndRecord(core::Move m, bool byComputer) {
    const core::Position& before = m_game.position();
    MoveEvent e;
    e.move       = m;
    e.piece      = before.at(m.from());
    e.captured   = before.at(m.to());
    e.byComputer = byComputer;
    if (!m_game.play(m))
        return;
    e.check    = m_game.position().isInCheck();
    e.gameOver = m_game.isOver();
    m_events.push_back(e);
    m_hint.reset();
    m_lastMoveMs = m_nowMs;
    changed();
}

void GameSession::changed() {
    ++m_changes;
}

void GameSession::startTask(AiTask task) {
    m_taskRoot = m_game.position();
    m_info.reset();
    m_pending.reset();
    ai::SearchLimits limits = m_ai.limits();
    if (task == AiTask::Analyse) {
        limits          = {};
        limits.infinite = true;
        limits.useBook  = false;
    }
    m_worker.start(m_game.searchSnapshot(), limits);
    m_task = task;
}

void GameSession::cancelSearch() {
    m_worker.cancel();
    m_task = AiTask::None;
    m_pending.reset();
}

void GameSession::update(std::int64_t nowMs) {
    m_nowMs = nowMs;
    // 1. Progress of the running search.
    for (ai::SearchInfo& info : m_worker.pollInfo())
        m_info = std::move(info);
    // 2. A finished search: re-validate against the position the UI holds now.
    if (auto r = m_worker.poll()) {
        const AiTask task       = m_task;
        m_task                  = AiTask::None;
        const bool samePosition = r->rootKey == m_game.position().key();
        if (task == AiTask::Move && samePosition && m_game.isLegal(r->best))
            m_pending = std::move(*r);
        else if (task == AiTask::Hint && samePosition && m_game.isLegal(r->best))
            m_hint = r->best;
        else if (task == AiTask::Analyse)
            m_analysed = true;
    }
    if (m_pending) {
        if (m_pending->rootKey != m_game.position().key() || !m_game.isLegal(m_pending->best))
            m_pending.reset();
        else if (nowMs - m_lastMoveMs >= kMinReplyDelayMs) {
            const core::Move best = m_pending->best;
            m_pending.reset();
            playAndRecord(best, true);
        }
    }
    // 3. Start the computer when it is its turn (or restart analysis on a new position).
    if (m_task != AiTask::None || m_pending || m_game.isOver())
        return;
    if (isComputerSide(m_game.position().sideToMove()))
        startTask(AiTask::Move);
    else if (m_mode == PlayMode::Analysis
             && (!m_analysed || m_analysedKey != m_game.position().key())) {
        m_analysedKey = m_game.position().key();
        m_analysed    = false;
        startTask(AiTask::Analyse);
    }
}

bool GameSession::undo() {
    m_review.reset();
    cancelSearch();
    m_hint.reset();
    if (!m_game.canUndo())
        return false;
    std::size_t target = m_game.ply() - 1;
    if (m_mode == PlayMode::PlayRed || m_mode == PlayMode::PlayBlack) {
        // Back to the latest earlier ply where the person is to move.
        const core::Color startSide = m_game.startPosition().sideToMove();
        auto sideAt   = [&](std::size_t ply) { return ply % 2 == 0 ? startSide : ~startSide; };
        std::size_t p = m_game.ply();
        bool found    = false;
        while (p > 0) {
            --p;
            if (!isComputerSide(sideAt(p))) {
                found = true;
                break;
            }
        }
        if (!found)
            return false;
        target = p;
    }
    while (m_game.ply() > target)
        m_game.undo();
    m_analysed = false;
    changed();
    return true;
}

bool GameSession::redo() {
    m_review.reset();
    if (!m_game.canRedo())
        return false;
    cancelSearch();
    m_hint.reset();
    m_game.redo();
    // Against the computer, replay its reply too so the person is to move again.
    if ((m_mode == PlayMode::PlayRed || m_mode == PlayMode::PlayBlack) && m_game.canRedo()
        && isComputerSide(m_game.position().sideToMove()))
        m_game.redo();
    m_analysed = false;
    changed();
    return true;
}

void GameSession::resign() {
    if (m_game.isOver())
        return;
    cancelSearch();
    core::Color loser = m_game.position().sideToMove();
    if (m_mode == PlayMode::PlayRed)
        loser = core::Color::Red;
    else if (m_mode == PlayMode::PlayBlack)
        loser = core::Color::Black;
    m_game.resign(loser);
    m_review.reset();
    MoveEvent e;
    e.gameOver = true;
    m_events.push_back(e);
    changed();
}

void GameSession::requestHint() {
    if (!canHumanMove() || m_task == AiTask::Move)
        return;
    m_hint.reset();
    startTask(AiTask::Hint);
}

void GameSession::moveNow() {
    if (m_task == AiTask::Move || m_task == AiTask::Hint)
        m_worker.moveNow();
}

void GameSession::reviewTo(std::size_t ply) {
    if (ply >= m_game.ply())
        m_review.reset();
    else
        m_review = ply;
}

void GameSession::reviewStep(int delta) {
    const long long target = static_cast<long long>(viewPly()) + delta;
    reviewTo(static_cast<std::size_t>(std::max(0LL, target)));
}

void GameSession::continueFromHere() {
    if (!m_review)
        return;
    cancelSearch();
    m_hint.reset();
    const std::size_t target = *m_review;
    m_review.reset();
    while (m_game.ply() > target)
        m_game.undo();
    m_analysed = false;
    changed();
}

core::Position GameSession::shownPosition() const {
    return m_review ? m_game.positionAt(*m_review) : m_game.position();
}

core::Move GameSession::shownLastMove() const {
    const std::size_t ply = viewPly();
    return ply == 0 ? core::Move{} : m_game.moves()[ply - 1];
}

} // namespace xq::gui
