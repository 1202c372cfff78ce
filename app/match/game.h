// One game of a match between two engines: the opening is played, then each engine searches
// in turn under its limits (its clock, a time per move, a depth or a node count) and core's
// Game judges every move: checkmate, stalemate (a loss), perpetual check and chase under the
// match's rule set, the natural move limit. An engine that crashes, hangs, answers garbage or
// plays an illegal move loses the game; so does one over its time by more than the margin.
// Scores can end the game early (-resign, -draw). The record keeps each move's score, depth
// and time for the PGN.
#pragma once

#include <memory>
#include <stop_token>
#include <string>
#include <vector>

#include "app/match/options.h"
#include "core/game.h"
#include "core/pgn.h"
#include "enginelink/client.h"

namespace xq::match {

// An engine of one game thread: its settings and its running process (started when needed,
// started again after a failure).
struct Player {
    const EngineSpec* spec = nullptr;
    std::unique_ptr<link::EngineClient> client;
    // Starts the engine when it is not running; then a new game. The error when it fails.
    // The client is made on the first call and kept (interrupt() may be called on it then).
    std::string prepare(const link::EngineTimeouts& timeouts);
};

struct MoveNote {
    int score           = 0; // the mover's view, centipawns
    int mateIn          = 0;
    int depth           = 0;
    std::int64_t timeMs = 0;
    bool book           = false; // from the opening
};

struct GameRecord {
    core::Game game;
    std::vector<MoveNote> notes; // one per move of game.moves()
    core::Outcome outcome = core::Outcome::Ongoing;
    std::string termination;  // PGN Termination: "normal", "rules infraction", ...
    std::string reason;       // the sentence after the last move
    std::string kind;         // for the tally: "checkmate", "perpetual chase", "crash", ...
    bool finished = false;    // false: interrupted (the result stays "*")
    std::string failedEngine; // the engine to restart, when one failed
};

// Plays a game. `stop` interrupts it (the record is then unfinished).
GameRecord playGame(Player& red, Player& black, const Opening& opening, const MatchConfig& config,
                    std::stop_token stop);

// The game in PGN with the tags of the match (Event, Round: the game's number in the match, as
// cutechess-cli writes it, Red, Black, TimeControl,
// Termination) and each engine move's "score/depth time" comment, cutechess-cli's form
// ("+0.31/12 0.105s", "-M5/20 0.200s").
core::PgnGame toPgn(const GameRecord& r, const std::string& redName, const std::string& blackName,
                    int number, const std::string& timeControl, const std::string& date);

// The tally's name for how a game that toPgn wrote ended ("resign adjudication", "checkmate",
// "crash", ...): from its Termination tag, and for an ending by the rules from its moves played
// again under `rules`. "unfinished" for the result "*".
std::string endingOf(const core::PgnGame& pgn, const core::RuleConfig& rules);

} // namespace xq::match
