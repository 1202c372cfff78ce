// EngineClient: talks to an external UCI or UCCI engine running as a child process. It starts
// the command, does the handshake, lists and sets the engine's options and runs searches,
// turning the engine's text into the same SearchInfo / SearchResult our own engine returns.
// Every call is synchronous with a time limit and is made from one thread; interrupt() may be
// called from any thread and wakes every wait at once (start, handshake, option sync, search),
// so that no owner ever waits on a silent child. Nothing the engine says is trusted: moves are
// converted from its coordinates and checked legal in our core; a crash, a hang, garbage or an
// illegal move ends the call with a message that names the engine and what went wrong, and the
// process is killed and reaped.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "ai/search_types.h"
#include "core/position.h"
#include "enginelink/process.h"
#include "enginelink/protocol.h"

namespace xq::link {

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
    // Any thread: the call waiting on the engine now, or the next one, gives up at once (the
    // engine is killed; error() says "interrupted"). Sticky until clearInterrupt().
    void interrupt();
    void clearInterrupt();
    bool interrupted() const { return m_interrupted.load(); }

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
    // A new game: "ucinewgame" (UCI; UCCI has none), then isready.
    bool newGame();

    // Searches the position after `moves` from `start`. onInfo gets each progress report; a
    // stop request on `finishNow` asks the engine for its move now; one on `stop` ends the
    // search without a result. The best move is checked legal before it is returned.
    EngineSearch search(const core::Position& start, const std::vector<core::Move>& moves,
                        const ai::SearchLimits& limits, std::stop_token stop = {},
                        const std::function<void(const ai::SearchInfo&)>& onInfo = {},
                        std::stop_token finishNow                                = {});

    const std::string& error() const { return m_error; }

private:
    // One search in its steps: begin (position, options, go), a line at a time, the end.
    struct Run;
    std::optional<EngineSearch> beginSearch(Run& run, const core::Position& start,
                                            const std::vector<core::Move>& moves,
                                            const ai::SearchLimits& limits);
    std::optional<EngineSearch>
    onSearchLine(Run& run, const std::string& line, const std::stop_token& stop,
                 const std::function<void(const ai::SearchInfo&)>& onInfo);
    EngineSearch finishSearch(Run& run, std::string_view bestmove);
    EngineSearch searchFailed(std::string what);

    bool fail(std::string what); // sets m_error (naming the engine), stops the process; false
    // Reads a line, waking on interrupt(); Woken only when interrupted.
    EngineProcess::Read read(std::string& line, int timeoutMs);
    void drainWake();
    enum class Handshake { Ok, Timeout, Gone };
    Handshake handshake(EngineProtocol p);
    bool waitFor(std::string_view token, int timeoutMs, const char* what);
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
    std::atomic<bool> m_interrupted{false};
    int m_wake[2] = {-1, -1}; // a pipe that interrupt() and stop tokens write to
};

} // namespace xq::link
