// The readers of other programs' game files (core/game_formats.h) against real files written by
// those programs (tests/data/formats, see its README) and the main lines an independent reader
// found in them (reference.json); the XQF writer's round trips; damaged files.
#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "core/fen.h"
#include "core/game_formats.h"
#include "core/game_tree.h"
#include "core/notation.h"
#include "core/pgn.h"

using namespace xq::core;

namespace {

const std::string kDir = std::string(XQ_TESTDATA_DIR) + "/formats/";

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The FEN without the move counters, as reference.json writes it.
std::string shortFen(const Position& p) {
    const std::string f = toFen(p);
    std::istringstream in(f);
    std::string board, side;
    in >> board >> side;
    return board + " " + side;
}

std::vector<std::string> mainLine(const PgnGame& g) {
    std::vector<std::string> out;
    for (const auto& m : g.moves())
        out.push_back(toIccs(m.move));
    return out;
}

// Start, moves, comments and variations of two lines (NAGs and clocks aside: XQF has none).
bool sameTree(const PgnLine& a, const PgnLine& b) {
    if (a.comment != b.comment || a.moves.size() != b.moves.size())
        return false;
    for (std::size_t i = 0; i < a.moves.size(); ++i) {
        const PgnMove &x = a.moves[i], &y = b.moves[i];
        if (x.move != y.move || x.comment != y.comment
            || x.variations.size() != y.variations.size())
            return false;
        for (std::size_t v = 0; v < x.variations.size(); ++v)
            if (!sameTree(x.variations[v], y.variations[v]))
                return false;
    }
    return true;
}

std::size_t countComments(const PgnLine& l) {
    std::size_t n = l.comment.empty() ? 0 : 1;
    for (const auto& m : l.moves) {
        n += m.comment.empty() ? 0 : 1;
        for (const auto& v : m.variations)
            n += countComments(v);
    }
    return n;
}

} // namespace

TEST_CASE("every shared game file reads as the independent reader read it", "[formats]") {
    const nlohmann::json ref = nlohmann::json::parse(slurp(kDir + "reference.json"));
    REQUIRE(ref.size() == 12);
    std::size_t games = 0;
    for (const auto& [file, expected] : ref.items()) {
        INFO(file);
        const GameFileResult r = readGameFile(kDir + file);
        REQUIRE(r.error == "");
        REQUIRE(r.games.size() == expected.size());
        for (std::size_t i = 0; i < r.games.size(); ++i) {
            INFO("game " << i + 1);
            const PgnGame& g = r.games[i];
            const auto& e    = expected[i];
            CHECK(shortFen(g.start) == e["fen"].get<std::string>());
            CHECK(mainLine(g) == e["main"].get<std::vector<std::string>>());
            CHECK(countLines(g.main) == e["lines"].get<std::size_t>());
            if (!e["red"].get<std::string>().empty())
                CHECK(g.tag("Red") == e["red"].get<std::string>());
            if (!e["black"].get<std::string>().empty())
                CHECK(g.tag("Black") == e["black"].get<std::string>());
            if (!e["result"].get<std::string>().empty())
                CHECK(g.result == e["result"].get<std::string>());
            ++games;
        }
    }
    CHECK(games == 47);
}
