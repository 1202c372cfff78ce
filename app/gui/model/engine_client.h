// EngineClient: talks to an external UCI or UCCI engine running as a child process (POSIX). It
// starts the command, does the handshake, lists and sets the engine's options and runs searches,
// turning the engine's text into the same SearchInfo / SearchResult our own engine returns.
// Every call is synchronous with a time limit and is made from one thread (a worker's, never the
// render thread). Nothing the engine says is trusted: moves are converted from its coordinates
// and checked legal in our core; a crash, a hang, garbage or an illegal move ends the call with
// a message that names the engine and what went wrong, and the process is killed and reaped.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

#include "ai/search_types.h"
#include "core/position.h"
#include "core/result.h"

namespace xq::gui {

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

// Splits a command line as a POSIX shell would for a simple command: blanks separate words,
// single quotes keep everything, double quotes keep all but \" and \\, a backslash escapes the
// next character. No variables, globs or redirections. An error names an unclosed quote.
core::Expected<std::vector<std::string>> splitCommand(std::string_view command);

// A move in the engine's coordinates and back (syntax only; the caller checks legality).
std::string engineMoveText(core::Move m, RankBase ranks);
std::optional<core::Move> parseEngineMove(std::string_view text, RankBase ranks);

// Time limits for the calls. A search is given its own limit: a timed search its time plus
// graceMs, a depth or node search depthCapMs, an infinite one none until it is stopped.
struct EngineTimeouts {
    int handshakeMs = 10'000; // uciok / ucciok after uci / ucci
    int readyMs     = 10'000; // readyok after isready (engines load networks on the first one)
    int graceMs     = 5'000;
    int depthCapMs  = 120'000;
    int stopMs      = 3'000; // bestmove after stop
    int quitMs      = 500;   // exit after quit, before the process is killed
};

// One child process with its stdin and stdout on a socket pair (so that writing to an engine
// that has died returns an error instead of raising SIGPIPE), in a process group of its own so
// that a wrapper script's children go with it. stderr goes to /dev/null.
class EngineProcess {
public:
    EngineProcess() = default;
    ~EngineProcess() { kill(); }
    EngineProcess(const EngineProcess&)            = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // Starts argv[0] (looked up in PATH) with the arguments. Empty string or the error.
    std::string start(const std::vector<std::string>& argv);
    bool isRunning() const { return m_pid > 0; }
    pid_t pid() const { return m_pid; } // -1 when none runs
    // Sends one line (a newline is added). False when the engine is gone.
    bool writeLine(std::string_view line);
    enum class Read { Line, Timeout, Eof, Woken };
    // Waits up to timeoutMs (< 0: no limit) for a whole line, or until wakeFd becomes readable.
    Read readLine(std::string& line, int timeoutMs, int wakeFd = -1);
    // Sends quit (when given) and waits up to graceMs for the exit, then kills the group;
    // always reaps. Returns how the process ended ("exited with status 1", "killed by signal 9").
    std::string stop(std::string_view quitCommand = {}, int graceMs = 0);
    void kill() { stop(); }
    // Whether the child has exited (reaped), and how, without waiting.
    std::optional<std::string> exitStatus();

private:
    pid_t m_pid = -1;
    int m_fd    = -1;
    std::string m_buffer;
    std::optional<std::string> m_ended;
};

// A search's end: the result, or empty with a message (empty too when it was stopped by the
// caller's stop token, with no message).
struct EngineSearch {
    std::optional<ai::SearchResult> result;
    std::string error;
};

class EngineClient {
public:
    explicit EngineClient(EngineTimeouts timeouts = {});
    ~EngineClient();
    EngineClient(const EngineClient&)            = delete;
    EngineClient& operator=(const EngineClient&) = delete;

    // Starts `command` and does the handshake: Auto tries "uci" and, when no uciok comes, "ucci".
    // Then sets UCI_Variant to xiangqi when offered, finds which coordinates the engine writes,
    // and waits for readyok. False with error() on failure (the process is gone then).
    bool start(std::string_view command, EngineProtocol protocol = EngineProtocol::Auto);
    bool isRunning() const { return m_process.isRunning(); }
    // Ends the engine (quit, then kill) and reaps it.
    void stop();

    const std::string& name() const { return m_name; } // "id name", else the program's name
    EngineProtocol protocol() const { return m_protocol; }
    RankBase ranks() const { return m_ranks; }
    const std::vector<EngineOption>& options() const { return m_options; }
    const EngineOption* findOption(std::string_view name) const;
    // Sets an option the engine listed (value made valid by validOptionValue; a button is
    // pressed). False with error() when there is no such option or the engine is gone.
    bool setOption(std::string_view name, std::string_view value = {});
    // isready / readyok.
    bool sync();

    // Searches the position after `moves` from `start`. onInfo gets each progress report; a
    // stop request on `finishNow` asks the engine for its move now; one on `stop` ends the
    // search without a result. The best move is checked legal before it is returned.
    EngineSearch search(const core::Position& start, const std::vector<core::Move>& moves,
                        const ai::SearchLimits& limits, std::stop_token stop = {},
                        const std::function<void(const ai::SearchInfo&)>& onInfo = {},
                        std::stop_token finishNow                                = {});

    const std::string& error() const { return m_error; }

private:
    bool fail(std::string what); // sets m_error (naming the engine), stops the process; false
    enum class Handshake { Ok, Timeout, Gone };
    Handshake handshake(EngineProtocol p);
    bool waitFor(std::string_view token, int timeoutMs, const char* what);
    std::string goCommand(const ai::SearchLimits& limits, core::Color side) const;
    std::optional<ai::SearchInfo> parseInfo(std::string_view line, const core::Position& root,
                                            std::string& garbage) const;
    RankBase detectRanks();
    bool sendOption(const EngineOption& o, const std::optional<std::string>& value);

    EngineTimeouts m_timeouts;
    EngineProcess m_process;
    std::string m_program; // argv[0], for messages before the engine has told its name
    std::string m_name;
    std::string m_error;
    EngineProtocol m_protocol = EngineProtocol::Uci;
    RankBase m_ranks          = RankBase::Zero;
    std::vector<EngineOption> m_options;
    int m_multiPv = 1;         // the MultiPV value last sent
    std::string m_ownBook;     // OwnBook as the person set it (or the engine's default)
    std::string m_ownBookSent; // and as last sent
    int m_wake[2] = {-1, -1};  // a pipe the stop token writes to, to wake a waiting read
};

} // namespace xq::gui
