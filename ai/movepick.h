// Move ordering: the history tables a search thread learns from its cutoffs, and the staged move
// picker that hands out a node's moves best first (table move, captures by MVV-LVA, killers,
// losing captures, quiet moves by history). Ordering scores only rank moves: bigger is earlier.
// The picker reads the position and the tables; it never makes a move or checks legality.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/movegen.h"
#include "core/position.h"

namespace xq::ai {

constexpr int kScoreTtMove     = 4'000'000;
constexpr int kScoreCapture    = 2'000'000;
constexpr int kScoreKiller1    = 1'500'000;
constexpr int kScoreKiller2    = 1'400'000;
constexpr int kScoreBadCapture = 1'000'000;
constexpr int kHistoryMax      = 16384; // every history entry stays within +-kHistoryMax

// The continuation-history rows of a node: (piece, destination) of the move that led to it and
// of the move one ply before that, as row indices; -1 at the root and after a null move.
using ContRows = std::array<int, 2>;

// What quiet moves did in earlier cutoffs, per search thread: by (piece, destination), and by
// (piece, destination) after a given move one and two plies earlier (counter-move and follow-up
// history).
struct History {
    static constexpr std::size_t kPieceTo = core::kPieceLimit * core::kSquares;

    std::array<std::array<int, core::kSquares>, core::kPieceLimit> main{};
    // One flat array of rows: row (previous piece, destination), then column (piece,
    // destination), so that ageing it is a single vectorised loop.
    std::vector<std::int16_t> cont = std::vector<std::int16_t>(kPieceTo * kPieceTo);
    bool contClear                 = true; // cont is all zero (cleared, no search since)

    static std::size_t contIndex(int row, core::Piece p, core::Square to) {
        return static_cast<std::size_t>(row) * kPieceTo + p * core::kSquares + to;
    }
    // The ordering score of a quiet move: its history plus how it did after the node's last
    // move and after our own move before that.
    int quietScore(core::Piece p, core::Square to, const ContRows& rows) const {
        int score = main[p][to];
        for (const int row : rows)
            if (row >= 0)
                score += cont[contIndex(row, p, to)];
        return score;
    }
    // Rewards (bonus > 0) or punishes a quiet move in all three tables.
    void update(core::Piece p, core::Square to, int bonus, const ContRows& rows);
    void clear();
    // Halves every entry before a search, so that old games weigh less.
    void age();
};

// A capture the ordering holds back: a dearer piece takes a cheaper one on a defended point.
bool isBadCapture(const core::Position& pos, core::Move m);
// MVV-LVA: the victim's rank first, then the cheaper attacker.
int captureScore(const core::Position& pos, core::Move m);

// A move list with one ordering score per move; the pick functions hand out the best remaining.
struct ScoredMoves {
    core::MoveList moves;
    std::array<int, core::kMaxMoves> scores; // only the first moves.size() are read
    std::size_t next = 0;

    // The best remaining move, swapped into place (the order of equal scores is not kept).
    bool pick(core::Move& m, int& score);
    // The next move in the present order.
    bool take(core::Move& m, int& score) {
        if (next >= moves.size())
            return false;
        m     = moves[next];
        score = scores[next];
        ++next;
        return true;
    }
    // The moves best first, equal scores in generation order (the order of a stable sort).
    bool takeSorted(core::Move& m, int& score);
};

// Scores every move of sm for the root's first ordering: the table move, captures (winning
// before losing), killers, then quiet moves by history.
void scoreMoves(const core::Position& pos, const History& history, ScoredMoves& sm,
                core::Move ttMove, const core::Move* killers, const ContRows& rows);

// Staged move ordering: the table move before any generation, then captures by MVV-LVA
// (probably losing ones held back), the killers, the losing captures, the quiet moves by
// history. Quiescence (capturesOnly) stops after the captures. Moves come out pseudo-legal;
// the table move and the killers are checked to be, the caller checks legality.
class MovePicker {
public:
    // killers may be null (no killers); a table move that is not a capture is dropped when
    // onlyCaptures.
    MovePicker(const core::Position& pos, const History& history, core::Move ttMove,
               const core::Move* killers, bool onlyCaptures, const ContRows& rows);

    // The next move and its ordering score; false when none is left.
    bool next(core::Move& m, int& score);

    const ContRows rows; // the node's continuation-history rows
    // Set by the search once it prunes late quiet moves: the rest are then all pruned unless
    // they give check, so they are handed out unsorted.
    bool quietsUnordered = false;

private:
    enum class Stage {
        TtMove,
        Captures,
        GoodCaptures,
        Killer1,
        Killer2,
        BadCaptures,
        Quiets,
        QuietList,
        Done
    };
    bool isUsableKiller(core::Move k) const;

    const core::Position& m_pos;
    const History& m_history;
    core::Move m_ttMove, m_killer[2];
    bool m_capturesOnly;
    Stage m_stage = Stage::TtMove;
    ScoredMoves m_caps, m_quiets;
};

} // namespace xq::ai
