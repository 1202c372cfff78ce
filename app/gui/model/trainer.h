// The endgame trainer without a window: a won position of a named ending drawn at random from
// its table, the person playing the winning side against the table's perfect defence, every
// move judged by the distance to mate it leaves (the best, a slower win, or a win thrown away),
// take-backs, and the person's progress per ending kept in trainer.json in the data directory.
#pragma once

#include <atomic>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/game.h"
#include "egtb/endings.h"
#include "egtb/tablebases.h"

namespace xq::gui {

// The endings the trainer offers (egtb::namedEndings with `trainer` set).
std::vector<egtb::NamedEnding> trainerEndings();

struct TrainerRecord {
    int started                                 = 0; // positions tried
    int won                                     = 0; // mated the defence
    int perfect                                 = 0; // ... with the quickest mate all the way
    bool operator==(const TrainerRecord&) const = default;
};
using TrainerProgress = std::map<std::string, TrainerRecord>; // by material ("KRkaabb")

std::string trainerProgressToJson(const TrainerProgress& p);
// nullopt with `error` naming what is wrong when the text is not a progress file.
std::optional<TrainerProgress> trainerProgressFromJson(const std::string& text, std::string& error);

// How a move of the person's changed the distance to mate (plies, the winner's view).
enum class TrainerVerdict : std::uint8_t {
    Best,     // the quickest mate: the distance went down by one ply
    Slower,   // still a win, but a longer one
    ThrewWin, // a draw or a loss now
    Mated,    // the move mated (or stalemated) the defence
};

class EndgameTrainer {
public:
    explicit EndgameTrainer(egtb::Tablebases& tb)
        : m_tb(tb) {}

    // A random position of the table in which Red, to move, wins in at least minPlies (or the
    // longest the table has); false when the table is not available.
    bool start(const egtb::Material& m, std::mt19937_64& rng, int minPlies = 9);
    bool active() const { return m_active; }
    const core::Game& game() const { return m_game; }
    const std::string& material() const { return m_material; }
    // The distance to mate in plies for the side to move now (the table's), or -1 after a
    // thrown win (then the verdict is in `current()`).
    std::optional<egtb::Verdict> current() const;
    int startPlies() const { return m_startPlies; }

    // The person's move (Red's, legal). The verdict; the defence's reply is played at once
    // unless the game is over.
    struct Judged {
        TrainerVerdict verdict = TrainerVerdict::Best;
        int before             = 0;         // plies to mate before the move
        std::optional<egtb::Verdict> after; // the defence's view after the move
        core::Move reply;                   // the defence's answer (none when over)
    };
    std::optional<Judged> play(core::Move m);
    // Takes back the last move of the person (and the reply to it). False when none.
    bool takeBack();
    // Every move of the person so far was the quickest.
    bool perfectSoFar() const { return m_perfect; }
    bool mated() const { return m_mated; }
    // The table's best move for the side to move (a hint).
    std::optional<core::Move> hint();

private:
    egtb::Tablebases& m_tb;
    core::Game m_game;
    std::string m_material;
    std::vector<bool> m_perfectStack; // m_perfect before each move of the person
    bool m_active = false, m_perfect = true, m_mated = false;
    int m_startPlies = 0;
};

// Makes a table on a thread of its own (the trainer's progress bar, the analysis): start()
// returns at once; the UI polls busy() and fraction(). Destroying a maker that is still busy
// stops the work at its next progress report (a fraction of a second to a few seconds) and
// leaves no file behind, so quitting never waits for a whole table.
class TableMaker {
public:
    TableMaker() = default;
    ~TableMaker();
    TableMaker(const TableMaker&)            = delete;
    TableMaker& operator=(const TableMaker&) = delete;

    void start(egtb::Tablebases& tb, const egtb::Material& m);
    bool busy() const { return m_thread.joinable() && !m_done.load(); }
    // After the thread is done: true when the table is available; else error() says why.
    bool finish();
    double fraction() const { return m_fraction.load(); }
    std::string current() const; // the table being made now
    const std::string& error() const { return m_error; }

private:
    std::atomic<bool> m_stop{false};
    std::jthread m_thread;
    std::atomic<double> m_fraction{0};
    std::atomic<bool> m_done{false};
    mutable std::mutex m_mutex;
    std::string m_current; // guarded
    std::string m_error;   // written by the thread before m_done
    bool m_ok = false;
};

} // namespace xq::gui
