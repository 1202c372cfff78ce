// Win/draw/loss chances from a search score: the model that UCI_ShowWDL reports ("info ... wdl
// W D L", per mille, from the side to move's point of view) and the game's analysis shows as
// "Red 62% · draw 25% · Black 13%". Two logistic curves in the score whose centre and width
// depend on the material left on the board, fitted on our engine's own games
// (tools/bench/wdl_fit.py; docs/STRENGTH.md, "Win, draw and loss").
#pragma once

#include "core/position.h"

namespace xq::ai {

struct Wdl {
    int win  = 0; // per mille, the side whose score it is
    int draw = 0;
    int loss = 0; // win + draw + loss == 1000
};

// The material that sets the phase: chariot 4, horse and cannon 2, pawn 1, both sides (42 at
// the start; more only in set-up positions, counted as 42).
int wdlMaterial(const core::Position& pos);

// The chances for the side whose score `cp` is (centipawns) with `material` on the board. A mate
// found (mateIn > 0) is a win, a mate against (mateIn < 0) a loss.
Wdl wdlFromScore(int cp, int mateIn, int material);

} // namespace xq::ai
