#include "app/match/tournament.h"

#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>

#include "core/fen.h"

namespace xq::match {

namespace {

std::string today() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
    return buf;
}

std::string quote(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
            continue;
        }
        out += c;
    }
    return out + "\"";
}

// The sentence toPgn put after the last move (after the move's score, when there is one).
std::string endingReason(const core::PgnGame& g) {
    if (g.moves().empty())
        return g.main.comment;
    const std::string& c    = g.moves().back().comment;
    const std::size_t comma = c.find(", ");
    return comma == std::string::npos ? c : c.substr(comma + 2);
}

std::string fixed(double v, int decimals) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

} // namespace

Tournament::Tournament(MatchConfig config, std::vector<Opening> openings, std::ostream& log)
    : m_config(std::move(config))
    , m_openings(std::move(openings))
    , m_log(log)
    , m_date(today()) {
    if (m_openings.empty())
        m_openings.push_back({*core::parseFen(core::kStartFen), {}, "start"});
    const int n = static_cast<int>(m_config.engines.size());
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            if (!m_config.gauntlet || i == 0)
                m_pairings.push_back({i, j, {}, {}, {}});
    // Each pairing's games in turn, round by round; within a pairing, game q plays opening
    // q / 2 with the first engine Red when q is even: each opening with the colours swapped.
    int number = 0;
    for (int round = 0; round < m_config.rounds; ++round)
        for (int k = 0; k < static_cast<int>(m_pairings.size()); ++k)
            for (int g = 0; g < m_config.games; ++g) {
                const int q       = round * m_config.games + g;
                const auto& p     = m_pairings[static_cast<std::size_t>(k)];
                const int opening = (q / 2) % static_cast<int>(m_openings.size());
                m_jobs.push_back({k, q % 2 == 0 ? p.first : p.second,
                                  q % 2 == 0 ? p.second : p.first, opening, round + 1, q / 2,
                                  ++number});
            }
    m_done.assign(m_jobs.size(), 0);
}

std::string Tournament::resume(const std::vector<core::PgnGame>& games) {
    std::lock_guard lock(m_mutex);
    std::vector<const core::PgnGame*> found(m_jobs.size(), nullptr);
    for (const core::PgnGame& g : games) {
        const std::string round = g.tag("Round");
        const std::string where =
            "game " + round + " (" + g.tag("Red") + " vs " + g.tag("Black") + ")";
        std::size_t index = 0;
        try {
            index = static_cast<std::size_t>(std::stoul(round)) - 1;
        } catch (const std::exception&) {
            return where + " has no game number in its Round tag";
        }
        if (index >= m_jobs.size())
            return where + ": this match has only " + std::to_string(m_jobs.size()) + " games";
        const Job& job          = m_jobs[index];
        const EngineSpec& red   = m_config.engines[static_cast<std::size_t>(job.red)];
        const EngineSpec& black = m_config.engines[static_cast<std::size_t>(job.black)];
        if (g.tag("Red") != red.name || g.tag("Black") != black.name)
            return where + ": this match plays it as " + red.name + " vs " + black.name;
        const Opening& o = m_openings[static_cast<std::size_t>(job.opening)];
        bool same =
            core::toFen(g.start) == core::toFen(o.start) && g.moves().size() >= o.moves.size();
        for (std::size_t i = 0; same && i < o.moves.size(); ++i)
            same = g.moves()[i].move == o.moves[i];
        if (!same)
            return where + " starts from another opening than this match's opening "
                   + std::to_string(job.opening + 1)
                   + (o.label.empty() ? "" : " (" + o.label + ")");
        if (g.result == "*")
            continue; // interrupted: played again
        if (found[index])
            return where + " is in the file twice with a result";
        found[index] = &g;
    }
    for (std::size_t i = 0; i < m_jobs.size(); ++i) {
        const core::PgnGame* g = found[i];
        if (!g)
            continue;
        const core::Outcome outcome = g->result == "1-0"   ? core::Outcome::RedWins
                                      : g->result == "0-1" ? core::Outcome::BlackWins
                                                           : core::Outcome::Draw;
        const Job& job              = m_jobs[i];
        m_games.push_back({job.number, job.round,
                           m_config.engines[static_cast<std::size_t>(job.red)].name,
                           m_config.engines[static_cast<std::size_t>(job.black)].name, g->result,
                           endingOf(*g, m_config.rules), endingReason(*g), g->moves().size()});
        tally(job, outcome, m_games.back().kind);
        m_done[i] = 1;
        ++m_resumed;
    }
    m_log << "Resumed: " << m_resumed << " finished games counted, "
          << m_jobs.size() - static_cast<std::size_t>(m_resumed) << " to play\n";
    checkSprt();
    m_log.flush();
    return {};
}

