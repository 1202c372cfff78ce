#include "ai/movepick.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "ai/psqt.h"

namespace xq::ai {

using core::Move;

namespace {

// Move ordering ranks for MVV-LVA (index by PieceType): chariot > cannon > horse > advisor,
// elephant > soldier. The general is never captured; as an attacker it counts as the dearest.
constexpr int kOrderRank[core::kPieceTypeCount] = {0, 7, 2, 2, 4, 6, 5, 1};

} // namespace

void History::update(core::Piece p, core::Square to, int bonus, const ContRows& rows) {
    int& h = main[p][to];
    h += bonus - h * std::abs(bonus) / kHistoryMax;
    for (const int row : rows)
        if (row >= 0) {
            std::int16_t& c = cont[contIndex(row, p, to)];
            c = static_cast<std::int16_t>(c + bonus - c * std::abs(bonus) / kHistoryMax);
        }
}

void History::clear() {
    for (auto& row : main)
        row.fill(0);
    std::fill(cont.begin(), cont.end(), std::int16_t{0});
    contClear = true;
}

void History::age() {
    for (auto& row : main)
        for (int& h : row)
            h /= 2;
    // (4 MiB: skipped when the table was just cleared, as bench does before each position.)
    if (!contClear)
        for (std::int16_t& h : cont)
            h = static_cast<std::int16_t>(h / 2);
    contClear = false;
}

bool isBadCapture(const core::Position& pos, Move m) {
    const core::Piece attacker = pos.at(m.from());
    const core::Piece victim   = pos.at(m.to());
    return kValueMg[static_cast<int>(core::typeOf(attacker))]
               > kValueMg[static_cast<int>(core::typeOf(victim))] + 50
           && pos.isSquareAttacked(m.to(), ~pos.sideToMove());
}

int captureScore(const core::Position& pos, Move m) {
    return kOrderRank[static_cast<int>(core::typeOf(pos.at(m.to())))] * 16
           - kOrderRank[static_cast<int>(core::typeOf(pos.at(m.from())))];
}

bool ScoredMoves::pick(Move& m, int& score) {
    if (next >= moves.size())
        return false;
    std::size_t best = next;
    for (std::size_t i = next + 1; i < moves.size(); ++i)
        if (scores[i] > scores[best])
            best = i;
    std::swap(moves[next], moves[best]);
    std::swap(scores[next], scores[best]);
    m     = moves[next];
    score = scores[next];
    ++next;
    return true;
}

// The first few are found by a scan each, the best moved to the front and the moves it passes
// shifted up one: at low depth the search prunes the quiet moves after the first few, so most
// lists are never sorted. Past those, the rest is sorted once, by insertion (the lists are
// short). Swapping each pick into place would be quadratic wherever every move is searched.
bool ScoredMoves::takeSorted(Move& m, int& score) {
    constexpr std::size_t kScanned = 4;
    if (next >= moves.size())
        return false;
    if (next < kScanned) {
        std::size_t best = next;
        for (std::size_t i = next + 1; i < moves.size(); ++i)
            if (scores[i] > scores[best])
                best = i;
        m     = moves[best];
        score = scores[best];
        for (std::size_t i = best; i > next; --i) {
            moves[i]  = moves[i - 1];
            scores[i] = scores[i - 1];
        }
    } else {
        if (next == kScanned)
            for (std::size_t i = next + 1; i < moves.size(); ++i) {
                const Move mi = moves[i];
                const int v   = scores[i];
                std::size_t j = i;
                for (; j > next && scores[j - 1] < v; --j) {
                    moves[j]  = moves[j - 1];
                    scores[j] = scores[j - 1];
                }
                moves[j]  = mi;
                scores[j] = v;
            }
        m     = moves[next];
        score = scores[next];
    }
    ++next;
    return true;
}

void scoreMoves(const core::Position& pos, const History& history, ScoredMoves& sm, Move ttMove,
                const Move* killers, const ContRows& rows) {
    for (std::size_t i = 0; i < sm.moves.size(); ++i) {
        const Move m = sm.moves[i];
        int s;
        if (m == ttMove)
            s = kScoreTtMove;
        else if (pos.at(m.to()) != core::kNoPiece)
            s = (isBadCapture(pos, m) ? kScoreBadCapture : kScoreCapture) + captureScore(pos, m);
        else if (m == killers[0])
            s = kScoreKiller1;
        else if (m == killers[1])
            s = kScoreKiller2;
        else
            s = history.quietScore(pos.at(m.from()), m.to(), rows);
        sm.scores[i] = s;
    }
}

MovePicker::MovePicker(const core::Position& pos, const History& history, Move ttMove,
                       const Move* killers, bool onlyCaptures, const ContRows& nodeRows)
    : rows(nodeRows)
    , m_pos(pos)
    , m_history(history)
    , m_ttMove(ttMove)
    , m_killer{killers ? killers[0] : Move{}, killers ? killers[1] : Move{}}
    , m_capturesOnly(onlyCaptures) {
    if (m_capturesOnly && m_ttMove && m_pos.at(m_ttMove.to()) == core::kNoPiece)
        m_ttMove = Move{};
}

bool MovePicker::isUsableKiller(Move k) const {
    return k && k != m_ttMove && m_pos.at(k.to()) == core::kNoPiece && m_pos.isPseudoLegal(k);
}

bool MovePicker::next(Move& m, int& score) {
    for (;;) {
        switch (m_stage) {
        case Stage::TtMove:
            m_stage = Stage::Captures;
            if (m_ttMove) {
                m     = m_ttMove;
                score = kScoreTtMove;
                return true;
            }
            break;
        case Stage::Captures:
            core::generate(m_pos, core::GenKind::Captures, m_caps.moves);
            for (std::size_t i = 0; i < m_caps.moves.size(); ++i) {
                const Move c     = m_caps.moves[i];
                m_caps.scores[i] = c == m_ttMove
                                       ? -1
                                       : (isBadCapture(m_pos, c) ? kScoreBadCapture : kScoreCapture)
                                             + captureScore(m_pos, c);
            }
            m_stage = Stage::GoodCaptures;
            break;
        case Stage::GoodCaptures:
            if (m_caps.pick(m, score)) {
                if (score >= kScoreCapture)
                    return true;
                --m_caps.next; // the first losing capture: keep it for later
            }
            m_stage = m_capturesOnly ? Stage::BadCaptures : Stage::Killer1;
            break;
        case Stage::Killer1:
            m_stage = Stage::Killer2;
            if (isUsableKiller(m_killer[0])) {
                m     = m_killer[0];
                score = kScoreKiller1;
                return true;
            }
            break;
        case Stage::Killer2:
            m_stage = Stage::BadCaptures;
            if (m_killer[1] != m_killer[0] && isUsableKiller(m_killer[1])) {
                m     = m_killer[1];
                score = kScoreKiller2;
                return true;
            }
            break;
        case Stage::Quiets:
            core::generate(m_pos, core::GenKind::Quiets, m_quiets.moves);
            for (std::size_t i = 0; i < m_quiets.moves.size(); ++i) {
                const Move q       = m_quiets.moves[i];
                m_quiets.scores[i] = m_history.quietScore(m_pos.at(q.from()), q.to(), rows);
            }
            m_stage = Stage::QuietList;
            break;
        case Stage::QuietList:
            while (quietsUnordered ? m_quiets.take(m, score) : m_quiets.takeSorted(m, score))
                if (m != m_ttMove && m != m_killer[0] && m != m_killer[1])
                    return true;
            m_stage = Stage::Done;
            break;
        case Stage::BadCaptures:
            while (m_caps.pick(m, score))
                if (score >= 0)
                    return true;
            m_stage = m_capturesOnly ? Stage::Done : Stage::Quiets;
            break;
        case Stage::Done:
            return false;
        }
    }
}

} // namespace xq::ai
