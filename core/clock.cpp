#include "core/clock.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

namespace xq::core {

namespace {

constexpr std::int64_t kMaxBaseMs      = 600LL * 60'000; // ten hours
constexpr std::int64_t kMaxIncrementMs = 600'000;        // ten minutes a move
constexpr int kMaxMovesPerPeriod       = 200;

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

// A non-negative decimal number ("10", "2.5") scaled by `unit` and rounded; nullopt otherwise.
std::optional<std::int64_t> decimal(std::string_view s, double unit) {
    s = trimmed(s);
    if (s.empty() || s.size() > 12)
        return std::nullopt;
    int dots = 0;
    for (char c : s) {
        if (c == '.')
            ++dots;
        else if (!std::isdigit(static_cast<unsigned char>(c)))
            return std::nullopt;
    }
    if (dots > 1 || s.front() == '.' || s.back() == '.')
        return std::nullopt;
    const double v = std::stod(std::string(s));
    return static_cast<std::int64_t>(std::llround(v * unit));
}

std::optional<int> integer(std::string_view s) {
    s              = trimmed(s);
    int v          = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size() || v < 0)
        return std::nullopt;
    return v;
}

std::string number(std::int64_t v, std::int64_t unit) {
    // Whole units print plainly; otherwise up to three decimals without trailing zeros.
    if (v % unit == 0)
        return std::to_string(v / unit);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", static_cast<double>(v) / static_cast<double>(unit));
    std::string s = buf;
    while (s.back() == '0')
        s.pop_back();
    return s;
}

Expected<TimeControl> checked(const TimeControl& tc, std::string_view text) {
    const std::string quoted = "'" + std::string(text) + "'";
    if (tc.baseMs <= 0)
        return Error{"time control " + quoted + ": the base time must be more than zero"};
    if (tc.baseMs > kMaxBaseMs)
        return Error{"time control " + quoted + ": the base time is over 600 minutes"};
    if (tc.incrementMs > kMaxIncrementMs)
        return Error{"time control " + quoted + ": the increment is over 600 seconds"};
    if (tc.movesPerPeriod > kMaxMovesPerPeriod)
        return Error{"time control " + quoted + ": more than 200 moves per period"};
    return tc;
}

bool isUntimedWord(std::string_view s) {
    std::string lower;
    for (char c : s)
        lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return lower.empty() || lower == "-" || lower == "none" || lower == "untimed" || lower == "off"
           || lower == "0";
}

} // namespace

