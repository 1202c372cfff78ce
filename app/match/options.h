// What xiangqi-match is asked to do, read from a command line in cutechess-cli's form where it
// fits: -engine cmd=PATH name=N proto=uci|ucci option.Hash=64 st=0.1 | tc=40/60+0.6 | depth=N |
// nodes=N (two or more), -each (the same keys, for every engine), -games, -rounds, -openings
// file=F, -concurrency, -resign, -draw, -pgnout, -resume, -sprt, -tournament round-robin|gauntlet,
// -rules asian|chinese|simple, -movelimit, -timemargin. Also the openings file.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/match/stats.h"
#include "core/clock.h"
#include "core/position.h"
#include "core/result.h"
#include "core/rules.h"
#include "enginelink/external_engine.h"

namespace xq::match {

struct EngineSpec {
    std::string name; // default: the program's file name
    std::string command;
    link::EngineProtocol protocol = link::EngineProtocol::Auto;
    link::OptionValues options;
    int moveTimeMs = 0;                     // st=SECONDS
    std::optional<core::TimeControl> clock; // tc=[MOVES/]SECONDS[+INCREMENT]
    int depth       = 0;
    long long nodes = 0;
    // The limits of one search (a clock's times are filled in by the game).
    bool limited() const { return moveTimeMs > 0 || clock || depth > 0 || nodes > 0; }
    std::string limitText() const; // "st=0.1", "tc=40/60+0.6", "depth=8"
};

struct Adjudication {
    int resignMoves = 0, resignScore = 0;                 // -resign movecount= score=
    int drawMoveNumber = 0, drawMoves = 0, drawScore = 0; // -draw movenumber= movecount= score=
};

struct MatchConfig {
    std::vector<EngineSpec> engines;
    int games = 2, rounds = 1, concurrency = 1;
    bool gauntlet = false; // the first engine against each other; else every pair
    std::string openingsFile;
    std::string pgnOut;
    std::string jsonOut;    // -json FILE: the summary for scripts
    bool resume = false;    // -resume: count the finished games of -pgnout, play the rest
    core::RuleConfig rules; // -rules, -movelimit (plies without a capture)
    Adjudication adjudication;
    std::optional<SprtSpec> sprt;
    int timeMarginMs = 1000; // over its time before a move counts as a loss on time
    bool help        = false;
};

// The usage text (also the man page's summary of the options).
std::string usage();
// Reads the arguments after the program's name. An error names the argument that is wrong.
core::Expected<MatchConfig> parseArguments(const std::vector<std::string>& args);
// "40/60+0.6", "60+0.6", "1:30+1", "60": a clock in cutechess-cli's form (seconds).
core::Expected<core::TimeControl> parseMatchClock(std::string_view text);

struct Opening {
    core::Position start;
    std::vector<core::Move> moves;
    std::string label;
};
// One opening a line: a list of ICCS moves from the standard start, or "FEN [moves ...]";
// text after ';' is a label, '#' starts a comment. An error names the line.
core::Expected<std::vector<Opening>> parseOpenings(std::string_view text);
core::Expected<std::vector<Opening>> readOpenings(const std::string& path);

// A warning when the match would replay games: engines limited only by nodes or depth, at full
// strength on one thread, play the same game again for the same opening and colours, so a
// pairing holds at most two different games per opening. Empty when the games can all differ:
// enough openings, or some engine limited by time, playing a level, or on several threads.
std::string repeatedGamesWarning(const MatchConfig& config, std::size_t openings);

} // namespace xq::match