void Tournament::run(std::stop_token stop) {
    std::vector<std::jthread> threads;
    const int count = std::min<int>(m_config.concurrency, static_cast<int>(m_jobs.size()));
    for (int i = 0; i < count; ++i)
        threads.emplace_back([this, stop] { worker(stop); });
}

void Tournament::worker(std::stop_token stop) {
    link::EngineTimeouts timeouts;
    timeouts.graceMs    = m_config.timeMarginMs + 1000;
    timeouts.depthCapMs = 60'000;
    std::vector<Player> players(m_config.engines.size());
    for (std::size_t i = 0; i < players.size(); ++i)
        players[i].spec = &m_config.engines[i];
    for (;;) {
        if (stop.stop_requested() || m_noMore)
            return;
        const std::size_t index = m_next++;
        if (index >= m_jobs.size())
            return;
        if (m_done[index])
            continue;
        const Job& job = m_jobs[index];
        Player& red    = players[static_cast<std::size_t>(job.red)];
        Player& black  = players[static_cast<std::size_t>(job.black)];
        GameRecord r;
        std::string failed;
        core::Color loser = core::Color::Red;
        for (Player* p : {&red, &black}) {
            if (!p->client)
                p->client = std::make_unique<link::EngineClient>(timeouts);
            p->client->clearInterrupt();
            std::string err;
            {
                std::stop_callback onStop(stop, [p] { p->client->interrupt(); });
                err = p->prepare(timeouts);
            }
            if (stop.stop_requested())
                break;
            if (!err.empty()) {
                failed = err;
                loser  = p == &red ? core::Color::Red : core::Color::Black;
                break;
            }
        }
        const Opening& opening = m_openings[static_cast<std::size_t>(job.opening)];
        if (stop.stop_requested()) {
            r.game = core::Game(opening.start, m_config.rules); // not begun: written as "*"
        } else if (!failed.empty()) {
            // An engine that cannot start loses the game without a move.
            r.game = core::Game(opening.start, m_config.rules);
            r.outcome =
                loser == core::Color::Red ? core::Outcome::BlackWins : core::Outcome::RedWins;
            r.finished    = true;
            r.kind        = "crash";
            r.termination = "abandoned";
            r.reason =
                std::string(loser == core::Color::Red ? "Red" : "Black") + " loses: " + failed;
        } else {
            r = playGame(red, black, opening, m_config, stop);
        }
        record(job, r);
    }
}

