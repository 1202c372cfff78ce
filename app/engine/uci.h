// The UCI protocol for xiangqi-engine, with ICCS moves as Pikafish writes them ("h2e2").
// UciEngine reads one line at a time and writes replies to an output stream, so tests can drive
// it without a process. A malformed line prints "info string <reason>" and changes nothing.
// "go" searches on a thread of its own, so "stop", "ponderhit", "isready" and "quit" are read
// meanwhile; any other command that arrives during a search first finishes it (as "stop" would).
// "go ponder" searches with the clock's limits held back until "ponderhit" (then they count from
// the "go"); "stop" while pondering answers with the best move so far.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "ai/search.h"
#include "ai/worker.h"
#include "core/game.h"
#include "egtb/tablebases.h"

namespace xq::ai {
class Explainer;
}

namespace xq::uci {

// One engine option, declared once: the `uci` reply prints it and `setoption` checks a value
// against it before `apply` sees the value.
struct UciOption {
    enum class Type { Check, Spin, Combo, Button, String };
    std::string name;
    Type type = Type::Spin;
    std::string def;               // the default as `uci` prints it (none for a button)
    long long min = 0, max = 0;    // Spin
    std::vector<std::string> vars; // Combo, in the order `uci` lists them
    // Spin: what the value is and what the minimum means, for the message on a bad value
    // ("Level needs a number from 0 (full strength) to 10, not '11'").
    std::string what = "a number";
    std::string minNote;
    // Gets the value checked: a Check's "true" or "false", a Combo's var as declared, a Spin's
    // number (also as text), a String's text ("<empty>" read as empty), nothing for a Button.
    std::function<void(const std::string& value, long long number)> apply;
};

// The option's line of the `uci` reply: "option name Hash type spin default 64 min 1 max 4096".
std::string declaration(const UciOption& option);
// Checks `value` against the option: empty when it is good, else what is wrong, as `setoption`
// prints it. A good value is normalised in place (see UciOption::apply) and its number set.
std::string checkValue(const UciOption& option, std::string& value, long long& number);

class UciEngine {
public:
    explicit UciEngine(std::ostream& out);
    ~UciEngine();
    UciEngine(const UciEngine&)            = delete;
    UciEngine& operator=(const UciEngine&) = delete;

    // Handles one input line. Returns false after "quit".
    bool handleLine(std::string_view line);
    // Runs the loop on a stream until "quit" or end of input (then waits for a running search;
    // an infinite one is stopped). Unties `in` from any output stream, for good: a read must not
    // flush the output the search thread writes to (uci.cpp says why).
    void run(std::istream& in);
    // Blocks until the running search (if any) has printed its bestmove. Does not stop it.
    void waitForSearch();
    bool isSearching() const { return m_searchThread.joinable() && !m_searchDone; }

    const core::Game& game() const { return m_game; }
    // The options in the order `uci` lists them.
    const std::vector<UciOption>& options() const { return m_options; }

    // The bench: fixed positions searched to `depth` with a cleared table and no clock.
    // Returns the total node count (the number printed as "Nodes searched").
    std::uint64_t bench(int depth);

private:
    void cmdPosition(const std::vector<std::string>& words);
    void cmdGo(const std::vector<std::string>& words);
    void cmdExplain(const std::vector<std::string>& words);
    void startMateSearch(int moves, const ai::SearchLimits& limits);
    void cmdSetOption(const std::vector<std::string>& words);
    void cmdDisplay();
    void cmdPerft(int depth);
    // "tb": the endgame table's verdict on the current position.
    void cmdTablebase();
    // The tables of TablebasePath (made on first use), or nullptr when UseTablebases is off.
    egtb::Tablebases* tablebases();
    void stopSearch(); // finish the running search now and join it
    void info(const std::string& text);
    std::vector<UciOption> makeOptions(); // the table, applying to this engine's members
    void write(const std::string& text);  // one or more whole lines, under the output lock

    std::ostream& m_out;
    std::mutex m_outMutex;
    core::RuleConfig m_rules; // the Repetition option's rule set, for every game set up
    core::Game m_game;
    std::size_t m_hashMb = 64; // before m_searcher, whose initialiser reads it
    std::unique_ptr<ai::Searcher> m_searcher;
    std::unique_ptr<ai::Explainer> m_explainer; // "explain" (explain_command.h)
    bool m_ownBook = true;
    int m_multiPv  = 1;
    int m_threads  = 1; // search threads (option Threads)
    // Playing strength: Level (0 full strength), or UCI_Elo's level interpolated between the
    // table's rows (ai::fractionalLevelForElo) when UCI_LimitStrength is on; Seed (0: from the
    // system) reseeds at each ucinewgame.
    int m_level          = 0;
    bool m_limitStrength = false;
    int m_elo            = 0;
    std::uint64_t m_seed = 0;
    // Endgame tables: TablebasePath (empty: the XDG cache directory) and UseTablebases.
    std::string m_tbPath;
    bool m_useTablebases = true;
    std::unique_ptr<egtb::Tablebases> m_tablebases;
    bool m_showWdl = false;           // UCI_ShowWDL: "wdl W D L" after each score
    std::vector<UciOption> m_options; // after the members its defaults come from
    ai::Signal m_finish; // "stop": the search returns its best so far; waited on, not polled
    std::atomic<bool> m_searchDone{true};
    bool m_infinite = false;
    // "go ponder": set while the search ponders (its time limits wait); "ponderhit" clears it
    // and, like "stop", sets m_ponderEnd, which a ponder search waits on before its bestmove.
    std::atomic<bool> m_pondering{false};
    ai::Signal m_ponderEnd;
    std::jthread m_searchThread; // declared last: joined before the members it uses go away
};

// Splits a command line into words (spaces, tabs, CR and LF separate them).
std::vector<std::string> splitWords(std::string_view line);

// Formats a SearchInfo as a UCI "info ..." line (without the newline); with wdlMaterial >= 0
// (ai::wdlMaterial of the root) the score is followed by "wdl W D L" (ai/wdl.h).
std::string formatInfo(const ai::SearchInfo& info, bool withMultiPv, int wdlMaterial = -1);

} // namespace xq::uci
