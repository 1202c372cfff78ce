// The parallel search (SearchLimits::threads > 1) and the table it shares: mates and legal moves
// with helpers, stopping and cancelling mid-search, node counts that add up, a pool that grows
// and shrinks, and table entries that stay whole under concurrent writes. Tagged [smp], which
// the ThreadSanitizer step of tools/run_tests.sh runs.
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "ai/search.h"
#include "ai/threads.h"
#include "ai/tt.h"
#include "app/engine/uci.h"
#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "testdata.h"

using namespace xq;

namespace {

core::SearchSnapshot snapshotOf(const std::string& fen) {
    auto pos = core::parseFen(fen);
    REQUIRE(pos);
    return core::Game(*pos).searchSnapshot();
}

ai::SearchLimits limitsFor(int threads) {
    ai::SearchLimits limits;
    limits.threads = threads;
    limits.useBook = false;
    return limits;
}

bool isLegalIn(const core::Position& pos, core::Move m) {
    return m && pos.isPseudoLegal(m) && pos.isLegal(m);
}

std::uint64_t sum(const std::vector<std::uint64_t>& v) {
    return std::accumulate(v.begin(), v.end(), std::uint64_t{0});
}

// Whether every move of pv is legal in turn from pos.
bool isLegalLine(core::Position pos, const std::vector<core::Move>& pv) {
    for (const core::Move m : pv) {
        if (!isLegalIn(pos, m))
            return false;
        core::Undo undo;
        pos.makeMove(m, undo);
    }
    return true;
}

} // namespace

TEST_CASE("two threads find every mate in 1 to 3 with its exact length", "[smp]") {
    // As the single-thread test in test_search.cpp: depth 2N-1 plus 8 plies of margin.
    ai::Searcher searcher(16);
    int run = 0;
    for (const auto& c : test::readCases("mates.txt")) {
        const int n = std::stoi(c[1]);
        if (n > 3)
            continue;
        const auto snap = snapshotOf(c[0]);
        searcher.clear();
        auto limits  = limitsFor(2);
        limits.depth = 2 * n - 1 + 8;
        const auto r = searcher.search(snap, limits);
        INFO(c[0] << " mate in " << n << " found " << r.mateIn << " with " << core::toIccs(r.best));
        CHECK(r.mateIn == n);
        if (c[3] == "yes")
            CHECK(core::toIccs(r.best) == c[2]);
        CHECK(isLegalIn(snap.root, r.best));
        REQUIRE(r.threadNodes.size() == 2);
        CHECK(r.nodes == sum(r.threadNodes));
        ++run;
    }
    CHECK(run >= 20);
}

TEST_CASE("two threads: a legal move in positions of random games", "[smp]") {
    ai::Searcher searcher(4);
    std::mt19937 rng(11);
    int positions = 0;
    for (int game = 0; game < 6; ++game) {
        core::Game g;
        for (int ply = 0; ply < 60 && !g.isOver(); ++ply) {
            core::MoveList legal;
            core::generateLegal(g.position(), legal);
            auto limits  = limitsFor(2);
            limits.depth = 1 + ply % 5;
            const auto r = searcher.search(g.searchSnapshot(), limits);
            REQUIRE(legal.contains(r.best));
            CHECK(r.rootKey == g.position().key());
            ++positions;
            REQUIRE(g.play(
                legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]));
        }
    }
    CHECK(positions > 200);
}

TEST_CASE("node counts add up over the threads, and a node limit counts them all", "[smp]") {
    ai::Searcher searcher(8);
    const auto snap = snapshotOf(std::string(core::kStartFen));
    for (int threads : {1, 2, 3}) {
        auto limits  = limitsFor(threads);
        limits.nodes = 300'000;
        const auto r = searcher.search(snap, limits);
        INFO("threads " << threads);
        REQUIRE(r.threadNodes.size() == static_cast<std::size_t>(threads));
        CHECK(r.nodes == sum(r.threadNodes));
        for (std::uint64_t n : r.threadNodes)
            CHECK(n > 0); // every helper searched
        CHECK(r.nodes >= limits.nodes);
        // Threads poll the others' counts every 2,048 of their own nodes.
        CHECK(r.nodes < limits.nodes + std::uint64_t{4096} * static_cast<std::uint64_t>(threads));
        CHECK(isLegalIn(snap.root, r.best));
    }
}

TEST_CASE("the info lines of a two-thread search report the nodes of both and the line played",
          "[smp]") {
    ai::Searcher searcher(8);
    auto limits  = limitsFor(2);
    limits.depth = 9;
    std::vector<ai::SearchInfo> infos;
    const auto r = searcher.search(snapshotOf(std::string(core::kStartFen)), limits, {},
                                   [&](const ai::SearchInfo& i) { infos.push_back(i); });
    // One report per iteration of the main thread, and one more when a helper finished the
    // last depth first: the last report is the line played.
    REQUIRE_FALSE(infos.empty());
    for (std::size_t i = 1; i < infos.size(); ++i)
        CHECK(infos[i].nodes >= infos[i - 1].nodes);
    CHECK(r.depth == 9);
    CHECK(infos.back().depth == 9);
    CHECK(infos.back().pv == r.pv);
    REQUIRE(r.threadNodes.size() == 2);
    // The last report comes before the helper's final count is in; the result has it.
    CHECK(r.nodes >= infos.back().nodes);
    CHECK(r.nodes == sum(r.threadNodes));
}

