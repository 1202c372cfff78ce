// GameSession: the desktop game's rules of play around the AI worker (no window): the computer
// answers on its turn, undo takes back the move pair and cancels a search, review and "continue
// from here", hints, resignation. Built only when the app is (XQ_HAVE_GUI_LOGIC).
#ifdef XQ_HAVE_GUI_LOGIC

#include <chrono>
#include <functional>
#include <thread>

#include <catch2/catch.hpp>

#include "app/gui/model/i18n.h"
#include "app/gui/model/session.h"
#include "core/fen.h"
#include "core/notation.h"
#include "tests/session_util.h"

using namespace xq;
using namespace xq::gui;
using test::runUntil;

namespace {

core::Move iccs(const core::Position& pos, const char* text) {
    auto m = core::parseIccs(pos, text);
    REQUIRE(m);
    return *m;
}

void shallow(GameSession& s) {
    s.setAiSettings({1, false, 1000});
}

} // namespace

TEST_CASE("the opening book is used from depth 5 on and with a move time", "[gui][session]") {
    CHECK_FALSE(AiSettings{1, false, 1000}.limits().useBook);
    CHECK_FALSE(AiSettings{4, false, 1000}.limits().useBook);
    CHECK(AiSettings{5, false, 1000}.limits().useBook);
    CHECK(AiSettings{20, false, 1000}.limits().useBook);
    const auto timed = AiSettings{1, true, 500}.limits();
    CHECK(timed.useBook);
    CHECK(timed.movetime == 500);
    CHECK(timed.depth == 0);
}

TEST_CASE("a level replaces the depth and time of the computer's moves, not of hints",
          "[gui][session][level]") {
    AiSettings ai{12, true, 5000, 2, 4};
    const auto move = ai.limits();
    CHECK(move.level == 4);
    CHECK(move.depth == 0);
    CHECK(move.movetime == 0);
    const auto hint = ai.limits(false);
    CHECK(hint.level == 0);
    CHECK(hint.movetime == 5000);
    ai.level = 0;
    CHECK(ai.limits().level == 0);
    CHECK(ai.limits().movetime == 5000);
}

TEST_CASE("the computer replies, and undo takes back the pair", "[gui][session]") {
    GameSession s;
    shallow(s);
    std::int64_t now = 0;
    s.newGame(*core::parseFen(core::kStartFen), PlayMode::PlayRed);
    CHECK(s.canHumanMove());
    CHECK_FALSE(s.humanMove(core::Move(core::makeSquare(0, 0), core::makeSquare(0, 5)))); // illegal
    REQUIRE(s.humanMove(iccs(s.position(), "h2e2")));
    CHECK_FALSE(s.canHumanMove());
    REQUIRE(runUntil(s, now, [&] { return s.ply() == 2; }));
    CHECK(s.canHumanMove());
    const auto events = s.takeEvents();
    REQUIRE(events.size() == 2);
    CHECK_FALSE(events[0].byComputer);
    CHECK(events[1].byComputer);
    CHECK(s.undo());
    CHECK(s.ply() == 0);
    CHECK(s.canHumanMove());
    CHECK(s.redo());
    CHECK(s.ply() == 2); // the pair comes back
}

TEST_CASE("undo while the computer thinks cancels the search", "[gui][session]") {
    GameSession s;
    s.setAiSettings({20, false, 1000}); // deep: still thinking when we undo
    std::int64_t now = 0;
    s.newGame(*core::parseFen(core::kStartFen), PlayMode::PlayRed);
    REQUIRE(s.humanMove(iccs(s.position(), "h2e2")));
    s.update(now += 20);
    CHECK(s.isThinking());
    CHECK(s.undo());
    CHECK_FALSE(s.isThinking());
    CHECK(s.ply() == 0);
    // Nothing arrives later from the cancelled search.
    for (int i = 0; i < 10; ++i)
        s.update(now += 50);
    CHECK(s.ply() == 0);
    CHECK(s.canHumanMove());
}

TEST_CASE("playing Black: the computer moves first, and undo never hands it the move back",
          "[gui][session]") {
    GameSession s;
    shallow(s);
    std::int64_t now = 0;
    s.newGame(*core::parseFen(core::kStartFen), PlayMode::PlayBlack);
    CHECK_FALSE(s.canHumanMove());
    REQUIRE(runUntil(s, now, [&] { return s.ply() == 1; }));
    CHECK(s.canHumanMove());
    CHECK_FALSE(s.undo()); // only the computer's first move: nothing of ours to take back
    CHECK(s.ply() == 1);
}

