// Game results and the repetition judge.
// A side with no legal move loses (checkmate or stalemate alike). When a position occurs for the
// `repetitionCount`-th time, the cycle since its first occurrence is judged under a rule set
// (docs/RULES.md): every move of the cycle is classified as a check, a chase (a new threat to
// win a piece the rules protect from perpetual attack, chase.h), under the Chinese rules a mate
// threat, or idle, and a side whose moves
// form a forbidden perpetual attack loses; both sides attacking alike, or neither, is a draw.
// `judgeCycle` takes the cycle as plain per-ply facts, so the game and the search share it.
#pragma once

#include <bitset>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/types.h"

namespace xq::core {

enum class Outcome : std::uint8_t { Ongoing, RedWins, BlackWins, Draw };

enum class Reason : std::uint8_t {
    None,
    Checkmate,
    Stalemate,      // no legal move and not in check: a loss in xiangqi
    PerpetualCheck, // the side that checked on every move of the repeated cycle loses
    Repetition,     // any other repetition: a draw, or a loss by a perpetual chase (see detail)
    MoveLimit,      // the natural move limit: too many plies without a capture
    NoAttackers,    // neither side has a chariot, horse, cannon or soldier
    Resignation,
    Time,         // the loser's clock ran out
    TimeNoMating, // a clock ran out but the other side has no piece left that can mate: a draw
};

// Which repetition rules apply (docs/RULES.md names the sources of each).
enum class RuleSet : std::uint8_t {
    Asian,   // Asian Xiangqi Federation: perpetual check and perpetual chase lose
    Chinese, // Chinese Xiangqi Association: any perpetual attack (check, mate threat, chase) loses
    Simple,  // only perpetual check loses; every other repetition is a draw
};
inline constexpr RuleSet kRuleSets[] = {RuleSet::Asian, RuleSet::Chinese, RuleSet::Simple};
// "Asian", "Chinese", "Simple": the one spelling of the rule sets' names, for the engine's
// Repetition option and the game's settings file alike.
const char* ruleSetName(RuleSet r);
// The rule set whose name this is, in any case ("asian" too); false for any other text.
bool parseRuleSetName(std::string_view name, RuleSet& out);

// What a side did in every one of its moves of a repeated cycle, if that is forbidden.
enum class Violation : std::uint8_t {
    None,
    PerpetualCheck, // checked with every move
    PerpetualChase, // chased the same piece with every move
    CheckAndChase,  // every move checked or chased the same piece (forbidden in Chinese rules)
    // Chinese rules only: every move checked, threatened mate or chased, in any mix not named
    // above (长打: perpetual mate threat, chases of different pieces, one check one mate threat,
    // ...). `RepetitionDetail` counts the kinds.
    PerpetualAttack,
};

// Why a repetition ended as it did: who broke which rule, and with which pieces. The squares
// are those of the violator's last chasing move in the cycle, just after it (ICCS: files a-i,
// ranks 0-9 from Red's side).
struct RepetitionDetail {
    Violation violation  = Violation::None;
    Color violator       = Color::Red;
    RuleSet rules        = RuleSet::Asian;
    Piece chaser         = kNoPiece;  // for chases: the attacking piece of the violator's
    Square chaserSquare  = kNoSquare; // last chasing move
    Piece chased         = kNoPiece;
    Square chasedSquare  = kNoSquare;
    bool chasedProtected = false; // a protected chariot attacked by a horse or cannon, ...
    // For a perpetual chase: one same piece, `chaser`, chased `chased` in every move. When
    // false, different pieces took turns and `chaser` is only the last of them.
    bool oneChaser      = false;
    Violation otherSide = Violation::None; // what the other side did (both: a draw)
    // For PerpetualAttack: the violator's moves in the cycle that checked, that threatened mate
    // (and did not check) and that chased (and did neither).
    int checks = 0, mateThreats = 0, chases = 0;
};

struct GameResult {
    Outcome outcome = Outcome::Ongoing;
    Reason reason   = Reason::None;
    // Filled for repetition verdicts (reason PerpetualCheck or Repetition); otherwise default.
    RepetitionDetail detail;

    bool isOver() const { return outcome != Outcome::Ongoing; }
    // Compares the verdict (outcome and reason), not the explanation in `detail`.
    bool operator==(const GameResult& o) const {
        return outcome == o.outcome && reason == o.reason;
    }
    // PGN result string: "1-0", "0-1", "1/2-1/2" or "*".
    std::string pgnResult() const;
    // English sentence, e.g. "Red wins by checkmate", or for a chase "Red loses: the chariot on
    // e5 chased the unprotected horse on e7 in every move of the repetition" (one chaser) or
    // "Red loses: it chased the unprotected horse on e7 (last with the chariot on e5) in every
    // move of the repetition" (pieces taking turns).
    std::string describe() const;
    // The same in Simplified Chinese (UTF-8).
    std::string describeChinese() const;
    // True for a loss under the repetition rules (perpetual check, chase, or check and chase).
    bool isRepetitionLoss() const {
        return isOver() && outcome != Outcome::Draw && detail.violation != Violation::None;
    }
};

GameResult winFor(Color c, Reason r);
GameResult drawBy(Reason r);

struct RuleConfig {
    int moveLimitPlies  = 120; // 60 moves per side without a capture; 0 disables
    int repetitionCount = 3;   // the position's occurrence that ends the game
    RuleSet ruleSet     = RuleSet::Asian;
};

// One chase found in a move: `chaser` on `chaserSquare` (after the move) newly threatens to win
// `chased` on `chasedSquare`.
struct ChaseFact {
    Piece chaser         = kNoPiece;
    Square chaserSquare  = kNoSquare;
    Piece chased         = kNoPiece;
    Square chasedSquare  = kNoSquare;
    bool chasedProtected = false;
    Square chasedId      = kNoSquare; // the chased piece's identity in the cycle (PieceIds)
    Square chaserId      = kNoSquare; // the chaser's identity in the cycle
};

// Pieces named by the square they stood on when the cycle began (a cycle has no captures, so
// every piece keeps its identity as it moves).
using PieceIds = std::bitset<kSquares>;

// One ply inside a repetition cycle, as the judge sees it.
struct CyclePly {
    Color mover;
    bool gaveCheck;
    PieceIds chasedIds{};            // the pieces this move chased
    std::vector<ChaseFact> chases{}; // the same, with squares, for the verdict's reason
    bool mateThreat = false;         // a new threat of mate by checks (only the Chinese rules
                                     // forbid it; filled only for them)
};

// Judges a cycle of plies that led from a position back to the same position. Plies without
// chase facts (chasedIds empty) are idle or checks, so a cycle of checks alone is judged alike
// in every rule set.
GameResult judgeCycle(std::span<const CyclePly> cycle, RuleSet rules = RuleSet::Asian);

} // namespace xq::core
