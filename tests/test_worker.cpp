// ai::Worker and ai::Signal: jobs run in order, cancel drops and silences, exceptions end one job
// only, destruction stops and joins, a Signal wakes its waiter. Waits are bounded (hang guard).
#include <chrono>
#include <stdexcept>
#include <thread>

#include <catch2/catch.hpp>

#include "ai/worker.h"

using namespace xq;
using namespace std::chrono_literals;

namespace {

// Polls like the render loop does until `count` messages arrived or two seconds passed.
std::vector<int> pollFor(ai::Worker<int>& w, std::size_t count) {
    std::vector<int> got;
    for (int i = 0; i < 2000 && got.size() < count; ++i) {
        for (int m : w.poll())
            got.push_back(m);
        if (got.size() < count)
            std::this_thread::sleep_for(1ms);
    }
    return got;
}

// A job that runs until its stop token is set, then sends `value` (which cancel() discards).
void untilStopped(ai::Worker<int>::Context& job, int value) {
    while (!job.stopRequested())
        std::this_thread::sleep_for(1ms);
    job.send(value);
}

} // namespace

TEST_CASE("worker jobs run in the order posted and their messages arrive in order", "[worker]") {
    ai::Worker<int> w;
    for (int i = 0; i < 50; ++i)
        w.post([i](ai::Worker<int>::Context& job) {
            job.send(2 * i);
            job.send(2 * i + 1);
        });
    w.waitIdle();
    const std::vector<int> got = w.poll();
    REQUIRE(got.size() == 100);
    for (int i = 0; i < 100; ++i)
        CHECK(got[static_cast<std::size_t>(i)] == i);
    CHECK(w.poll().empty());
}

TEST_CASE("cancel stops the running job, drops the waiting ones and keeps Keep jobs", "[worker]") {
    ai::Worker<int> w;
    w.post([](ai::Worker<int>::Context& job) { untilStopped(job, 1); });
    w.post([](ai::Worker<int>::Context& job) { job.send(2); });
    w.post([](ai::Worker<int>::Context& job) { job.send(3); }, ai::OnCancel::Keep);
    w.cancel();
    w.post([](ai::Worker<int>::Context& job) { job.send(4); });
    // 1 is silenced (posted before cancel), 2 dropped, 3 runs but was posted before the cancel.
    CHECK(pollFor(w, 1) == std::vector<int>{4});
    w.waitIdle();
    CHECK(w.poll().empty());
}

TEST_CASE("an exception ends its job only", "[worker]") {
    ai::Worker<int> w;
    w.post([](ai::Worker<int>::Context&) { throw std::runtime_error("job failed"); });
    w.post([](ai::Worker<int>::Context& job) { job.send(7); });
    CHECK(pollFor(w, 1) == std::vector<int>{7});
}

TEST_CASE("destroying a worker stops its running job and joins", "[worker]") {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < 20; ++i) {
        ai::Worker<int> w;
        w.post([](ai::Worker<int>::Context& job) { untilStopped(job, 1); }, ai::OnCancel::Keep);
        w.post([](ai::Worker<int>::Context& job) { job.send(2); });
        std::this_thread::sleep_for(1ms);
    }
    CHECK(std::chrono::steady_clock::now() - t0 < 10s);
    ai::Worker<int> unused; // never started: nothing to join
}

TEST_CASE("a signal wakes the thread that waits on it", "[worker]") {
    ai::Signal s;
    CHECK_FALSE(s.isSet());
    std::atomic<bool> woke{false};
    std::jthread waiter([&] {
        s.wait();
        woke = true;
    });
    std::this_thread::sleep_for(5ms);
    CHECK_FALSE(woke.load());
    s.set();
    waiter.join();
    CHECK(woke.load());
    CHECK(s.isSet());
    CHECK(s.flag()->load());
    s.reset();
    CHECK_FALSE(s.isSet());
    s.set();
    s.wait(); // already set: returns at once
}