TEST_CASE("two players: undo takes back one move, resignation is recorded", "[gui][session]") {
    GameSession s;
    s.newGame(*core::parseFen(core::kStartFen), PlayMode::TwoPlayers);
    REQUIRE(s.humanMove(iccs(s.position(), "h2e2")));
    REQUIRE(s.humanMove(iccs(s.position(), "h9g7")));
    CHECK(s.undo());
    CHECK(s.ply() == 1);
    s.resign();
    CHECK(s.isOver());
    CHECK(s.result().outcome == core::Outcome::RedWins); // Black was to move
    CHECK(s.result().reason == core::Reason::Resignation);
    CHECK_FALSE(s.canHumanMove());
}

TEST_CASE("a resignation is the main line's result until it is taken back or replaced",
          "[gui][session]") {
    GameSession s;
    s.newGame(*core::parseFen(core::kStartFen), PlayMode::TwoPlayers);
    for (const char* m : {"h2e2", "h9g7", "h0g2"})
        REQUIRE(s.humanMove(iccs(s.position(), m)));
    const NodeId end = s.tree().current();
    s.resign(); // Black, to move
    const core::GameResult resigned = core::winFor(core::Color::Red, core::Reason::Resignation);
    REQUIRE(s.result() == resigned);
    CHECK(s.pgn().result == "1-0");

    // Looking at a variation: the game written is still the resigned one, and it reads back so.
    s.reviewTo(1);
    REQUIRE(s.reviewMove(iccs(s.shownPosition(), "b9c7"), true));
    CHECK(s.ply() == 2);
    CHECK_FALSE(s.isOver());
    const std::string text = writePgn(s.pgn(), {});
    CHECK(text.find("[Result \"1-0\"]") != std::string::npos);
    auto rec = readPgn(text);
    REQUIRE(rec);
    CHECK(rec->tree.mainGame().result() == resigned);
    GameSession back;
    back.loadTree(rec->tree, PlayMode::TwoPlayers);
    CHECK(back.ply() == 3);
    CHECK(back.result() == resigned);
    s.selectNode(end);
    CHECK(s.ply() == 3);
    CHECK(s.result() == resigned);

    // Taken back: the game goes on, and so does its record.
    REQUIRE(s.undo());
    CHECK(s.ply() == 2);
    CHECK_FALSE(s.isOver());
    CHECK(s.pgn().result == "*");
    REQUIRE(s.redo());
    CHECK(s.ply() == 3);
    CHECK_FALSE(s.isOver());
    CHECK(s.pgn().result == "*");
    auto again = readPgn(writePgn(s.pgn(), {}));
    REQUIRE(again);
    CHECK_FALSE(again->tree.mainGame().isOver());

    // Resigned again, then the last move replaced while reviewing: a new end, the game on.
    s.resign();
    REQUIRE(s.result() == resigned);
    s.reviewTo(2);
    REQUIRE(s.reviewMove(iccs(s.shownPosition(), "b0c2"), false));
    CHECK(s.ply() == 3);
    CHECK_FALSE(s.isOver());
    CHECK(s.pgn().result == "*");

    // Resigned where a move was taken back: the record ends there; the resignation is the
    // cursor's only, and goes when the cursor moves on.
    const NodeId last = s.tree().current();
    REQUIRE(s.undo());
    s.resign(); // Red, to move
    REQUIRE(s.result() == core::winFor(core::Color::Black, core::Reason::Resignation));
    CHECK(s.pgn().result == "0-1");
    CHECK(s.pgn().main.moves.size() == 2);
    s.selectNode(last);
    CHECK(s.ply() == 3);
    CHECK_FALSE(s.isOver());
    CHECK(s.pgn().result == "*");
}

TEST_CASE("review shows earlier positions, continue drops the later moves into redo",
          "[gui][session]") {
    GameSession s;
    s.newGame(*core::parseFen(core::kStartFen), PlayMode::TwoPlayers);
    for (const char* m : {"h2e2", "h9g7", "h0g2", "i9h9"})
        REQUIRE(s.humanMove(iccs(s.position(), m)));
    s.reviewTo(1);
    CHECK(s.isReviewing());
    CHECK_FALSE(s.canHumanMove()); // the board is for looking in review
    CHECK(core::toFen(s.shownPosition())
              .rfind("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b", 0)
          == 0);
    CHECK(s.shownLastMove() == s.moves()[0]);
    s.reviewStep(-5);
    CHECK(s.viewPly() == 0);
    s.reviewStep(2);
    CHECK(s.viewPly() == 2);
    s.continueFromHere();
    CHECK_FALSE(s.isReviewing());
    CHECK(s.ply() == 2);
    CHECK(s.canRedo());
    CHECK(s.canHumanMove());
    s.reviewEnd();
    CHECK_FALSE(s.isReviewing());
}

