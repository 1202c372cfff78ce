// Saved games through core/pgn.h: written as PGN with the moves in ICCS (a [FEN] tag when the game
// did not start from the initial position), read in any notation core reads. Parsing never
// throws: bad text gives an error naming the bad move.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/game_tree.h"
#include "core/notation.h"
#include "core/result.h"

namespace xq::gui {

// The game model lives in core; the GUI names its types unqualified.
using core::GameTree;
using core::kNoNode;
using core::NodeId;
using core::TreeNode;

using Tags = std::map<std::string, std::string>;

struct GameRecord {
    Tags tags;
    core::Game game; // start position, main line replayed, resignation applied from [Result]
    GameTree tree;   // the moves with their variations, comments and NAGs
};

// PGN text of the game: the given tags (Event, Red, Black, ...), then Date, Result and FEN.
std::string writePgn(const core::Game& game, const Tags& tags);
// The same for a game with variations and notes (GameSession::pgn()).
std::string writePgn(core::PgnGame pgn, const Tags& tags);
core::Expected<GameRecord> readPgn(std::string_view text);

// Reads a move in ICCS, or WXF/Chinese when core's readers accept it.
core::Expected<core::Move> parseMoveText(const core::Position& pos, std::string_view text);
// The move in the chosen notation; ICCS when the writer for that notation gives nothing.
std::string moveText(const core::Position& pos, core::Move m, core::Notation n);
// A principal variation from pos, stopping at the first move that is not legal.
std::string pvText(core::Position pos, const std::vector<core::Move>& pv, core::Notation n,
                   std::size_t maxMoves);

} // namespace xq::gui