TEST_CASE("two threads report ever deeper iterations with legal lines, several lines report "
          "every depth",
          "[smp]") {
    // With one line, the last report may be a helper's that finished the depth limit before
    // the main thread, so the depths may skip at the end, but they never repeat or go back.
    // With several lines the main thread searches and reports every depth itself.
    ai::Searcher searcher(8);
    const char* fens[] = {
        "r2akab2/9/4b4/p1p1n1p1p/2cRC2r1/4c4/P3N4/4C4/9/1RBAKAB2 w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "2bakab2/9/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/1CN3N2/4A4/2BAK1B2 b - - 0 1",
    };
    for (const char* fen : fens) {
        const auto snap = snapshotOf(fen);
        for (int lines : {1, 2}) {
            searcher.clear();
            auto limits    = limitsFor(2);
            limits.depth   = 11;
            limits.multiPv = lines;
            std::vector<ai::SearchInfo> infos;
            const auto r = searcher.search(snap, limits, {},
                                           [&](const ai::SearchInfo& i) { infos.push_back(i); });
            INFO(fen << ", " << lines << " line(s)");
            REQUIRE(infos.size() >= static_cast<std::size_t>(lines));
            for (const auto& i : infos)
                CHECK(isLegalLine(snap.root, i.pv));
            CHECK(isLegalLine(snap.root, r.pv));
            CHECK(r.depth == 11);
            CHECK(infos.back().depth == 11);
            if (lines == 1) {
                for (std::size_t i = 1; i < infos.size(); ++i)
                    CHECK(infos[i].depth > infos[i - 1].depth);
                CHECK(infos.back().pv == r.pv);
            } else {
                // Every depth from 1 to 11, each with both lines in order.
                REQUIRE(infos.size() == 2 * 11);
                for (std::size_t i = 0; i < infos.size(); ++i) {
                    CHECK(infos[i].depth == static_cast<int>(i / 2) + 1);
                    CHECK(infos[i].multiPvIndex == static_cast<int>(i % 2) + 1);
                }
            }
        }
    }
}

TEST_CASE("finish and abort stop a two-thread search mid-search", "[smp]") {
    ai::Searcher searcher(8);
    const auto snap = snapshotOf(
        "r2akab2/9/4b4/p1p1n1p1p/2cRC2r1/4c4/P3N4/4C4/9/1RBAKAB2 w - - 0 1"); // a bench position
    for (bool useAbort : {false, true}) {
        std::atomic<bool> abort{false}, finish{false};
        auto limits     = limitsFor(2);
        limits.infinite = true;
        ai::SearchResult r;
        std::atomic<int> iterations{0};
        std::thread t([&] {
            r = searcher.search(snap, limits, {&abort, &finish},
                                [&](const ai::SearchInfo&) { ++iterations; });
        });
        // Stop once a few iterations are done, so that the helper is surely searching.
        while (iterations.load() < 4)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        (useAbort ? abort : finish).store(true);
        t.join();
        INFO((useAbort ? "abort" : "finish"));
        CHECK(isLegalIn(snap.root, r.best));
        CHECK(r.depth >= 4);
        REQUIRE(r.threadNodes.size() == 2);
        CHECK(r.nodes == sum(r.threadNodes));
    }
}

TEST_CASE("the thread pool grows and shrinks between searches, one thread stays deterministic",
          "[smp]") {
    const auto snap = snapshotOf(std::string(core::kStartFen));
    auto one        = limitsFor(1);
    one.depth       = 8;
    ai::Searcher fresh(8);
    const auto expected = fresh.search(snap, one);
    REQUIRE(expected.threadNodes.size() == 1);

    ai::Searcher searcher(8);
    for (int threads : {2, 4, 3, 1, 2}) {
        auto limits  = limitsFor(threads);
        limits.depth = 6;
        const auto r = searcher.search(snap, limits);
        CHECK(r.threadNodes.size() == static_cast<std::size_t>(threads));
        CHECK(isLegalIn(snap.root, r.best));
    }
    // After clear(), one thread searches exactly as a new Searcher does.
    searcher.clear();
    const auto again = searcher.search(snap, one);
    CHECK(again.nodes == expected.nodes);
    CHECK(again.best == expected.best);
    CHECK(again.score == expected.score);
}

