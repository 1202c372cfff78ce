// Time controls and the game clock. A time control is untimed, sudden death (a base time for the
// whole game), Fischer increment (base plus seconds added after each move) or moves per period
// (N moves in a base time, the base added again at every N moves). Written for people as
// "10" (minutes), "10+5" (minutes + seconds) and "40/20" (moves / minutes); in PGN's TimeControl
// tag as "600", "600+5" and "40/1200" (seconds), "-" for untimed.
// The clock is driven with a monotonic time in milliseconds that the caller supplies, so it is
// exact in tests. Standard library only.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"
#include "core/types.h"

namespace xq::core {

struct TimeControl {
    std::int64_t baseMs      = 0; // 0: untimed
    std::int64_t incrementMs = 0; // added to the mover's clock after every move
    int movesPerPeriod       = 0; // > 0: baseMs again after every movesPerPeriod moves of a side

    bool untimed() const { return baseMs <= 0; }
    bool operator==(const TimeControl&) const = default;
};

// The time controls a person types: "untimed" (or "-", "none", ""), "10" or "10 min", "10+5",
// "2.5+2", "40/20". Minutes up to 600, increments up to 600 s, moves per period up to 200. The
// error says what is wrong with the text.
Expected<TimeControl> parseTimeControl(std::string_view text);
// The same in the person's form: "untimed", "10 min", "10+5", "40/20".
std::string formatTimeControl(const TimeControl& tc);
// PGN's TimeControl tag ("-", "600", "600+5", "40/1200"); the reader takes only these forms.
Expected<TimeControl> parsePgnTimeControl(std::string_view text);
std::string pgnTimeControl(const TimeControl& tc);

// "0:09:58" (H:MM:SS) as in PGN's [%clk] comments, with tenths ("0:00:07.4") when not whole.
std::string formatClk(std::int64_t ms);
// Reads H:MM:SS or H:MM:SS.f (fractions to milliseconds); an error for anything else.
Expected<std::int64_t> parseClk(std::string_view text);
// The time on a clock face: "9:58", "1:02:03" over an hour, "7.4" under ten seconds, "0.0" when
// it ran out.
std::string formatClockFace(std::int64_t ms);

// Two clocks and the side whose clock runs. Nothing runs until start(); a paused clock keeps its
// time. Times are in milliseconds on the caller's monotonic clock.
class GameClock {
public:
    GameClock() = default;
    explicit GameClock(const TimeControl& tc);

    const TimeControl& control() const { return m_tc; }
    bool enabled() const { return !m_tc.untimed(); }

    // Sets both clocks and the moves each side has made (for the periods), stopped: a new game,
    // a game read back or a position taken back.
    void set(std::int64_t redMs, std::int64_t blackMs, int redMoves, int blackMoves);
    // Starts (or restarts after a pause) the clock of `side` at `nowMs`.
    void start(Color side, std::int64_t nowMs);
    // Stops the running clock, charging the time since it started.
    void pause(std::int64_t nowMs);
    bool running() const { return m_running; }
    Color side() const { return m_side; }

    // `mover` completed a move at nowMs: its time is charged, then the increment (and at the
    // end of a period the base time) added; the other side's clock starts. Returns the mover's
    // remaining time (the value of the move's [%clk] comment).
    std::int64_t moveMade(Color mover, std::int64_t nowMs);

    // Remaining time of a side at nowMs (may be negative once it has run out).
    std::int64_t remaining(Color c, std::int64_t nowMs) const;
    // The running side's time ran out.
    bool flagged(std::int64_t nowMs) const {
        return enabled() && m_running && remaining(m_side, nowMs) <= 0;
    }
    int movesMade(Color c) const { return m_moves[index(c)]; }
    // Moves `c` still has to make in the current period (0 when the control has no periods).
    int movesToGo(Color c) const;

private:
    static std::size_t index(Color c) { return c == Color::Red ? 0 : 1; }

    TimeControl m_tc;
    std::array<std::int64_t, 2> m_left{};
    std::array<int, 2> m_moves{};
    Color m_side           = Color::Red;
    bool m_running         = false;
    std::int64_t m_startMs = 0;
};

} // namespace xq::core
