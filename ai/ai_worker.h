// AiWorker: runs searches on one long-lived thread (an ai::Worker) for the desktop game. The UI
// thread calls start() (returns at once) and polls once per frame; progress and the final move
// come back through the worker's mailbox. cancel() stops the search and discards its move;
// moveNow() stops it and delivers the best move found so far. No call made by the UI waits for
// the search thread: a superseded search is told to stop and the thread takes the next job when
// it has, and hash clearing and resizing run on that thread too, in order. Destroying the worker
// mid-search stops and joins it. Only the owning (UI) thread may call the member functions.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ai/search_types.h"
#include "ai/worker.h"
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
    using Message = std::variant<SearchInfo, SearchResult>;
    // Moves the worker's messages into m_infos and m_result.
    void collect();

    std::unique_ptr<Searcher> m_searcher; // used by the worker thread only
    // moveNow()'s flag for the current search, shared with its job: set before the search has
    // begun, it makes the search return after its first iteration.
    std::shared_ptr<std::atomic<bool>> m_finish;
    std::vector<SearchInfo> m_infos; // UI thread only, like the members below
    std::optional<SearchResult> m_result;
    bool m_busy = false;
    Worker<Message> m_worker; // last: its thread is joined before m_searcher goes away
};

} // namespace xq::ai
