// The search's threads: how many one search may use, and the pool its helper threads run on.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace xq::ai {

// The most search threads worth offering on this machine: its hardware threads, at least 1 and
// at most kMaxThreads (ai/search_types.h). The engine's Threads option and the game's setting
// both end here.
int maxSearchThreads();

// Threads that wait between jobs: start() hands every thread the same job (called with the
// thread's index) and returns at once; wait() blocks until every thread has finished it. The
// threads persist from one job to the next (created by resize(), which inherits the calling
// thread's priority), so that a search does not pay for starting them.
class ThreadPool {
public:
    using Job = std::function<void(std::size_t index)>;

    ThreadPool() = default;
    ~ThreadPool() { resize(0); }
    ThreadPool(const ThreadPool&)            = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    std::size_t size() const { return m_threads.size(); }
    // Ends the threads and starts n new ones. Only while no job runs (after wait()).
    void resize(std::size_t n);
    // Runs job(i) on thread i, for every thread; returns without waiting.
    void start(Job job);
    // Blocks until no thread is running a job.
    void wait();

private:
    void loop(std::size_t index, std::uint64_t seen);

    std::vector<std::thread> m_threads;
    std::mutex m_mutex;
    std::condition_variable m_wake, m_done;
    std::uint64_t m_generation = 0;     // guarded: one more for each job started
    std::size_t m_running      = 0;     // guarded: threads still running the job
    bool m_quit                = false; // guarded
    Job m_job;                          // guarded
};

} // namespace xq::ai
