// PGN for xiangqi: reading and writing game records in the community convention
// ([Game "Chinese Chess"], tags Event Site Date Round Red Black Result, [FEN] for set-ups, and
// [Format "ICCS"|"WXF"|"Chinese"] naming the move notation), with comments, NAGs and nested
// variations. Readers take UTF-8 (with or without a byte order mark) or GBK bytes and return an
// error naming the line for malformed input; nothing here throws.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/result.h"

namespace xq::core {

struct PgnMove;

// A sequence of moves from some position: the main line, or a variation. A variation attached to
// a move is an alternative to that move, so it starts from the position before it.
struct PgnLine {
    std::string comment;        // before the first move ("" when none)
    std::vector<PgnMove> moves; // each legal in the position the previous moves lead to

    bool operator==(const PgnLine&) const;
};

struct PgnMove {
    Move move;
    std::vector<int> nags;           // $1 = "!", $2 = "?", ...: numeric annotation glyphs
    std::string comment;             // after the move ("" when none)
    std::vector<PgnLine> variations; // alternatives to this move, in file order
    // The mover's time left after the move, in milliseconds, from a [%clk H:MM:SS] in the
    // comment (written there again, before the comment's text); -1 when none.
    std::int64_t clockMs = -1;

    bool operator==(const PgnMove&) const = default;
};

struct PgnGame {
    // Tags in file order, names as written ("Event", "Red", ...). The reader keeps every tag it
    // finds, including Game, FEN, Format and Result.
    std::vector<std::pair<std::string, std::string>> tags;
    Position start;           // from [FEN], else the standard start position
    PgnLine main;             // main.comment: the comment before the first move
    std::string result = "*"; // "1-0", "0-1", "1/2-1/2" or "*"

    PgnGame();
    // The value of a tag ("" when absent); setTag replaces it or appends it.
    std::string tag(std::string_view name) const;
    void setTag(std::string_view name, std::string value);

    const std::vector<PgnMove>& moves() const { return main.moves; }
};

// Reads every game in a file's bytes (UTF-8 or GBK). Each game's move text is read in the
// notation its [Format] tag names (a move in another notation is still accepted when it reads
// unambiguously); without the tag, the notation is detected per move. Errors look like
// "line 7: move 12 for Black '炮8平5': ..." and name the first problem found.
Expected<std::vector<PgnGame>> readPgnGames(std::string_view bytes);
// The first game only (an error when there is none).
Expected<PgnGame> readPgn(std::string_view bytes);
// Reads a file from disk; the error names the file when it cannot be opened.
Expected<std::vector<PgnGame>> readPgnFile(const std::string& path);

// Writes one game with its moves in notation n. Tags come out as: Game "Chinese Chess"; Event,
// Site, Date, Round, Red, Black (the game's values, "?" when missing) and Result (game.result);
// FEN when the start is not the standard start position; Format (n); then the game's other tags
// in their order. Reading the output gives back the same start, moves, NAGs, comments,
// variations and result, and exactly these tags. A '}' inside a comment is written as ')'.
std::string writePgn(const PgnGame& game, Notation n);
// Several games, separated by blank lines.
std::string writePgnGames(const std::vector<PgnGame>& games, Notation n);

// A record of a Game: its start position, its moves and its result (resignations included).
// A result of the repetition rules adds [Termination "rules infraction"] (a loss) or
// [Termination "normal"] (a draw) and the verdict's English sentence after the last move.
PgnGame pgnFromGame(const Game& game);
// The result a record's Result tag gives a game whose moves leave it undecided: a win, by the
// loser's resignation or, with [Termination "time forfeit"], on time; a draw on time. Ongoing for
// any other tag: draws by agreement cannot be represented in a Game or a GameTree.
GameResult pgnAdjudication(const PgnGame& pgn);
// Replays the main line into a Game. Moves after a repetition or move-limit draw are kept
// (Game::forcePlay: the players played on). When the moves give no result, the Result tag's
// (pgnAdjudication) ends the game. Fails, naming the move, when a move is illegal.
Expected<Game> gameFromPgn(const PgnGame& pgn, RuleConfig rules = {});

} // namespace xq::core
