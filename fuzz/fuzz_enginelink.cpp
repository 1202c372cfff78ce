// Fuzz target for what the engine link and xiangqi-match read from outside: an engine's option,
// info and bestmove lines (enginelink/protocol.h, dialect.h), engine command lines, and the
// match's openings files and command lines (app/match/options.h). Each input line goes to every
// line parser. Properties, beyond "no crash": a parsed spin option's default and any value made
// valid lie in its range, and so does every +/- step; a parsed move written back in the
// engine's coordinates reads back the same; an info line's pv is legal from the root; an
// opening's moves are legal from its start.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "app/match/options.h"
#include "core/fen.h"
#include "enginelink/dialect.h"
#include "enginelink/protocol.h"
#include "fuzz/fuzz_check.h"

namespace {

using namespace xq;
using namespace xq::link;

void checkOption(std::string_view line, EngineProtocol p) {
    const auto o = parseOptionLine(line, p);
    if (!o)
        return;
    XQ_CHECK(!o->name.empty(), line);
    if (o->type != EngineOption::Type::Spin)
        return;
    const long long def = toInt(o->defaultValue).value_or(o->min - 1);
    XQ_CHECK(def >= o->min && def <= o->max, line);
    const auto v = validOptionValue(*o, line.substr(0, 12));
    XQ_CHECK(v && toInt(*v) && *toInt(*v) >= o->min && *toInt(*v) <= o->max, line);
    for (bool up : {false, true}) {
        const long long next = spinStepValue(*o, def, up);
        XQ_CHECK(next >= o->min && next <= o->max, line);
    }
}

void checkLine(std::string_view line, const core::Position& root) {
    checkOption(line, EngineProtocol::Uci);
    checkOption(line, EngineProtocol::Ucci);
    for (RankBase ranks : {RankBase::Zero, RankBase::One}) {
        std::string garbage;
        if (const auto info = parseInfoLine(line, root, ranks, garbage)) {
            core::Position pos = root;
            for (core::Move m : info->pv) {
                XQ_CHECK(pos.isPseudoLegal(m) && pos.isLegal(m), line);
                core::Undo u;
                pos.makeMove(m, u);
            }
        }
        const BestMoveLine b = parseBestMoveLine(line, ranks);
        if (b.best)
            XQ_CHECK(parseEngineMove(engineMoveText(*b.best, ranks), ranks) == b.best, line);
    }
    (void)splitCommand(line);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const core::Position root = *core::parseFen(core::kStartFen);
    std::istringstream lines{std::string(text)};
    for (std::string line; std::getline(lines, line);)
        checkLine(line, root);

    if (const auto openings = match::parseOpenings(text)) {
        for (const match::Opening& o : *openings) {
            core::Position pos = o.start;
            for (core::Move m : o.moves) {
                XQ_CHECK(pos.isPseudoLegal(m) && pos.isLegal(m), text);
                core::Undo u;
                pos.makeMove(m, u);
            }
        }
    } else {
        XQ_CHECK(!openings.error().empty(), text);
    }

    std::istringstream words{std::string(text)};
    std::vector<std::string> args;
    for (std::string w; words >> w;)
        args.push_back(w);
    const auto config = match::parseArguments(args);
    XQ_CHECK(config || !config.error().empty(), text);
    return 0;
}
