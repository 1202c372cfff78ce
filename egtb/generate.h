// Retrograde analysis of one table. The tables one capture away must be available through
// `probeChild` (a position after a capture; it returns that position's code).
//
// Method: every legal placement starts unresolved, except those without a legal move (mated or
// stalemated: lost in 0) and those whose moves are all captures into won positions for the
// opponent. Captures are looked up once, at the start: a capture into a lost position gives a
// pending win, a capture into a draw or a loss means the position can never be lost, and the
// longest capture into a win is kept as the least length of a loss. Then the levels d = 0, 1,
// ... are taken in turn: each position resolved at level d (a loss when d is even) makes every
// unresolved predecessor (un-moves of the side that just moved, found from the board without
// move generation) a win in d + 1; a win at level d takes one from the count of each
// unresolved predecessor's quiet moves not yet known to lose, and the predecessor whose count
// reaches zero is lost in d + 1 (or in its longest capture into a win, if longer): wins are met
// shortest first. What is left unresolved is a draw. Single-threaded; working memory 3 bytes per
// entry (the code and the count).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "egtb/table.h"

namespace xq::egtb {

using ChildProbe = std::function<std::uint16_t(const core::Position&)>;
// Called now and then with the fraction done (0..1).
using Progress = std::function<void(double)>;

// Fills `codes` (size layout.size()) and returns the figures.
TableStats generate(const Layout& layout, const ChildProbe& probeChild,
                    std::vector<std::uint16_t>& codes, const Progress& progress = {});

// Figures of a finished table (positions, wins, longest mate).
TableStats countTable(const Table& table);

} // namespace xq::egtb
