// The coach: before a person's move that leaves a piece en prise or allows a mate within three
// moves, the game asks whether to play it (explained from search facts, ai/explain.h).
#pragma once

#include <optional>
#include <string>

#include "app/gui/model/settings.h"
#include "core/game.h"

namespace xq::gui {

// Whether the coach asks before a person's moves: the setting is on, the computer plays at a
// level from 1 to 4, and the game is not a rated timed one.
// `p` after the first `n` moves of `line`, stopping at the first move that is not legal there
// (core::positionAfter trusts its moves; a line from a comment or a stale search may not hold).
core::Position legalPositionAfter(core::Position p, const std::vector<core::Move>& line,
                                  std::size_t n);

bool coachActive(const Settings& s, bool timed, bool casual);

// The coach's question about the person's move m in `game` ("Your chariot on b2 is unprotected
// after this: Black plays 炮8平2. Play it anyway?"), or nothing when the move neither leaves a
// piece en prise nor allows a mate within three moves. Runs a short search (some 0.1 s).
std::optional<std::string> coachQuestion(const core::Game& game, core::Move m, Language lang,
                                         core::Notation n);

} // namespace xq::gui
