#include "app/match/options.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

#include "core/fen.h"
#include "core/notation.h"

namespace xq::match {

namespace {

std::optional<double> toNumber(std::string_view s) {
    if (s.empty())
        return std::nullopt;
    try {
        std::size_t used = 0;
        const double v   = std::stod(std::string(s), &used);
        if (used != s.size() || !std::isfinite(v))
            return std::nullopt;
        return v;
    } catch (...) {
        return std::nullopt;
    }
}

std::optional<long long> toWhole(std::string_view s) {
    long long v        = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || p != s.data() + s.size())
        return std::nullopt;
    return v;
}

core::Error bad(const std::string& arg, const std::string& why) {
    return core::Error{"'" + arg + "': " + why};
}

// One key=value of -engine or -each into `e`.
std::optional<core::Error> applyKey(EngineSpec& e, const std::string& arg) {
    const std::size_t eq = arg.find('=');
    if (eq == std::string::npos || eq == 0)
        return bad(arg, "expected KEY=VALUE");
    const std::string key = arg.substr(0, eq), value = arg.substr(eq + 1);
    if (key == "cmd") {
        e.command = value;
    } else if (key == "name") {
        e.name = value;
    } else if (key == "proto") {
        if (value != "uci" && value != "ucci" && value != "auto")
            return bad(arg, "the protocol is uci, ucci or auto");
        link::parseProtocolKey(value, e.protocol);
    } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
        e.options.emplace_back(key.substr(7), value);
    } else if (key == "st") {
        const auto s = toNumber(value);
        if (!s || *s <= 0)
            return bad(arg, "st is a time per move in seconds, more than 0");
        e.moveTimeMs = static_cast<int>(std::lround(*s * 1000));
    } else if (key == "tc") {
        auto tc = parseMatchClock(value);
        if (!tc)
            return bad(arg, tc.error());
        e.clock = *tc;
    } else if (key == "depth" || key == "nodes") {
        const auto n = toWhole(value);
        if (!n || *n <= 0)
            return bad(arg, key + " is a whole number more than 0");
        if (key == "depth")
            e.depth = static_cast<int>(std::min(*n, 128LL));
        else
            e.nodes = *n;
    } else {
        return bad(arg, "unknown key '" + key + "'");
    }
    return std::nullopt;
}

// KEY=VALUE arguments of -resign, -draw, -sprt, -openings into a lookup.
using Pairs = std::vector<std::pair<std::string, std::string>>;
core::Expected<Pairs> pairsOf(const std::vector<std::string>& args) {
    Pairs out;
    for (const std::string& a : args) {
        const std::size_t eq = a.find('=');
        if (eq == std::string::npos || eq == 0)
            return bad(a, "expected KEY=VALUE");
        out.emplace_back(a.substr(0, eq), a.substr(eq + 1));
    }
    return out;
}

} // namespace

std::string EngineSpec::limitText() const {
    std::ostringstream s;
    if (clock)
        s << "tc=" << (clock->movesPerPeriod > 0 ? std::to_string(clock->movesPerPeriod) + "/" : "")
          << clock->baseMs / 1000.0 << "+" << clock->incrementMs / 1000.0;
    else if (moveTimeMs > 0)
        s << "st=" << moveTimeMs / 1000.0;
    if (depth > 0)
        s << (s.tellp() > 0 ? " " : "") << "depth=" << depth;
    if (nodes > 0)
        s << (s.tellp() > 0 ? " " : "") << "nodes=" << nodes;
    return s.str();
}

core::Expected<core::TimeControl> parseMatchClock(std::string_view text) {
    core::TimeControl tc;
    std::string_view rest = text;
    if (const std::size_t slash = rest.find('/'); slash != std::string_view::npos) {
        const auto moves = toWhole(rest.substr(0, slash));
        if (!moves || *moves <= 0 || *moves > 1000)
            return core::Error{"the moves before '/' are a whole number from 1 to 1000"};
        tc.movesPerPeriod = static_cast<int>(*moves);
        rest              = rest.substr(slash + 1);
    }
    std::string_view inc;
    if (const std::size_t plus = rest.find('+'); plus != std::string_view::npos) {
        inc  = rest.substr(plus + 1);
        rest = rest.substr(0, plus);
    }
    double base = 0;
    if (const std::size_t colon = rest.find(':'); colon != std::string_view::npos) {
        const auto m = toNumber(rest.substr(0, colon));
        const auto s = toNumber(rest.substr(colon + 1));
        if (!m || !s || *m < 0 || *s < 0)
            return core::Error{"the time is SECONDS or MINUTES:SECONDS"};
        base = *m * 60 + *s;
    } else {
        const auto s = toNumber(rest);
        if (!s)
            return core::Error{"the time is SECONDS or MINUTES:SECONDS"};
        base = *s;
    }
    const auto increment = inc.empty() ? std::optional<double>(0) : toNumber(inc);
    if (base <= 0 || !increment || *increment < 0)
        return core::Error{"a clock is [MOVES/]SECONDS[+INCREMENT], with a time more than 0"};
    tc.baseMs      = std::llround(base * 1000);
    tc.incrementMs = std::llround(*increment * 1000);
    return tc;
}

