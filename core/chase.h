// The chase test of the repetition rules: which pieces a move newly threatens to win, in the
// sense of the Asian Xiangqi Federation's rules (docs/RULES.md), and the judgement of a whole
// repeated cycle given as moves. Only called when a repetition has been found, never per node.
//
// A move chases a piece when, after it, the mover could legally capture that piece next move
// (as if the opponent passed) and the capture would win something, where before the move the
// same attacker could not make that winning capture of the same piece. "Would win something":
// the target is unprotected (no legal recapture), or it is protected but worth more than its
// attacker (a chariot attacked by a horse or cannon); between two pieces of the same kind only
// when the target is unprotected and cannot capture its attacker first. Kings and soldiers may
// attack freely, kings are never chased (that is check), and a soldier that has not crossed the
// river is not a target. A check is answered first: the legality of the opponent's recapture
// or counter-capture ignores the check the move gives, and the legality of the mover's earlier
// threats ignores only the pieces that check it (a pinned piece still threatens nothing).
#pragma once

#include <span>
#include <vector>

#include "core/position.h"
#include "core/rules.h"

namespace xq::core {

// The chases of move m, played by the side to move in `before`. Precondition: m is legal in
// `before`. `after` must be `before` with m made.
std::vector<ChaseFact> findChases(const Position& before, const Position& after, Move m);

// How many of its own moves a mate threat may take: mate by at most this many checks in a row.
inline constexpr int kMateThreatChecks = 3;

// Whether the side to move in p mates by checks alone (every one of its moves a check) within
// `checks` of its moves, whatever the other side answers.
bool matesByChecks(const Position& p, int checks = kMateThreatChecks);

// Whether move m, played in `before` and giving `after`, is a mate threat in the sense of the
// Chinese rules (杀): it does not check, after it the mover (as if the opponent passed) mates by
// checks alone within kMateThreatChecks moves, and before it the mover could not.
bool threatensMate(const Position& before, const Position& after);

// Judges the cycle that ends in `end`: `moves` are the cycle's moves, oldest first, which lead
// from a position equal to `end` back to `end` (so none of them captures). Each ply is
// classified (check, chases, under the Chinese rules mate threats, idle) and the cycle judged
// under `rules` (judgeCycle). Returns a draw by repetition when the moves do not form such a
// cycle.
GameResult judgeRepetition(const Position& end, std::span<const Move> moves, RuleSet rules);

// The per-ply facts of the same cycle (empty when the moves do not form a cycle); without
// `withChases` only the checks; with `withMateThreats` also the mate threats.
std::vector<CyclePly> classifyCycle(const Position& end, std::span<const Move> moves,
                                    bool withChases = true, bool withMateThreats = false);

} // namespace xq::core
