// Game review: a known blunder is marked as one, scores and summaries are consistent, and the
// background worker delivers, cancels and restarts cleanly.
#include <chrono>
#include <thread>

#include <catch2/catch.hpp>

#include "ai/review.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"

using namespace xq;

namespace {

core::Game gameOf(std::initializer_list<const char*> moves) {
    core::Game g;
    for (const char* m : moves) {
        auto mv = core::parseIccs(g.position(), m);
        REQUIRE(mv);
        REQUIRE(g.play(*mv));
    }
    return g;
}

} // namespace

TEST_CASE("loss thresholds map to the five marks", "[review]") {
    CHECK(ai::classifyLoss(0) == ai::MoveQuality::Best);
    CHECK(ai::classifyLoss(40) == ai::MoveQuality::Good);
    CHECK(ai::classifyLoss(100) == ai::MoveQuality::Inaccuracy);
    CHECK(ai::classifyLoss(250) == ai::MoveQuality::Mistake);
    CHECK(ai::classifyLoss(900) == ai::MoveQuality::Blunder);
    CHECK(ai::qualityNag(ai::MoveQuality::Blunder) == 4);
    CHECK(ai::moveAccuracy(100, 100) == Approx(100.0));
    CHECK(ai::moveAccuracy(300, -600) < 30.0);
}

TEST_CASE("a move is judged by the winning chance it lost as well as by centipawns", "[review]") {
    using Q = ai::MoveQuality;
    CHECK(ai::classifyMove(100, 100) == Q::Best);
    CHECK(ai::classifyMove(0, -200) == Q::Mistake);
    CHECK(ai::classifyMove(0, -900) == Q::Blunder);
    CHECK(ai::classifyMove(900, 400) == Q::Blunder);   // a chariot up to a horse up
    CHECK(ai::classifyMove(1500, 900) == Q::Blunder);  // a won game made a fight
    CHECK(ai::classifyMove(2000, 1100) == Q::Mistake); // two chariots up to one
    CHECK(ai::classifyMove(1200, 1000) == Q::Inaccuracy);
    CHECK(ai::classifyMove(2500, 1600) == Q::Inaccuracy);
    CHECK(ai::classifyMove(2900, 2000) == Q::Good);      // nine pawns given, still crushing
    CHECK(ai::classifyMove(3000, 1200) == Q::Mistake);   // a mate missed, a won ending kept
    CHECK(ai::classifyMove(-1800, -2700) == Q::Good);    // lost before and after
    CHECK(ai::classifyMove(2000, -100) == Q::Blunder);   // the win thrown away
    CHECK(ai::classifyMove(-1400, -2996) == Q::Blunder); // into a mate in 4, lost or not
    CHECK(ai::classifyMove(-2990, -2996) == Q::Best);    // mated anyway, a little sooner
}

TEST_CASE("the review does not call a move that keeps a big win a blunder", "[review]") {
    // Scores chosen per ply: Red is 29 pawns up, plays h2e2 where the best was b2e2, and stays
    // 20 pawns up. 900 cp lost, 0.006 of the winning chance: a good move, not a blunder.
    const core::Game g              = gameOf({"h2e2", "h9g7"});
    const ai::PositionSearch search = [](const core::Game& pos, const ai::SearchLimits&,
                                         const std::atomic<bool>*) {
        ai::SearchResult r;
        const std::size_t ply = pos.moves().size();
        r.score               = ply == 0 ? 2900 : ply == 1 ? -2000 : 2000;
        r.best = *core::parseIccs(pos.position(), ply == 0 ? "b2e2" : ply == 1 ? "b9c7" : "b0c2");
        r.pv   = {r.best};
        return r;
    };
    ai::ReviewOptions opt;
    opt.depth    = 1;
    const auto r = ai::reviewGame(g, opt, search);
    REQUIRE(r.complete);
    REQUIRE(r.moves.size() == 2);
    CHECK(r.moves[0].loss == 900);
    CHECK(r.moves[0].quality == ai::MoveQuality::Good);
    CHECK(r.moves[1].quality == ai::MoveQuality::Best); // -2000 to -2000: nothing lost
    CHECK(r.red.counts[static_cast<int>(ai::MoveQuality::Blunder)] == 0);
}