Expected<TimeControl> parseTimeControl(std::string_view text) {
    const std::string_view s = trimmed(text);
    if (isUntimedWord(s))
        return TimeControl{};
    const std::string quoted = "'" + std::string(s) + "'";
    TimeControl tc;
    if (const auto slash = s.find('/'); slash != std::string_view::npos) {
        const auto moves   = integer(s.substr(0, slash));
        const auto minutes = decimal(s.substr(slash + 1), 60'000);
        if (!moves || *moves == 0)
            return Error{"time control " + quoted + ": expected moves/minutes, e.g. 40/20"};
        if (!minutes)
            return Error{"time control " + quoted + ": the minutes after '/' are not a number"};
        tc.movesPerPeriod = *moves;
        tc.baseMs         = *minutes;
        return checked(tc, s);
    }
    std::string_view base = s;
    if (const auto plus = s.find('+'); plus != std::string_view::npos) {
        const auto inc = decimal(s.substr(plus + 1), 1000);
        if (!inc)
            return Error{"time control " + quoted
                         + ": the seconds after '+' are not a number (e.g. 10+5)"};
        tc.incrementMs = *inc;
        base           = s.substr(0, plus);
    }
    base = trimmed(base);
    if (base.size() > 3 && base.substr(base.size() - 3) == "min")
        base.remove_suffix(3);
    const auto minutes = decimal(base, 60'000);
    if (!minutes)
        return Error{"time control " + quoted
                     + ": expected minutes, minutes+seconds or moves/minutes (10, 10+5, 40/20)"};
    tc.baseMs = *minutes;
    return checked(tc, s);
}

std::string formatTimeControl(const TimeControl& tc) {
    if (tc.untimed())
        return "untimed";
    if (tc.movesPerPeriod > 0)
        return std::to_string(tc.movesPerPeriod) + "/" + number(tc.baseMs, 60'000);
    if (tc.incrementMs == 0)
        return number(tc.baseMs, 60'000) + " min";
    return number(tc.baseMs, 60'000) + "+" + number(tc.incrementMs, 1000);
}

Expected<TimeControl> parsePgnTimeControl(std::string_view text) {
    const std::string_view s = trimmed(text);
    if (s == "-" || s == "?" || s.empty())
        return TimeControl{};
    const std::string quoted = "'" + std::string(s) + "'";
    TimeControl tc;
    std::string_view rest = s;
    if (const auto slash = s.find('/'); slash != std::string_view::npos) {
        const auto moves = integer(s.substr(0, slash));
        if (!moves || *moves == 0)
            return Error{"TimeControl " + quoted + ": expected moves/seconds, e.g. 40/1200"};
        tc.movesPerPeriod = *moves;
        rest              = s.substr(slash + 1);
    }
    if (const auto plus = rest.find('+'); plus != std::string_view::npos) {
        const auto inc = decimal(rest.substr(plus + 1), 1000);
        if (!inc)
            return Error{"TimeControl " + quoted + ": the increment is not a number of seconds"};
        tc.incrementMs = *inc;
        rest           = rest.substr(0, plus);
    }
    const auto base = decimal(rest, 1000);
    if (!base)
        return Error{"TimeControl " + quoted + ": expected seconds, e.g. 600, 600+5 or 40/1200"};
    tc.baseMs = *base;
    return checked(tc, s);
}

std::string pgnTimeControl(const TimeControl& tc) {
    if (tc.untimed())
        return "-";
    std::string s;
    if (tc.movesPerPeriod > 0)
        s = std::to_string(tc.movesPerPeriod) + "/";
    s += number(tc.baseMs, 1000);
    if (tc.incrementMs > 0)
        s += "+" + number(tc.incrementMs, 1000);
    return s;
}

std::string formatClk(std::int64_t ms) {
    ms = std::max<std::int64_t>(ms, 0);
    // Rounded down to tenths: a clock never shows more time than is left.
    const std::int64_t tenths = ms / 100;
    const std::int64_t secs   = tenths / 10;
    char buf[48];
    if (tenths % 10 == 0)
        std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", static_cast<long long>(secs / 3600),
                      static_cast<long long>(secs / 60 % 60), static_cast<long long>(secs % 60));
    else
        std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld.%lld",
                      static_cast<long long>(secs / 3600), static_cast<long long>(secs / 60 % 60),
                      static_cast<long long>(secs % 60), static_cast<long long>(tenths % 10));
    return buf;
}

Expected<std::int64_t> parseClk(std::string_view text) {
    const std::string_view s = trimmed(text);
    const std::string quoted = "'" + std::string(s) + "'";
    const auto c1            = s.find(':');
    const auto c2            = c1 == std::string_view::npos ? c1 : s.find(':', c1 + 1);
    if (c2 == std::string_view::npos)
        return Error{"clock " + quoted + ": expected H:MM:SS"};
    const auto h    = integer(s.substr(0, c1));
    const auto m    = integer(s.substr(c1 + 1, c2 - c1 - 1));
    const auto secs = decimal(s.substr(c2 + 1), 1000);
    if (!h || !m || !secs || *m >= 60 || *secs >= 60'000 || *h > 99)
        return Error{"clock " + quoted + ": expected H:MM:SS"};
    return (*h * 3600LL + *m * 60LL) * 1000 + *secs;
}

std::string formatClockFace(std::int64_t ms) {
    ms = std::max<std::int64_t>(ms, 0);
    char buf[48];
    if (ms < 10'000) {
        std::snprintf(buf, sizeof buf, "%lld.%lld", static_cast<long long>(ms / 1000),
                      static_cast<long long>(ms / 100 % 10));
        return buf;
    }
    // Whole seconds round up, so that "0:10" turns into "9.9" and a full minute shows "10:00".
    const std::int64_t secs = (ms + 999) / 1000;
    if (secs >= 3600)
        std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", static_cast<long long>(secs / 3600),
                      static_cast<long long>(secs / 60 % 60), static_cast<long long>(secs % 60));
    else
        std::snprintf(buf, sizeof buf, "%lld:%02lld", static_cast<long long>(secs / 60),
                      static_cast<long long>(secs % 60));
    return buf;
}

GameClock::GameClock(const TimeControl& tc)
    : m_tc(tc) {
    set(tc.baseMs, tc.baseMs, 0, 0);
}

void GameClock::set(std::int64_t redMs, std::int64_t blackMs, int redMoves, int blackMoves) {
    m_left    = {redMs, blackMs};
    m_moves   = {redMoves, blackMoves};
    m_running = false;
}

void GameClock::start(Color side, std::int64_t nowMs) {
    if (m_running)
        pause(nowMs);
    m_side    = side;
    m_startMs = nowMs;
    m_running = enabled();
}

void GameClock::pause(std::int64_t nowMs) {
    if (!m_running)
        return;
    m_left[index(m_side)] -= std::max<std::int64_t>(nowMs - m_startMs, 0);
    m_running = false;
}

std::int64_t GameClock::moveMade(Color mover, std::int64_t nowMs) {
    if (m_running && m_side == mover)
        pause(nowMs);
    auto& left = m_left[index(mover)];
    int& moves = m_moves[index(mover)];
    ++moves;
    left += m_tc.incrementMs;
    if (m_tc.movesPerPeriod > 0 && moves % m_tc.movesPerPeriod == 0)
        left += m_tc.baseMs;
    const std::int64_t after = left;
    start(~mover, nowMs);
    return after;
}

std::int64_t GameClock::remaining(Color c, std::int64_t nowMs) const {
    std::int64_t left = m_left[index(c)];
    if (m_running && m_side == c)
        left -= std::max<std::int64_t>(nowMs - m_startMs, 0);
    return left;
}

int GameClock::movesToGo(Color c) const {
    if (m_tc.movesPerPeriod <= 0)
        return 0;
    return m_tc.movesPerPeriod - m_moves[index(c)] % m_tc.movesPerPeriod;
}

} // namespace xq::core
