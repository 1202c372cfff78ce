// The lines of the UCI and UCCI dialects that a client sends and reads, as pure functions: the
// greeting and its answer, setoption, the position, go with its limits, and the engine's info
// and bestmove lines turned into our SearchInfo. The two dialects differ in a few words (UCCI:
// "ucci", "setoption NAME VALUE", "go time T movestogo 1", "score 31"); everything else is
// shared. Tested against our engine's own info lines (app/engine/uci.h formatInfo).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ai/search_types.h"
#include "core/position.h"
#include "enginelink/protocol.h"

namespace xq::link {

// "uci" / "ucci", and the answer that ends the handshake: "uciok" / "ucciok".
std::string greetingLine(EngineProtocol p);
std::string greetingOk(EngineProtocol p);
// "setoption name Hash value 64" (UCI) or "setoption hashsize 64" (UCCI); a button has no value.
std::string setOptionLine(EngineProtocol p, std::string_view name,
                          const std::optional<std::string>& value);
// "position fen FEN [moves m1 m2 ...]", the moves in the engine's coordinates.
std::string positionLine(const core::Position& start, const std::vector<core::Move>& moves,
                         RankBase ranks);
// The go command for the limits, for the side to move (its clock, in UCCI).
std::string goLine(EngineProtocol p, const ai::SearchLimits& limits, core::Color side);

// One "info" line: nullopt for an info without a score ("info string ...", "info currmove ...")
// or with a malformed number, which then sets `garbage` to what was wrong. The pv is kept as
// far as it is legal from `root`. A mate in N moves becomes the score ai::kMateScore - plies.
std::optional<ai::SearchInfo> parseInfoLine(std::string_view line, const core::Position& root,
                                            RankBase ranks, std::string& garbage);

// "bestmove MOVE [ponder MOVE]": the move (syntax only; nullopt when it cannot be a move).
struct BestMoveLine {
    std::optional<core::Move> best, ponder;
};
BestMoveLine parseBestMoveLine(std::string_view line, RankBase ranks);

} // namespace xq::link
