// The time a search may take: from the UCI limits (a fixed time per move, or the clock with its
// increment and moves to go) to a soft and a hard limit, in milliseconds from the search's start.
#pragma once

#include <cstdint>

#include "ai/search_types.h"
#include "core/types.h"

namespace xq::ai {

// How long a timed search may run (0: no limit): it starts no new iteration after softMs and
// stops at hardMs.
struct TimeBudget {
    std::int64_t softMs = 0;
    std::int64_t hardMs = 0;
};

// The time budget for the side to move `us` under `limits`: a fixed move time is used up to
// its last few milliseconds (kept for the reply to reach the GUI); a clock gives about its
// share of the remaining time (movesToGo, else 32 moves) plus most of the increment, never
// more than a third of what is left. Infinite, depth- or node-only searches: no limit.
TimeBudget timeBudget(const SearchLimits& limits, core::Color us);

} // namespace xq::ai
