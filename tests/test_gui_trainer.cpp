// The endgame trainer's logic without a window: its progress file, the won positions it draws,
// the verdict on each move (quickest, slower, thrown away), take-backs and the defence.
#include <catch2/catch.hpp>

#ifdef XQ_HAVE_GUI_LOGIC

#include <filesystem>
#include <random>

#include "app/gui/model/review_notes.h"
#include "app/gui/model/trainer.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"

using namespace xq;

TEST_CASE("trainer progress file round trip and bad input", "[trainer]") {
    gui::TrainerProgress p;
    p["KRkaabb"] = {3, 2, 1};
    p["KCAk"]    = {1, 0, 0};
    std::string why;
    const auto back = gui::trainerProgressFromJson(gui::trainerProgressToJson(p), why);
    REQUIRE(back);
    CHECK(*back == p);
    CHECK_FALSE(gui::trainerProgressFromJson("[1, 2]", why));
    CHECK(why == "not a JSON object");
    CHECK_FALSE(
        gui::trainerProgressFromJson(R"({"KXk": {"started": 1, "won": 0, "perfect": 0}})", why));
    CHECK(why == "\"KXk\" is not an ending");
    CHECK_FALSE(
        gui::trainerProgressFromJson(R"({"KRk": {"started": 1, "won": -1, "perfect": 0}})", why));
    CHECK(why == "\"KRk\" needs a count \"won\"");
    // Every ending the trainer offers parses and is stored under its own name.
    for (const auto& e : gui::trainerEndings()) {
        const auto m = egtb::Material::parse(e.material);
        REQUIRE(m);
        CHECK(m->isCanonical());
        CHECK(m->name() == e.material);
    }
}

TEST_CASE("trainer judges moves by the table and defends perfectly", "[trainer][egtb]") {
    const auto dir = std::filesystem::temp_directory_path()
                     / ("xq-trainer-" + std::to_string(std::random_device{}()));
    {
        egtb::Tablebases tb(dir);
        REQUIRE(tb.ensure(*egtb::Material::parse("KRka")));
        gui::EndgameTrainer trainer(tb);
        std::mt19937_64 rng(7);
        REQUIRE(trainer.start(*egtb::Material::parse("KRka"), rng, 7));
        const core::Position start = trainer.game().position();
        REQUIRE(start.sideToMove() == core::Color::Red);
        const auto v = trainer.current();
        REQUIRE(v);
        CHECK(v->wdl == egtb::Wdl::Win);
        CHECK(v->dtm >= 7);
        CHECK(trainer.startPlies() == v->dtm);
        // A move into a draw throws the win away; take it back.
        const auto verdicts = tb.moveVerdicts(start);
        REQUIRE(verdicts);
        bool threw = false;
        for (const auto& [m, r] : *verdicts)
            if (r.wdl == egtb::Wdl::Draw) {
                const auto j = trainer.play(m);
                REQUIRE(j);
                CHECK(j->verdict == gui::TrainerVerdict::ThrewWin);
                CHECK_FALSE(trainer.perfectSoFar());
                REQUIRE(trainer.takeBack());
                CHECK(trainer.game().position() == start);
                CHECK(trainer.perfectSoFar());
                threw = true;
                break;
            }
        CHECK(threw); // this seed's position has a move into a draw
        // The table's moves all the way: every one the quickest, the defence the longest,
        // and the mate comes in exactly the table's number of plies.
        int plies = 0;
        while (!trainer.mated()) {
            const auto hint = trainer.hint();
            REQUIRE(hint);
            const auto before = trainer.current();
            const auto j      = trainer.play(*hint);
            REQUIRE(j);
            ++plies;
            if (j->verdict == gui::TrainerVerdict::Mated)
                break;
            CHECK(j->verdict == gui::TrainerVerdict::Best);
            CHECK(j->after->dtm == before->dtm - 1);
            REQUIRE(j->reply);
            ++plies;
            REQUIRE(plies < 100);
        }
        CHECK(trainer.mated());
        CHECK(trainer.perfectSoFar());
        CHECK(plies == v->dtm);
        CHECK_FALSE(core::hasLegalMove(trainer.game().position()));
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("table answers in the panel and the review comment", "[trainer][review]") {
    ai::SearchInfo info;
    info.tablebase = true;
    info.mateIn    = 12;
    CHECK(gui::lineScoreText(info, core::Color::Red, gui::Language::English)
          == "Table: Red wins, mate in 12");
    CHECK(gui::lineScoreText(info, core::Color::Black, gui::Language::Chinese)
          == "表库：黑胜，12步杀");
    info.mateIn = 0;
    CHECK(gui::lineScoreText(info, core::Color::Red, gui::Language::English) == "Table: draw");
    info.tablebase = false;
    info.score     = 125;
    CHECK(gui::lineScoreText(info, core::Color::Red, gui::Language::English) == "+1.25");
    // A move the tables judge keeps its mark through the PGN comment.
    const auto pos = core::parseFen("3ak4/9/9/9/9/9/9/9/9/R2K5 w");
    REQUIRE(pos);
    gui::NodeReview r;
    r.quality           = ai::MoveQuality::Blunder;
    r.best              = *core::parseIccs(*pos, "a0a8");
    r.bestLine          = {r.best};
    r.bestRed           = ai::kReviewMateCp - 3;
    r.playedRed         = 0;
    r.tablebase         = ai::TablebaseMark::ThrewWin;
    const std::string c = gui::reviewComment(r);
    CHECK(c == "best a0a8 +M3 (a0a8), blunder 0.00; table: throws away the win");
    const auto back = gui::parseReviewComment("before " + c + " after", *pos);
    REQUIRE(back);
    CHECK(back->tablebase == ai::TablebaseMark::ThrewWin);
    CHECK(gui::stripReviewComment("before " + c + " after") == "before after");
    CHECK(gui::tablebaseNote(*back, gui::Language::English)
          == "The table: this move throws away the win.");
}

#endif