void Tournament::record(const Job& job, const GameRecord& r) {
    std::lock_guard lock(m_mutex);
    const EngineSpec& red   = m_config.engines[static_cast<std::size_t>(job.red)];
    const EngineSpec& black = m_config.engines[static_cast<std::size_t>(job.black)];
    const std::string tc    = red.limitText() == black.limitText()
                                  ? red.limitText()
                                  : red.limitText() + " / " + black.limitText();
    const core::PgnGame pgn = toPgn(r, red.name, black.name, job.number, tc, m_date);
    if (!m_config.pgnOut.empty()) {
        std::ofstream out(m_config.pgnOut, std::ios::app | std::ios::binary);
        out << core::writePgn(pgn, core::Notation::Iccs) << "\n";
        if (!out)
            m_log << "warning: cannot write " << m_config.pgnOut << "\n";
    }
    m_games.push_back({job.number, job.round, red.name, black.name, pgn.result,
                       r.finished ? r.kind : "unfinished", r.finished ? r.reason : "interrupted",
                       r.game.ply()});
    if (!r.finished) {
        m_log << "Game " << job.number << " (" << red.name << " vs " << black.name
              << ") interrupted after " << r.game.ply() << " plies\n";
        return;
    }
    if (!r.failedEngine.empty())
        m_log << "Engine " << r.failedEngine << " failed; it is started again for the next game\n";
    m_log << "Finished game " << job.number << " (" << red.name << " vs " << black.name
          << "): " << pgn.result << " {" << r.reason << "}\n";
    tally(job, r.outcome, r.kind);
    const PairingStats& p = m_pairings[static_cast<std::size_t>(job.pairing)];
    const std::string& a  = m_config.engines[static_cast<std::size_t>(p.first)].name;
    const std::string& b  = m_config.engines[static_cast<std::size_t>(p.second)].name;
    m_log << "Score of " << a << " vs " << b << ": " << p.wdl.wins << " - " << p.wdl.losses << " - "
          << p.wdl.draws << "  [" << fixed(p.wdl.score(), 3) << "] " << p.wdl.games() << "\n";
    checkSprt();
    m_log.flush();
}

void Tournament::tally(const Job& job, core::Outcome outcome, const std::string& kind) {
    ++m_finished;
    ++m_endings[kind];
    PairingStats& p = m_pairings[static_cast<std::size_t>(job.pairing)];
    // Points of the pairing's first engine in this game.
    const bool firstIsRed = job.red == p.first;
    double points         = 0.5;
    if (outcome == core::Outcome::RedWins)
        points = firstIsRed ? 1 : 0;
    else if (outcome == core::Outcome::BlackWins)
        points = firstIsRed ? 0 : 1;
    (points == 1 ? p.wdl.wins : points == 0 ? p.wdl.losses : p.wdl.draws)++;
    if (auto it = p.openPairs.find(job.pair); it != p.openPairs.end()) {
        p.penta.add(it->second + points);
        p.openPairs.erase(it);
    } else {
        p.openPairs[job.pair] = points;
    }
}

void Tournament::checkSprt() {
    if (!m_config.sprt || m_pairings.size() != 1 || m_sprtDecided)
        return;
    const PairingStats& p = m_pairings.front();
    const SprtState s     = sprt(*m_config.sprt, p.wdl, p.penta);
    if (s.verdict != SprtState::Verdict::Continue) {
        m_sprtDecided = true;
        m_noMore      = true;
        m_log << "SPRT: " << describe(s) << "; no more games are started\n";
    }
}

