#include "ai/level.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace xq::ai {

namespace {

// Each level is 193 to 221 Elo above the one below, 207 on average. Levels 1 to 9 lie 200 Elo
// apart on one curve of strength, fitted to 10,300 games between adjacent rows of earlier tables
// and read off between those rows with levelSpecAt's rule. Level 10 plays two lines where level 9
// plays three, a jump the curve smooths over, so its row is set by its own measured step.
// Levels 1 to 3 limit the depth too, so that level 1 sees a ply (plus the quiescence search: a
// piece left hanging) and level 2 two. The Elo column is level 1's rating (maxqi at depth 3 is
// 1000) plus the steps measured between adjacent levels (docs/STRENGTH.md, "Levels").
constexpr std::array<LevelSpec, kMaxLevel> kLevels{{
    // level, nodes, depth, lines, margin, Elo
    {1, 400, 1, 4, 150, 980},
    {2, 760, 2, 4, 122, 1180},
    {3, 1'160, 3, 4, 103, 1383},
    {4, 2'040, 0, 4, 83, 1597},
    {5, 3'300, 0, 4, 67, 1813},
    {6, 5'350, 0, 4, 53, 2006},
    {7, 8'650, 0, 4, 42, 2209},
    {8, 14'400, 0, 4, 32, 2417},
    {9, 21'800, 0, 3, 27, 2622},
    {10, 36'000, 0, 2, 20, 2843},
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
