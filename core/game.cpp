#include "core/game.h"

#include <algorithm>

#include "core/chase.h"
#include "core/fen.h"
#include "core/movegen.h"

namespace xq::core {

Game::Game()
    : Game(*parseFen(kStartFen)) {}

Game::Game(const Position& start, RuleConfig rules)
    : m_start(start)
    , m_pos(start)
    , m_rules(rules)
    , m_keys{start.key()}
    , m_checks{false} {
    recomputeResult();
}

void Game::setRules(RuleConfig r) {
    m_rules = r;
    recomputeResult();
}

bool Game::isLegal(Move m) const {
    return m_pos.isPseudoLegal(m) && m_pos.isLegal(m);
}

bool Game::play(Move m) {
    return !isOver() && forcePlay(m);
}

bool Game::forcePlay(Move m) {
    if (!isLegal(m))
        return false;
    m_resigned       = false;
    const bool check = m_pos.givesCheck(m);
    Undo u;
    m_pos.makeMove(m, u);
    m_moves.push_back(m);
    m_undo.push_back(u);
    m_keys.push_back(m_pos.key());
    m_checks.push_back(check);
    recomputeResult();
    return true;
}

bool Game::undo() {
    if (m_resigned) { // taking back a resignation comes first
        m_resigned = false;
        recomputeResult();
        return true;
    }
    if (m_moves.empty())
        return false;
    m_pos.unmakeMove(m_undo.back());
    m_moves.pop_back();
    m_undo.pop_back();
    m_keys.pop_back();
    m_checks.pop_back();
    recomputeResult();
    return true;
}

void Game::resign(Color loser) {
    adjudicate(winFor(~loser, Reason::Resignation));
}

void Game::adjudicate(const GameResult& r) {
    if (isOver() || !r.isOver())
        return;
    m_resigned = true;
    m_result   = r;
}

Position positionAfter(const Position& start, const std::vector<Move>& moves, std::size_t n) {
    Position p = start;
    Undo u;
    for (std::size_t i = 0; i < n && i < moves.size(); ++i)
        p.makeMove(moves[i], u);
    return p;
}

Position Game::positionAt(std::size_t ply) const {
    return positionAfter(m_start, m_moves, ply);
}

SearchSnapshot Game::searchSnapshot() const {
    return {m_pos, m_keys, m_checks, m_rules, m_moves};
}

GameResult Game::resultIfPlayed(Move m) const {
    if (!isLegal(m))
        return {};
    Game g = *this;
    g.forcePlay(m);
    return g.result();
}

GameResult Game::cycleVerdictIfPlayed(Move m) const {
    if (!isLegal(m))
        return {};
    Game g = *this;
    g.forcePlay(m);
    RuleConfig once      = m_rules;
    once.repetitionCount = 2;
    const GameResult r   = judgePosition(g.m_pos, g.m_keys, g.m_checks, g.m_moves, once);
    return r.reason == Reason::Repetition || r.reason == Reason::PerpetualCheck ? r : GameResult{};
}

void Game::recomputeResult() {
    if (m_resigned)
        return;
    m_result = judgePosition(m_pos, m_keys, m_checks, m_moves, m_rules);
}

GameResult judgePosition(const Position& pos, const std::vector<Key>& keys,
                         const std::vector<bool>& gaveCheck, const RuleConfig& rules) {
    return judgePosition(pos, keys, gaveCheck, {}, rules);
}

GameResult judgePosition(const Position& pos, const std::vector<Key>& keys,
                         const std::vector<bool>& gaveCheck, const std::vector<Move>& moves,
                         const RuleConfig& rules) {
    // 1. No legal move: the side to move loses, in check or not.
    if (!hasLegalMove(pos))
        return winFor(~pos.sideToMove(), pos.isInCheck() ? Reason::Checkmate : Reason::Stalemate);
    // 2. Repetition: count earlier occurrences of this position within the plies since the
    //    last capture (a capture makes every earlier position unreachable).
    if (!keys.empty() && rules.repetitionCount > 1) {
        const int last    = static_cast<int>(keys.size()) - 1;
        const int horizon = std::max(0, last - pos.quietPlies());
        int seen = 1, first = last;
        for (int i = last - 2; i >= horizon; i -= 2)
            if (keys[static_cast<std::size_t>(i)] == keys.back()) {
                ++seen;
                first = i;
            }
        if (seen >= rules.repetitionCount) {
            // The cycle judged is every ply since the first occurrence: moves first .. last-1.
            if (moves.size() + 1 == keys.size()) {
                const auto begin = moves.begin() + static_cast<std::ptrdiff_t>(first);
                const std::vector<Move> cycle(begin,
                                              moves.begin() + static_cast<std::ptrdiff_t>(last));
                return judgeRepetition(pos, cycle, rules.ruleSet);
            }
            std::vector<CyclePly> cycle;
            // Plies first+1 .. last; ply i was made by the side not to move in keys[i]'s position.
            Color mover = ~pos.sideToMove(); // the side that made the last ply
            for (int i = last; i > first; --i) {
                cycle.push_back({mover, gaveCheck[static_cast<std::size_t>(i)]});
                mover = ~mover;
            }
            return judgeCycle(cycle, RuleSet::Simple);
        }
    }
    // 3. The natural move limit.
    if (rules.moveLimitPlies > 0 && pos.quietPlies() >= rules.moveLimitPlies)
        return drawBy(Reason::MoveLimit);
    // 4. Nothing left that can attack.
    if (!pos.hasAttackers(Color::Red) && !pos.hasAttackers(Color::Black))
        return drawBy(Reason::NoAttackers);
    return {};
}

} // namespace xq::core
