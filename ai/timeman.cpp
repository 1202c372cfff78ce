#include "ai/timeman.h"

#include <algorithm>

namespace xq::ai {

TimeBudget timeBudget(const SearchLimits& limits, core::Color us) {
    TimeBudget b;
    if (limits.infinite)
        return b;
    if (limits.movetime > 0) {
        // The limit is polled every 2,048 nodes (about a millisecond); 3 ms are kept for the
        // reply. (Stopping 10 ms early would leave a tenth of a 100 ms move unused.)
        b.hardMs = std::max<std::int64_t>(1, limits.movetime
                                                 - std::min<std::int64_t>(3, limits.movetime / 10));
        b.softMs = b.hardMs;
        return b;
    }
    const int i = core::index(us);
    if (limits.time[i] <= 0)
        return b;
    const std::int64_t left = limits.time[i], inc = limits.increment[i];
    const int mtg              = limits.movesToGo > 0 ? std::min(limits.movesToGo, 40) : 32;
    const std::int64_t reserve = std::min<std::int64_t>(50, left / 10);
    const std::int64_t target  = left / mtg + inc * 3 / 4;
    b.hardMs =
        std::clamp<std::int64_t>(target * 3, 1, std::max<std::int64_t>(1, left / 3 - reserve));
    if (limits.movesToGo == 1)
        b.hardMs = std::max<std::int64_t>(1, left - reserve);
    b.softMs = std::min(b.hardMs, target * 6 / 10);
    return b;
}

} // namespace xq::ai
