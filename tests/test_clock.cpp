// Time controls, the game clock, loss on time and the PGN clock records.
#include <catch2/catch.hpp>

#include "core/clock.h"
#include "core/fen.h"
#include "core/game.h"
#include "core/game_tree.h"
#include "core/notation.h"
#include "core/pgn.h"

using namespace xq::core;

namespace {

TimeControl tc(const char* text) {
    auto r = parseTimeControl(text);
    INFO(text << ": " << r.error());
    REQUIRE(r);
    return *r;
}

} // namespace

TEST_CASE("time controls read as a person writes them", "[clock]") {
    CHECK(tc("untimed").untimed());
    CHECK(tc("").untimed());
    CHECK(tc(" - ").untimed());
    CHECK(tc("10") == TimeControl{600'000, 0, 0});
    CHECK(tc("10 min") == TimeControl{600'000, 0, 0});
    CHECK(tc("5+3") == TimeControl{300'000, 3'000, 0});
    CHECK(tc("15+10") == TimeControl{900'000, 10'000, 0});
    CHECK(tc("2.5+2") == TimeControl{150'000, 2'000, 0});
    CHECK(tc("40/20") == TimeControl{1'200'000, 0, 40});

    CHECK(formatTimeControl(tc("untimed")) == "untimed");
    CHECK(formatTimeControl(tc("10")) == "10 min");
    CHECK(formatTimeControl(tc("5+3")) == "5+3");
    CHECK(formatTimeControl(tc("2.5+2")) == "2.5+2");
    CHECK(formatTimeControl(tc("40/20")) == "40/20");
    for (const char* text : {"10 min", "5+3", "15+10", "2.5+2", "40/20", "0.5+0.5"})
        CHECK(formatTimeControl(tc(text)) == text);
}

TEST_CASE("a malformed time control says what is wrong", "[clock]") {
    CHECK(parseTimeControl("ten").error()
          == "time control 'ten': expected minutes, minutes+seconds or moves/minutes (10, 10+5, "
             "40/20)");
    CHECK(parseTimeControl("10+x").error()
          == "time control '10+x': the seconds after '+' are not a number (e.g. 10+5)");
    CHECK(parseTimeControl("40/").error()
          == "time control '40/': the minutes after '/' are not a number");
    CHECK(parseTimeControl("/20").error()
          == "time control '/20': expected moves/minutes, e.g. 40/20");
    CHECK(parseTimeControl("0+5").error()
          == "time control '0+5': the base time must be more than zero");
    CHECK(parseTimeControl("601").error()
          == "time control '601': the base time is over 600 minutes");
    CHECK(parseTimeControl("10+601").error()
          == "time control '10+601': the increment is over 600 seconds");
    CHECK(parseTimeControl("-5").error()
          == "time control '-5': expected minutes, minutes+seconds or moves/minutes (10, 10+5, "
             "40/20)");
    CHECK(parseTimeControl("1.2.3").error().find("expected minutes") != std::string::npos);
}

TEST_CASE("PGN TimeControl tags in seconds, both ways", "[clock][pgn]") {
    CHECK(pgnTimeControl(tc("untimed")) == "-");
    CHECK(pgnTimeControl(tc("10")) == "600");
    CHECK(pgnTimeControl(tc("5+3")) == "300+3");
    CHECK(pgnTimeControl(tc("40/20")) == "40/1200");
    CHECK(pgnTimeControl(tc("2.5+0.5")) == "150+0.5");
    for (const char* text : {"untimed", "10", "5+3", "40/20", "2.5+0.5", "15+10"}) {
        const TimeControl t = tc(text);
        auto back           = parsePgnTimeControl(pgnTimeControl(t));
        REQUIRE(back);
        CHECK(*back == t);
    }
    CHECK(parsePgnTimeControl("abc").error()
          == "TimeControl 'abc': expected seconds, e.g. 600, 600+5 or 40/1200");
}

TEST_CASE("clock times as PGN writes them and as the clock face shows them", "[clock]") {
    CHECK(formatClk(598'000) == "0:09:58");
    CHECK(formatClk(7'450) == "0:00:07.4");
    CHECK(formatClk(3'723'000) == "1:02:03");
    CHECK(formatClk(-20) == "0:00:00");
    CHECK(*parseClk("0:09:58") == 598'000);
    CHECK(*parseClk("0:00:07.4") == 7'400);
    CHECK(*parseClk(" 1:02:03 ") == 3'723'000);
    CHECK(parseClk("9:58").error() == "clock '9:58': expected H:MM:SS");
    CHECK(parseClk("0:61:00").error() == "clock '0:61:00': expected H:MM:SS");

    CHECK(formatClockFace(600'000) == "10:00");
    CHECK(formatClockFace(599'001) == "10:00");
    CHECK(formatClockFace(598'000) == "9:58");
    CHECK(formatClockFace(10'000) == "0:10");
    CHECK(formatClockFace(9'999) == "9.9");
    CHECK(formatClockFace(7'450) == "7.4");
    CHECK(formatClockFace(0) == "0.0");
    CHECK(formatClockFace(-300) == "0.0");
    CHECK(formatClockFace(3'723'000) == "1:02:03");
}

TEST_CASE("the clock charges the mover, adds the increment and starts the other side", "[clock]") {
    GameClock c(tc("5+3"));
    CHECK(c.remaining(Color::Red, 0) == 300'000);
    CHECK_FALSE(c.running());
    c.start(Color::Red, 1'000);
    CHECK(c.remaining(Color::Red, 11'000) == 290'000);
    CHECK(c.remaining(Color::Black, 11'000) == 300'000);
    CHECK(c.moveMade(Color::Red, 11'000) == 293'000); // 300 - 10 + 3
    CHECK(c.side() == Color::Black);
    CHECK(c.remaining(Color::Black, 16'000) == 295'000);
    c.pause(16'000); // paused: the time stands
    CHECK(c.remaining(Color::Black, 99'000) == 295'000);
    c.start(Color::Black, 100'000);
    CHECK(c.moveMade(Color::Black, 102'000) == 296'000); // 295 - 2 + 3
    CHECK(c.movesMade(Color::Red) == 1);
    CHECK(c.movesMade(Color::Black) == 1);
    CHECK_FALSE(c.flagged(102'000));
    CHECK(c.flagged(102'000 + 293'000));
    CHECK(c.remaining(Color::Red, 102'000 + 294'000) == -1'000);
}

TEST_CASE("moves per period: the base time comes again after each period", "[clock]") {
    GameClock c(tc("2/1")); // two moves in a minute
    c.start(Color::Red, 0);
    CHECK(c.movesToGo(Color::Red) == 2);
    c.moveMade(Color::Red, 20'000);
    c.moveMade(Color::Black, 20'000);
    CHECK(c.movesToGo(Color::Red) == 1);
    CHECK(c.moveMade(Color::Red, 50'000) == 10'000 + 60'000); // 60 - 20 - 30, then a new period
    CHECK(c.movesToGo(Color::Red) == 2);
    CHECK(c.remaining(Color::Black, 50'000) == 60'000);
}

TEST_CASE("an untimed clock never runs or falls", "[clock]") {
    GameClock c;
    CHECK_FALSE(c.enabled());
    c.start(Color::Red, 0);
    CHECK_FALSE(c.running());
    CHECK_FALSE(c.flagged(1'000'000'000));
}

TEST_CASE("[%clk] comments are read out of the comment and written back", "[clock][pgn]") {
    const std::string text = "[Game \"Chinese Chess\"]\n[TimeControl \"300+3\"]\n"
                             "1. h2e2 {[%clk 0:04:58] a central cannon} h9g7 {[%clk 0:05:01.5]} "
                             "2. h0g2 {good [%clk 0:04:59]} *\n";
    auto pgn               = readPgn(text);
    REQUIRE(pgn);
    REQUIRE(pgn->moves().size() == 3);
    CHECK(pgn->moves()[0].clockMs == 298'000);
    CHECK(pgn->moves()[0].comment == "a central cannon");
    CHECK(pgn->moves()[1].clockMs == 301'500);
    CHECK(pgn->moves()[1].comment.empty());
    CHECK(pgn->moves()[2].clockMs == 299'000);
    CHECK(pgn->moves()[2].comment == "good");
    CHECK(*parsePgnTimeControl(pgn->tag("TimeControl")) == tc("5+3"));

    const std::string out = writePgn(*pgn, Notation::Iccs);
    CHECK(out.find("{[%clk 0:04:58] a central cannon}") != std::string::npos);
    CHECK(out.find("{[%clk 0:05:01.5]}") != std::string::npos);
    CHECK(out.find("{[%clk 0:04:59] good}") != std::string::npos);
    auto again = readPgn(out);
    REQUIRE(again);
    CHECK(again->main == pgn->main);

    // The game tree keeps the clock of each move.
    const GameTree tree = GameTree::fromPgn(*pgn);
    const auto line     = tree.mainLine();
    REQUIRE(line.size() == 3);
    CHECK(tree.node(line[1]).clockMs == 301'500);
    CHECK(tree.toPgn().main == pgn->main);
}

TEST_CASE("a [%clk] that is not a time stays in the comment", "[clock][pgn]") {
    auto pgn = readPgn("1. h2e2 {[%clk soon] hm} *");
    REQUIRE(pgn);
    CHECK(pgn->moves()[0].clockMs == -1);
    CHECK(pgn->moves()[0].comment == "[%clk soon] hm");
}

TEST_CASE("a loss on time: its result, sentence and PGN round trip", "[clock][pgn]") {
    Game g(*parseFen(kStartFen));
    REQUIRE(g.play(*parseIccs(g.position(), "h2e2")));
    g.adjudicate(winFor(Color::Red, Reason::Time));
    CHECK(g.result().outcome == Outcome::RedWins);
    CHECK(g.result().describe() == "Red wins on time");
    CHECK(g.result().describeChinese() == "红方胜（超时）");
    const PgnGame pgn = pgnFromGame(g);
    CHECK(pgn.tag("Termination") == "time forfeit");
    CHECK(pgn.result == "1-0");
    auto back = gameFromPgn(*readPgn(writePgn(pgn, Notation::Iccs)));
    REQUIRE(back);
    CHECK(back->result() == winFor(Color::Red, Reason::Time));
    // Undo takes the verdict back first.
    CHECK(g.undo());
    CHECK_FALSE(g.isOver());
    CHECK(g.ply() == 1);

    Game d(*parseFen(kStartFen));
    d.adjudicate(drawBy(Reason::TimeNoMating));
    CHECK(d.result().describe()
          == "Draw: a clock ran out, but the other side has no piece left that can mate");
    auto drawn = gameFromPgn(*readPgn(writePgn(pgnFromGame(d), Notation::Iccs)));
    REQUIRE(drawn);
    CHECK(drawn->result() == drawBy(Reason::TimeNoMating));
}
