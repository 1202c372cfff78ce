// Game results and the repetition judge.
// A side with no legal move loses (checkmate or stalemate alike). When a position occurs for the
// `repetitionCount`-th time, the cycle since its first occurrence is judged: a side that gave
// check with every one of its moves in the cycle loses, unless both did (then, and for any other
// repetition, it is a draw). `judgeCycle` takes the cycle as plain per-ply facts so that the
// chase rule can later add its own facts (who attacked what) without changing the callers.
#pragma once

#include <span>
#include <string>

#include "core/types.h"

namespace xq::core {

enum class Outcome : std::uint8_t { Ongoing, RedWins, BlackWins, Draw };

enum class Reason : std::uint8_t {
    None,
    Checkmate,
    Stalemate,      // no legal move and not in check: a loss in xiangqi
    PerpetualCheck, // the side that checked on every move of the repeated cycle loses
    Repetition,     // any other repetition: a draw
    MoveLimit,      // the natural move limit: too many plies without a capture
    NoAttackers,    // neither side has a chariot, horse, cannon or soldier
    Resignation,
};

struct GameResult {
    Outcome outcome = Outcome::Ongoing;
    Reason reason   = Reason::None;

    bool isOver() const { return outcome != Outcome::Ongoing; }
    bool operator==(const GameResult&) const = default;
    // PGN result string: "1-0", "0-1", "1/2-1/2" or "*".
    std::string pgnResult() const;
    // English sentence, e.g. "Red wins by checkmate".
    std::string describe() const;
};

GameResult winFor(Color c, Reason r);
GameResult drawBy(Reason r);

struct RuleConfig {
    int moveLimitPlies  = 120; // 60 moves per side without a capture; 0 disables
    int repetitionCount = 3;   // the position's occurrence that ends the game
};

// One ply inside a repetition cycle, as the judge sees it.
struct CyclePly {
    Color mover;
    bool gaveCheck;
};

// Judges a cycle of plies that led from a position back to the same position.
GameResult judgeCycle(std::span<const CyclePly> cycle);

} // namespace xq::core
