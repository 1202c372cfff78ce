// A match of two or more engines: the schedule (every pair, or the first engine against each
// other one; each opening played twice with the colours swapped), the game threads
// (-concurrency; each has its own engine processes, started again after a failure), the PGN
// written game by game, the running score and the final table with W/D/L, Elo and its 95%
// interval, the pentanomial counts and the SPRT state. A stop (Ctrl+C, or the SPRT deciding)
// starts no new game; a stop request also ends the games in progress, which are written as
// far as they were played, with the result "*". -resume counts the finished games of that PGN
// and plays the others.
#pragma once

#include <atomic>
#include <map>
#include <mutex>
#include <ostream>
#include <stop_token>
#include <string>
#include <vector>

#include "app/match/game.h"
#include "app/match/options.h"
#include "app/match/stats.h"

namespace xq::match {

struct PairingStats {
    int first = 0, second = 0; // engine indices; the results are the first engine's
    Wdl wdl;
    Penta penta;
    std::map<int, double> openPairs; // a pair's first game's points until its second ends
};

class Tournament {
public:
    Tournament(MatchConfig config, std::vector<Opening> openings, std::ostream& log);

    // Counts the finished games of an earlier run of the same match (its -pgnout file, read),
    // which are then not played again; games with the result "*" are played. An error names
    // the game that does not belong to this match (another number of games, other engines or
    // openings), and then nothing is counted.
    std::string resume(const std::vector<core::PgnGame>& games);
    int resumedGames() const { return m_resumed; }

    // Plays the match; returns when every game has been played, the SPRT has decided, or
    // `stop` was requested (the games in progress end unfinished).
    void run(std::stop_token stop);

    std::string table() const;
    // The summary for scripts: {"engines": [first, second], "stats": {"wins", "draws",
    // "losses", "score"} of the first pairing from its first engine's side, "endings": {kind:
    // count}, "unfinished": N, "games": [{"number", "round", "red", "black", "result", "kind",
    // "reason", "plies"}]}.
    std::string json() const;
    const std::vector<PairingStats>& pairings() const { return m_pairings; }
    // Games finished (with a result), and how each kind of ending counted.
    int finishedGames() const { return m_finished; }
    const std::map<std::string, int>& endings() const { return m_endings; }
    bool sprtDecided() const { return m_sprtDecided; }

private:
    struct Job {
        int pairing, red, black, opening, round, pair, number;
    };
    void worker(std::stop_token stop);
    void record(const Job& job, const GameRecord& r);
    // Adds a finished game to the tallies (m_mutex held).
    void tally(const Job& job, core::Outcome outcome, const std::string& kind);
    // Stops the match once the SPRT has decided (m_mutex held).
    void checkSprt();

    MatchConfig m_config;
    std::vector<Opening> m_openings;
    std::ostream& m_log;
    std::vector<Job> m_jobs;
    std::vector<char> m_done; // per job: finished in the run that -resume goes on with
    int m_resumed = 0;
    std::atomic<std::size_t> m_next{0};
    std::atomic<bool> m_noMore{false}; // the SPRT has decided: no new game
    mutable std::mutex m_mutex;        // guards what follows, the log and the PGN file
    std::vector<PairingStats> m_pairings;
    std::map<std::string, int> m_endings;
    struct Summary {
        int number, round;
        std::string red, black, result, kind, reason;
        std::size_t plies;
    };
    std::vector<Summary> m_games;
    int m_finished     = 0;
    bool m_sprtDecided = false;
    std::string m_date;
};

} // namespace xq::match
