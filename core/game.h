// Game: one line of play, without variations: the start position, the moves played, undo, and
// the result with its reason, judged by the rules after every move. Every move entering a game
// is checked for legality here, the AI's included. The engine, the puzzles and the review use
// it; the desktop game keeps its moves, with variations, in core::GameTree (core/game_tree.h).
#pragma once

#include <vector>

#include "core/position.h"
#include "core/rules.h"

namespace xq::core {

// What a search needs besides the position: the keys of the earlier positions (oldest first,
// the root's own key last), whether each of those plies gave check and the moves themselves
// (the chase rules look at the moves of a repeated cycle), so that the search can apply the
// same repetition rules as the game.
struct SearchSnapshot {
    Position root;
    std::vector<Key> keys;       // keys[i] = key of the position after ply i; back() = root
    std::vector<bool> gaveCheck; // gaveCheck[i] = ply i (which led to keys[i]) gave check
    RuleConfig rules;
    std::vector<Move> moves; // moves[i] led from keys[i] to keys[i + 1] (keys.size() - 1 moves)
};

class Game {
public:
    Game();
    explicit Game(const Position& start, RuleConfig rules = {});

    const Position& position() const { return m_pos; }
    const Position& startPosition() const { return m_start; }
    const std::vector<Move>& moves() const { return m_moves; }
    std::size_t ply() const { return m_moves.size(); }
    const RuleConfig& rules() const { return m_rules; }
    void setRules(RuleConfig r);

    bool isLegal(Move m) const;
    // Plays a legal move (returns false and changes nothing otherwise, or when the game is
    // over).
    bool play(Move m);
    // Plays a legal move even when the game already has a result (a repetition or move-limit
    // draw the players chose to ignore, as a UCI position list may do). The result is judged
    // again afterwards. Returns false only for an illegal move.
    bool forcePlay(Move m);
    bool undo();
    bool canUndo() const { return !m_moves.empty(); }

    void resign(Color loser);
    // Ends the game with a result the moves do not give (a resignation, a loss on time); undo()
    // takes it back first. Nothing when the game is over already.
    void adjudicate(const GameResult& r);
    GameResult result() const { return m_result; }
    bool isOver() const { return m_result.isOver(); }

    // The position after the first `ply` moves (0 = start).
    Position positionAt(std::size_t ply) const;
    // Whether the ply-th move (1-based) gave check.
    bool moveGaveCheck(std::size_t ply) const { return m_checks[ply]; }
    SearchSnapshot searchSnapshot() const;

    // What the repetition rules would say about the legal move m, before it is played (for a
    // warning such as "this move repeats a perpetual chase: playing it again loses").
    // resultIfPlayed: the game's result after m (Ongoing if the game would go on), by any rule.
    // cycleVerdictIfPlayed: if m brings back a position of the game (same side to move, no
    // capture since), the verdict the rule set gives the cycle it closes, as if this were the
    // deciding repetition; Ongoing if m repeats nothing. Both return Ongoing for an illegal m.
    GameResult resultIfPlayed(Move m) const;
    GameResult cycleVerdictIfPlayed(Move m) const;

private:
    void recomputeResult();

    Position m_start;
    Position m_pos;
    RuleConfig m_rules;
    std::vector<Move> m_moves;
    std::vector<Undo> m_undo;
    std::vector<Key> m_keys;    // m_keys[i]: key after i plies; m_keys[0] = start
    std::vector<bool> m_checks; // m_checks[i]: ply i gave check; m_checks[0] unused (false)
    GameResult m_result;
    bool m_resigned = false;
};

// The position after the first n of `moves` (all of them when n is larger), played from start.
Position positionAfter(const Position& start, const std::vector<Move>& moves, std::size_t n);

// The result of a position reached through `keys`/`gaveCheck`/`moves` (as in SearchSnapshot),
// judged by the rules: no legal move, repetition, move limit, no attackers. Ongoing if none
// applies. Without the moves (or with a list that does not match the keys) a repetition is
// judged by its checks alone, as the simple rule set does.
GameResult judgePosition(const Position& pos, const std::vector<Key>& keys,
                         const std::vector<bool>& gaveCheck, const std::vector<Move>& moves,
                         const RuleConfig& rules);
GameResult judgePosition(const Position& pos, const std::vector<Key>& keys,
                         const std::vector<bool>& gaveCheck, const RuleConfig& rules);

} // namespace xq::core