TEST_CASE("table entries stay whole when threads write the same buckets at once", "[smp]") {
    // Every thread stores, for keys that share a handful of buckets, entries whose contents
    // follow from the key; any entry a probe finds must be one that was stored for its key
    // (a torn mix of two writes must read as a miss).
    ai::TranspositionTable tt(1);
    constexpr int kThreads = 3;
    constexpr int kRounds  = 20'000;
    auto keyOf             = [](std::uint64_t i) {
        // 16 buckets (the high bits), many keys in each.
        return ((i % 16) << 32) | (i * 0x9E3779B97F4A7C15ULL & 0xFFFF'0000'0000'0000ULL)
               | (i & 0xFFFF) | 1;
    };
    auto moveOf  = [](core::Key k) { return static_cast<std::uint16_t>((k >> 48) | 1); };
    auto scoreOf = [](core::Key k) { return static_cast<int>(k >> 52) - 2048; };
    std::atomic<int> bad{0}, hits{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
            std::mt19937_64 rng(static_cast<std::uint64_t>(t) + 1);
            for (int i = 0; i < kRounds; ++i) {
                const core::Key k = keyOf(rng() % 256);
                tt.store(k, core::Move::fromRaw(moveOf(k)), scoreOf(k), -scoreOf(k),
                         static_cast<int>(k & 31), ai::Bound::Exact);
                const core::Key p = keyOf(rng() % 256);
                ai::TtEntry e;
                if (const ai::TtEntry* found = tt.probe(p, e)) {
                    ++hits;
                    if (found->key != p || found->move != moveOf(p) || found->score != scoreOf(p)
                        || found->eval != -scoreOf(p) || found->depth != static_cast<int>(p & 31)
                        || found->bound() != ai::Bound::Exact)
                        ++bad;
                }
            }
        });
    for (auto& t : threads)
        t.join();
    CHECK(hits.load() > kRounds / 10);
    CHECK(bad.load() == 0);
}

TEST_CASE("the engine's Threads option: listed, checked, used by go", "[smp][uci]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    e.handleLine("uci");
    const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    CHECK(out.str().find("option name Threads type spin default 1 min 1 max "
                         + std::to_string(cores) + "\n")
          != std::string::npos);

    for (const char* bad : {"0", "-1", "two", ""}) {
        out.str("");
        e.handleLine(std::string("setoption name Threads value ") + bad);
        CHECK(out.str()
              == "info string Threads needs a number from 1 to " + std::to_string(cores) + ", not '"
                     + bad + "'\n");
    }
    out.str("");
    e.handleLine("setoption name Threads value " + std::to_string(cores + 1));
    CHECK(out.str().find("Threads needs a number") != std::string::npos);

    // Two threads (also where the machine has one core: a test of the search, not of speed).
    out.str("");
    e.handleLine("setoption name Threads value 1");
    e.handleLine("setoption name Threads value " + std::to_string(std::min(cores, 2)));
    CHECK(out.str().empty());
    e.handleLine("setoption name OwnBook value false");
    e.handleLine("position startpos moves h2e2 h9g7");
    e.handleLine("go depth 7");
    e.waitForSearch();
    const std::string text = out.str();
    CHECK(text.find("info depth 7 ") != std::string::npos);
    const auto at = text.rfind("bestmove ");
    REQUIRE(at != std::string::npos);
    CHECK(core::parseIccs(e.game().position(), text.substr(at + 9, 4)));

    // go infinite with helpers answers only after stop: still searching after 50 ms (the output
    // is not read meanwhile: the search thread writes it), one bestmove once stopped.
    out.str("");
    e.handleLine("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    CHECK(e.isSearching());
    e.handleLine("stop");
    CHECK_FALSE(e.isSearching());
    const std::string after = out.str();
    const auto best         = after.rfind("bestmove ");
    REQUIRE(best != std::string::npos);
    CHECK(after.find("bestmove ") == best);
    CHECK(core::parseIccs(e.game().position(), after.substr(best + 9, 4)));
}

TEST_CASE("the helpers' thread pool runs each job once per thread and waits for it",
          "[smp][threads]") {
    ai::ThreadPool pool;
    std::atomic<bool> ran{false};
    pool.start([&](std::size_t) { ran = true; });
    pool.wait();
    CHECK_FALSE(ran.load()); // a pool without threads runs nothing
    pool.resize(3);
    CHECK(pool.size() == 3);
    std::array<std::atomic<int>, 3> runs{};
    for (int job = 1; job <= 4; ++job) {
        pool.start([&](std::size_t i) { runs.at(i).fetch_add(1); });
        pool.wait();
        for (const auto& r : runs)
            CHECK(r.load() == job);
    }
    // Resized, the new threads run the next job, and only they.
    pool.resize(2);
    pool.start([&](std::size_t i) { runs.at(i).fetch_add(10); });
    pool.wait();
    CHECK(runs[0].load() == 14);
    CHECK(runs[1].load() == 14);
    CHECK(runs[2].load() == 4);
    CHECK(ai::maxSearchThreads()
          == std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, ai::kMaxThreads));
}
