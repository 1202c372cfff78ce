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
#include "testdata.h"

using namespace xq::core;

namespace {

const std::string kDir = xq::test::dataPath("formats/");

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

namespace {

PgnGame readOne(const std::string& path) {
    const GameFileResult r = readGameFile(path);
    REQUIRE(r.error == "");
    REQUIRE(!r.games.empty());
    return r.games.front();
}

PgnGame throughXqf(const PgnGame& g) {
    auto back = readXqf(writeXqf(g));
    REQUIRE(back.error() == "");
    return *back;
}

PgnGame throughPgn(const PgnGame& g) {
    auto back = readPgn(writePgn(g, Notation::Chinese));
    REQUIRE(back.error() == "");
    return *back;
}

} // namespace

TEST_CASE("PGN -> XQF -> PGN keeps start, moves, variations, comments and players", "[formats]") {
    const GameFileResult file = readGameFile(xq::test::dataPath("pgn/variations.pgn"));
    REQUIRE(file.error == "");
    REQUIRE(file.games.size() == 2);
    for (const PgnGame& g : file.games) {
        const PgnGame x = throughXqf(g);
        CHECK(x.start == g.start);
        CHECK(sameTree(x.main, g.main));
        CHECK(x.result == g.result);
        CHECK(x.tag("Red") == g.tag("Red"));
        CHECK(x.tag("Black") == g.tag("Black"));
        CHECK(x.tag("Event") == g.tag("Event"));
        // And back to PGN text: the same text as the original game gives (NAGs aside).
        PgnGame noNags   = g;
        const auto strip = [](auto& self, PgnLine& l) -> void {
            for (auto& m : l.moves) {
                m.nags.clear();
                for (auto& v : m.variations)
                    self(self, v);
            }
        };
        strip(strip, noNags.main);
        CHECK(writePgn(x, Notation::Iccs)
                  .find(writePgn(noNags, Notation::Iccs)
                            .substr(writePgn(noNags, Notation::Iccs).find("\n\n")))
              != std::string::npos);
    }
    // The first game: 3 lines (main, the soldier opening with its nested line, the rook line
    // with its nested line) survive with their comments.
    const PgnGame x = throughXqf(file.games[0]);
    CHECK(countLines(x.main) == countLines(file.games[0].main));
    CHECK(countLines(x.main) == 5);
    CHECK(countComments(x.main) == countComments(file.games[0].main));
    CHECK(x.main.comment == "Opening choices");
}

TEST_CASE("XQF -> PGN -> XQF keeps start, moves, variations and comments", "[formats]") {
    for (const char* name : {"game_varations.xqf", "test_5_variations.xqf", "ucci_test2.xqf",
                             "test.xqf", "SAMPLE.XQF", "ucci_test1.xqf"}) {
        INFO(name);
        const PgnGame g = readOne(kDir + name);
        const PgnGame p = throughPgn(g);
        CHECK(p.start == g.start);
        CHECK(sameTree(p.main, g.main));
        const std::string bytes = writeXqf(p);
        auto again              = readXqf(bytes);
        REQUIRE(again.error() == "");
        CHECK(again->start == g.start);
        CHECK(again->start.sideToMove() == g.start.sideToMove());
        CHECK(sameTree(again->main, g.main));
        CHECK(again->result == g.result);
        CHECK(again->tag("Red") == g.tag("Red"));
        // Writing what was read back gives the same bytes.
        CHECK(writeXqf(*again) == bytes);
    }
    // The comments of test.xqf are GBK text in the file and UTF-8 here.
    const PgnGame t = readOne(kDir + "test.xqf");
    CHECK(countComments(t.main) > 0);
}

TEST_CASE("a set-up position with Black to move survives XQF", "[formats]") {
    PgnGame g;
    g.start = *parseFen("4k4/9/9/9/9/9/9/9/4r4/3K5 b - - 0 1");
    PgnMove m;
    m.move    = *parseIccs(g.start, "e1d1");
    m.comment = "将军";
    g.main.moves.push_back(m);
    g.result = "0-1";
    g.setTag("Red", "红方 选手");
    const PgnGame x = throughXqf(g);
    CHECK(toFen(x.start) == toFen(g.start));
    CHECK(sameTree(x.main, g.main));
    CHECK(x.tag("Red") == "红方 选手");
    CHECK(x.result == "0-1");
}

TEST_CASE("a set-up position without moves where Red gives check is Black's in XQF", "[formats]") {
    PgnGame g;
    g.start         = *parseFen("3k5/9/1c7/9/9/9/9/9/9/3RK4 b - - 0 1");
    const auto back = readXqf(writeXqf(g));
    REQUIRE(back.hasValue());
    CHECK(toFen(back->start) == "3k5/9/1c7/9/9/9/9/9/9/3RK4 b - - 0 1");
    // Without moves and without a check, the file's side to move is Red's, as XQStudio reads it.
    g.start = *parseFen("3k5/9/1c7/9/9/9/9/9/9/4K3R b - - 0 1");
    CHECK(toFen(readXqf(writeXqf(g))->start) == "3k5/9/1c7/9/9/9/9/9/9/4K3R w - - 0 1");
}

TEST_CASE("damaged files name the file, the game and the byte, earlier games are kept",
          "[formats]") {
    const std::string cbl = slurp(kDir + "1989年龙化杯象棋名师邀请赛35局.CBL");
    SECTION("a library cut short keeps the games before the cut") {
        // Cut inside the 11th record (slot 11 starts at 66624 + 128 * 276 + 11 * 4096).
        const std::size_t cut  = 66624 + 128 * 276 + 11 * 4096 + 2300;
        const GameFileResult r = readGames(cbl.substr(0, cut), GameFormat::Cbl);
        CHECK(r.games.size() == 10); // slot 0 is an empty board, not a game
        CHECK(r.error
              == "game 11: byte " + std::to_string(cut) + ": the file ends inside the moves");
    }
    SECTION("an illegal move in a library names its game and byte") {
        std::string bad         = cbl;
        const std::size_t rec   = 66624 + 128 * 276 + 3 * 4096; // the third game
        bad[rec + 2214 + 4 + 2] = 0;                            // its first move, c3c4, now from a9
        const GameFileResult r  = readGames(bad, GameFormat::Cbl);
        CHECK(r.games.size() == 2);
        CHECK(r.error
              == "game 3: byte " + std::to_string(rec + 2218)
                     + ": move 1: move a9c4 is not legal (it is Red's turn)");
    }
    SECTION("an XQF file cut in its move records") {
        const std::string xqf  = slurp(kDir + "test.xqf");
        const GameFileResult r = readGames(xqf.substr(0, 1200), GameFormat::Unknown, "t.xqf");
        CHECK(r.games.empty());
        CHECK(r.error.find("byte ") == 0);
    }
    SECTION("the file's name leads the message") {
        const std::string path = xq::test::dataPath("formats/no-such-file.xqf");
        CHECK(readGameFile(path).error == path + ": cannot open the file");
        const std::string folder = xq::test::dataPath("formats");
        CHECK(readGameFile(folder).error == folder + ": a folder, not a game file");
    }
    SECTION("not an XQF file") {
        CHECK(readXqf("PK\x03\x04").error()
              == "byte 0: not an XQF file (it does not start with \"XQ\")");
        CHECK(readXqf(std::string("XQ\x0A", 3)).error()
              == "byte 3: the file ends inside the 1024-byte XQF header");
    }
}

TEST_CASE("DhtmlXQ text: start, main line, variations and comments", "[formats]") {
    const std::string text =
        "[DhtmlXQ]\n"
        "[DhtmlXQ_title]测试[/DhtmlXQ_title]\n"
        "[DhtmlXQ_red]许银川[/DhtmlXQ_red]\n"
        "[DhtmlXQ_black]吕钦[/DhtmlXQ_black]\n"
        "[DhtmlXQ_result]红胜[/DhtmlXQ_result]\n"
        "[DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383"
        "[/DhtmlXQ_binit]\n"
        "[DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist]\n"
        "[DhtmlXQ_move_0_2_1]12427967[/DhtmlXQ_move_0_2_1]\n"
        "[DhtmlXQ_move_1_3_2]1927[/DhtmlXQ_move_1_3_2]\n"
        "[DhtmlXQ_comment0]全局||说明[/DhtmlXQ_comment0]\n"
        "[DhtmlXQ_comment2]马8进7[/DhtmlXQ_comment2]\n"
        "[DhtmlXQ_comment2_3]嵌套[/DhtmlXQ_comment2_3]\n"
        "[/DhtmlXQ]\n";
    const GameFileResult r = readGames(text);
    REQUIRE(r.error == "");
    REQUIRE(r.games.size() == 1);
    const PgnGame& g = r.games[0];
    CHECK(mainLine(g) == std::vector<std::string>{"h2e2", "h9g7", "h0g2"});
    CHECK(g.main.comment == "全局\n说明");
    CHECK(g.main.moves[1].comment == "马8进7");
    REQUIRE(g.main.moves[1].variations.size() == 1);
    const PgnLine& v = g.main.moves[1].variations[0];
    REQUIRE(v.moves.size() == 2);
    CHECK(toIccs(v.moves[0].move) == "b7e7");
    CHECK(toIccs(v.moves[1].move) == "h0g2");
    REQUIRE(v.moves[1].variations.size() == 1);
    CHECK(toIccs(v.moves[1].variations[0].moves[0].move) == "b0c2");
    CHECK(v.moves[1].variations[0].moves[0].comment == "嵌套");
    CHECK(countLines(g.main) == 3);
    CHECK(g.tag("Red") == "许银川");
    CHECK(g.result == "1-0");

    SECTION("a set-up with Black to move and a captured piece") {
        // Red: king e0 (49) and rook a0 (09), the rest captured; Black: king d9 (30), cannon
        // b7 (12). Black moves first: b7b0.
        std::string binit;
        for (int i = 0; i < 32; ++i)
            binit += i == 4 ? "49" : i == 0 ? "09" : i == 20 ? "30" : i == 25 ? "12" : "99";
        const std::string t = "[DhtmlXQ_binit]" + binit
                              + "[/DhtmlXQ_binit][DhtmlXQ_movelist]1219"
                                "[/DhtmlXQ_movelist]";
        const GameFileResult s = readGames(t);
        REQUIRE(s.error == "");
        CHECK(toFen(s.games[0].start) == "3k5/9/1c7/9/9/9/9/9/9/R3K4 b - - 0 1");
        CHECK(mainLine(s.games[0]) == std::vector<std::string>{"b7b0"});
    }
    SECTION("errors name the line") {
        const GameFileResult bad = readGames(
            "[DhtmlXQ]\n[DhtmlXQ_movelist]7747\n7062 7967[/DhtmlXQ_movelist]\n[/DhtmlXQ]");
        CHECK(bad.error == "line 2: [DhtmlXQ_movelist] is not a list of 4-digit moves");
        const GameFileResult illegal =
            readGames("[DhtmlXQ]\n\n[DhtmlXQ_movelist]77477747[/DhtmlXQ_movelist][/DhtmlXQ]");
        CHECK(illegal.error
              == "line 3: move 2 (\"7747\"): move h2e2 is not legal (no piece on h2)");
    }
}

TEST_CASE("WXF files: tags and WXF moves between START{ and }END", "[formats]") {
    const std::string text = "FORMAT\tWXF\n"
                             "GAME\tChinese Chess\n"
                             "RED\tHu Ronghua;\n"
                             "BLACK\tYang Guanlin\n"
                             "EVENT\tNational championship\n"
                             "DATE\t1980.10.02\n"
                             "RESULT\t1-0\n"
                             "START{\n"
                             "  1. C2.5  H8+7\n"
                             "  2. H2+3  R9.8\n"
                             "}END\n";
    const GameFileResult r = readGames(text, GameFormat::Unknown, "game.wxf");
    REQUIRE(r.error == "");
    REQUIRE(r.games.size() == 1);
    const PgnGame& g = r.games[0];
    CHECK(mainLine(g) == std::vector<std::string>{"h2e2", "h9g7", "h0g2", "i9h9"});
    CHECK(g.tag("Red") == "Hu Ronghua");
    CHECK(g.tag("Event") == "National championship");
    CHECK(g.result == "1-0");
    const GameFileResult bad =
        readGames(text.substr(0, text.find("R9.8")) + "R9+9\n}END\n", GameFormat::Wxf);
    CHECK(bad.games.empty());
    CHECK(bad.error.find("line 10") != std::string::npos);
}

TEST_CASE("an empty variation is kept in PGN and left out of XQF", "[formats]") {
    // A variation "()" without moves: PGN writes it back, XQF has no move to hang it on.
    const std::string text = "FORMAT\tWXF\nSTART{\n"
                             "  1. C2.5  H8+7\n"
                             "  2. H2+3  R9.8 {comment}\n"
                             "().  3. R1.2  C8.9\n"
                             "}END\n";
    const GameFileResult r = readGames(text, GameFormat::Wxf);
    REQUIRE(r.error == "");
    REQUIRE(r.games.size() == 1);
    const PgnGame& g = r.games[0];
    CHECK(mainLine(g) == std::vector<std::string>{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "h7i7"});
    REQUIRE(g.main.moves[3].variations.size() == 1);
    CHECK(g.main.moves[3].variations[0].moves.empty());
    CHECK(countLines(g.main) == 2);
    CHECK(readPgn(writePgn(g, Notation::Iccs))->main == g.main);
    const auto x = readXqf(writeXqf(g));
    REQUIRE(x.hasValue());
    CHECK(mainLine(*x) == mainLine(g));
    CHECK(x->main.moves[3].variations.empty());
    CHECK(x->main.moves[3].comment == "comment");
    CHECK(countLines(x->main) == 1);
}

TEST_CASE("formats are told by their content", "[formats]") {
    CHECK(detectFormat(slurp(kDir + "test.cbr")) == GameFormat::Cbr);
    CHECK(detectFormat(slurp(kDir + "test.cbf")) == GameFormat::Cbf);
    CHECK(detectFormat(slurp(kDir + "SAMPLE.XQF")) == GameFormat::Xqf);
    CHECK(detectFormat(slurp(kDir + "SAMPLE.PGN")) == GameFormat::Pgn);
    CHECK(detectFormat("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n")
          == GameFormat::Fen);
    CHECK(detectFormat("[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]") == GameFormat::DhtmlXq);
}

TEST_CASE("SAMPLE.XQF and SAMPLE.PGN hold the same game", "[formats]") {
    const PgnGame x = readOne(kDir + "SAMPLE.XQF");
    const PgnGame p = readOne(kDir + "SAMPLE.PGN");
    CHECK(x.start == p.start);
    CHECK(mainLine(x) == mainLine(p));
    CHECK(x.main.moves.size() == 75);
}

TEST_CASE("a PGN file with a damaged game keeps the games before it", "[formats]") {
    const std::string text = "[Event \"one\"]\n\n1. h2e2 h9g7 *\n\n"
                             "[Event \"two\"]\n\n1. b0c2 *\n\n"
                             "[Event \"three\"]\n\n1. h2e2 h9h9 *\n\n"
                             "[Event \"four\"]\n\n1. c3c4 *\n";
    const GameFileResult r = readGames(text, GameFormat::Unknown, "games.pgn");
    REQUIRE(r.games.size() == 2);
    CHECK(r.games[0].tag("Event") == "one");
    CHECK(r.games[1].tag("Event") == "two");
    CHECK(r.error.rfind("game 3: line 11: ", 0) == 0);
}
