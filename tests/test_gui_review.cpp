// The desktop game's analysis, review, variation and puzzle logic (no window): scores from Red's
// view, review notes in PGN comments and NAGs and back, the evaluation graph's mapping, the
// variation tree and its PGN round trip, moves in review, and puzzle progress persistence.
// Built only when the app is (XQ_HAVE_GUI_LOGIC).
#ifdef XQ_HAVE_GUI_LOGIC

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include <catch2/catch.hpp>

#include "app/gui/model/game_record.h"
#include "app/gui/model/paths.h"
#include "app/gui/model/puzzle_library.h"
#include "app/gui/model/review_notes.h"
#include "app/gui/model/session.h"
#include "core/fen.h"
#include "core/game_tree.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "tests/session_util.h"

using namespace xq;
using namespace xq::gui;
using test::runUntil;

namespace {

core::Position startPos() {
    return *core::parseFen(core::kStartFen);
}

core::Move iccs(const core::Position& pos, const char* text) {
    auto m = core::parseIccs(pos, text);
    REQUIRE(m);
    return *m;
}

// Plays ICCS moves from `at` down the tree (adding them) and returns the last node.
NodeId addLine(GameTree& t, NodeId at, std::initializer_list<const char*> moves) {
    core::Position pos = startPos();
    for (core::Move m : t.movesTo(at)) {
        core::Undo u;
        pos.makeMove(m, u);
    }
    for (const char* text : moves) {
        const core::Move m = iccs(pos, text);
        at                 = t.addMove(at, m);
        core::Undo u;
        pos.makeMove(m, u);
    }
    return at;
}

std::filesystem::path freshDir(const std::string& name) {
    auto dir = std::filesystem::temp_directory_path()
               / ("xq-gui-review-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

} // namespace

TEST_CASE("scores are shown from Red's point of view with a sign", "[gui][analysis]") {
    CHECK(pawnsText(125) == "+1.25");
    CHECK(pawnsText(-40) == "-0.40");
    CHECK(pawnsText(0) == "0.00");
    CHECK(pawnsText(-5) == "-0.05");
    // Black to move and better by 0.40: Red's view is -0.40.
    CHECK(redScoreText(40, 0, core::Color::Black, Language::English) == "-0.40");
    CHECK(redScoreText(40, 0, core::Color::Red, Language::English) == "+0.40");
    CHECK(redScoreText(0, 3, core::Color::Red, Language::English) == "Red mates in 3");
    CHECK(redScoreText(0, 3, core::Color::Black, Language::English) == "Black mates in 3");
    CHECK(redScoreText(0, -2, core::Color::Black, Language::English) == "Red mates in 2");
    CHECK(redScoreText(0, -2, core::Color::Red, Language::Chinese) == "黑方2步杀");
    CHECK(redScoreShort(0, -2, core::Color::Red) == "-M2");
    CHECK(redScoreShort(-75, 0, core::Color::Black) == "+0.75");
    // The best of several lines gets the thickest, most opaque arrow.
    for (std::size_t k = 1; k < 5; ++k) {
        CHECK(arrowWeight(k, 5).width < arrowWeight(k - 1, 5).width);
        CHECK(arrowWeight(k, 5).alpha < arrowWeight(k - 1, 5).alpha);
    }
}

TEST_CASE("review notes go into a PGN comment and come back", "[gui][review]") {
    const core::Position pos = startPos();
    NodeReview r;
    r.quality   = ai::MoveQuality::Blunder;
    r.best      = iccs(pos, "h2e2");
    r.bestLine  = {r.best, iccs(*core::parseFen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/"
                                                 "RNBAKABNR b"),
                                "h9g7")};
    r.bestRed   = 35;
    r.playedRed = -910;
    const std::string c = reviewComment(r);
    CHECK(c == "best h2e2 +0.35 (h2e2 h9g7), blunder -9.10");
    auto back = parseReviewComment(c, pos);
    REQUIRE(back);
    CHECK(back->quality == ai::MoveQuality::Blunder);
    CHECK(back->best == r.best);
    CHECK(back->bestLine == r.bestLine);
    CHECK(back->bestRed == 35);
    CHECK(back->playedRed == -910);

    SECTION("other comment text survives and a new review replaces the old one") {
        const std::string mixed = withReviewComment("A sharp line. " + c, r);
        CHECK(mixed == "A sharp line. " + c);
        CHECK(stripReviewComment(mixed) == "A sharp line.");
        NodeReview r2              = r;
        r2.quality                 = ai::MoveQuality::Good;
        r2.playedRed               = 10;
        const std::string replaced = withReviewComment(mixed, r2);
        CHECK(replaced == "A sharp line. best h2e2 +0.35 (h2e2 h9g7), good +0.10");
        CHECK(parseReviewComment(replaced, pos)->quality == ai::MoveQuality::Good);
    }
    SECTION("mates are written as M and read back as folded mate scores") {
        NodeReview m           = r;
        m.bestRed              = ai::kReviewMateCp - 3;
        m.playedRed            = -(ai::kReviewMateCp - 1);
        const std::string text = reviewComment(m);
        CHECK(text.find("+M3") != std::string::npos);
        CHECK(text.find("-M1") != std::string::npos);
        auto mb = parseReviewComment(text, pos);
        REQUIRE(mb);
        CHECK(mb->bestRed == m.bestRed);
        CHECK(mb->playedRed == m.playedRed);
    }
    SECTION("comments that are not ours, or name illegal moves, are not notes") {
        CHECK_FALSE(parseReviewComment("the best move here is a secret", pos));
        CHECK_FALSE(parseReviewComment("best e5e6 +0.35, good +0.10", pos)); // no piece on e5
        CHECK_FALSE(parseReviewComment("", pos));
        // A line that turns illegal is cut, keeping the best move.
        auto cut = parseReviewComment("best h2e2 +0.35 (h2e2 a0a5), good +0.10", pos);
        REQUIRE(cut);
        CHECK(cut->bestLine.size() == 1);
    }
    SECTION("quality NAGs replace older move-quality glyphs and keep the rest") {
        CHECK(withQualityNag({1, 14}, ai::MoveQuality::Blunder) == std::vector<int>{4, 14});
        CHECK(withQualityNag({4}, ai::MoveQuality::Best) == std::vector<int>{});
        CHECK(withQualityNag({}, ai::MoveQuality::Inaccuracy) == std::vector<int>{6});
    }
}

TEST_CASE("the summary counts marks per side and computes accuracy", "[gui][review]") {
    const core::Position pos = startPos();
    NodeReview best;
    best.best          = iccs(pos, "h2e2");
    best.bestRed       = 30;
    best.playedRed     = 30;
    NodeReview blunder = best;
    blunder.quality    = ai::MoveQuality::Blunder;
    blunder.bestRed    = 30;
    blunder.playedRed  = 900; // Black's blunder: Red's view jumps up
    const auto stats   = summarize({best, blunder}, {core::Color::Red, core::Color::Black},
                                   {best.best, iccs(pos, "b0c2")});
    CHECK(stats[0].counts[0] == 1);
    CHECK(stats[0].accuracy == Approx(100));
    CHECK(stats[1].counts[static_cast<int>(ai::MoveQuality::Blunder)] == 1);
    CHECK(stats[1].accuracy < 30);
}

TEST_CASE("the evaluation graph maps plies and scores to pixels and back", "[gui][review]") {
    const RectF r{100, 50, 400, 80};
    CHECK(graphPoint(r, 0, 40, 0).x == Approx(100));
    CHECK(graphPoint(r, 40, 40, 0).x == Approx(500));
    CHECK(graphPoint(r, 20, 40, 0).y == Approx(90)); // even: the middle
    CHECK(graphPoint(r, 0, 40, kGraphClampCp).y == Approx(50));
    CHECK(graphPoint(r, 0, 40, -kGraphClampCp).y == Approx(130));
    // Mates and bigger scores sit at the edge.
    CHECK(graphPoint(r, 0, 40, ai::kReviewMateCp).y == Approx(50));
    CHECK(graphPoint(r, 0, 40, -5000).y == Approx(130));
    // Red better is higher.
    CHECK(graphPoint(r, 5, 40, 300).y < graphPoint(r, 5, 40, 100).y);
    for (std::size_t ply = 0; ply <= 40; ++ply)
        CHECK(graphPlyAt(r, graphPoint(r, ply, 40, 0).x + 1, 40) == ply);
    CHECK(graphPlyAt(r, 0, 40) == 0);
    CHECK(graphPlyAt(r, 9999, 40) == 40);
    CHECK(graphPlyAt(r, 300, 0) == 0);
}

TEST_CASE("the variation tree promotes and deletes variations", "[gui][variations]") {
    GameTree t(startPos());
    const NodeId a2 = addLine(t, GameTree::kRoot, {"h2e2", "h9g7", "h0g2"});
    const NodeId a1 = t.node(t.node(a2).parent).parent; // h2e2
    CHECK(t.depth(a2) == 3);
    CHECK(t.isMainLine(a2));
    // 1... b9c7 instead of 1... h9g7 with 2. b0c2, and inside it 2. b2d2 instead of 2. b0c2.
    const NodeId v      = addLine(t, a1, {"b9c7", "b0c2"});
    const NodeId v1     = t.node(v).parent;
    const NodeId nested = addLine(t, v1, {"b2d2"});
    CHECK_FALSE(t.isMainLine(v));
    CHECK(t.variationStart(v) == v1);
    CHECK(t.variationStart(nested) == nested);
    CHECK(t.addMove(a1, t.node(v1).move) == v1); // an existing move is followed, not doubled
    CHECK(t.mainLine().size() == 3);
    CHECK(t.lineThrough(v1).size() == 3);

    REQUIRE(t.promote(v));
    CHECK(t.isMainLine(v1));
    CHECK(t.isMainLine(v));
    CHECK_FALSE(t.isMainLine(a2));
    CHECK(t.mainLine() == t.lineThrough(v));

    const NodeId back = t.removeVariation(a2);
    CHECK(back == a1);
    CHECK_FALSE(t.valid(a2));
    CHECK(t.node(a1).children.size() == 1);
    CHECK(t.removeVariation(v) == kNoNode); // the main line is not a variation
    CHECK(t.valid(nested));
}

TEST_CASE("variations, comments and NAGs round-trip through PGN", "[gui][variations]") {
    GameTree t(startPos());
    const NodeId end    = addLine(t, GameTree::kRoot, {"h2e2", "h9g7", "h0g2", "i9h9"});
    const NodeId first  = t.pathTo(end)[0];
    const NodeId second = t.pathTo(end)[1];
    const NodeId var    = addLine(t, first, {"b9c7", "b0c2", "a9b9"});
    addLine(t, t.node(t.node(var).parent).parent, {"b2b6"}); // nested: 2. b2b6 for 2. b0c2
    addLine(t, GameTree::kRoot, {"b2e2"});                   // 1. b2e2 instead of 1. h2e2
    t.node(second).comment             = "the usual reply";
    t.node(second).nags                = {1};
    t.node(var).preComment             = "or";
    t.node(GameTree::kRoot).preComment = "a test game";

    core::PgnGame pgn      = t.toPgn();
    const std::string text = core::writePgn(pgn, core::Notation::Iccs);
    auto read              = core::readPgn(text);
    REQUIRE(read);
    const GameTree back = GameTree::fromPgn(*read);
    CHECK(back.toPgn().main == pgn.main);
    CHECK(back.mainLine().size() == 4);
    CHECK(back.node(back.mainLine()[1]).comment == "the usual reply");
    CHECK(back.node(back.mainLine()[1]).nags == std::vector<int>{1});
    CHECK(back.node(GameTree::kRoot).children.size() == 2);
    // Also through the game-record reader the app uses, in Chinese notation.
    auto rec = readPgn(core::writePgn(pgn, core::Notation::Chinese));
    REQUIRE(rec);
    CHECK(rec->tree.toPgn().main == pgn.main);
    CHECK(rec->tree.mainGame().ply() == 4);

    SECTION("a subtree can be left out (moves taken back)") {
        const NodeId last       = t.mainLine().back();
        const core::PgnGame cut = t.toPgn(last);
        CHECK(cut.main.moves.size() == 3);
    }
}

TEST_CASE("a move played while reviewing becomes a variation", "[gui][variations]") {
    GameSession s;
    s.setAiSettings({1, false, 1000});
    s.newGame(startPos(), PlayMode::TwoPlayers);
    for (const char* m : {"h2e2", "h9g7", "h0g2", "i9h9"})
        REQUIRE(s.humanMove(iccs(s.position(), m)));
    s.reviewTo(1);
    REQUIRE(s.canReviewMove());
    CHECK_FALSE(s.canHumanMove());
    REQUIRE(s.reviewMove(iccs(s.shownPosition(), "b9c7"), true));
    CHECK_FALSE(s.isReviewing());
    CHECK(s.ply() == 2);
    CHECK_FALSE(s.tree().isMainLine(s.shownNode()));
    CHECK(s.tree().mainLine().size() == 4); // the game is kept
    // Play on in the variation, then go back to the main line by selecting one of its moves.
    REQUIRE(s.humanMove(iccs(s.position(), "b0c2")));
    CHECK(s.ply() == 3);
    const NodeId mainThird = s.tree().mainLine()[2];
    s.selectNode(mainThird);
    CHECK(s.ply() == 4);
    CHECK(s.viewPly() == 3);
    CHECK(s.shownNode() == mainThird);
    // The saved PGN holds both.
    const std::string text = writePgn(s.pgn(), {});
    CHECK(text.find("(1... b9c7 2. b0c2)") != std::string::npos);
    auto rec = readPgn(text);
    REQUIRE(rec);
    CHECK(rec->tree.node(rec->tree.node(GameTree::kRoot).children[0]).children.size() == 2);

    SECTION("a move already in the tree is followed") {
        s.reviewTo(0);
        REQUIRE(s.reviewMove(iccs(s.shownPosition(), "h2e2"), true));
        CHECK(s.isReviewing());
        CHECK(s.viewPly() == 1);
        CHECK(s.tree().node(s.tree().node(GameTree::kRoot).children[0]).children.size() == 2);
    }
    SECTION("promote and delete (the person confirms in the UI)") {
        const NodeId varFirst =
            s.tree().node(s.tree().node(GameTree::kRoot).children[0]).children[1];
        s.selectNode(varFirst);
        CHECK(s.shownNode() == varFirst);
        REQUIRE(s.promoteVariation(varFirst));
        CHECK(s.tree().isMainLine(varFirst));
        CHECK(s.tree().mainLine().size() == 3);
        const NodeId demoted =
            s.tree().node(s.tree().node(GameTree::kRoot).children[0]).children[1];
        s.selectNode(demoted);
        REQUIRE(s.deleteVariation(demoted));
        CHECK_FALSE(s.tree().valid(demoted));
        CHECK(s.tree().isMainLine(s.shownNode()));
        CHECK(s.tree().node(s.tree().node(GameTree::kRoot).children[0]).children.size() == 1);
    }
    SECTION("with variations off, the later moves are replaced") {
        s.selectNode(s.tree().mainLine()[0]);
        REQUIRE(s.reviewMove(iccs(s.shownPosition(), "c6c5"), false));
        CHECK(s.tree().mainLine().size() == 2); // the old continuation is gone
    }
}

TEST_CASE("undo then a new move replaces the moves taken back, as before", "[gui][variations]") {
    GameSession s;
    s.newGame(startPos(), PlayMode::TwoPlayers);
    for (const char* m : {"h2e2", "h9g7", "h0g2"})
        REQUIRE(s.humanMove(iccs(s.position(), m)));
    REQUIRE(s.undo());
    REQUIRE(s.undo());
    CHECK(s.redoNode() != kNoNode);
    CHECK(writePgn(s.pgn(), {}).find("h9g7") == std::string::npos); // taken back: not saved
    REQUIRE(s.humanMove(iccs(s.position(), "b9c7")));
    CHECK(s.tree().mainLine().size() == 2);
    CHECK(s.tree().node(s.tree().mainLine()[0]).children.size() == 1);
}

TEST_CASE("the review of a game marks a hung rook as a blunder and keeps it in the PGN",
          "[gui][review]") {
    GameSession s;
    s.newGame(startPos(), PlayMode::TwoPlayers);
    // 2. i1h1?? puts the rook in front of Black's cannon, with Red's own cannon as the screen.
    for (const char* m : {"i0i1", "h9g7", "i1h1", "h7h1"})
        REQUIRE(s.humanMove(iccs(s.position(), m)));
    std::int64_t now = 0;
    s.startGameReview(4);
    CHECK(s.isGameReviewRunning());
    REQUIRE(runUntil(s, now, [&] { return !s.isGameReviewRunning(); }));
    const NodeId blunder = s.tree().mainLine()[2];
    const NodeReview* r  = s.nodeReview(blunder);
    REQUIRE(r);
    CHECK(r->quality == ai::MoveQuality::Blunder);
    CHECK(r->playedRed < -300);
    CHECK(s.tree().node(blunder).nags == std::vector<int>{4});
    CHECK(s.lineScores().size() == 5);
    const auto stats = s.lineStats();
    // (1. i0i1 already hangs the horse on h0 to the same cannon: at least this one.)
    CHECK(stats[0].counts[static_cast<int>(ai::MoveQuality::Blunder)] >= 1);
    CHECK(stats[0].accuracy < stats[1].accuracy);
    // Written and read again, the notes come back.
    const std::string text = writePgn(s.pgn(), {});
    CHECK(text.find("$4") != std::string::npos);
    CHECK(text.find(", blunder -") != std::string::npos);
    auto rec = readPgn(text);
    REQUIRE(rec);
    GameSession again;
    again.loadTree(rec->tree, PlayMode::TwoPlayers);
    REQUIRE(again.nodeReview(again.tree().mainLine()[2]));
    CHECK(again.nodeReview(again.tree().mainLine()[2])->quality == ai::MoveQuality::Blunder);
    CHECK(again.lineScores() == s.lineScores());
}

TEST_CASE("a game review can be cancelled and the session stays usable", "[gui][review]") {
    GameSession s;
    s.newGame(startPos(), PlayMode::TwoPlayers);
    for (const char* m : {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"})
        REQUIRE(s.humanMove(iccs(s.position(), m)));
    s.startGameReview(12);
    s.cancelGameReview();
    CHECK_FALSE(s.isGameReviewRunning());
    CHECK(s.lineScores().empty());
    CHECK(s.humanMove(iccs(s.position(), "b0c2")));
}

TEST_CASE("the game review is started with the computer's threads setting", "[gui][review]") {
    GameSession s;
    s.newGame(startPos(), PlayMode::TwoPlayers);
    AiSettings ai = s.aiSettings();
    ai.threads    = 2;
    s.setAiSettings(ai);
    for (const char* m : {"i0i1", "h9g7", "i1h1", "h7h1"})
        REQUIRE(s.humanMove(iccs(s.position(), m)));
    std::int64_t now = 0;
    s.startGameReview(4);
    CHECK(s.gameReviewOptions().threads == 2);
    CHECK(s.gameReviewOptions().depth == 4);
    REQUIRE(runUntil(s, now, [&] { return !s.isGameReviewRunning(); }));
    REQUIRE(s.nodeReview(s.tree().mainLine()[2]));
    CHECK(s.nodeReview(s.tree().mainLine()[2])->quality == ai::MoveQuality::Blunder);
    // A later setting applies to the next review.
    ai.threads = 1;
    s.setAiSettings(ai);
    s.startGameReview(3);
    CHECK(s.gameReviewOptions().threads == 1);
    REQUIRE(runUntil(s, now, [&] { return !s.isGameReviewRunning(); }));
}

TEST_CASE("analysis follows the shown position with several lines", "[gui][analysis]") {
    GameSession s;
    s.newGame(startPos(), PlayMode::TwoPlayers);
    s.setAnalysisLines(3);
    s.setAnalysis(true);
    std::int64_t now = 0;
    REQUIRE(runUntil(
        s, now, [&] { return s.analysis().size() == 3 && s.analysis()[0].depth >= 4; }, 30));
    CHECK(s.analysisShown());
    for (const auto& line : s.analysis())
        CHECK_FALSE(line.pv.empty());
    // A move: the analysis moves on to the new position.
    REQUIRE(s.humanMove(iccs(s.position(), "h2e2")));
    CHECK_FALSE(s.analysisShown());
    REQUIRE(runUntil(
        s, now, [&] { return s.analysisShown(); }, 30));
    CHECK(s.aiRoot().sideToMove() == core::Color::Black);
    s.setAnalysis(false);
    CHECK(s.aiTask() == AiTask::None);
}

TEST_CASE("analysis offers a missing endgame table, makes it, then answers from it",
          "[gui][analysis][egtb]") {
    const auto dir          = freshDir("tables");
    const char* cache       = std::getenv("XDG_CACHE_HOME");
    const std::string saved = cache ? cache : "";
    ::setenv("XDG_CACHE_HOME", dir.c_str(), 1);
    GameSession s; // takes its table directory from the environment now
    if (cache)
        ::setenv("XDG_CACHE_HOME", saved.c_str(), 1);
    else
        ::unsetenv("XDG_CACHE_HOME");
    s.newGame(*core::parseFen("4k4/9/9/9/9/9/9/9/4A4/3RK4 w - - 0 1"), PlayMode::TwoPlayers);
    CHECK_FALSE(s.missingTable()); // only in the analysis
    s.setAnalysis(true);
    const auto missing = s.missingTable();
    REQUIRE(missing);
    CHECK(missing->name() == "KRAk");
    REQUIRE(s.makeTable());
    std::int64_t now = 0;
    REQUIRE(runUntil(
        s, now,
        [&] {
            return !s.tableMaking() && s.analysisShown() && s.analysis()[0].tablebase
                   && s.analysis()[0].mateIn > 0;
        },
        60));
    CHECK(s.takeTableError().empty());
    CHECK(s.analysis().size() == 1); // the table's line alone, the search's lines gone
    CHECK(std::filesystem::exists(dir / "xiangqi" / "egtb" / "KRAk.xqtb"));
    CHECK(std::filesystem::exists(dir / "xiangqi" / "egtb" / "KRk.xqtb")); // one capture away
    CHECK_FALSE(s.missingTable());
    CHECK_FALSE(s.makeTable());
    // Four pieces beside the generals: no offer (the command line makes such tables).
    s.newGame(*core::parseFen("4k4/4a4/3a5/9/9/9/9/9/4A4/3RK4 w - - 0 1"), PlayMode::TwoPlayers);
    s.setAnalysis(true);
    CHECK_FALSE(s.missingTable());
    s.setAnalysis(false);
    std::filesystem::remove_all(dir);
}

TEST_CASE("puzzle progress is saved, read back, and a corrupt file is set aside", "[gui][puzzle]") {
    const auto dir = freshDir("progress");
    PuzzleProgress p;
    p.current                                                   = 7;
    p.puzzles[puzzleKey("3k5/9/4P4/9/9/9/9/9/9/5K3 w - - 0 1")] = {true, 2};
    p.puzzles["4k4/9/9/9/9/9/9/9/9/4K4 b"]                      = {false, 1};
    CHECK(puzzleKey("3k5/9/4P4/9/9/9/9/9/9/5K3 w - - 0 1") == "3k5/9/4P4/9/9/9/9/9/9/5K3 w");
    CHECK(p.solvedCount() == 1);
    CHECK(p.mistakeCount() == 3);
    const auto file = dir / "puzzles.json";
    REQUIRE(savePuzzleProgress(file, p).empty());
    const auto loaded = loadPuzzleProgress(file);
    CHECK(loaded.problem.empty());
    CHECK(loaded.progress == p);
    // Corrupt: set aside, defaults.
    { std::ofstream(file) << "{\"puzzles\": [1, 2]}"; }
    const auto bad = loadPuzzleProgress(file);
    CHECK_FALSE(bad.problem.empty());
    CHECK(bad.progress == PuzzleProgress{});
    CHECK_FALSE(std::filesystem::exists(file));
    int asides = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        asides += e.path().filename().string().find("corrupt") != std::string::npos;
    CHECK(asides == 1);
    CHECK_FALSE(puzzleProgressFromJson("not json"));
    CHECK_FALSE(puzzleProgressFromJson("{\"current\": \"x\"}"));
    CHECK(puzzleProgressFromJson("{}"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("puzzle sources are shortened for the list", "[gui][puzzle]") {
    CHECK(
        shortSource("position after the moves a0a1 from the composed endgame 适情雅趣 Shi Qing Ya "
                    "Qu (1570) No.163 选将练兵 (digitised FEN: x)",
                    Language::English)
        == "适情雅趣 No.163");
    CHECK(shortSource("real-game position, Chinese-Chess-Practical-Dataset middlegame set 中局 "
                      "No.00001198: 六運會",
                      Language::English)
          == "master game 1198");
    CHECK(shortSource("generated: engine self-play game 1 (seed 7), ply 126", Language::Chinese)
          == "引擎对局");
}

TEST_CASE("the puzzle runner answers on its own thread", "[gui][puzzle]") {
    ai::PuzzleEntry e;
    e.fen        = "5k3/4P3R/9/9/9/9/4c4/B1CnB4/4c4/C2K1A3 b - - 0 1";
    e.mateIn     = 1;
    e.checksOnly = true;
    PuzzleRunner runner;
    REQUIRE(runner.open(e));
    REQUIRE(runner.session());
    REQUIRE(runner.hint());
    CHECK(runner.busy());
    CHECK_FALSE(runner.play(core::Move{})); // one request at a time
    std::optional<PuzzleRunner::Reply> reply;
    for (int i = 0; i < 2000 && !reply; ++i) {
        reply = runner.poll();
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    REQUIRE(reply);
    REQUIRE(reply->kind == PuzzleRunner::Kind::Hint);
    REQUIRE(reply->hint);
    REQUIRE(runner.play(reply->hint));
    reply.reset();
    for (int i = 0; i < 2000 && !reply; ++i) {
        reply = runner.poll();
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    REQUIRE(reply);
    CHECK(reply->outcome.verdict == ai::PuzzleSession::Verdict::Solved);
    CHECK(runner.session()->isSolved());
    // From a FEN with no mate: a clear error.
    REQUIRE(runner.loadFen(std::string(core::kStartFen), 2));
    reply.reset();
    for (int i = 0; i < 4000 && !reply; ++i) {
        reply = runner.poll();
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    REQUIRE(reply);
    CHECK_FALSE(reply->loaded);
    CHECK_FALSE(reply->error.empty());
}

TEST_CASE("the win, draw and loss text: Red first, per cent adding up to 100", "[gui][wdl]") {
    const auto start = core::parseFen(core::kStartFen);
    REQUIRE(start);
    // The model at the start: 0 cp is 273 / 454 / 273 per mille.
    CHECK(wdlText(0, 0, *start, Language::English) == "Red 27% · draw 46% · Black 27%");
    // +100 for Red to move is 383 / 432 / 185; for Black to move the same score is Black's.
    CHECK(wdlText(100, 0, *start, Language::English) == "Red 38% · draw 43% · Black 19%");
    const auto black =
        core::parseFen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
    REQUIRE(black);
    CHECK(wdlText(100, 0, *black, Language::English) == "Red 19% · draw 43% · Black 38%");
    CHECK(wdlText(0, 3, *black, Language::Chinese) == "红胜 0% · 和 0% · 黑胜 100%");
    CHECK(wdlText(0, -2, *start, Language::English) == "Red 0% · draw 0% · Black 100%");
}

#endif // XQ_HAVE_GUI_LOGIC
