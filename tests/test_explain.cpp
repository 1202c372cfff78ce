// The explainer: the composed positions of tests/data/explain.txt get the facts listed for them
// (mates with their length, pieces won and lost, the named patterns, sound moves not called
// mistakes), every mate of mates.txt is explained with its exact length and a line that mates,
// and the engine's "explain" command prints the facts and the sentence on one line.
#include <map>
#include <sstream>

#include <catch2/catch.hpp>

#include "ai/explain.h"
#include "ai/review.h"
#include "app/engine/uci.h"
#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "testdata.h"

using namespace xq;

namespace {

core::Game gameFrom(const std::string& fen, const std::string& history) {
    auto pos = core::parseFen(fen);
    REQUIRE(pos);
    core::Game g(*pos);
    if (history != "-")
        for (const std::string& w : test::splitWords(history)) {
            auto m = core::parseIccs(g.position(), w);
            REQUIRE(m);
            REQUIRE(g.forcePlay(*m));
        }
    return g;
}

std::map<std::string, std::string> parseFacts(const std::string& text) {
    std::map<std::string, std::string> out;
    for (const std::string& w : test::splitWords(text)) {
        const auto eq = w.find('=');
        REQUIRE(eq != std::string::npos);
        out[w.substr(0, eq)] = w.substr(eq + 1);
    }
    return out;
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (c == sep) {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}

// Checks one expected fact against the facts text.
void checkFact(const std::map<std::string, std::string>& facts, const std::string& expected) {
    INFO("expected " << expected);
    if (expected.rfind("material>", 0) == 0 || expected.rfind("material<", 0) == 0) {
        REQUIRE(facts.count("material"));
        const int have  = std::stoi(facts.at("material"));
        const int bound = std::stoi(expected.substr(9));
        CHECK((expected[8] == '>' ? have > bound : have < bound));
        return;
    }
    const auto eq = expected.find('=');
    REQUIRE(eq != std::string::npos);
    const std::string key = expected.substr(0, eq), value = expected.substr(eq + 1);
    REQUIRE(facts.count(key));
    const std::string& have = facts.at(key);
    if (key == "pattern") {
        const auto names = split(have, ',');
        CHECK(std::find(names.begin(), names.end(), value) != names.end());
        return;
    }
    const auto accepted = split(value, '|');
    CHECK(std::find(accepted.begin(), accepted.end(), have) != accepted.end());
}

} // namespace

TEST_CASE("composed positions are explained with the facts listed for them", "[explain]") {
    ai::Explainer explainer;
    const auto cases = test::readCases("explain.txt");
    REQUIRE(cases.size() >= 80);
    std::map<std::string, int> patternCount;
    for (const auto& c : cases) {
        REQUIRE(c.size() >= 4);
        INFO(c[0] << " ; " << c[1] << " ; " << c[2]);
        const core::Game g = gameFrom(c[0], c[1]);
        ai::Explanation e;
        if (c[2] == "threat") {
            e = explainer.explainThreat(g);
        } else {
            const auto m = core::parseIccs(g.position(), c[2]);
            REQUIRE(m);
            e = explainer.explainMove(g, *m);
            CHECK(e.facts.line.front() == *m);
        }
        const std::string facts = ai::factsText(e.facts);
        INFO("facts: " << facts);
        INFO("sentence: " << e.english);
        const auto parsed = parseFacts(facts);
        for (const std::string& want : test::splitWords(c[3])) {
            checkFact(parsed, want);
            if (want.rfind("pattern=", 0) == 0)
                ++patternCount[want.substr(8)];
        }
        // The line is legal from the position, and a mate line ends in mate.
        core::Position p = e.facts.before;
        for (core::Move m : e.facts.line) {
            core::MoveList legal;
            core::generateLegal(p, legal);
            REQUIRE(legal.contains(m));
            core::Undo u;
            p.makeMove(m, u);
        }
        if (e.facts.mate != 0 && std::abs(e.facts.mate) <= 5) {
            CHECK_FALSE(core::hasLegalMove(p));
            const int n = std::abs(e.facts.mate);
            CHECK(e.facts.line.size()
                  == static_cast<std::size_t>(e.facts.mate > 0 ? 2 * n - 1 : 2 * n));
        }
        CHECK_FALSE(e.english.empty());
        CHECK_FALSE(e.chinese.empty());
    }
    // Every pattern is asserted at least three times.
    for (int i = 0; i < ai::kPatternCount; ++i) {
        INFO(ai::patternName(static_cast<ai::Pattern>(i)));
        CHECK(patternCount[ai::patternName(static_cast<ai::Pattern>(i))] >= 3);
    }
}

TEST_CASE("every mate of mates.txt is explained with its exact length", "[explain]") {
    ai::Explainer explainer;
    for (const auto& c : test::readCases("mates.txt")) {
        INFO(c[0] << " ; " << c[2]);
        const core::Game g = gameFrom(c[0], "-");
        const auto m       = core::parseIccs(g.position(), c[2]);
        REQUIRE(m);
        const ai::Explanation e = explainer.explainMove(g, *m);
        const int n             = std::stoi(c[1]);
        CHECK(e.facts.mate == n);
        CHECK(e.facts.line.size() == static_cast<std::size_t>(2 * n - 1));
        CHECK(e.english.find("mates in " + std::to_string(n) + ":") != std::string::npos);
        CHECK(e.chinese.find(std::to_string(n) + "步杀") != std::string::npos);
    }
}

TEST_CASE("an explanation's facts and sentences, word for word", "[explain]") {
    ai::ExplainOptions options;
    options.notation = core::Notation::Iccs;
    ai::Explainer explainer(options);
    // The horse on e7 is the cannon's screen and covers d9 and f9: 马后炮.
    const core::Game g = gameFrom("4k4/9/4N4/p7p/9/9/9/C8/9/3K5 w - - 0 1", "-");
    const auto e       = explainer.explainMove(g, *core::parseIccs(g.position(), "a2e2"));
    CHECK(ai::factsText(e.facts) == "kind=best mate=1 pattern=mahoupao line=a2e2");
    CHECK(e.english == "a2e2 mates in 1: a2e2 (the horse-behind-cannon mate 马后炮).");
    CHECK(e.chinese == "a2e2，1步杀：a2e2（马后炮）。");
    explainer.setNotation(core::Notation::Chinese);
    const auto zh = explainer.explainMove(g, *core::parseIccs(g.position(), "a2e2"));
    CHECK(zh.chinese == "炮九平五，1步杀：炮九平五（马后炮）。");
    // An illegal move is said to be one.
    const auto bad = explainer.explainMove(g, core::Move(0, 1));
    CHECK(bad.facts.line.empty());
    CHECK(bad.english == "That move is not legal here.");
}

TEST_CASE("the engine's explain command prints facts and a sentence", "[explain][uci]") {
    std::ostringstream out;
    uci::UciEngine engine(out);
    engine.handleLine("position fen 2bakab2/9/9/p3p3p/1n7/9/P3P4/9/1R7/2BAKAB2 w - - 0 1");
    engine.handleLine("explain b1b5");
    // material: what the first three moves of each side win in the engine's line: the horse (385)
    // and a pawn (65).
    CHECK(out.str()
          == "explanation kind=best wins=horse@b5 material=450 pattern=hanging line=b1b5 | "
             "车八进四 wins the horse on b5: 车八进四 (an unprotected piece 无根子).\n");
    out.str("");
    engine.handleLine("explain b1b5 zh");
    CHECK(out.str()
          == "explanation kind=best wins=horse@b5 material=450 pattern=hanging line=b1b5 | "
             "车八进四得马（b5）：车八进四（无根子）。\n");
    out.str("");
    engine.handleLine("position fen 4k4/9/4N4/p7p/9/9/9/C8/9/3K5 b - - 0 1");
    engine.handleLine("explain threat");
    CHECK(out.str()
          == "explanation threat=yes mate=1 pattern=mahoupao line=a2e2 | Red threatens mate in 1: "
             "炮九平五 (the horse-behind-cannon mate 马后炮).\n");
    out.str("");
    engine.handleLine("position fen 2bakab2/9/9/p3p3p/1n7/9/P3P4/9/1R7/2BAKAB2 w - - 0 1");
    engine.handleLine("explain b1b5 iccs en");
    CHECK(out.str()
          == "explanation kind=best wins=horse@b5 material=450 pattern=hanging line=b1b5 | "
             "b1b5 wins the horse on b5: b1b5 (an unprotected piece 无根子).\n");
    out.str("");
    engine.handleLine("explain b1b5 klingon");
    CHECK(out.str()
          == "info string explain: 'klingon' is neither a language (en, zh) nor a notation (iccs, "
             "wxf, chinese)\n");
    out.str("");
    engine.handleLine("explain z9z9");
    CHECK(out.str().rfind("info string explain: 'z9z9' is not a legal move here", 0) == 0);
    out.str("");
    engine.handleLine("explain");
    CHECK(out.str() == "info string explain needs a move (ICCS, e.g. h2e2) or 'threat'\n");
}

TEST_CASE("a review explains its blunder and the better move", "[explain][review]") {
    // 3. 炮五进四?? gives the cannon away to the horse on g7.
    core::Game g;
    for (const char* m : {"h2e2", "h9g7", "e2e6"})
        REQUIRE(g.play(*core::parseIccs(g.position(), m)));
    ai::ReviewOptions options;
    options.depth          = 6;
    options.hashMb         = 8;
    options.explain        = true;
    options.explainNodes   = 30'000;
    const ai::GameReview r = ai::reviewGame(g, options);
    REQUIRE(r.moves.size() == 3);
    CHECK(r.moves[0].whyPlayed.empty()); // a good move is not explained
    const ai::MoveReview& blunder = r.moves[2];
    CHECK(blunder.quality == ai::MoveQuality::Blunder);
    CHECK(blunder.whyPlayed.facts.find("loses=cannon@e6") != std::string::npos);
    CHECK(
        blunder.whyPlayed.english.rfind("A blunder: After 炮五进四 Black wins the cannon on e6:", 0)
        == 0);
    CHECK(blunder.whyPlayed.chinese.rfind("败着：炮五进四之后，黑方得炮（e6）", 0) == 0);
    REQUIRE(blunder.whyPlayed.line.size() >= 2);
    CHECK(core::toIccs(blunder.whyPlayed.line[1]) == "g7e6");
    CHECK_FALSE(blunder.whyBest.empty());
    CHECK(blunder.whyBest.line.front() == blunder.best);
}

#ifdef XQ_HAVE_GUI_LOGIC
#include "app/gui/model/coach.h"
#include "app/gui/model/review_notes.h"

TEST_CASE("the coach asks before a piece is left en prise or a mate is allowed",
          "[explain][coach]") {
    // Black's chariot on h5 goes where the horse on c3 takes it.
    const core::Game hang = gameFrom("2bakab1r/9/9/p3p3p/7r1/9/P1N1P4/9/9/2BAKABR1 b - - 0 1", "-");
    const auto q          = gui::coachQuestion(hang, *core::parseIccs(hang.position(), "h5d5"),
                                               gui::Language::English, core::Notation::Chinese);
    REQUIRE(q);
    CHECK(*q
          == "Your chariot on d5 is unprotected after this: Red plays 马七进六. Play it anyway?");
    const auto zh = gui::coachQuestion(hang, *core::parseIccs(hang.position(), "h5d5"),
                                       gui::Language::Chinese, core::Notation::Chinese);
    REQUIRE(zh);
    CHECK(*zh == "走这步后，你的车（d5）是无根子：红方走马七进六。仍然走吗？");
    // A pawn move that lets the horse-behind-cannon mate happen.
    const core::Game mate = gameFrom("4k4/9/1r2N4/p7p/9/9/9/C8/9/3K5 b - - 0 1", "-");
    const auto m          = gui::coachQuestion(mate, *core::parseIccs(mate.position(), "a6a5"),
                                               gui::Language::English, core::Notation::Iccs);
    REQUIRE(m);
    CHECK(*m == "After this Red mates in 1: a2e2. Play it anyway?");
    // A sound opening move says nothing.
    const core::Game start;
    CHECK_FALSE(gui::coachQuestion(start, *core::parseIccs(start.position(), "h2e2"),
                                   gui::Language::English, core::Notation::Chinese));
    // Levels 1-4 only, and not in a rated timed game.
    gui::Settings s;
    s.level = 3;
    CHECK(gui::coachActive(s, false, false));
    CHECK_FALSE(gui::coachActive(s, true, false));
    CHECK(gui::coachActive(s, true, true));
    s.level = 5;
    CHECK_FALSE(gui::coachActive(s, false, false));
    s.level = 2;
    s.coach = false;
    CHECK_FALSE(gui::coachActive(s, false, false));
}

TEST_CASE("explained review notes go into the PGN comment and come back", "[explain][review]") {
    const core::Position start = *core::parseFen(core::kStartFen);
    gui::NodeReview r;
    r.quality   = ai::MoveQuality::Blunder;
    r.best      = *core::parseIccs(start, "h0g2");
    r.bestLine  = {r.best};
    r.bestRed   = 20;
    r.playedRed = -400;
    r.whyPlayed = {"A blunder: After 炮二进四 Black wins the cannon.",
                   "败着：炮二进四之后，黑方得炮。",
                   {*core::parseIccsSyntax("h2h6"), *core::parseIccsSyntax("b9c7")}};
    r.whyBest   = {"马二进三 is sound.", "马二进三是稳健的一着。", {r.best}};
    const std::string comment = gui::withReviewComment("a note", r);
    CHECK(comment
          == "a note best h0g2 +0.20 (h0g2), blunder -4.00 why (h2h6 b9c7): «A blunder: After "
             "炮二进四 "
             "Black wins the cannon.» «败着：炮二进四之后，黑方得炮。» better (h0g2): «马二进三 "
             "is sound.» «马二进三是稳健的一着。»");
    const auto back = gui::parseReviewComment(comment, start);
    REQUIRE(back);
    CHECK(back->whyPlayed.english == r.whyPlayed.english);
    CHECK(back->whyPlayed.chinese == r.whyPlayed.chinese);
    CHECK(back->whyPlayed.text(gui::Language::Chinese) == r.whyPlayed.chinese);
    CHECK(back->whyPlayed.line == r.whyPlayed.line);
    CHECK(back->whyBest.english == r.whyBest.english);
    CHECK(back->whyBest.line == r.whyBest.line);
    CHECK(gui::stripReviewComment(comment) == "a note");
    // A new review replaces the old sentences.
    gui::NodeReview plain = r;
    plain.whyPlayed       = {};
    plain.whyBest         = {};
    CHECK(gui::withReviewComment(comment, plain) == "a note best h0g2 +0.20 (h0g2), blunder -4.00");
}
#endif
