// AiWorker: runs a search on its own thread for the desktop game. The UI thread calls start()
// (returns at once) and polls once per frame; progress and the final move come back through a
// mutex-guarded mailbox. cancel() stops the search and discards its move; moveNow() stops it and
// delivers the best move found so far. Destroying the worker mid-search joins cleanly.
// Only the owning (UI) thread may call the member functions.
#pragma once

#include <atomic>
#include <cstddef>
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

class AiWorker {
public:
    explicit AiWorker(std::size_t hashMb = 64);
    ~AiWorker();
    AiWorker(const AiWorker&)            = delete;
    AiWorker& operator=(const AiWorker&) = delete;

    // Starts searching `root`; a search still running is cancelled first.
    void start(core::SearchSnapshot root, SearchLimits limits);
    // Stops the search; its result is discarded. Takes effect within a few milliseconds.
    void cancel();
    // Asks the search to finish now; its best move so far arrives through poll().
    void moveNow();
    // True from start() until the result has been taken by poll() or the search was cancelled.
    bool isBusy() const { return m_busy; }
    // Progress reports since the last call (oldest first).
    std::vector<SearchInfo> pollInfo();
    // The final result, once.
    std::optional<SearchResult> poll();
    void setHashSize(std::size_t mb);
    void clearHash();
    // The opening book file (empty: the default in the assets). Cancels a running search.
    void setBookPath(std::string path);

private:
    std::unique_ptr<Searcher> m_searcher; // used by the worker thread while it runs
    std::atomic<bool> m_finish{false};    // moveNow(): the search returns its best so far
    std::mutex m_mutex;
    std::vector<SearchInfo> m_infos;      // guarded by m_mutex
    std::optional<SearchResult> m_result; // guarded by m_mutex
    bool m_busy = false;                  // UI thread only
    std::jthread m_thread;                // declared last: joined first on destruction
};

} // namespace xq::ai
