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
