// The AI worker: start, cancel, restart, move now, destroy mid-search; results are legal and
// belong to the position searched. Times are measured but only bounded generously (hang guard).
#include <chrono>
#include <thread>

#include <catch2/catch.hpp>

#include "ai/ai_worker.h"
#include "core/game.h"

using namespace xq;
using namespace std::chrono_literals;

namespace {

ai::SearchLimits infiniteLimits() {
    ai::SearchLimits l;
    l.infinite = true;
    l.useBook  = false;
    return l;
}

// Polls like the render loop does (every few ms) until a result arrives or `limit` passes.
std::optional<ai::SearchResult> waitResult(ai::AiWorker& w, std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
        if (auto r = w.poll())
            return r;
        std::this_thread::sleep_for(1ms);
    }
    return std::nullopt;
}

long long msSince(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now()
                                                                 - t0)
        .count();
}

} // namespace

TEST_CASE("a search delivers a legal move for the position it was given", "[worker]") {
    ai::AiWorker w(8);
    core::Game g;
    ai::SearchLimits l;
    l.depth   = 5;
    l.useBook = false;
    w.start(g.searchSnapshot(), l);
    CHECK(w.isBusy());
    const auto r = waitResult(w, 20s);
    REQUIRE(r);
    CHECK(g.isLegal(r->best));
    CHECK(r->rootKey == g.position().key());
    CHECK_FALSE(w.isBusy());
    CHECK_FALSE(w.poll()); // only once
    CHECK_FALSE(w.pollInfo().empty());
}

TEST_CASE("start, cancel and restart hundreds of times", "[worker]") {
    ai::AiWorker w(1);
    core::Game g;
    long long worstCancelMs = 0;
    for (int i = 0; i < 300; ++i) {
        w.start(g.searchSnapshot(), infiniteLimits());
        if (i % 3 == 1)
            std::this_thread::sleep_for(std::chrono::microseconds(200 * (i % 7)));
        const auto t0 = std::chrono::steady_clock::now();
        if (i % 2 == 0)
            w.cancel();
        else
            w.start(g.searchSnapshot(), infiniteLimits()); // restart cancels the running one
        worstCancelMs = std::max(worstCancelMs, msSince(t0));
        if (i % 2 == 0) {
            CHECK_FALSE(w.isBusy());
            CHECK_FALSE(w.poll());
        }
    }
    w.cancel();
    CHECK_FALSE(w.poll());
    WARN("slowest cancel: " << worstCancelMs << " ms");
    CHECK(worstCancelMs < 500); // a hang guard, not a timing claim (10 ms is typical)
}

TEST_CASE("cancel discards the move of a running search", "[worker]") {
    ai::AiWorker w(4);
    core::Game g;
    w.start(g.searchSnapshot(), infiniteLimits());
    std::this_thread::sleep_for(30ms);
    const auto t0 = std::chrono::steady_clock::now();
    w.cancel();
    const auto ms = msSince(t0);
    CHECK(ms < 500);
    CHECK_FALSE(w.isBusy());
    std::this_thread::sleep_for(5ms);
    CHECK_FALSE(w.poll());
}

TEST_CASE("moveNow returns a legal move quickly", "[worker]") {
    ai::AiWorker w(4);
    core::Game g;
    for (int wait : {0, 1, 20, 100}) {
        w.start(g.searchSnapshot(), infiniteLimits());
        std::this_thread::sleep_for(std::chrono::milliseconds(wait));
        const auto t0 = std::chrono::steady_clock::now();
        w.moveNow();
        const auto r = waitResult(w, 5s);
        REQUIRE(r);
        CHECK(msSince(t0) < 500);
        CHECK(g.isLegal(r->best));
        CHECK(r->rootKey == g.position().key());
    }
}

TEST_CASE("destroying the worker mid-search joins cleanly", "[worker]") {
    core::Game g;
    for (int i = 0; i < 20; ++i) {
        ai::AiWorker w(1);
        w.start(g.searchSnapshot(), infiniteLimits());
        std::this_thread::sleep_for(std::chrono::milliseconds(i % 4));
    }
    SUCCEED();
}

TEST_CASE("a new position after undo gets its own search", "[worker]") {
    ai::AiWorker w(4);
    core::Game g;
    REQUIRE(g.play(core::Move(core::makeSquare(7, 2), core::makeSquare(4, 2)))); // h2e2
    w.start(g.searchSnapshot(), infiniteLimits());
    std::this_thread::sleep_for(5ms);
    w.cancel();
    REQUIRE(g.undo());
    ai::SearchLimits l;
    l.depth   = 3;
    l.useBook = false;
    w.start(g.searchSnapshot(), l);
    const auto r = waitResult(w, 20s);
    REQUIRE(r);
    CHECK(r->rootKey == g.position().key());
    CHECK(g.isLegal(r->best));
}