TEST_CASE("a hint is a legal move for the person and goes away after a move", "[gui][session]") {
    GameSession s;
    shallow(s);
    std::int64_t now = 0;
    s.newGame(*core::parseFen(core::kStartFen), PlayMode::TwoPlayers);
    s.requestHint();
    REQUIRE(runUntil(s, now, [&] { return s.hint().has_value(); }));
    CHECK(s.isLegal(*s.hint()));
    REQUIRE(s.humanMove(*s.hint()));
    CHECK_FALSE(s.hint());
}

TEST_CASE("computer against computer plays legal moves on its own", "[gui][session]") {
    GameSession s;
    shallow(s);
    std::int64_t now = 0;
    s.newGame(*core::parseFen(core::kStartFen), PlayMode::ComputerBoth);
    REQUIRE(runUntil(s, now, [&] { return s.ply() >= 4; }));
    CHECK_FALSE(s.canHumanMove());
}

TEST_CASE("a losing repetition is warned about once, in the future tense, naming its pieces",
          "[gui][session][repetition]") {
    GameSession s;
    s.newGame(*core::parseFen("5k3/9/9/2n6/9/9/9/R8/9/3K5 w - - 0 1"), PlayMode::TwoPlayers);
    for (const char* m : {"a2c2", "c6a7", "c2a2", "a7c6"}) {
        CHECK_FALSE(s.repetitionRisk(iccs(s.position(), m)).verdict.isOver());
        REQUIRE(s.humanMove(iccs(s.position(), m)));
    }
    // a2c2 closes the chariot's first cycle: repeating it once more loses.
    const core::Move close = iccs(s.position(), "a2c2");
    const auto risk        = s.repetitionRisk(close);
    REQUIRE(risk.verdict.isRepetitionLoss());
    CHECK_FALSE(risk.atOnce);
    CHECK(risk.verdict.detail.violator == core::Color::Red);
    CHECK(repetitionWarning(risk.verdict, risk.atOnce, Language::English)
          == "If the position comes back once more, Red will lose: the chariot on c2 chases the "
             "unprotected horse on c6 with every move (perpetual chase).");
    CHECK(repetitionWarning(risk.verdict, risk.atOnce, Language::Chinese)
          == "局面再重复一次，红方将判负：c2的车每一步都捉c6的无根马（长捉）。");
    // Played despite the warning: the next chariot move of the same run is not warned again.
    REQUIRE(s.humanMoveDespiteRisk(close));
    REQUIRE(s.humanMove(iccs(s.position(), "c6a7")));
    CHECK_FALSE(s.repetitionRisk(iccs(s.position(), "c2a2")).verdict.isOver());
    REQUIRE(s.humanMove(iccs(s.position(), "c2a2")));
    REQUIRE(s.humanMove(iccs(s.position(), "a7c6")));
    CHECK(s.isOver());
    CHECK(s.result().isRepetitionLoss());
    CHECK(s.result().detail.violator == core::Color::Red);
    // A move that loses at once brings the verdict itself.
    CHECK(repetitionWarning(s.result(), true, Language::English)
          == "This move will end the game. Red loses: the chariot on a2 chased the unprotected "
             "horse on a7 in every move of the repetition");
    // Taking the warned move back warns again.
    while (s.ply() > 4)
        REQUIRE(s.undo());
    CHECK(s.repetitionRisk(close).verdict.isRepetitionLoss());
}

TEST_CASE("analysis lines are shown best score first", "[gui][session][analysis]") {
    const core::Position pos = *core::parseFen(core::kStartFen);
    auto line                = [&](int score, int mateIn, int index, const char* move) {
        ai::SearchInfo i;
        i.score        = score;
        i.mateIn       = mateIn;
        i.multiPvIndex = index;
        if (*move)
            i.pv.push_back(iccs(pos, move));
        return i;
    };
    // As they can arrive: line 1 from a deeper iteration than lines 2 and 3.
    const auto sorted =
        sortedByScore({line(103, 0, 1, "h2e2"), line(95, 0, 2, "b2e2"), line(110, 0, 3, "h0g2"),
                       line(0, 0, 4, ""), line(-30000, -2, 5, "a3a4"), line(95, 0, 6, "c3c4"),
                       line(30000, 3, 7, "b0c2"), line(30000, 5, 8, "g3g4")});
    std::vector<int> order;
    for (const auto& i : sorted)
        order.push_back(i.multiPvIndex);
    CHECK(order == std::vector<int>{7, 8, 3, 1, 2, 6, 5, 4});
}

#endif // XQ_HAVE_GUI_LOGIC
