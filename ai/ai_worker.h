// AiWorker: runs searches on one long-lived thread for the desktop game. The UI thread calls
// start() (returns at once) and polls once per frame; progress and the final move come back
// through a mutex-guarded mailbox. cancel() stops the search and discards its move; moveNow()
// stops it and delivers the best move found so far. No call made by the UI waits for the search
// thread: a superseded search is told to stop and the thread takes the next job when it has,
// and hash clearing and resizing run on that thread too, in order. Destroying the worker
// mid-search stops and joins it. Only the owning (UI) thread may call the member functions.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "ai/search_types.h"
#include "core/game.h"

namespace xq::ai {

class Searcher;

// How much nicer than the UI the engine's worker threads run (Linux nice value, per thread).
constexpr int kWorkerNice = 10;

// Lowers the calling thread's scheduling priority by kWorkerNice (Linux only; elsewhere, or when
// the system refuses, nothing happens). Worker threads call this first so that the UI thread
// and the display server get a core as soon as they wake, while a search that would otherwise
// take a whole core makes room for a frame. A new thread inherits its creator's value, so only
// the thread that calls this is affected.
void lowerCurrentThreadPriority();

class AiWorker {
public:
    explicit AiWorker(std::size_t hashMb = 64);
    ~AiWorker();
    AiWorker(const AiWorker&)            = delete;
    AiWorker& operator=(const AiWorker&) = delete;

    // Starts searching `root`; a search still running is cancelled first.
    void start(core::SearchSnapshot root, SearchLimits limits);
    // Stops the search; its result is discarded. The thread stops within a few milliseconds;
    // the caller does not wait for it.
    void cancel();
    // Asks the search to finish now; its best move so far arrives through poll().
    void moveNow();
    // True from start() until the result has been taken by poll() or the search was cancelled.
    bool isBusy() const { return m_busy; }
    // Progress reports of the current search since the last call (oldest first).
    std::vector<SearchInfo> pollInfo();
    // The final result, once.
    std::optional<SearchResult> poll();
    // These cancel a running search and take effect before the next search starts.
    void setHashSize(std::size_t mb);
    void clearHash();
    // The opening book file (empty: the default in the assets).
    void setBookPath(std::string path);

private:
    struct Job {
        enum class Kind { Search, ClearHash, SetHashSize, SetBookPath } kind = Kind::Search;
        std::uint64_t id = 0; // searches: the value of m_current when it was started
        core::SearchSnapshot root;
        SearchLimits limits;
        bool finishNow     = false; // moveNow() came before the search began
        std::size_t hashMb = 0;
        std::string bookPath;
    };
    void run();
    void post(Job job); // appends a job; the caller holds m_mutex
    void cancelLocked();

    std::unique_ptr<Searcher> m_searcher; // used by the worker thread only
    std::atomic<bool> m_abort{false};     // the running search stops, its result is dropped
    std::atomic<bool> m_finish{false};    // moveNow(): the running search returns its best so far
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::deque<Job> m_jobs;               // guarded by m_mutex
    std::uint64_t m_current = 0;          // guarded: id of the search the UI wants results of
    bool m_searching        = false;      // guarded: the thread runs a search now
    bool m_quit             = false;      // guarded
    std::vector<SearchInfo> m_infos;      // guarded
    std::optional<SearchResult> m_result; // guarded
    bool m_busy = false;                  // UI thread only
    std::thread m_thread;                 // declared last: started after the members above
};

} // namespace xq::ai
