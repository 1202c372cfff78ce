// GameSession's clocks: which side's clock runs, the loss on time, the clocks read back from the
// line's [%clk] records, and the computer's limits when it plays on the clock.
#include <algorithm>

#include "app/gui/model/session.h"

namespace xq::gui {

namespace {

std::size_t slot(core::Color c) {
    return static_cast<std::size_t>(core::index(c));
}

// Time kept back from the computer's budget for the move to reach the board (a frame or two).
constexpr std::int64_t kComputerMarginMs = 60;

} // namespace

ClockSettings clockSettingsOf(const Settings& s) {
    ClockSettings c;
    if (auto tc = core::parseTimeControl(s.timeControl))
        c.control = *tc;
    c.computerOnClock = s.computerOnClock;
    c.casual          = s.casual;
    return c;
}

bool GameSession::onClock(core::Color c) const {
    return timed() && (!isComputerSide(c) || m_clockSettings.computerOnClock);
}

std::int64_t GameSession::clockLeft(core::Color c) const {
    return m_clock.remaining(c, m_nowMs);
}

std::optional<core::Color> GameSession::clockRunning() const {
    if (!m_clock.running())
        return std::nullopt;
    return m_clock.side();
}

void GameSession::setClockPaused(bool paused) {
    m_clockPaused = paused;
    updateClock();
}

bool GameSession::takeBackAllowed() const {
    // A rated game stays as it ended: taking a move back would reopen it and run the clocks.
    return !timed() || m_clockSettings.casual;
}

void GameSession::restoreClocks(std::array<std::int64_t, 2> left) {
    m_clock = core::GameClock(m_clockSettings.control);
    if (!timed())
        return;
    const std::int64_t base       = m_clockSettings.control.baseMs;
    std::array<std::int64_t, 2> t = {base, base};
    std::array<int, 2> moves      = {0, 0};
    core::Color toMove            = m_tree.start().sideToMove();
    const auto& line              = m_tree.line();
    for (std::size_t i = 0; i < m_tree.ply() && i < line.size(); ++i) {
        ++moves[slot(toMove)];
        if (const std::int64_t clk = m_tree.node(line[i]).clockMs; clk >= 0)
            t[slot(toMove)] = clk;
        toMove = ~toMove;
    }
    for (std::size_t i = 0; i < 2; ++i)
        if (left[i] >= 0)
            t[i] = left[i];
    m_clock.set(t[0], t[1], moves[0], moves[1]);
}

void GameSession::updateClock() {
    if (!timed() || m_nowMs < 0) // no time yet: the first update starts the clock
        return;
    const core::Color toMove = m_tree.position().sideToMove();
    const bool run           = !m_tree.isOver() && !m_review && !m_clockPaused && onClock(toMove);
    if (!run) {
        m_clock.pause(m_nowMs);
        return;
    }
    if (!m_clock.running() || m_clock.side() != toMove)
        m_clock.start(toMove, m_nowMs);
    if (!m_clock.flagged(m_nowMs))
        return;
    // The side to move ran out of time: it loses, unless the other side has nothing left that
    // can give mate.
    m_clock.pause(m_nowMs);
    cancelSearch();
    const core::Color winner = ~toMove;
    const core::GameResult r = m_tree.position().hasAttackers(winner)
                                   ? core::winFor(winner, core::Reason::Time)
                                   : core::drawBy(core::Reason::TimeNoMating);
    m_tree.adjudicate(r);
    MoveEvent e;
    e.gameOver = true;
    m_events.push_back(e);
    changed();
}

ai::SearchLimits GameSession::moveLimits(bool level) const {
    return moveLimits(level, m_tree.position().sideToMove());
}

ai::SearchLimits GameSession::moveLimits(bool level, core::Color side) const {
    ai::SearchLimits l = m_ai.limits(level);
    if (!onClock(side))
        return l;
    // On the clock the engine's time management decides, never a fixed depth or move time (a
    // playing level keeps its node limit and so plays well inside its time).
    l.depth    = 0;
    l.movetime = 0;
    for (core::Color c : {core::Color::Red, core::Color::Black}) {
        const std::int64_t left = clockLeft(c) - (c == side ? kComputerMarginMs : 0);
        l.time[slot(c)]         = std::max<std::int64_t>(left, 1);
        l.increment[slot(c)]    = m_clockSettings.control.incrementMs;
    }
    l.movesToGo = m_clock.movesToGo(side);
    return l;
}

} // namespace xq::gui