std::string Tournament::table() const {
    std::lock_guard lock(m_mutex);
    std::ostringstream out;
    // Each engine against the field.
    std::vector<Wdl> total(m_config.engines.size());
    for (const PairingStats& p : m_pairings) {
        Wdl& a = total[static_cast<std::size_t>(p.first)];
        Wdl& b = total[static_cast<std::size_t>(p.second)];
        a.wins += p.wdl.wins, a.draws += p.wdl.draws, a.losses += p.wdl.losses;
        b.wins += p.wdl.losses, b.draws += p.wdl.draws, b.losses += p.wdl.wins;
    }
    char line[256];
    std::snprintf(line, sizeof line, "%-4s %-24s %6s %5s %5s %5s %7s %8s %7s\n", "Rank", "Name",
                  "Games", "W", "D", "L", "Score", "Elo", "+/-");
    out << line;
    std::vector<std::size_t> order(total.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        return total[x].score() > total[y].score();
    });
    int rank = 0;
    for (std::size_t i : order) {
        const Wdl& w        = total[i];
        const EloEstimate e = eloEstimate(w);
        std::snprintf(line, sizeof line, "%-4d %-24s %6d %5d %5d %5d %6.1f%% %8.1f %7.1f\n", ++rank,
                      m_config.engines[i].name.substr(0, 24).c_str(), w.games(), w.wins, w.draws,
                      w.losses, 100 * w.score(), e.elo, e.margin());
        out << line;
    }
    for (const PairingStats& p : m_pairings) {
        const std::string& a = m_config.engines[static_cast<std::size_t>(p.first)].name;
        const std::string& b = m_config.engines[static_cast<std::size_t>(p.second)].name;
        const EloEstimate e  = eloEstimate(p.wdl);
        out << "\n"
            << a << " vs " << b << ": " << p.wdl.games() << " games, " << a << " " << p.wdl.wins
            << " wins, " << p.wdl.draws << " draws, " << p.wdl.losses << " losses, score "
            << fixed(100 * p.wdl.score(), 1) << "%\n";
        out << "  Elo difference " << fixed(e.elo, 1) << " +/- " << fixed(e.margin(), 1)
            << " (95%: " << fixed(e.low, 1) << " to " << fixed(e.high, 1) << ")";
        if (p.penta.pairs() > 0) {
            const EloEstimate pe = eloEstimate(p.penta);
            out << "; from " << p.penta.pairs() << " game pairs " << fixed(pe.elo, 1) << " +/- "
                << fixed(pe.margin(), 1);
        }
        out << "\n  Pentanomial (pairs with 0, 0.5, 1, 1.5, 2 points for " << a << "):";
        for (int c : p.penta.counts)
            out << " " << c;
        out << "\n";
        if (m_config.sprt && m_pairings.size() == 1) {
            const SprtSpec& s = *m_config.sprt;
            out << "  SPRT (elo0 " << fixed(s.elo0, 1) << ", elo1 " << fixed(s.elo1, 1)
                << ", alpha " << s.alpha << ", beta " << s.beta
                << "): " << describe(sprt(s, p.wdl, p.penta)) << "\n";
        }
    }
    out << "\nEndings:";
    for (const auto& [kind, n] : m_endings)
        out << " " << kind << " " << n << ";";
    out << "\n";
    return out.str();
}

std::string Tournament::json() const {
    std::lock_guard lock(m_mutex);
    std::ostringstream out;
    const PairingStats& p = m_pairings.front();
    out << "{\"engines\": [" << quote(m_config.engines[static_cast<std::size_t>(p.first)].name)
        << ", " << quote(m_config.engines[static_cast<std::size_t>(p.second)].name) << "],\n";
    out << " \"stats\": {\"wins\": " << p.wdl.wins << ", \"draws\": " << p.wdl.draws
        << ", \"losses\": " << p.wdl.losses << ", \"score\": " << fixed(p.wdl.score(), 4)
        << "},\n \"endings\": {";
    bool first = true;
    for (const auto& [kind, n] : m_endings) {
        out << (first ? "" : ", ") << quote(kind) << ": " << n;
        first = false;
    }
    int unfinished = 0;
    for (const Summary& g : m_games)
        unfinished += g.result == "*";
    out << "},\n \"unfinished\": " << unfinished << ",\n \"games\": [";
    first = true;
    for (const Summary& g : m_games) {
        out << (first ? "\n  " : ",\n  ") << "{\"number\": " << g.number
            << ", \"round\": " << g.round << ", \"red\": " << quote(g.red)
            << ", \"black\": " << quote(g.black) << ", \"result\": " << quote(g.result)
            << ", \"kind\": " << quote(g.kind) << ", \"reason\": " << quote(g.reason)
            << ", \"plies\": " << g.plies << "}";
        first = false;
    }
    out << "]}\n";
    return out.str();
}

} // namespace xq::match