TEST_CASE("the review marks a hung chariot as a blunder", "[review]") {
    // 3. a1b1?? puts Red's chariot where Black's cannon on b7 takes it over the b2 screen, and
    // nothing can take back on b1.
    const core::Game g = gameOf({"b0c2", "b9c7", "a0a1", "a9a8", "a1b1", "b7b1"});
    ai::ReviewOptions opt;
    opt.depth    = 5;
    const auto r = ai::reviewGame(g, opt);
    REQUIRE(r.complete);
    REQUIRE(r.moves.size() == 6);
    CHECK(r.redScores.size() == 7);
    CHECK(r.moves[4].quality == ai::MoveQuality::Blunder);
    CHECK(r.moves[4].loss > 500);
    CHECK(r.moves[5].quality == ai::MoveQuality::Best); // taking the chariot
    CHECK(core::toIccs(r.moves[4].best) != "a1b1");
    CHECK(r.red.counts[static_cast<int>(ai::MoveQuality::Blunder)] == 1);
    CHECK(r.black.counts[static_cast<int>(ai::MoveQuality::Blunder)] == 0);
    CHECK(r.red.accuracy < r.black.accuracy);
    CHECK(r.redScores.back() < -500); // Black is a chariot up at the end
}

TEST_CASE("the review searches with two threads and finds the same blunder", "[review][smp]") {
    const core::Game g = gameOf({"b0c2", "b9c7", "a0a1", "a9a8", "a1b1", "b7b1"});
    ai::ReviewOptions opt;
    opt.depth   = 6;
    opt.threads = 2;
    // Our own search, watched: every position is searched with both threads.
    ai::Searcher searcher(opt.hashMb);
    int searches = 0, twoThreadSearches = 0;
    const ai::PositionSearch search = [&](const core::Game& pos, const ai::SearchLimits& limits,
                                          const std::atomic<bool>* stop) {
        auto res = searcher.search(pos.searchSnapshot(), limits, ai::StopFlags{stop, nullptr});
        ++searches;
        twoThreadSearches += limits.threads == 2 && res.threadNodes.size() == 2;
        return res;
    };
    const auto r = ai::reviewGame(g, opt, search);
    REQUIRE(r.complete);
    REQUIRE(r.moves.size() == 6);
    CHECK(searches == 7);
    CHECK(twoThreadSearches == 7);
    CHECK(r.moves[4].quality == ai::MoveQuality::Blunder);
    CHECK(r.moves[4].loss > 500);
    CHECK(r.moves[5].quality == ai::MoveQuality::Best);
    CHECK(r.redScores.back() < -500);
    core::Game replay; // every suggested best move is legal where it was suggested
    for (const auto& m : r.moves) {
        core::MoveList legal;
        core::generateLegal(replay.position(), legal);
        CHECK(legal.contains(m.best));
        REQUIRE(replay.play(m.played));
    }
}

TEST_CASE("the review worker reports progress, delivers, and cancels", "[review][worker]") {
    const core::Game g = gameOf({"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"});
    ai::ReviewWorker w;
    ai::ReviewOptions opt;
    opt.depth = 4;
    for (int i = 0; i < 20; ++i) { // start and cancel repeatedly
        w.start(g, opt);
        w.cancel();
        CHECK_FALSE(w.isBusy());
        CHECK_FALSE(w.poll());
    }
    w.start(g, opt);
    std::optional<ai::GameReview> r;
    for (int i = 0; i < 6000 && !r; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        r = w.poll();
    }
    REQUIRE(r);
    CHECK(r->complete);
    CHECK(r->moves.size() == 6);
    CHECK(w.progress().first == 7);
    CHECK_FALSE(w.isBusy());
}
