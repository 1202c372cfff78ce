// Saved games through core/pgn.h: written as PGN with the moves in ICCS (a [FEN] tag when the game
// did not start from the initial position), read in any notation core reads. Parsing never
// throws: bad text gives an error naming the bad move.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.h"
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

// A game read from PGN: its tags and its tree (main line, variations, comments, NAGs, and the
// main line's result from [Result] when the moves do not give it). tree.mainGame() is the main
// line as a linear game.
struct GameRecord {
    Tags tags;
    GameTree tree;
};

// A timed game's clock in its PGN tags: [TimeControl] (PGN's form), [Casual] and [ComputerClock]
// ("yes" or "no"), and while the game goes on [RedClock] and [BlackClock], the time each side
// had left when it was saved (H:MM:SS), for the game to go on where it stopped.
struct ClockTags {
    core::TimeControl control; // untimed: no clock tags
    bool casual                             = false;
    bool computerOnClock                    = true;
    std::array<std::int64_t, 2> left        = {-1, -1}; // Red, Black; -1: not saved
    bool operator==(const ClockTags&) const = default;
};
// Reads the clock tags. A game without [TimeControl] is untimed; one whose [TimeControl] cannot
// be read is untimed too, and `problem` (when given) says why.
ClockTags readClockTags(const Tags& tags, std::string* problem = nullptr);
// The clock tags of a timed game (none of an untimed one; the two clocks only when left >= 0).
Tags clockTags(const ClockTags& clock);

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
