// PGN: the sample files in tests/data/pgn (each notation, GBK, a byte order mark, variations),
// malformed files naming the right line, write -> read round trips of random annotated games in
// every notation, Game <-> PgnGame, and the GBK and UTF-8 helpers.
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/fen.h"
#include "core/gbk.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "testdata.h"

using namespace xq::core;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

std::string dataPath(const std::string& name) {
    return xq::test::dataPath("pgn/" + name);
}

std::string readBytes(const std::string& name) {
    std::ifstream in(dataPath(name), std::ios::binary);
    REQUIRE(in);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<PgnGame> readFile(const std::string& name) {
    auto games = readPgnFile(dataPath(name));
    INFO(name << ": " << games.error());
    REQUIRE(games);
    return *games;
}

std::vector<std::string> iccsMoves(const PgnLine& line) {
    std::vector<std::string> out;
    for (const PgnMove& m : line.moves)
        out.push_back(toIccs(m.move));
    return out;
}

std::string readError(const std::string& text) {
    auto g = readPgnGames(text);
    REQUIRE_FALSE(g);
    return g.error();
}

const std::vector<std::string> kOpening = {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"};

} // namespace

TEST_CASE("sample files in every notation read to the same moves", "[pgn]") {
    const std::vector<std::string> tenMoves = {
        "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "c3c4", "g6g5", "h0h6", "h7i7",
        "h6g6", "i7i8", "b0c2", "d9e8", "c2d4", "i8g8", "g6f6", "g5g4", "d4c6"};
    const auto chinese = readFile("chinese.pgn");
    REQUIRE(chinese.size() == 1);
    CHECK(iccsMoves(chinese[0].main) == tenMoves);
    CHECK(chinese[0].result == "1-0");
    CHECK(chinese[0].tag("Red") == "Red Sample");
    CHECK(chinese[0].tag("Date") == "2024.05.01");
    CHECK(chinese[0].main.comment == "中炮对屏风马");
    CHECK(chinese[0].main.moves.back().comment == "红方进攻");

    const auto wxf = readFile("wxf.pgn");
    REQUIRE(wxf.size() == 1);
    CHECK(iccsMoves(wxf[0].main) == tenMoves);
    CHECK(wxf[0].tag("Format") == "WXF");

    const auto iccs = readFile("iccs.pgn");
    REQUIRE(iccs.size() == 1);
    const auto& im = iccs[0].main;
    CHECK(iccsMoves(im) == std::vector<std::string>(tenMoves.begin(), tenMoves.begin() + 12));
    CHECK(im.comment == "a line comment before the moves");
    CHECK(im.moves[5].comment == "after move 3");
    CHECK(im.moves[7].nags == std::vector<int>{1});  // "$1"
    CHECK(im.moves[8].nags == std::vector<int>{1});  // "!" glued to the move
    CHECK(im.moves[10].nags == std::vector<int>{6}); // a lone "?!"
    CHECK(iccs[0].result == "*");

    const auto traditional = readFile("chinese_traditional.pgn");
    CHECK(iccsMoves(traditional[0].main)
          == std::vector<std::string>(tenMoves.begin(), tenMoves.begin() + 8));
    CHECK(traditional[0].result == "1/2-1/2");
    CHECK(traditional[0].tag("Red") == "紅方");

    const auto bom = readFile("chinese_bom.pgn");
    REQUIRE(bom.size() == 1);
    CHECK(bom[0].tags.front().first == "Game"); // the byte order mark is not part of the tag
    CHECK(iccsMoves(bom[0].main)
          == std::vector<std::string>{"h2e2", "h7e7", "h0g2", "h9g7", "i0h0", "i9h9"});
}

TEST_CASE("a GBK-encoded file is detected and decoded", "[pgn]") {
    const std::string bytes = readBytes("chinese_gbk.pgn");
    CHECK_FALSE(isValidUtf8(bytes));
    const auto games = readFile("chinese_gbk.pgn");
    REQUIRE(games.size() == 1);
    CHECK(games[0].tag("Event") == "GBK 编码的棋谱");
    CHECK(games[0].tag("Red") == "许银川");
    CHECK(games[0].tag("Black") == "吕钦");
    CHECK(games[0].main.comment == "这是 GBK 编码");
    CHECK(games[0].main.moves.back().comment == "屏风马");
    CHECK(iccsMoves(games[0].main) == kOpening);
    CHECK(games[0].result == "0-1");
}

TEST_CASE("variations, comments and several games in one file", "[pgn]") {
    const auto games = readFile("variations.pgn");
    REQUIRE(games.size() == 2);
    const PgnGame& g = games[0];
    CHECK(g.main.comment == "Opening choices");
    CHECK(iccsMoves(g.main) == kOpening);
    const PgnMove& first = g.main.moves[0];
    CHECK(first.comment == "Central cannon");
    REQUIRE(first.variations.size() == 1);
    const PgnLine& soldier = first.variations[0];
    CHECK(iccsMoves(soldier) == std::vector<std::string>{"c3c4", "g6g5", "b2c2"});
    CHECK(soldier.moves[0].comment == "Soldier opening");
    REQUIRE(soldier.moves[1].variations.size() == 1);
    CHECK(iccsMoves(soldier.moves[1].variations[0]) == std::vector<std::string>{"c6c5", "b0c2"});
    CHECK(g.main.moves[1].nags == std::vector<int>{1});
    CHECK(g.main.moves[2].nags == std::vector<int>{5});
    const PgnMove& rook = g.main.moves[3];
    REQUIRE(rook.variations.size() == 1);
    CHECK(iccsMoves(rook.variations[0]) == std::vector<std::string>{"b9c7", "i0h0", "i9h9"});
    REQUIRE(rook.variations[0].moves[1].variations.size() == 1);
    CHECK(rook.variations[0].moves[1].variations[0].moves[0].comment == "nested");
    CHECK(g.main.moves[4].comment == "Both sides develop");

    const PgnGame& setup = games[1];
    CHECK(toFen(setup.start) == "3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/5K3 w - - 0 1");
    CHECK(iccsMoves(setup.main)
          == std::vector<std::string>{"c7c8", "d9e9", "c6b6", "e9d9", "g6h6", "d9e9"});
    CHECK(setup.result == "1-0");
    CHECK(setup.main.moves[0].comment == "the front soldier of file 7");
}

TEST_CASE("malformed files give errors naming the line", "[pgn]") {
    auto fileError = [](const std::string& name) {
        auto g = readPgnFile(dataPath(name));
        REQUIRE_FALSE(g);
        return g.error();
    };
    CHECK_THAT(fileError("bad_tag.pgn"), Contains("line 3: unterminated tag [Red"));
    CHECK_THAT(fileError("bad_move.pgn"),
               Contains("line 7: move 3 for Black '炮8平5': the cannon on file 8 cannot move "
                        "sideways to file 5"));
    CHECK_THAT(fileError("bad_token.pgn"), Contains("line 5: unknown token '@@'"));
    CHECK_THAT(fileError("bad_variation.pgn"),
               Contains("line 5: the variation opened at line 4 has no closing ')'"));
    CHECK_THAT(fileError("bad_comment.pgn"), Contains("line 5: unterminated comment"));
    CHECK_THAT(fileError("bad_fen.pgn"), Contains("line 3: [FEN") && Contains("generals face"));
    CHECK_THAT(fileError("no_such_file.pgn"), StartsWith("cannot open"));

    CHECK_THAT(readError("1. h2e2 h9g7 2. h0g2 h9g7 *"),
               Contains("line 1: move 2 for Black 'h9g7'") && Contains("not a legal move"));
    CHECK_THAT(readError("[Format \"WXF\"]\n1. C2.5 C8.5\n2. C5+4 P3+1 *"),
               Contains("line 3: move 2 for Black 'P3+1' is illegal: it would leave the Black "
                        "general in check"));
    CHECK_THAT(readError("[Format \"WXF\"]\n\n1. C5+1 *"),
               Contains("line 3: move 1 for Red 'C5+1': Red has no cannon on file 5"));
    CHECK_THAT(readError("[Event \"x\"]\n1. h2e2 ) *"), Contains("line 2: ')' without"));
    CHECK_THAT(readError("[Event \"x\"\n1. h2e2 *"), Contains("line 1: unterminated tag"));
    CHECK_THAT(readError("[Event x]\n"), Contains("line 1: malformed tag [Event"));
    CHECK_THAT(readError("[\n"), Contains("line 1: unterminated tag"));
    CHECK_THAT(readError("1. h2e2 }"), Contains("line 1: unexpected '}'"));
    CHECK_THAT(readError("\n\n( 1. h2e2 )"), Contains("line 3: a variation '(' must follow"));
    CHECK_THAT(readError("$3 1. h2e2"), Contains("line 1: annotation $3 before any move"));
    CHECK_THAT(readError("1. h2e2 !!! *"), Contains("unknown annotation '!!!'"));
    CHECK_THAT(readError("1. h2e2 h9g7 2. x *"), Contains("line 1: unknown token 'x'"));
    CHECK_THAT(readError("1. h2e2 h9g7 2. 前炮进四"),
               Contains("move 2 for Red '前炮进四'")
                   && Contains("no two Red cannons share a file"));
    CHECK_THAT(readError("[FEN \"bad\"]\n*"), Contains("line 1: [FEN \"bad\"]"));
    CHECK_THAT(readError(std::string("1. h2e2 {\xFF\xFF}")), Contains("neither UTF-8"));

    // Deep nesting and junk never crash.
    std::string deep = "1. h2e2 ";
    for (int i = 0; i < 200; ++i)
        deep += "(1. h2e2 ";
    CHECK_THAT(readError(deep), Contains("nested too deeply"));
    std::mt19937 rng(5);
    const std::string alphabet = "[]{}()\";$!?.123abc h2e2 C2.5 炮二平五\n";
    for (int i = 0; i < 2000; ++i) {
        std::string junk;
        const int len = static_cast<int>(rng() % 60);
        for (int k = 0; k < len; ++k)
            junk += alphabet[rng() % alphabet.size()];
        (void)readPgnGames(junk); // must return, value or error
    }
}

TEST_CASE("readers accept the usual move text variants", "[pgn]") {
    // Glued move numbers, "1. ..." placeholders, comments everywhere, no tags, CRLF line ends.
    auto g = readPgn("1.h2e2 ... h9g7 {c1} {c2}\r\n2.h0g2 ; rest\r\n2... i9h9 *");
    INFO(g.error());
    REQUIRE(g);
    CHECK(iccsMoves(g->main) == std::vector<std::string>{"h2e2", "h9g7", "h0g2", "i9h9"});
    CHECK(g->main.moves[1].comment == "c1 c2");
    CHECK(g->main.moves[2].comment == "rest");
    CHECK(g->tags.empty());
    // Without a Format tag the notation is detected per move; a Format tag still lets a move in
    // another notation through.
    auto mixed = readPgn("[Format \"WXF\"]\n1. C2.5 马8进7 2. h0g2 *");
    INFO(mixed.error());
    REQUIRE(mixed);
    CHECK(iccsMoves(mixed->main) == std::vector<std::string>{"h2e2", "h9g7", "h0g2"});
    // A game ended by its Result tag only, then a second game without a result token.
    auto two = readPgnGames("[Result \"0-1\"]\n1. h2e2\n[Event \"b\"]\n1. b2e2");
    REQUIRE(two);
    REQUIRE(two->size() == 2);
    CHECK((*two)[0].result == "0-1");
    CHECK((*two)[1].result == "*");
    // An empty variation survives a write and read.
    auto empty = readPgn("1. h2e2 () h9g7 *");
    REQUIRE(empty);
    REQUIRE(empty->main.moves[0].variations.size() == 1);
    CHECK(empty->main.moves[0].variations[0].moves.empty());
    const std::string written = writePgn(*empty, Notation::Iccs);
    CHECK_THAT(written, Contains("1. h2e2 () 1... h9g7 *"));
    CHECK(readPgn(written)->main == empty->main);
    CHECK(readPgnGames("")->empty());
    CHECK_FALSE(readPgn(""));
}

namespace {

// A random annotated line of up to maxPlies moves from pos, with variations down to depth 2.
PgnLine randomLine(std::mt19937& rng, Position pos, int maxPlies, int depth, int& counter) {
    PgnLine line;
    auto chance = [&](int percent) { return static_cast<int>(rng() % 100) < percent; };
    if (chance(20))
        line.comment = "before " + std::to_string(++counter) + " 前";
    for (int ply = 0; ply < maxPlies; ++ply) {
        MoveList list;
        generateLegal(pos, list);
        if (list.empty())
            break;
        PgnMove pm;
        pm.move = list[rng() % list.size()];
        if (chance(15))
            pm.nags.push_back(static_cast<int>(1 + rng() % 6));
        if (chance(10))
            pm.nags.push_back(static_cast<int>(10 + rng() % 200));
        if (chance(20))
            pm.comment = "note " + std::to_string(++counter) + (chance(50) ? " {a} (b) ; c" : "");
        if (depth < 2 && chance(12)) {
            const int count = 1 + static_cast<int>(rng() % 2);
            for (int v = 0; v < count; ++v)
                pm.variations.push_back(
                    randomLine(rng, pos, 1 + static_cast<int>(rng() % 6), depth + 1, counter));
        }
        line.moves.push_back(pm);
        Undo u;
        pos.makeMove(pm.move, u);
    }
    return line;
}

} // namespace

TEST_CASE("written games read back identically in every notation", "[pgn]") {
    std::mt19937 rng(424242);
    int counter = 0, games = 0;
    const char* results[] = {"1-0", "0-1", "1/2-1/2", "*"};
    for (int i = 0; i < 60; ++i) {
        PgnGame g;
        // Every third game starts from a set-up position reached by random moves.
        if (i % 3 == 2) {
            Position p = g.start;
            for (int k = 0; k < 30; ++k) {
                MoveList list;
                generateLegal(p, list);
                if (list.empty())
                    break;
                Undo u;
                p.makeMove(list[rng() % list.size()], u);
            }
            g.start = p;
        }
        g.setTag("Event", "Random game " + std::to_string(i));
        g.setTag("Red", "红 \"quoted\" \\ name");
        if (i % 2)
            g.setTag("Opening", "中炮");
        g.result = results[i % 4];
        g.main   = randomLine(rng, g.start, 40 + static_cast<int>(rng() % 120), 0, counter);
        for (Notation n : {Notation::Iccs, Notation::Wxf, Notation::Chinese}) {
            const std::string text = writePgn(g, n);
            INFO(text);
            auto back = readPgn(text);
            INFO(back.error());
            REQUIRE(back);
            CHECK(toFen(back->start) == toFen(g.start));
            CHECK(back->result == g.result);
            // Comments with '}' come back with ')'.
            PgnGame expected = g;
            std::vector<PgnLine*> stack{&expected.main};
            while (!stack.empty()) {
                PgnLine* l = stack.back();
                stack.pop_back();
                for (PgnMove& pm : l->moves) {
                    for (char& c : pm.comment)
                        if (c == '}')
                            c = ')';
                    for (PgnLine& v : pm.variations)
                        stack.push_back(&v);
                }
            }
            CHECK(back->main == expected.main);
            CHECK(back->tag("Game") == "Chinese Chess");
            CHECK(back->tag("Format") == notationName(n));
            CHECK(back->tag("Red") == g.tag("Red"));
            CHECK(back->tag("Event") == g.tag("Event"));
            CHECK(back->tag("Opening") == g.tag("Opening"));
            CHECK(back->tag("FEN").empty() == (i % 3 != 2));
            // Writing what was read gives the same text: the tags, too, come back exactly.
            CHECK(writePgn(*back, n) == text);
            ++games;
        }
    }
    CHECK(games == 180);
}

TEST_CASE("sample files survive a write and read in every notation", "[pgn]") {
    for (const char* name : {"chinese.pgn", "wxf.pgn", "iccs.pgn", "variations.pgn",
                             "chinese_gbk.pgn", "chinese_traditional.pgn", "chinese_bom.pgn"}) {
        const auto games = readFile(name);
        for (Notation n : {Notation::Iccs, Notation::Wxf, Notation::Chinese}) {
            const std::string text = writePgnGames(games, n);
            INFO(name << " as " << notationName(n) << "\n" << text);
            auto back = readPgnGames(text);
            INFO(back.error());
            REQUIRE(back);
            REQUIRE(back->size() == games.size());
            for (std::size_t i = 0; i < games.size(); ++i) {
                CHECK((*back)[i].main == games[i].main);
                CHECK((*back)[i].result == games[i].result);
                CHECK(toFen((*back)[i].start) == toFen(games[i].start));
                for (const auto& [k, v] : games[i].tags)
                    if (k != "Format")
                        CHECK((*back)[i].tag(k) == v);
            }
        }
    }
}

TEST_CASE("exact text written for a short game", "[pgn]") {
    PgnGame g;
    g.setTag("Event", "Demo");
    g.setTag("Red", "甲");
    const Position& p0 = g.start;
    g.main.comment     = "start";
    Position p         = p0;
    for (const char* m : {"h2e2", "h9g7", "h0g2"}) {
        auto mv = parseIccs(p, m);
        REQUIRE(mv);
        g.main.moves.push_back(PgnMove{*mv, {}, {}, {}});
        Undo u;
        p.makeMove(*mv, u);
    }
    g.main.moves[0].nags    = {1};
    g.main.moves[0].comment = "central cannon";
    PgnLine alt;
    alt.moves.push_back(PgnMove{*parseIccs(g.start, "b2e2"), {}, {}, {}});
    g.main.moves[0].variations.push_back(alt);
    g.result                 = "*";
    const std::string header = "[Game \"Chinese Chess\"]\n[Event \"Demo\"]\n[Site \"?\"]\n"
                               "[Date \"?\"]\n[Round \"?\"]\n[Red \"甲\"]\n[Black \"?\"]\n"
                               "[Result \"*\"]\n";
    CHECK(writePgn(g, Notation::Chinese)
          == header
                 + "[Format \"Chinese\"]\n\n{start} 1. 炮二平五 $1 {central cannon} (1. 炮八平五) "
                   "1... 马8进7 2. 马二进三 *\n");
    CHECK(writePgn(g, Notation::Wxf)
          == header
                 + "[Format \"WXF\"]\n\n{start} 1. C2.5 $1 {central cannon} (1. C8.5) 1... H8+7 "
                   "2. H2+3 *\n");
    CHECK(writePgn(g, Notation::Iccs)
          == header
                 + "[Format \"ICCS\"]\n\n{start} 1. h2e2 $1 {central cannon} (1. b2e2) 1... h9g7 "
                   "2. h0g2 *\n");
}

TEST_CASE("games convert to and from PGN", "[pgn]") {
    Game game;
    for (const char* m : {"h2e2", "h9g7", "h0g2", "i9h9"})
        REQUIRE(game.play(*parseIccs(game.position(), m)));
    PgnGame pgn = pgnFromGame(game);
    CHECK(pgn.result == "*");
    CHECK(iccsMoves(pgn.main) == std::vector<std::string>{"h2e2", "h9g7", "h0g2", "i9h9"});
    auto back = gameFromPgn(*readPgn(writePgn(pgn, Notation::Chinese)));
    INFO(back.error());
    REQUIRE(back);
    CHECK(back->moves() == game.moves());
    CHECK(back->position() == game.position());
    CHECK_FALSE(back->isOver());

    game.resign(Color::Black);
    pgn = pgnFromGame(game);
    CHECK(pgn.result == "1-0");
    auto resigned = gameFromPgn(*readPgn(writePgn(pgn, Notation::Wxf)));
    REQUIRE(resigned);
    CHECK(resigned->isOver());
    CHECK(resigned->result() == game.result());

    auto sample = readFile("chinese.pgn");
    auto replay = gameFromPgn(sample[0]);
    REQUIRE(replay);
    CHECK(replay->moves().size() == 19);
    CHECK(replay->result().outcome == Outcome::RedWins); // "1-0" applied as Black resigning

    // A record that plays on after a threefold repetition keeps its moves.
    PgnGame repeated;
    Position p = repeated.start;
    for (const char* m : {"h0g2", "h9g7", "g2h0", "g7h9", "h0g2", "h9g7", "g2h0", "g7h9", "h2e2"}) {
        auto mv = parseIccs(p, m);
        REQUIRE(mv);
        repeated.main.moves.push_back(PgnMove{*mv, {}, {}, {}});
        Undo u;
        p.makeMove(*mv, u);
    }
    auto replayed = gameFromPgn(repeated);
    INFO(replayed.error());
    REQUIRE(replayed);
    CHECK(replayed->moves().size() == 9);

    PgnGame broken = sample[0];
    broken.main.moves.push_back(broken.main.moves.front());
    auto bad = gameFromPgn(broken);
    REQUIRE_FALSE(bad);
    CHECK_THAT(bad.error(), Contains("move 10") && Contains("not legal"));
}

TEST_CASE("GBK decoding and UTF-8 validation", "[pgn]") {
    // "象棋" in GBK is CF F3 C6 E5.
    auto text = gbkToUtf8("a\xCF\xF3\xC6\xE5!");
    REQUIRE(text);
    CHECK(*text == "a象棋!");
    CHECK(*gbkToUtf8("\x81\x40") == "\xE4\xB8\x82"); // U+4E02, the first GBK cell
    CHECK_THAT(gbkToUtf8("ab\x80").error(), Contains("byte 2"));
    CHECK_THAT(gbkToUtf8("abc\xD5").error(), Contains("byte 3") && Contains("text ends"));
    CHECK_THAT(gbkToUtf8("\xD5\x7F").error(), Contains("bytes 0-1"));
    CHECK_THAT(gbkToUtf8("x\xA2\xA0").error(), Contains("bytes 1-2") && Contains("not a GBK"));

    CHECK(isValidUtf8("plain ascii"));
    CHECK(isValidUtf8("象棋 €"));
    CHECK(isValidUtf8("\xF0\x9F\x98\x80"));       // U+1F600
    CHECK_FALSE(isValidUtf8("\xC0\xAF"));         // overlong '/'
    CHECK_FALSE(isValidUtf8("\xED\xA0\x80"));     // a surrogate
    CHECK_FALSE(isValidUtf8("\xF4\x90\x80\x80")); // above U+10FFFF
    CHECK_FALSE(isValidUtf8("\xE8\xB1"));         // cut short
    CHECK(invalidUtf8Offset("ab\xFF") == 2);

    CHECK(*decodeText("\xEF\xBB\xBF象") == "象");
    CHECK(*decodeText("\xCF\xF3") == "象");
}