core::Expected<MatchConfig> parseArguments(const std::vector<std::string>& args) {
    MatchConfig c;
    EngineSpec each;
    std::vector<std::vector<std::string>> engineArgs;
    std::vector<std::string> eachArgs;
    for (std::size_t i = 0; i < args.size();) {
        const std::string& opt = args[i++];
        std::vector<std::string> values;
        while (i < args.size()
               && !(args[i].size() > 1 && args[i][0] == '-'
                    && !std::isdigit(static_cast<unsigned char>(args[i][1]))))
            values.push_back(args[i++]);
        auto one = [&]() -> core::Expected<std::string> {
            if (values.size() != 1)
                return bad(opt, "takes one value");
            return values[0];
        };
        auto count = [&](int& out, int min, int max) -> std::optional<core::Error> {
            auto v = one();
            if (!v)
                return core::Error{v.error()};
            const auto n = toWhole(*v);
            if (!n || *n < min || *n > max)
                return bad(opt + " " + *v, "a whole number from " + std::to_string(min) + " to "
                                               + std::to_string(max));
            out = static_cast<int>(*n);
            return std::nullopt;
        };
        std::optional<core::Error> err;
        if (opt == "-help" || opt == "--help" || opt == "-h") {
            c.help = true;
        } else if (opt == "-engine") {
            engineArgs.push_back(values);
        } else if (opt == "-each") {
            eachArgs.insert(eachArgs.end(), values.begin(), values.end());
        } else if (opt == "-games") {
            err = count(c.games, 1, 1'000'000);
        } else if (opt == "-rounds") {
            err = count(c.rounds, 1, 1'000'000);
        } else if (opt == "-concurrency") {
            err = count(c.concurrency, 1, 256);
        } else if (opt == "-movelimit") {
            err = count(c.rules.moveLimitPlies, 0, 10'000);
        } else if (opt == "-timemargin") {
            err = count(c.timeMarginMs, 0, 3'600'000);
        } else if (opt == "-pgnout") {
            auto v = one();
            if (!v)
                return core::Error{v.error()};
            c.pgnOut = *v;
        } else if (opt == "-resume") {
            c.resume = true;
        } else if (opt == "-json") {
            auto v = one();
            if (!v)
                return core::Error{v.error()};
            c.jsonOut = *v;
        } else if (opt == "-tournament") {
            auto v = one();
            if (!v)
                return core::Error{v.error()};
            if (*v != "round-robin" && *v != "gauntlet")
                return bad(opt + " " + *v, "round-robin or gauntlet");
            c.gauntlet = *v == "gauntlet";
        } else if (opt == "-rules") {
            auto v = one();
            if (!v)
                return core::Error{v.error()};
            if (*v == "asian")
                c.rules.ruleSet = core::RuleSet::Asian;
            else if (*v == "chinese")
                c.rules.ruleSet = core::RuleSet::Chinese;
            else if (*v == "simple")
                c.rules.ruleSet = core::RuleSet::Simple;
            else
                return bad(opt + " " + *v, "asian, chinese or simple");
        } else if (opt == "-openings" || opt == "-resign" || opt == "-draw" || opt == "-sprt") {
            auto pairs = pairsOf(values);
            if (!pairs)
                return core::Error{pairs.error()};
            if (opt == "-sprt")
                c.sprt = SprtSpec{};
            for (const auto& [k, v] : *pairs) {
                const std::string arg = k + "=" + v;
                if (opt == "-openings") {
                    if (k == "file")
                        c.openingsFile = v;
                    else if (k != "format" && k != "order")
                        return bad(arg, "-openings takes file=F");
                    continue;
                }
                const auto n = toNumber(v);
                if (!n)
                    return bad(arg, "not a number");
                auto whole = [&](int& out) {
                    out = static_cast<int>(std::lround(*n));
                    return std::optional<core::Error>{};
                };
                if (opt == "-sprt") {
                    if (k == "elo0")
                        c.sprt->elo0 = *n;
                    else if (k == "elo1")
                        c.sprt->elo1 = *n;
                    else if ((k == "alpha" || k == "beta") && (*n <= 0 || *n >= 0.5))
                        return bad(arg, k + " is between 0 and 0.5");
                    else if (k == "alpha")
                        c.sprt->alpha = *n;
                    else if (k == "beta")
                        c.sprt->beta = *n;
                    else
                        return bad(arg, "-sprt takes elo0, elo1, alpha, beta");
                } else if (opt == "-resign" && k == "movecount") {
                    whole(c.adjudication.resignMoves);
                } else if (opt == "-resign" && k == "score") {
                    whole(c.adjudication.resignScore);
                } else if (opt == "-draw" && k == "movenumber") {
                    whole(c.adjudication.drawMoveNumber);
                } else if (opt == "-draw" && k == "movecount") {
                    whole(c.adjudication.drawMoves);
                } else if (opt == "-draw" && k == "score") {
                    whole(c.adjudication.drawScore);
                } else {
                    return bad(arg, "unknown key for " + opt);
                }
            }
            if (c.sprt && c.sprt->elo1 <= c.sprt->elo0)
                return bad("-sprt", "elo1 must be more than elo0");
        } else {
            return bad(opt, "unknown option (see -help)");
        }
        if (err)
            return *err;
    }
    if (c.help)
        return c;
    for (const std::string& a : eachArgs)
        if (auto err = applyKey(each, a))
            return *err;
    for (const auto& list : engineArgs) {
        EngineSpec e = each;
        for (const std::string& a : list)
            if (auto err = applyKey(e, a))
                return *err;
        if (e.command.empty())
            return core::Error{"an -engine without cmd="};
        if (e.name.empty()) {
            const auto argv = link::splitCommand(e.command);
            e.name          = argv && !argv->empty() ? argv->front() : e.command;
            if (const std::size_t slash = e.name.rfind('/'); slash != std::string::npos)
                e.name.erase(0, slash + 1);
        }
        if (!e.limited())
            return core::Error{"engine '" + e.name
                               + "' has no limit: give st=, tc=, depth= or "
                                 "nodes= (to it or to -each)"};
        c.engines.push_back(std::move(e));
    }
    if (c.engines.size() < 2)
        return core::Error{"give two or more -engine"};
    if (c.resume && c.pgnOut.empty())
        return core::Error{"-resume goes on with the games of -pgnout FILE: give -pgnout"};
    for (std::size_t i = 0; i < c.engines.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            if (c.engines[i].name == c.engines[j].name)
                c.engines[i].name += " (" + std::to_string(i + 1) + ")";
    return c;
}

core::Expected<std::vector<Opening>> parseOpenings(std::string_view text) {
    std::vector<Opening> out;
    std::istringstream in{std::string(text)};
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        Opening o;
        if (const std::size_t hash = line.find('#'); hash != std::string::npos)
            line.erase(hash);
        if (const std::size_t semi = line.find(';'); semi != std::string::npos) {
            o.label = line.substr(semi + 1);
            o.label.erase(0, o.label.find_first_not_of(" \t"));
            o.label.erase(o.label.find_last_not_of(" \t\r") + 1);
            line.erase(semi);
        }
        std::string movesText = line;
        o.start               = *core::parseFen(core::kStartFen);
        if (line.find('/') != std::string::npos) {
            const std::size_t at = line.find(" moves");
            auto fen             = core::parseFen(line.substr(0, at));
            if (!fen)
                return core::Error{"line " + std::to_string(number) + ": " + fen.error()};
            o.start   = *fen;
            movesText = at == std::string::npos ? "" : line.substr(at + 6);
        }
        std::istringstream words(movesText);
        core::Position pos = o.start;
        for (std::string w; words >> w;) {
            auto m = core::parseIccs(pos, w);
            if (!m)
                return core::Error{"line " + std::to_string(number) + ": move '" + w
                                   + "': " + m.error()};
            core::Undo u;
            pos.makeMove(*m, u);
            o.moves.push_back(*m);
        }
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        out.push_back(std::move(o));
    }
    if (out.empty())
        return core::Error{"no openings"};
    return out;
}

core::Expected<std::vector<Opening>> readOpenings(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return core::Error{"cannot read the openings file " + path};
    std::ostringstream s;
    s << in.rdbuf();
    auto o = parseOpenings(s.str());
    if (!o)
        return core::Error{path + ": " + o.error()};
    return o;
}

namespace {

// Whether an engine's options make its games differ by themselves: a playing level or a limited
// strength picks among good moves at random, and two or more threads race each other.
bool variesByItself(const EngineSpec& e) {
    const auto lower = [](std::string t) {
        for (char& c : t)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return t;
    };
    for (const auto& [name, value] : e.options) {
        const std::string n = lower(name), v = lower(value);
        if ((n == "level" && v != "0") || (n == "uci_limitstrength" && v == "true")
            || (n == "threads" && v != "1" && v != "0"))
            return true;
    }
    return false;
}

} // namespace

std::string repeatedGamesWarning(const MatchConfig& config, std::size_t openings) {
    for (const EngineSpec& e : config.engines)
        if (e.moveTimeMs > 0 || e.clock || (e.depth == 0 && e.nodes == 0) || variesByItself(e))
            return {};
    const std::size_t starts = std::max<std::size_t>(openings, 1); // none: the standard start
    const long long games    = static_cast<long long>(config.games) * config.rounds;
    const long long distinct = 2 * static_cast<long long>(starts);
    if (games <= distinct)
        return {};
    return "warning: " + std::to_string(games) + " games a pairing from " + std::to_string(starts)
           + " openings: engines limited by nodes or depth replay the same game for the same "
             "opening and colours, so at most "
           + std::to_string(distinct) + " games differ; give -openings a file of at least "
           + std::to_string((games + 1) / 2) + " openings (tools/bench/make_openings.py)";
}

} // namespace xq::match
