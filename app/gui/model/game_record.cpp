#include "app/gui/model/game_record.h"

#include <cctype>
#include <sstream>

#include "app/gui/model/paths.h"
#include "core/fen.h"
#include "core/pgn.h"

namespace xq::gui {

namespace {

bool isLegalMove(const core::Position& pos, core::Move m) {
    return !m.isNone() && pos.isPseudoLegal(m) && pos.isLegal(m);
}

} // namespace

core::Expected<core::Move> parseMoveText(const core::Position& pos, std::string_view text) {
    auto iccs = core::parseIccs(pos, text);
    if (iccs)
        return iccs;
    auto any = core::parseMove(pos, text);
    if (any && isLegalMove(pos, *any))
        return any;
    return core::Error{any ? "'" + std::string(text) + "' is not a legal move here" : any.error()};
}

std::string moveText(const core::Position& pos, core::Move m, core::Notation n) {
    if (n != core::Notation::Iccs) {
        std::string s = core::formatMove(pos, m, n);
        if (!s.empty())
            return s;
    }
    return core::toIccs(m);
}

std::string pvText(core::Position pos, const std::vector<core::Move>& pv, core::Notation n,
                   std::size_t maxMoves) {
    std::string out;
    std::size_t count = 0;
    for (core::Move m : pv) {
        if (count++ == maxMoves || !isLegalMove(pos, m))
            break;
        if (!out.empty())
            out += ' ';
        out += moveText(pos, m, n);
        core::Undo u;
        pos.makeMove(m, u);
    }
    return out;
}

ClockTags readClockTags(const Tags& tags, std::string* problem) {
    const auto tag = [&](const char* name) {
        const auto it = tags.find(name);
        return it == tags.end() ? std::string() : it->second;
    };
    ClockTags clock;
    auto tc = core::parsePgnTimeControl(tag("TimeControl"));
    if (!tc) {
        if (problem)
            *problem = tc.error();
        return clock;
    }
    clock.control         = *tc;
    clock.casual          = tag("Casual") == "yes";
    clock.computerOnClock = tag("ComputerClock") != "no";
    if (auto red = core::parseClk(tag("RedClock")))
        clock.left[0] = *red;
    if (auto black = core::parseClk(tag("BlackClock")))
        clock.left[1] = *black;
    return clock;
}

Tags clockTags(const ClockTags& clock) {
    Tags tags;
    if (clock.control.untimed())
        return tags;
    tags["TimeControl"]   = core::pgnTimeControl(clock.control);
    tags["Casual"]        = clock.casual ? "yes" : "no";
    tags["ComputerClock"] = clock.computerOnClock ? "yes" : "no";
    if (clock.left[0] >= 0)
        tags["RedClock"] = core::formatClk(clock.left[0]);
    if (clock.left[1] >= 0)
        tags["BlackClock"] = core::formatClk(clock.left[1]);
    return tags;
}

std::string writePgn(const core::Game& game, const Tags& tags) {
    return writePgn(core::pgnFromGame(game), tags);
}

std::string writePgn(core::PgnGame pgn, const Tags& tags) {
    pgn.setTag("Event", "Casual game");
    pgn.setTag("Site", "xiangqi");
    pgn.setTag("Date", dateForPgn());
    for (const auto& [name, value] : tags)
        pgn.setTag(name, value);
    // ICCS: the notation every reader agrees on, and exact for any position.
    return core::writePgn(pgn, core::Notation::Iccs);
}

core::Expected<GameRecord> readPgn(std::string_view text) {
    auto pgn = core::readPgn(text);
    if (!pgn)
        return core::Error{pgn.error()};
    // The main line must replay: gameFromPgn names the first move that does not.
    if (auto game = core::gameFromPgn(*pgn); !game)
        return core::Error{game.error()};
    GameRecord rec;
    for (const auto& [name, value] : pgn->tags)
        rec.tags[name] = value;
    rec.tree = GameTree::fromPgn(*pgn);
    return rec;
}

} // namespace xq::gui
