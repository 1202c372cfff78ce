// Fuzz target for the CBF (XML) reader (readCbf) in core/game_formats.h.
// Properties: any bytes give games or an error message, never a crash; every game read has a
// legal start, writes as PGN and reads back with the same start, moves and variations, and
// goes through XQF and back with the same moves and number of lines (fuzz/fuzz_games.h).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz/fuzz_games.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    xq::fuzz::checkGames(xq::core::readGames(bytes, xq::core::GameFormat::Cbf));
    return 0;
}
