// Playing levels 1 (beginner) to 10 (master): the one table of what limits each level's search
// (nodes, depth, root lines compared) and how far below the best root score a move may be and
// still be chosen (the margin), with each level's measured Elo (docs/STRENGTH.md, "Levels").
// A level plays a node-limited search with several root lines, then picks among the lines that
// score within the margin of the best, the better ones more often: its mistakes are the tactics
// it does not see and a slightly worse move, never a piece left en prise that the search sees.
#pragma once

#include <cstdint>
#include <random>
#include <span>

#include "ai/search_types.h"

namespace xq::ai {

constexpr int kMinLevel = 1;
constexpr int kMaxLevel = 10;

struct LevelSpec {
    int level           = 0;
    std::uint64_t nodes = 0; // per move, all threads together
    int depth           = 0; // 0: no depth limit beyond the nodes
    int lines           = 1; // root lines searched (MultiPV) to choose from
    int marginCp        = 0; // a line this far below the best may still be chosen
    int elo             = 0; // measured (docs/STRENGTH.md); the anchor is stated there
};

// The levels, kMinLevel first.
std::span<const LevelSpec> levels();
// The row of `level` (clamped to kMinLevel..kMaxLevel).
const LevelSpec& levelSpec(int level);
// The level whose measured Elo is nearest to `elo` (the weaker on a tie).
int levelForElo(int elo);
// The level, fractional between two rows of the table, whose Elo interpolated linearly between
// theirs is `elo` (clamped to the table's range): what UCI_Elo plays, so that a rating between
// two levels gets a strength between theirs.
double fractionalLevelForElo(int elo);
// A level between two rows of the table (clamped to kMinLevel..kMaxLevel): at level i + f the
// nodes are n(i) * (n(i+1) / n(i))^f, the margin is interpolated linearly and the lines rounded
// to the nearest; the depth limit is the upper row's (none from level 4 on) once f > 0. At a
// whole level it is that row exactly. The Elo is the rows' interpolated linearly.
LevelSpec levelSpecAt(double level);
int minLevelElo();
int maxLevelElo();

// The limits of a search at `level` (kMinLevel..kMaxLevel, fractional as levelSpecAt) from the
// caller's: the level's node and depth limits where they are tighter, at least its root lines,
// one thread (so that a level plays the same moves on any machine for a given seed).
SearchLimits levelLimits(const SearchLimits& limits, double level);

// The index in `lines` (best first, as SearchResult::lines) of the line a level plays: one
// within the level's margin of the best, chosen at random with weights falling linearly to the
// margin. Lines that get mated are never chosen while another line does not; a mate found for
// the side to move is always played. Returns 0 for fewer than two lines.
std::size_t chooseLevelLine(std::span<const SearchInfo> lines, double level, std::mt19937_64& rng);

} // namespace xq::ai
