#include "ai/level.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace xq::ai {

namespace {

// Nodes double from level to level; the margin shrinks. Level 1 searches a ply (plus the
// quiescence search, so it sees a piece left hanging), level 2 two plies. The Elo column is
// the fit of the matches in docs/STRENGTH.md ("Levels"): maxqi at depth 3 is 1000 by
// definition, and the figures are good to about +-125 (level 1) to +-530 (level 10) from it.
constexpr std::array<LevelSpec, kMaxLevel> kLevels{{
    // level, nodes, depth, lines, margin, Elo
    {1, 400, 1, 4, 150, 980},
    {2, 800, 2, 4, 120, 1150},
    {3, 1'500, 3, 4, 90, 1340},
    {4, 3'000, 0, 4, 70, 1560},
    {5, 6'000, 0, 4, 50, 1950},
    {6, 12'000, 0, 4, 35, 2280},
    {7, 25'000, 0, 3, 25, 2710},
    {8, 50'000, 0, 3, 15, 2950},
    {9, 100'000, 0, 2, 8, 3300},
    {10, 200'000, 0, 1, 0, 3470},
}};

} // namespace

std::span<const LevelSpec> levels() {
    return kLevels;
}

const LevelSpec& levelSpec(int level) {
    return kLevels[static_cast<std::size_t>(std::clamp(level, kMinLevel, kMaxLevel) - kMinLevel)];
}

int levelForElo(int elo) {
    int best = kMinLevel;
    for (const LevelSpec& s : kLevels)
        if (std::abs(s.elo - elo) < std::abs(levelSpec(best).elo - elo))
            best = s.level;
    return best;
}

double fractionalLevelForElo(int elo) {
    if (elo <= kLevels.front().elo)
        return kMinLevel;
    for (std::size_t i = 1; i < kLevels.size(); ++i)
        if (elo <= kLevels[i].elo) {
            const LevelSpec& lo = kLevels[i - 1];
            const LevelSpec& hi = kLevels[i];
            return lo.level + static_cast<double>(elo - lo.elo) / (hi.elo - lo.elo);
        }
    return kMaxLevel;
}

LevelSpec levelSpecAt(double level) {
    const double l =
        std::clamp(level, static_cast<double>(kMinLevel), static_cast<double>(kMaxLevel));
    const int whole     = static_cast<int>(std::floor(l));
    const double f      = l - whole;
    const LevelSpec& lo = levelSpec(whole);
    if (f < 1e-9 || whole >= kMaxLevel)
        return lo;
    const LevelSpec& hi = levelSpec(whole + 1);
    LevelSpec s         = lo;
    s.nodes             = static_cast<std::uint64_t>(
        std::llround(static_cast<double>(lo.nodes)
                                 * std::pow(static_cast<double>(hi.nodes) / static_cast<double>(lo.nodes), f)));
    s.depth    = hi.depth;
    s.lines    = static_cast<int>(std::lround(lo.lines + (hi.lines - lo.lines) * f));
    s.marginCp = static_cast<int>(std::lround(lo.marginCp + (hi.marginCp - lo.marginCp) * f));
    s.elo      = static_cast<int>(std::lround(lo.elo + (hi.elo - lo.elo) * f));
    return s;
}

int minLevelElo() {
    return kLevels.front().elo;
}

int maxLevelElo() {
    return kLevels.back().elo;
}

SearchLimits levelLimits(const SearchLimits& limits, double level) {
    const LevelSpec spec = levelSpecAt(level);
    SearchLimits l       = limits;
    l.nodes              = l.nodes > 0 ? std::min(l.nodes, spec.nodes) : spec.nodes;
    if (spec.depth > 0)
        l.depth = l.depth > 0 ? std::min(l.depth, spec.depth) : spec.depth;
    l.multiPv  = std::max(l.multiPv, spec.lines);
    l.threads  = 1;
    l.infinite = false;
    return l;
}

std::size_t chooseLevelLine(std::span<const SearchInfo> lines, double level, std::mt19937_64& rng) {
    if (lines.size() < 2)
        return 0;
    if (lines[0].mateIn > 0)
        return 0;
    const int best   = lines[0].score;
    const int margin = levelSpecAt(level).marginCp;
    std::vector<double> weights;
    for (const SearchInfo& line : lines) {
        const int below  = best - line.score;
        const bool mated = line.mateIn < 0 && lines[0].mateIn == 0;
        weights.push_back(below <= margin && !mated ? margin + 1 - below : 0.0);
    }
    std::discrete_distribution<std::size_t> pick(weights.begin(), weights.end());
    return pick(rng);
}

} // namespace xq::ai
