// Perft: counts the leaf nodes of the legal move tree, the standard check of a move generator.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/position.h"

namespace xq::core {

// Leaves at `depth` plies (the last ply is counted from the legal-move list: bulk counting).
std::uint64_t perft(const Position& pos, int depth);
// Per root move counts, in generation order.
std::vector<std::pair<Move, std::uint64_t>> perftDivide(Position& pos, int depth);
// A slow perft for tests: after every unmake checks that the key, the counts and the board are
// restored, that hasLegalMove agrees with the list and givesCheck agrees with isInCheck after
// the move. Returns the leaf count, or UINT64_MAX at the first inconsistency.
std::uint64_t perftChecked(Position& pos, int depth);

} // namespace xq::core
