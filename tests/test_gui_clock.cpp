// GameSession's clocks (no window): the side to move's clock runs, a move charges it and adds
// the increment, review and pause stop it, the flag ends the game (a draw when the other side
// cannot mate), take-backs only in casual games, the PGN record and reading it back, and the
// computer playing on the clock. Built only when the app is (XQ_HAVE_GUI_LOGIC).
#ifdef XQ_HAVE_GUI_LOGIC

#include <chrono>
#include <optional>
#include <thread>

#include <catch2/catch.hpp>

#include "app/gui/model/game_record.h"
#include "app/gui/model/session.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/pgn.h"

using namespace xq;
using namespace xq::gui;
using core::Color;

namespace {

core::Move iccs(const core::Position& pos, const char* text) {
    auto m = core::parseIccs(pos, text);
    REQUIRE(m);
    return *m;
}

ClockSettings clock(const char* control, bool casual = false, bool computerOnClock = true) {
    ClockSettings c;
    c.control         = *core::parseTimeControl(control);
    c.casual          = casual;
    c.computerOnClock = computerOnClock;
    return c;
}

void play(GameSession& s, const char* move) {
    REQUIRE(s.humanMove(iccs(s.position(), move)));
}

} // namespace

TEST_CASE("the side to move's clock runs, a move charges it and adds the increment",
          "[gui][clock]") {
    GameSession s;
    s.newGame(*core::parseFen(core::kStartFen), PlayMode::TwoPlayers, clock("5+3"));
    CHECK(s.timed());
    CHECK(s.onClock(Color::Red));
    CHECK(s.onClock(Color::Black));
    s.update(1'000);
    REQUIRE(s.clockRunning() == Color::Red);
    s.update(11'000);
    CHECK(s.clockLeft(Color::Red) == 290'000);
    play(s, "h2e2");
    CHECK(s.clockLeft(Color::Red) == 293'000);
    CHECK(s.tree().node(s.tree().current()).clockMs == 293'000);
    CHECK(s.clockRunning() == Color::Black);
    s.update(15'000);
    CHECK(s.clockLeft(Color::Black) == 296'000);

    // Looking back at a past position stops the clock; back at the game it runs again.
    s.reviewTo(0);
    s.update(60'000);
    CHECK_FALSE(s.clockRunning());
    CHECK(s.clockLeft(Color::Black) == 296'000);
    s.reviewEnd(); // runs again from the last update's time (60 s)
    CHECK(s.clockRunning() == Color::Black);
    s.update(62'000);
    CHECK(s.clockLeft(Color::Black) == 294'000);

    // A pause (the puzzles screen) stops it too.
    s.setClockPaused(true);
    s.update(100'000);
    CHECK(s.clockLeft(Color::Black) == 294'000);
    s.setClockPaused(false);
    s.update(100'000);
    play(s, "h9g7");
    CHECK(s.clockLeft(Color::Black) == 297'000);
}

TEST_CASE("a flag loses, or draws when the other side has nothing to mate with", "[gui][clock]") {
    GameSession s;
    s.newGame(*core::parseFen(core::kStartFen), PlayMode::TwoPlayers, clock("1"));
    s.update(0);
    play(s, "h2e2");
    s.update(59'999);
    CHECK_FALSE(s.isOver());
    s.update(60'000);
    REQUIRE(s.isOver());
    CHECK(s.result() == core::winFor(Color::Red, core::Reason::Time));
    CHECK(s.result().describe() == "Red wins on time");
    CHECK_FALSE(s.clockRunning());
    const core::PgnGame pgn = s.pgn();
    CHECK(pgn.result == "1-0");
    CHECK(pgn.tag("Termination") == "time forfeit");
    CHECK(pgn.tag("TimeControl") == "60");
    auto events = s.takeEvents();
    REQUIRE_FALSE(events.empty());
    CHECK(events.back().gameOver);

    // Red has only its general and an advisor: Black's flag cannot lose to it.
    GameSession d;
    d.newGame(*core::parseFen("r3k4/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1"), PlayMode::TwoPlayers,
              clock("1"));
    d.update(0);
    d.update(60'000);
    REQUIRE(d.isOver());
    CHECK(d.result() == core::drawBy(core::Reason::TimeNoMating));
    // The same position with Red to move: Red's flag loses to the chariot.
    GameSession w;
    w.newGame(*core::parseFen("r3k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"), PlayMode::TwoPlayers,
              clock("1"));
    w.update(0);
    w.update(60'000);
    CHECK(w.result() == core::winFor(Color::Black, core::Reason::Time));
}

TEST_CASE("a rated timed game stays finished after a resignation, review still works",
          "[gui][clock]") {
    GameSession s;
    s.setAiSettings({1, false, 1000});
    s.newGame(*core::parseFen(core::kStartFen), PlayMode::PlayRed, clock("5+3"));
    std::int64_t now = 0;
    s.update(now);
    s.update(now += 5'000);
    play(s, "h2e2");
    // The computer answers (its search runs in real time; the clock is simulated).
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (s.ply() < 2 && std::chrono::steady_clock::now() < end) {
        s.update(now += 20);
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    REQUIRE(s.ply() == 2);
    const std::int64_t redLeft = s.clockLeft(Color::Red);
    CHECK(redLeft == 298'000); // 5 s used, 3 s increment
    s.resign();
    REQUIRE(s.isOver());
    const core::GameResult resigned = s.result();
    CHECK(resigned == core::winFor(Color::Black, core::Reason::Resignation));
    CHECK_FALSE(s.canUndo());
    CHECK_FALSE(s.undo());
    CHECK_FALSE(s.canRedo());
    CHECK_FALSE(s.redo());
    CHECK(s.ply() == 2);
    CHECK(s.isOver());
    CHECK(s.result() == resigned);
    // No clock runs again, and time does not move.
    s.update(now += 10'000);
    CHECK_FALSE(s.clockRunning());
    CHECK(s.clockLeft(Color::Red) == redLeft);
    // Review is fine: the positions can be looked at, but not played from.
    s.reviewTo(0);
    CHECK(s.isReviewing());
    CHECK(s.viewPly() == 0);
    CHECK_FALSE(s.canReviewMove());
    CHECK_FALSE(s.reviewMove(iccs(s.shownPosition(), "b2e2"), true));
    s.continueFromHere();
    CHECK(s.ply() == 2);
    s.selectNode(s.path()[0]);
    s.reviewEnd();
    CHECK(s.ply() == 2);
    CHECK(s.isOver());
    CHECK(s.result() == resigned);
    s.update(now += 1'000);
    CHECK_FALSE(s.clockRunning());
    CHECK(s.clockLeft(Color::Red) == redLeft);
}

TEST_CASE("under a clock, moves are taken back only in casual games", "[gui][clock]") {
    GameSession rated;
    rated.newGame(*core::parseFen(core::kStartFen), PlayMode::TwoPlayers, clock("10"));
    rated.update(0);
    play(rated, "h2e2");
    CHECK_FALSE(rated.takeBackAllowed());
    CHECK_FALSE(rated.canUndo());
    CHECK_FALSE(rated.undo());
    CHECK(rated.ply() == 1);
    rated.reviewTo(0);
    CHECK_FALSE(rated.canReviewMove());
    rated.continueFromHere();
    CHECK(rated.ply() == 1);
    rated.resign();
    CHECK(rated.isOver());
    CHECK_FALSE(rated.takeBackAllowed()); // a finished rated game stays finished

    GameSession casual;
    casual.newGame(*core::parseFen(core::kStartFen), PlayMode::TwoPlayers, clock("10", true));
    casual.update(0);
    casual.update(4'000);
    play(casual, "h2e2");
    casual.update(9'000);
    play(casual, "h9g7");
    CHECK(casual.clockLeft(Color::Black) == 595'000);
    REQUIRE(casual.undo());
    // The clocks go back to where they stood: Black's as at the start, Red's after its move.
    CHECK(casual.clockLeft(Color::Black) == 600'000);
    CHECK(casual.clockLeft(Color::Red) == 596'000);

    GameSession untimed;
    untimed.newGame(*core::parseFen(core::kStartFen), PlayMode::TwoPlayers);
    untimed.update(0);
    play(untimed, "h2e2");
    CHECK_FALSE(untimed.timed());
    CHECK_FALSE(untimed.clockRunning());
    CHECK(untimed.canUndo());
    CHECK(untimed.tree().node(untimed.tree().current()).clockMs == -1);
}

TEST_CASE("a timed game's record has its clocks, and reading it back restores them",
          "[gui][clock]") {
    GameSession s;
    s.newGame(*core::parseFen(core::kStartFen), PlayMode::TwoPlayers, clock("15+10"));
    s.update(0);
    s.update(20'000);
    play(s, "h2e2"); // Red 900 - 20 + 10 = 890
    s.update(25'000);
    play(s, "h9g7"); // Black 900 - 5 + 10 = 905
    const std::string text = writePgn(s.pgn(), Tags{{"Mode", "both"}});
    CHECK(text.find("[TimeControl \"900+10\"]") != std::string::npos);
    CHECK(text.find("{[%clk 0:14:50]}") != std::string::npos);
    CHECK(text.find("{[%clk 0:15:05]}") != std::string::npos);

    auto rec = readPgn(text);
    REQUIRE(rec);
    GameSession back;
    back.loadTree(rec->tree, PlayMode::TwoPlayers, clock("15+10"));
    CHECK(back.clockLeft(Color::Red) == 890'000);
    CHECK(back.clockLeft(Color::Black) == 905'000);
    back.update(1'000);
    CHECK(back.clockRunning() == Color::Red);
    // The time a side had when the game was saved, mid-move, wins over its last [%clk].
    GameSession saved;
    saved.loadTree(rec->tree, PlayMode::TwoPlayers, clock("15+10"), {812'300, -1});
    CHECK(saved.clockLeft(Color::Red) == 812'300);
    CHECK(saved.clockLeft(Color::Black) == 905'000);
    // The record's clock tags: the settings, and both clocks as they stood when written (Black's
    // running since 25 s into the game, still 905 s at its last update).
    CHECK(text.find("[Casual \"no\"]") != std::string::npos);
    CHECK(text.find("[ComputerClock \"yes\"]") != std::string::npos);
    CHECK(text.find("[RedClock \"0:14:50\"]") != std::string::npos);
    CHECK(text.find("[BlackClock \"0:15:05\"]") != std::string::npos);
    CHECK(readClockTags(rec->tags)
          == ClockTags{*core::parseTimeControl("15+10"), false, true, {890'000, 905'000}});
}

TEST_CASE("clock tags: written for a timed game only, read back the same", "[gui][clock]") {
    CHECK(clockTags(ClockTags{}).empty());
    const ClockTags timed{*core::parseTimeControl("40/20"), true, false, {61'500, -1}};
    const Tags tags = clockTags(timed);
    CHECK(tags
          == Tags{{"TimeControl", "40/1200"},
                  {"Casual", "yes"},
                  {"ComputerClock", "no"},
                  {"RedClock", "0:01:01.5"}});
    CHECK(readClockTags(tags) == timed);
    std::string problem;
    const ClockTags bad = readClockTags(Tags{{"TimeControl", "soon"}, {"Casual", "yes"}}, &problem);
    CHECK(bad == ClockTags{});
    CHECK_FALSE(problem.empty());
}

TEST_CASE("the computer plays on its clock, or by depth with only the person's clock",
          "[gui][clock]") {
    const auto start = std::chrono::steady_clock::now();
    auto nowMs       = [&] {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - start)
            .count();
    };
    auto runUntil = [&](GameSession& s, auto pred) {
        for (int i = 0; i < 3000 && !pred(); ++i) {
            s.update(nowMs());
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        return pred();
    };
    SECTION("on the clock") {
        GameSession s;
        s.setAiSettings({20, false, 1000}); // depth 20 would take far longer than the clock
        s.newGame(*core::parseFen(core::kStartFen), PlayMode::ComputerBoth, clock("0.1"));
        REQUIRE(runUntil(s, [&] { return s.ply() >= 4 || s.isOver(); }));
        CHECK_FALSE(s.isOver());
        for (NodeId id : s.tree().line())
            CHECK(s.tree().node(id).clockMs > 0);
        CHECK(s.clockLeft(Color::Red) > 0);
        CHECK(s.clockLeft(Color::Red) < 6'000);
    }
    SECTION("by depth, with the person's clock only") {
        GameSession s;
        s.setAiSettings({1, false, 1000});
        s.newGame(*core::parseFen(core::kStartFen), PlayMode::PlayBlack, clock("5", false, false));
        CHECK_FALSE(s.onClock(Color::Red));
        CHECK(s.onClock(Color::Black));
        REQUIRE(runUntil(s, [&] { return s.ply() == 1; }));
        CHECK(s.tree().node(s.tree().current()).clockMs == -1);
        CHECK(s.clockLeft(Color::Red) == 300'000);
        s.update(nowMs());
        CHECK(s.clockRunning() == Color::Black);
    }
}

TEST_CASE("the clock settings in settings.json", "[gui][clock][settings]") {
    auto s = settingsFromJson(
        R"({"timeControl": " 15 + 10 ", "casual": true, "computerOnClock": false})");
    REQUIRE(s);
    CHECK(s->timeControl == "15+10");
    CHECK(s->casual);
    CHECK_FALSE(s->computerOnClock);
    const ClockSettings c = clockSettingsOf(*s);
    CHECK(c.control == core::TimeControl{900'000, 10'000, 0});
    CHECK(c.casual);
    CHECK_FALSE(c.computerOnClock);
    auto back = settingsFromJson(toJson(*s));
    REQUIRE(back);
    CHECK(*back == *s);
    // A time control that does not read is untimed, as an unknown name keeps its default.
    auto bad = settingsFromJson(R"({"timeControl": "soon"})");
    REQUIRE(bad);
    CHECK(bad->timeControl == "untimed");
    CHECK(clockSettingsOf(*bad).control.untimed());
    CHECK(settingsFromJson(R"({"casual": "yes"})").error()
          == "settings field \"casual\" has the wrong type");
    // A time control given on the command line is for that run only.
    Settings file, start = file;
    start.timeControl = "5+3";
    Settings now      = start;
    CHECK(settingsToSave(now, start, file).timeControl == "untimed");
    now.timeControl = "40/20";
    CHECK(settingsToSave(now, start, file).timeControl == "40/20");
}

TEST_CASE("think on my time: the computer ponders the expected reply and plays on from it",
          "[gui][clock][ponder]") {
    const auto start = std::chrono::steady_clock::now();
    auto nowMs       = [&] {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - start)
            .count();
    };
    auto runUntil = [&](GameSession& s, auto pred) {
        for (int i = 0; i < 3000 && !pred(); ++i) {
            s.update(nowMs());
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        return pred();
    };
    // A middlegame out of the book, so that the computer's move comes with a predicted reply.
    const auto fen =
        core::parseFen("r2akab2/9/4b4/p1p1n1p1p/2cRC2r1/4c4/P3N4/4C4/9/1RBAKAB2 w - - 0 1");
    REQUIRE(fen);
    GameSession s;
    s.setAiSettings({20, false, 1000}); // full strength, automatic: on at a clock
    s.newGame(*fen, PlayMode::PlayRed, clock("0.5"));
    REQUIRE(s.thinksOnPersonsTime());
    core::MoveList legal;
    core::generateLegal(s.position(), legal);
    REQUIRE(s.humanMove(legal[0]));
    REQUIRE(runUntil(s, [&] { return s.ply() == 2 || s.isOver(); }));
    REQUIRE(runUntil(s, [&] { return s.aiTask() == AiTask::Ponder; }));
    CHECK_FALSE(s.isBusy()); // the person's turn: pondering does not hold anything up
    CHECK(s.canHumanMove());
    CHECK(s.clockRunning() == Color::Red);
    // The line shown starts from the person's position with the predicted move.
    REQUIRE(runUntil(s, [&] { return s.aiInfo() && s.aiInfo()->pv.size() >= 2; }));
    CHECK(s.aiRoot().key() == s.position().key());
    const auto predicted = std::optional<core::Move>(s.aiInfo()->pv.front());
    REQUIRE(s.isLegal(*predicted));
    const auto blackLeft = s.clockLeft(Color::Black);
    REQUIRE(s.humanMove(*predicted));
    CHECK(s.ponderHits() == 1);
    CHECK(s.aiTask() == AiTask::Move);
    REQUIRE(runUntil(s, [&] { return s.ply() == 4 || s.isOver(); }));
    // Pondering is on the person's time: Black's clock lost only its own move's time.
    CHECK(s.clockLeft(Color::Black) > 0);
    CHECK(s.clockLeft(Color::Black) <= blackLeft + 1);
    if (s.isOver())
        return;
    // Another move than the predicted one: the pondering stops and the computer searches anew.
    REQUIRE(runUntil(s, [&] { return s.aiTask() == AiTask::Ponder && s.aiInfo(); }));
    const auto predicted2 = std::optional<core::Move>(s.aiInfo()->pv.front());
    legal.clear();
    core::generateLegal(s.position(), legal);
    core::Move other = legal[0] == *predicted2 ? legal[1] : legal[0];
    REQUIRE(s.humanMove(other));
    CHECK(s.ponderHits() == 1);
    CHECK(s.aiTask() == AiTask::None); // the next update starts the computer's search
    REQUIRE(runUntil(s, [&] { return s.ply() == 6 || s.isOver(); }));
}

TEST_CASE("think on my time: off at a level and when set off, on when set on",
          "[gui][clock][ponder]") {
    GameSession s;
    AiSettings ai{20, false, 1000};
    s.setAiSettings(ai);
    s.newGame(*core::parseFen(core::kStartFen), PlayMode::PlayRed, clock("5"));
    CHECK(s.thinksOnPersonsTime());
    ai.level = 5;
    s.setAiSettings(ai);
    CHECK_FALSE(s.thinksOnPersonsTime()); // automatic: not at a level
    ai.thinkOnMyTime = 1;
    s.setAiSettings(ai);
    CHECK(s.thinksOnPersonsTime());
    ai.level         = 0;
    ai.thinkOnMyTime = 2;
    s.setAiSettings(ai);
    CHECK_FALSE(s.thinksOnPersonsTime());
    // Automatic without a clock for the computer: off.
    ai.thinkOnMyTime = 0;
    s.setAiSettings(ai);
    s.newGame(*core::parseFen(core::kStartFen), PlayMode::PlayRed, clock("5", false, false));
    CHECK_FALSE(s.thinksOnPersonsTime());
    s.newGame(*core::parseFen(core::kStartFen), PlayMode::PlayRed);
    CHECK_FALSE(s.thinksOnPersonsTime());
    // The setting is kept in settings.json.
    auto read = settingsFromJson(R"({"thinkOnMyTime": 1})");
    REQUIRE(read);
    CHECK(read->thinkOnMyTime == 1);
    CHECK(settingsFromJson(toJson(*read))->thinkOnMyTime == 1);
    CHECK(Settings{}.thinkOnMyTime == 0);
}

#endif // XQ_HAVE_GUI_LOGIC
