// Fuzz target for readGames (core/game_formats.h) with the format detected from the bytes, as
// Open, Import and xiangqi-convert use it: every reader reachable from any bytes, and PGN's
// game-by-game reading after a damaged game.
// Properties: as for each reader (fuzz/fuzz_games.h): games or an error, never a crash; what is
// read writes as PGN and as XQF and reads back with the same moves and lines.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz/fuzz_games.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    xq::fuzz::checkGames(xq::core::readGames(bytes));
    return 0;
}
