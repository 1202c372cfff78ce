// The text of the UCI and UCCI protocols as pure functions: option lines, option values, the
// command line that starts an engine, and moves in the engine's coordinates. Nothing here reads
// or writes a process; dialect.h has the lines of a search.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "core/types.h"

namespace xq::link {

enum class EngineProtocol { Auto, Uci, Ucci };
std::string_view protocolKey(EngineProtocol p); // "auto", "uci", "ucci"
bool parseProtocolKey(std::string_view key, EngineProtocol& out);

// How the engine writes squares: ICCS-like a0..i9 (UCCI engines, Pikafish, our engine) or
// a1..i10 (Fairy-Stockfish with UCI_Variant xiangqi). Files a..i are the same in both.
enum class RankBase { Zero, One };

struct EngineOption {
    enum class Type { Spin, Check, Combo, String, Button };
    std::string name;
    Type type = Type::String;
    std::string defaultValue; // "true"/"false" for a check; empty for a button
    long long min = 0, max = 0;
    std::vector<std::string> vars; // a combo's choices
    bool operator==(const EngineOption&) const = default;
};
std::string_view optionTypeName(EngineOption::Type t); // "spin", "check", ...

// Parses one "option ..." line: UCI ("option name Hash type spin default 64 min 1 max 4096",
// names with spaces) or UCCI ("option hashsize type spin min 16 max 1024 default 64"). nullopt
// when the line is not a well-formed option.
std::optional<EngineOption> parseOptionLine(std::string_view line, EngineProtocol protocol);
// The value an option may take: a spin clamped to its range, a check "true"/"false", a combo one
// of its choices (case-insensitive; else the default), a string as is. nullopt for a button.
std::optional<std::string> validOptionValue(const EngineOption& o, std::string_view value);
// The next value of a spin after a "+" (up) or "-" press from `value`. A range whose maximum
// is a hundred times its minimum or more (Hash: 1 MB to terabytes, Threads 1 to 512) steps by
// doubling and halving, so that every press is a change a person can see at any size; a
// narrower range steps by 1, 2 or 5 times a power of ten, about fifty presses across it.
// Always within [min, max].
long long spinStepValue(const EngineOption& o, long long value, bool up);

// Splits a command line as a POSIX shell would for a simple command: blanks separate words,
// single quotes keep everything, double quotes keep all but \" and \\, a backslash escapes the
// next character. No variables, globs or redirections. An error names an unclosed quote.
core::Expected<std::vector<std::string>> splitCommand(std::string_view command);

// A move in the engine's coordinates and back (syntax only; the caller checks legality).
std::string engineMoveText(core::Move m, RankBase ranks);
std::optional<core::Move> parseEngineMove(std::string_view text, RankBase ranks);

// Text helpers the protocol code shares: the blank-separated words of a line, words [from, to)
// joined by one space, a whole number, a case-insensitive comparison, a line quoted for a
// message (printable, at most 60 characters) and milliseconds as "2.5 s".
std::vector<std::string_view> words(std::string_view line);
std::string join(const std::vector<std::string_view>& w, std::size_t from, std::size_t to);
std::optional<long long> toInt(std::string_view s);
bool equalsNoCase(std::string_view a, std::string_view b);
std::string quoted(std::string_view s);
std::string seconds(int ms);

} // namespace xq::link
