// Games made up of random legal moves, for the database's tests and import benchmark: a
// thousand different games with players, events, dates and results, the same for every seed.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "core/pgn.h"

namespace xq::library {

// `count` games of 20 to 119 plies from the start position (a game ends early at mate or
// stalemate), each with its own players and result.
std::vector<core::PgnGame> sampleGames(std::size_t count, std::uint64_t seed);
// Writes them as one PGN file each (game-0001.pgn ...) into `dir`, which is created.
void writeSampleFolder(const std::filesystem::path& dir, std::size_t count, std::uint64_t seed);

} // namespace xq::library
