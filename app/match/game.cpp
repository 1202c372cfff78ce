#include "app/match/game.h"

#include <chrono>
#include <cmath>
#include <cstdio>

namespace xq::match {

namespace {

using Clock = std::chrono::steady_clock;

std::string scoreText(const MoveNote& n) {
    char buf[64];
    if (n.mateIn != 0)
        std::snprintf(buf, sizeof buf, "%sM%d/%d %.3fs", n.mateIn > 0 ? "+" : "-",
                      std::abs(n.mateIn), n.depth, n.timeMs / 1000.0);
    else
        std::snprintf(buf, sizeof buf, "%+.2f/%d %.3fs", n.score / 100.0, n.depth,
                      n.timeMs / 1000.0);
    return buf;
}

void endBy(GameRecord& r, core::Color loser, std::string kind, std::string termination,
           std::string reason) {
    r.kind        = std::move(kind);
    r.outcome     = loser == core::Color::Red ? core::Outcome::BlackWins : core::Outcome::RedWins;
    r.termination = std::move(termination);
    r.reason      = std::move(reason);
    r.finished    = true;
}

// The tally's name of a result the rules gave.
std::string resultKind(const core::GameResult& res) {
    if (res.outcome == core::Outcome::Draw && res.reason == core::Reason::Repetition)
        return "repetition draw";
    switch (res.detail.violation) {
    case core::Violation::PerpetualCheck:
        return "perpetual check";
    case core::Violation::PerpetualChase:
        return "perpetual chase";
    case core::Violation::CheckAndChase:
        return "check and chase";
    case core::Violation::PerpetualAttack:
        return "perpetual attack";
    case core::Violation::None:
        break;
    }
    switch (res.reason) {
    case core::Reason::Checkmate:
        return "checkmate";
    case core::Reason::Stalemate:
        return "stalemate";
    case core::Reason::PerpetualCheck:
        return "perpetual check";
    case core::Reason::Repetition:
        return "repetition draw";
    case core::Reason::MoveLimit:
        return "move limit";
    case core::Reason::NoAttackers:
        return "no attackers";
    default:
        break;
    }
    return "other";
}

const char* sideName(core::Color c) {
    return c == core::Color::Red ? "Red" : "Black";
}

} // namespace

std::string Player::prepare(const link::EngineTimeouts& timeouts) {
    if (!client)
        client = std::make_unique<link::EngineClient>(timeouts);
    if (!client->isRunning()) {
        if (!client->start(spec->command, spec->protocol))
            return client->error();
        // An option the engine does not have is a mistake in the command line: said at once.
        for (const auto& [name, value] : spec->options) {
            if (!client->findOption(name)) {
                client->stop();
                return "engine '" + spec->name + "' has no option '" + name + "'";
            }
            if (!client->setOption(name, value))
                return client->error();
        }
    }
    if (!client->newGame())
        return client->error();
    return {};
}

GameRecord playGame(Player& red, Player& black, const Opening& opening, const MatchConfig& config,
                    std::stop_token stop) {
    GameRecord r;
    r.game = core::Game(opening.start, config.rules);
    for (core::Move m : opening.moves) {
        if (!r.game.play(m))
            break;
        MoveNote book;
        book.book = true;
        r.notes.push_back(book);
    }
    Player* players[2]   = {&red, &black};
    std::int64_t left[2] = {0, 0};
    int movesMade[2]     = {0, 0};
    for (int c = 0; c < 2; ++c)
        if (const auto& tc = players[c]->spec->clock)
            left[c] = tc->baseMs;
    int resignStreak[2]     = {0, 0};
    int drawStreak          = 0;
    const Adjudication& adj = config.adjudication;
    while (!r.game.isOver()) {
        if (stop.stop_requested())
            return r;
        const core::Color side = r.game.position().sideToMove();
        const int us           = core::index(side);
        Player& p              = *players[us];
        const EngineSpec& spec = *p.spec;
        ai::SearchLimits limits;
        limits.movetime = spec.moveTimeMs;
        limits.depth    = spec.depth;
        limits.nodes    = static_cast<std::uint64_t>(spec.nodes);
        if (spec.clock) {
            limits.movetime = 0;
            // Each side's own clock; the other's as this engine would see it.
            for (int c = 0; c < 2; ++c) {
                limits.time[c] =
                    players[c]->spec->clock ? std::max<std::int64_t>(left[c], 1) : left[us];
                limits.increment[c] = spec.clock->incrementMs;
            }
            if (spec.clock->movesPerPeriod > 0)
                limits.movesToGo =
                    spec.clock->movesPerPeriod - movesMade[us] % spec.clock->movesPerPeriod;
        }
        const auto t0 = Clock::now();
        link::EngineSearch s;
        {
            std::stop_callback onStop(stop, [&p] { p.client->interrupt(); });
            s = p.client->search(r.game.startPosition(), r.game.moves(), limits);
        }
        const auto ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
        if (stop.stop_requested())
            return r;
        if (!s.result || s.result->best.isNone()) {
            r.failedEngine       = spec.name;
            const std::string& e = s.error;
            const bool illegal   = e.find("illegal move") != std::string::npos
                                 || e.find("cannot mean") != std::string::npos
                                 || e.find("nobestmove") != std::string::npos;
            const bool hung = e.find("no bestmove within") != std::string::npos
                              || e.find("did not stop") != std::string::npos;
            endBy(r, side,
                  illegal ? "illegal move"
                  : hung  ? "hang"
                          : "crash",
                  illegal ? "rules infraction"
                  : hung  ? "stalled connection"
                          : "abandoned",
                  std::string(sideName(side)) + " loses: " + (e.empty() ? "no move" : e));
            return r;
        }
        // Over its time (beyond the margin): a loss on time, the move not played.
        const std::int64_t allowed = spec.clock ? left[us] : spec.moveTimeMs;
        if ((spec.clock || spec.moveTimeMs > 0) && ms > allowed + config.timeMarginMs) {
            endBy(r, side, "time forfeit", "time forfeit",
                  std::string(sideName(side)) + " loses on time: " + std::to_string(ms)
                      + " ms for a move with " + std::to_string(allowed) + " ms");
            return r;
        }
        if (spec.clock) {
            left[us] = std::max<std::int64_t>(left[us] - ms, 0) + spec.clock->incrementMs;
            if (spec.clock->movesPerPeriod > 0
                && (movesMade[us] + 1) % spec.clock->movesPerPeriod == 0)
                left[us] += spec.clock->baseMs;
        }
        ++movesMade[us];
        MoveNote note;
        note.score  = s.result->score;
        note.mateIn = s.result->mateIn;
        note.depth  = s.result->depth;
        note.timeMs = ms;
        r.notes.push_back(note);
        r.game.play(s.result->best);
        // Adjudication by the engines' scores.
        if (r.game.isOver())
            break;
        if (adj.resignMoves > 0) {
            resignStreak[us] = note.score <= -adj.resignScore ? resignStreak[us] + 1 : 0;
            if (resignStreak[us] >= adj.resignMoves) {
                endBy(r, side, "resign adjudication", "adjudication",
                      std::string(sideName(side)) + " resigns: its score stayed at or below "
                          + std::to_string(-adj.resignScore) + " for "
                          + std::to_string(adj.resignMoves) + " moves");
                return r;
            }
        }
        if (adj.drawMoves > 0) {
            drawStreak =
                std::abs(note.score) <= adj.drawScore && note.mateIn == 0 ? drawStreak + 1 : 0;
            if (static_cast<int>(r.game.ply() / 2) >= adj.drawMoveNumber
                && drawStreak >= adj.drawMoves) {
                r.outcome     = core::Outcome::Draw;
                r.termination = "adjudication";
                r.kind        = "draw adjudication";
                r.reason      = "Draw by adjudication: both scores within "
                           + std::to_string(adj.drawScore) + " for " + std::to_string(adj.drawMoves)
                           + " plies";
                r.finished = true;
                return r;
            }
        }
    }
    const core::GameResult res = r.game.result();
    r.outcome                  = res.outcome;
    r.finished                 = true;
    r.reason                   = res.describe();
    r.termination              = res.isRepetitionLoss() ? "rules infraction" : "normal";
    r.kind                     = resultKind(res);
    return r;
}

core::PgnGame toPgn(const GameRecord& r, const std::string& redName, const std::string& blackName,
                    int number, const std::string& timeControl, const std::string& date) {
    core::PgnGame pgn = core::pgnFromGame(r.game);
    pgn.setTag("Event", "xiangqi-match");
    pgn.setTag("Site", "?");
    pgn.setTag("Date", date);
    pgn.setTag("Round", std::to_string(number));
    pgn.setTag("Red", redName);
    pgn.setTag("Black", blackName);
    pgn.result = !r.finished                             ? "*"
                 : r.outcome == core::Outcome::RedWins   ? "1-0"
                 : r.outcome == core::Outcome::BlackWins ? "0-1"
                                                         : "1/2-1/2";
    pgn.setTag("Result", pgn.result);
    pgn.setTag("TimeControl", timeControl);
    pgn.setTag("Termination", r.finished ? r.termination : "unterminated");
    auto& moves = pgn.main.moves;
    for (std::size_t i = 0; i < moves.size() && i < r.notes.size(); ++i)
        moves[i].comment = r.notes[i].book ? "book" : scoreText(r.notes[i]);
    const std::string end = r.finished ? r.reason : "the match was interrupted";
    if (!moves.empty())
        moves.back().comment += (moves.back().comment.empty() ? "" : ", ") + end;
    else
        pgn.main.comment = end;
    return pgn;
}

std::string endingOf(const core::PgnGame& pgn, const core::RuleConfig& rules) {
    const std::string t = pgn.tag("Termination");
    if (pgn.result == "*")
        return "unfinished";
    if (t == "adjudication")
        return pgn.result == "1/2-1/2" ? "draw adjudication" : "resign adjudication";
    if (t == "time forfeit")
        return "time forfeit";
    if (t == "stalled connection")
        return "hang";
    if (t == "abandoned")
        return "crash";
    core::Game game(pgn.start, rules);
    for (const core::PgnMove& m : pgn.moves())
        if (!game.play(m.move))
            break;
    if (game.isOver())
        return resultKind(game.result());
    // A rules infraction the rules did not give is a move the rules refused.
    return t == "rules infraction" ? "illegal move" : "other";
}

} // namespace xq::match
