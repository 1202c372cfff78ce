// Static exchange evaluation: the material a move wins or loses on its destination point when
// both sides keep capturing there with their cheapest piece and may stop whenever they like.
// Pins are ignored; cannon screens are recomputed after every capture (a capture can add or
// remove a screen), horse legs and elephant eyes are respected.
#pragma once

#include "core/position.h"

namespace xq::ai {

// The value of the exchange started by m (a capture or a quiet move) for the side making it, in
// centipawns of the middlegame material values (ai/psqt.h); the general counts as priceless.
int staticExchange(const core::Position& pos, core::Move m);

// Whether staticExchange(pos, m) >= threshold, found without playing out the whole exchange:
// each capture settles the answer as soon as stopping there is good enough for one side, so most
// calls end before the first recapture is looked for. The search asks only this question.
bool staticExchangeAtLeast(const core::Position& pos, core::Move m, int threshold);

} // namespace xq::ai
