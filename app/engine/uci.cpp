#include "app/engine/uci.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <iostream>
#include <sstream>

#include "ai/evaluate.h"
#include "ai/explain.h"
#include "ai/level.h"
#include "ai/mate_solver.h"
#include "ai/threads.h"
#include "ai/wdl.h"
#include "app/engine/explain_command.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"

namespace xq::uci {

namespace {

bool parseInt(const std::string& s, long long& out) {
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc{} && p == s.data() + s.size();
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    return s;
}

} // namespace

std::string formatInfo(const ai::SearchInfo& info, bool withMultiPv, int wdlMaterial) {
    std::ostringstream s;
    s << "info depth " << info.depth << " seldepth " << info.selDepth;
    if (withMultiPv)
        s << " multipv " << info.multiPvIndex;
    if (info.mateIn != 0)
        s << " score mate " << info.mateIn;
    else
        s << " score cp " << info.score;
    if (wdlMaterial >= 0) {
        const ai::Wdl w = ai::wdlFromScore(info.score, info.mateIn, wdlMaterial);
        s << " wdl " << w.win << ' ' << w.draw << ' ' << w.loss;
    }
    s << " nodes " << info.nodes << " nps " << info.nps << " time " << info.timeMs;
    if (info.tbHits > 0)
        s << " tbhits " << info.tbHits;
    s << " pv";
    for (core::Move m : info.pv)
        s << ' ' << core::toIccs(m);
    return s.str();
}

std::string declaration(const UciOption& o) {
    std::string line = "option name " + o.name + " type ";
    switch (o.type) {
    case UciOption::Type::Check:
        return line + "check default " + o.def;
    case UciOption::Type::Spin:
        return line + "spin default " + o.def + " min " + std::to_string(o.min) + " max "
               + std::to_string(o.max);
    case UciOption::Type::Combo:
        line += "combo default " + o.def;
        for (const auto& v : o.vars)
            line += " var " + v;
        return line;
    case UciOption::Type::Button:
        return line + "button";
    case UciOption::Type::String:
        return line + "string default " + o.def;
    }
    return line;
}

std::string checkValue(const UciOption& o, std::string& value, long long& number) {
    number = 0;
    switch (o.type) {
    case UciOption::Type::Check: {
        const std::string v = lower(value);
        if (v != "true" && v != "false")
            return o.name + " needs true or false, not '" + value + "'";
        value  = v;
        number = v == "true";
        return {};
    }
    case UciOption::Type::Spin:
        if (!parseInt(value, number) || number < o.min || number > o.max)
            return o.name + " needs " + o.what + " from " + std::to_string(o.min)
                   + (o.minNote.empty() ? "" : " (" + o.minNote + ")") + " to "
                   + std::to_string(o.max) + ", not '" + value + "'";
        return {};
    case UciOption::Type::Combo: {
        for (const auto& v : o.vars)
            if (lower(v) == lower(value)) {
                value = v;
                return {};
            }
        std::string choices;
        for (std::size_t i = 0; i < o.vars.size(); ++i)
            choices += (i == 0 ? "" : i + 1 == o.vars.size() ? " or " : ", ") + o.vars[i];
        return o.name + " needs " + choices + ", not '" + value + "'";
    }
    case UciOption::Type::Button:
        value.clear();
        return {};
    case UciOption::Type::String:
        if (value == "<empty>")
            value.clear();
        return {};
    }
    return {};
}

UciEngine::UciEngine(std::ostream& out)
    : m_out(out)
    , m_searcher(std::make_unique<ai::Searcher>(m_hashMb))
    , m_elo(ai::maxLevelElo())
    , m_options(makeOptions()) {}

std::vector<UciOption> UciEngine::makeOptions() {
    using Type        = UciOption::Type;
    const auto number = [](long long n) { return std::to_string(n); };
    const auto check  = [](bool b) { return std::string(b ? "true" : "false"); };
    std::vector<std::string> ruleSets;
    for (core::RuleSet r : core::kRuleSets)
        ruleSets.emplace_back(core::ruleSetName(r));
    std::vector<UciOption> t;
    t.push_back({"Hash",
                 Type::Spin,
                 number(static_cast<long long>(m_hashMb)),
                 1,
                 4096,
                 {},
                 "a size in MiB",
                 "",
                 [this](const std::string&, long long n) {
                     m_hashMb = static_cast<std::size_t>(n);
                     m_searcher->setHashSize(m_hashMb);
                 }});
    t.push_back({"Threads",
                 Type::Spin,
                 number(m_threads),
                 1,
                 ai::maxSearchThreads(),
                 {},
                 "a number",
                 "",
                 [this](const std::string&, long long n) { m_threads = static_cast<int>(n); }});
    t.push_back({"OwnBook",
                 Type::Check,
                 check(m_ownBook),
                 0,
                 0,
                 {},
                 "",
                 "",
                 [this](const std::string&, long long n) { m_ownBook = n != 0; }});
    t.push_back({"MultiPV",
                 Type::Spin,
                 number(m_multiPv),
                 1,
                 ai::kMaxMultiPv,
                 {},
                 "a number",
                 "",
                 [this](const std::string&, long long n) { m_multiPv = static_cast<int>(n); }});
    t.push_back({"BookFile",
                 Type::String,
                 "<empty>",
                 0,
                 0,
                 {},
                 "",
                 "",
                 [this](const std::string& v, long long) { m_searcher->setBookPath(v); }});
    t.push_back(
        {"Clear Hash", Type::Button, "", 0, 0, {}, "", "", [this](const std::string&, long long) {
             m_searcher->clear();
         }});
    t.push_back({"Repetition", Type::Combo, core::ruleSetName(m_rules.ruleSet), 0, 0, ruleSets, "",
                 "", [this](const std::string& v, long long) {
                     core::parseRuleSetName(v, m_rules.ruleSet);
                     m_game.setRules(m_rules);
                 }});
    t.push_back({"UCI_LimitStrength",
                 Type::Check,
                 check(m_limitStrength),
                 0,
                 0,
                 {},
                 "",
                 "",
                 [this](const std::string&, long long n) { m_limitStrength = n != 0; }});
    t.push_back({"UCI_Elo",
                 Type::Spin,
                 number(m_elo),
                 ai::minLevelElo(),
                 ai::maxLevelElo(),
                 {},
                 "a rating",
                 "",
                 [this](const std::string&, long long n) { m_elo = static_cast<int>(n); }});
    t.push_back({"Level",
                 Type::Spin,
                 number(m_level),
                 0,
                 ai::kMaxLevel,
                 {},
                 "a number",
                 "full strength",
                 [this](const std::string&, long long n) { m_level = static_cast<int>(n); }});
    t.push_back({"Seed",
                 Type::Spin,
                 number(static_cast<long long>(m_seed)),
                 0,
                 2147483647,
                 {},
                 "a number",
                 "from the system",
                 [this](const std::string&, long long n) {
                     m_seed = static_cast<std::uint64_t>(n);
                     if (m_seed != 0)
                         m_searcher->setSeed(m_seed);
                 }});
    // Endgame tables: read from the next search on; the engine never makes one.
    t.push_back({"TablebasePath",
                 Type::String,
                 "<empty>",
                 0,
                 0,
                 {},
                 "",
                 "",
                 [this](const std::string& v, long long) {
                     m_tbPath = v;
                     m_tablebases.reset();
                 }});
    t.push_back({"UseTablebases",
                 Type::Check,
                 check(m_useTablebases),
                 0,
                 0,
                 {},
                 "",
                 "",
                 [this](const std::string&, long long n) { m_useTablebases = n != 0; }});
    // Whether the GUI may send "go ponder"; the engine ponders when told either way.
    t.push_back(
        {"Ponder", Type::Check, check(false), 0, 0, {}, "", "", [](const std::string&, long long) {
         }});
    t.push_back({"UCI_ShowWDL",
                 Type::Check,
                 check(m_showWdl),
                 0,
                 0,
                 {},
                 "",
                 "",
                 [this](const std::string&, long long n) { m_showWdl = n != 0; }});
    return t;
}

UciEngine::~UciEngine() {
    stopSearch();
}

void UciEngine::write(const std::string& text) {
    std::lock_guard lock(m_outMutex);
    m_out << text << std::endl;
}

void UciEngine::info(const std::string& text) {
    write("info string " + text);
}

void UciEngine::run(std::istream& in) {
    // A tied input stream flushes its output stream before every read, here on this thread and
    // outside m_outMutex, while the search thread writes: two threads flushing one buffer can
    // send a line twice, and a "bestmove" sent twice answers the next "go" with a stale move.
    in.tie(nullptr);
    for (std::string line; std::getline(in, line);)
        if (!handleLine(line))
            return;
    // No "stop" or "ponderhit" can come any more: an infinite or pondering search ends now.
    if (m_infinite || m_pondering) {
        m_pondering = false;
        m_finish.set();
        m_ponderEnd.set();
    }
    waitForSearch();
}

void UciEngine::waitForSearch() {
    if (m_searchThread.joinable())
        m_searchThread.join();
}

void UciEngine::stopSearch() {
    if (m_searchThread.joinable()) {
        m_pondering = false;
        m_finish.set();
        m_ponderEnd.set();
        m_searchThread.join();
    }
}

bool UciEngine::handleLine(std::string_view line) {
    const auto words = splitWords(line);
    if (words.empty())
        return true;
    const std::string& cmd = words[0];
    // Commands read while a search runs.
    if (cmd == "isready") {
        write("readyok");
        return true;
    }
    if (cmd == "stop") {
        stopSearch();
        return true;
    }
    if (cmd == "ponderhit") {
        // The predicted move was played: the clock of the "go ponder" limits starts now.
        if (m_pondering.exchange(false))
            m_ponderEnd.set();
        return true;
    }
    if (cmd == "quit") {
        stopSearch();
        return false;
    }
    // Everything else finishes a running search first.
    stopSearch();
    if (cmd == "uci") {
        std::string reply = "id name Xiangqi 0.1\nid author the Xiangqi developers\n";
        for (const auto& o : m_options)
            reply += declaration(o) + "\n";
        write(reply + "uciok");
    } else if (cmd == "ucinewgame") {
        m_game = core::Game(*core::parseFen(core::kStartFen), m_rules);
        m_searcher->clear();
        if (m_seed != 0)
            m_searcher->setSeed(m_seed);
    } else if (cmd == "position") {
        cmdPosition(words);
    } else if (cmd == "setoption") {
        cmdSetOption(words);
    } else if (cmd == "d") {
        cmdDisplay();
    } else if (cmd == "result") {
        // The game's verdict on the position of the last "position" command, as the game judges
        // it: "result <1-0|0-1|1/2-1/2|*> <reason>".
        const core::GameResult r = m_game.result();
        write("result " + r.pgnResult() + " "
              + (r.isOver() ? r.describe() : std::string("the game goes on")));
    } else if (cmd == "eval") {
        // The static evaluation (no search), for comparing with other engines' "eval".
        const core::Position& pos = m_game.position();
        const int e               = ai::evaluate(pos);
        const int red             = pos.sideToMove() == core::Color::Red ? e : -e;
        write("Evaluation: " + std::to_string(e) + " (side to move), " + std::to_string(red)
              + " (Red)");
    } else if (cmd == "explain") {
        cmdExplain(words);
    } else if (cmd == "go") {
        cmdGo(words);
    } else if (cmd == "tb") {
        cmdTablebase();
    } else if (cmd == "bench") {
        long long d = 10;
        if (words.size() >= 2 && (!parseInt(words[1], d) || d < 1 || d > 30)) {
            info("bench needs a depth from 1 to 30, not '" + words[1] + "'");
            return true;
        }
        bench(static_cast<int>(d));
    } else {
        info("unknown command '" + cmd + "'");
    }
    return true;
}

void UciEngine::cmdSetOption(const std::vector<std::string>& words) {
    // setoption name <words...> [value <words...>]
    std::string name, value;
    std::size_t i = 1;
    if (i >= words.size() || lower(words[i]) != "name") {
        info("setoption needs 'name <option> value <value>'");
        return;
    }
    for (++i; i < words.size() && lower(words[i]) != "value"; ++i)
        name += (name.empty() ? "" : " ") + words[i];
    if (i < words.size())
        for (++i; i < words.size(); ++i)
            value += (value.empty() ? "" : " ") + words[i];
    const std::string key = lower(name);
    for (const auto& o : m_options) {
        if (lower(o.name) != key)
            continue;
        long long number = 0;
        if (const std::string problem = checkValue(o, value, number); !problem.empty()) {
            info(problem);
            return;
        }
        o.apply(value, number);
        return;
    }
    // Accepted for compatibility and not listed: xiangqi only.
    if (key == "uci_variant")
        return;
    info("unknown option '" + name + "'");
}

void UciEngine::cmdPosition(const std::vector<std::string>& words) {
    if (words.size() < 2) {
        info("position needs 'startpos' or 'fen <FEN>'");
        return;
    }
    std::size_t i = 1;
    std::string fen;
    if (words[1] == "startpos") {
        fen = std::string(core::kStartFen);
        i   = 2;
    } else if (words[1] == "fen") {
        for (i = 2; i < words.size() && words[i] != "moves"; ++i)
            fen += (fen.empty() ? "" : " ") + words[i];
    } else {
        info("position needs 'startpos' or 'fen <FEN>', not '" + words[1] + "'");
        return;
    }
    auto start = core::parseFen(fen);
    if (!start) {
        info("bad position: " + start.error());
        return;
    }
    core::Game game(*start, m_rules);
    if (i < words.size()) {
        if (words[i] != "moves") {
            info("expected 'moves' after the position, found '" + words[i] + "'");
            return;
        }
        for (++i; i < words.size(); ++i) {
            auto m = core::parseIccsSyntax(words[i]);
            if (!m) {
                info("bad move " + std::to_string(i) + ": " + m.error() + "; position unchanged");
                return;
            }
            if (!game.isLegal(*m)) {
                info("illegal move '" + words[i] + "' in " + core::toFen(game.position())
                     + "; position unchanged");
                return;
            }
            // A GUI may play on after a result the rules call final (a repetition draw it
            // ignores): keep going with the full history.
            game.forcePlay(*m);
        }
    }
    m_game = std::move(game);
}

void UciEngine::cmdDisplay() {
    const core::Position& pos = m_game.position();
    std::ostringstream s;
    for (int r = 9; r >= 0; --r) {
        s << r << "  ";
        for (int f = 0; f < 9; ++f)
            s << core::pieceToChar(pos.at(core::makeSquare(f, r))) << (f < 8 ? " " : "");
        s << '\n';
    }
    s << "   a b c d e f g h i\n\nFen: " << core::toFen(pos) << "\nKey: " << std::hex << pos.key()
      << std::dec << "\nCheckers: " << (pos.isInCheck() ? "in check" : "none");
    write(s.str());
}

void UciEngine::cmdPerft(int depth) {
    const auto t0       = std::chrono::steady_clock::now();
    core::Position pos  = m_game.position();
    std::uint64_t total = 0;
    std::ostringstream s;
    if (depth >= 1)
        for (auto& [m, n] : core::perftDivide(pos, depth)) {
            s << core::toIccs(m) << ": " << n << '\n';
            total += n;
        }
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    s << "\nNodes searched: " << total << "\ninfo string perft " << depth << " took " << ms
      << " ms";
    write(s.str());
}

egtb::Tablebases* UciEngine::tablebases() {
    if (!m_useTablebases)
        return nullptr;
    if (!m_tablebases)
        m_tablebases = std::make_unique<egtb::Tablebases>(m_tbPath.empty()
                                                              ? egtb::Tablebases::defaultDirectory()
                                                              : std::filesystem::path(m_tbPath));
    return m_tablebases.get();
}

void UciEngine::cmdTablebase() {
    // "tb <win|draw|loss> dtm=N best=MOVE": N plies to mate for the side to move (0: mated now).
    egtb::Tablebases* tb      = tablebases();
    const core::Position& pos = m_game.position();
    const auto v              = tb ? tb->probe(pos) : std::nullopt;
    if (!v) {
        write("tb none");
        return;
    }
    const auto best  = tb->best(pos);
    std::string line = std::string("tb ")
                       + (v->wdl == egtb::Wdl::Win    ? "win"
                          : v->wdl == egtb::Wdl::Loss ? "loss"
                                                      : "draw")
                       + " dtm=" + std::to_string(v->dtm);
    if (best)
        line += " best=" + core::toIccs(best->move);
    write(line);
}

void UciEngine::cmdGo(const std::vector<std::string>& words) {
    if (words.size() >= 2 && words[1] == "perft") {
        long long d = 0;
        if (words.size() < 3 || !parseInt(words[2], d) || d < 0 || d > 12) {
            info("go perft needs a depth from 0 to 12, not '"
                 + (words.size() < 3 ? std::string{} : words[2]) + "'");
            return;
        }
        cmdPerft(static_cast<int>(d));
        return;
    }
    ai::SearchLimits limits;
    limits.multiPv    = m_multiPv;
    limits.useBook    = m_ownBook;
    limits.threads    = m_threads;
    limits.level      = m_limitStrength ? ai::fractionalLevelForElo(m_elo) : m_level;
    limits.tablebases = tablebases();
    int mateMoves     = 0; // "go mate N": the df-pn+ mate solver instead of the search
    bool ponder       = false;
    for (std::size_t i = 1; i < words.size(); ++i) {
        const std::string& w = words[i];
        if (w == "infinite") {
            limits.infinite = true;
            continue;
        }
        if (w == "ponder") {
            ponder = true;
            continue;
        }
        if (w == "searchmoves") {
            info("searchmoves is not supported; searching all moves");
            break;
        }
        const bool takesNumber = w == "depth" || w == "movetime" || w == "nodes" || w == "wtime"
                                 || w == "btime" || w == "winc" || w == "binc" || w == "movestogo"
                                 || w == "mate";
        if (!takesNumber) {
            info("unknown go parameter '" + w + "'");
            return;
        }
        long long n = 0;
        if (i + 1 >= words.size() || !parseInt(words[i + 1], n) || n < 0) {
            info("go " + w + " needs a non-negative number");
            return;
        }
        ++i;
        if (w == "depth") {
            if (n < 1 || n > ai::kMaxDepth) {
                info("go depth needs a depth from 1 to " + std::to_string(ai::kMaxDepth));
                return;
            }
            limits.depth = static_cast<int>(n);
        } else if (w == "mate") {
            mateMoves = static_cast<int>(std::clamp<long long>(n, 1, 30));
        } else if (w == "movetime") {
            limits.movetime = std::max<long long>(n, 1);
        } else if (w == "nodes") {
            limits.nodes = static_cast<std::uint64_t>(std::max<long long>(n, 1));
        } else if (w == "wtime") {
            limits.time[0] = std::max<long long>(n, 1);
        } else if (w == "btime") {
            limits.time[1] = std::max<long long>(n, 1);
        } else if (w == "winc") {
            limits.increment[0] = n;
        } else if (w == "binc") {
            limits.increment[1] = n;
        } else if (w == "movestogo") {
            limits.movesToGo = static_cast<int>(std::min<long long>(n, 1000));
        }
    }
    m_finish.reset();
    m_ponderEnd.reset();
    m_pondering  = ponder && mateMoves == 0;
    m_searchDone = false;
    if (mateMoves > 0) {
        startMateSearch(mateMoves, limits);
        return;
    }
    m_infinite             = limits.infinite;
    const bool withMultiPv = m_multiPv > 1;
    const int wdlMaterial  = m_showWdl ? ai::wdlMaterial(m_game.position()) : -1;
    m_searchThread = std::jthread([this, snap = m_game.searchSnapshot(), limits, withMultiPv,
                                   wdlMaterial, ponder] {
        const ai::StopFlags flags{nullptr, m_finish.flag(), ponder ? &m_pondering : nullptr};
        ai::SearchResult r;
        try {
            r = m_searcher->search(snap, limits, flags,
                                   [this, withMultiPv, wdlMaterial](const ai::SearchInfo& i) {
                                       write(formatInfo(i, withMultiPv, wdlMaterial));
                                   });
        } catch (const std::exception& e) {
            info(std::string("search failed: ") + e.what());
        }
        // "go infinite" must not answer before "stop", nor "go ponder" before "ponderhit" or
        // "stop", even when the search ran out of depth or nodes.
        if (ponder)
            m_ponderEnd.wait();
        if (limits.infinite)
            m_finish.wait();
        if (r.fromBook)
            info("book move " + core::toIccs(r.best));
        std::string line = "bestmove " + (r.best ? core::toIccs(r.best) : std::string("(none)"));
        if (r.best && r.ponder)
            line += " ponder " + core::toIccs(r.ponder);
        write(line);
        m_searchDone = true;
    });
}

void UciEngine::startMateSearch(int moves, const ai::SearchLimits& limits) {
    m_infinite     = false;
    m_searchThread = std::jthread(
        [this, root = m_game.position(), keys = m_game.searchSnapshot().keys, moves, limits] {
            ai::MateLimits ml;
            ml.maxMoves  = moves;
            ml.maxNodes  = limits.nodes;
            ml.maxTimeMs = limits.movetime;
            ml.stop      = m_finish.flag();
            ml.algorithm = ai::MateAlgorithm::DfPnPlus;
            ai::MateResult r;
            try {
                r = ai::solveMate(root, ml, keys);
            } catch (const std::exception& e) {
                info(std::string("mate search failed: ") + e.what());
            }
            core::Move best;
            if (r.status == ai::MateStatus::Proven && !r.line.empty()) {
                std::string pv;
                for (core::Move m : r.line)
                    pv += " " + core::toIccs(m);
                write("info depth " + std::to_string(2 * r.mateIn - 1) + " score mate "
                      + std::to_string(r.mateIn) + " nodes " + std::to_string(r.nodes) + " time "
                      + std::to_string(r.timeMs) + " pv" + pv);
                best = r.line.front();
            } else {
                info(r.status == ai::MateStatus::Disproven
                         ? "no mate in " + std::to_string(moves) + " (proved by df-pn+ in "
                               + std::to_string(r.nodes) + " nodes)"
                         : "mate search stopped after " + std::to_string(r.nodes)
                               + " nodes without a result");
                core::MoveList legal;
                core::generateLegal(root, legal);
                if (!legal.empty())
                    best = legal[0];
            }
            write("bestmove " + (best ? core::toIccs(best) : std::string("(none)")));
            m_searchDone = true;
        });
}

std::vector<std::string> splitWords(std::string_view line) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : line) {
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            if (!cur.empty())
                out.push_back(std::move(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty())
        out.push_back(std::move(cur));
    return out;
}

void UciEngine::cmdExplain(const std::vector<std::string>& words) {
    // The explainer has a search of its own (a small table), made on first use.
    if (!m_explainer)
        m_explainer = std::make_unique<ai::Explainer>(ai::ExplainOptions{});
    write(explainCommand(*m_explainer, m_game, words));
}

} // namespace xq::uci
