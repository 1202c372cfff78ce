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

#include "ai/search_agent.h"
#include "ai/search_types.h"
#include "core/game.h"

namespace xq::ai {

class Searcher;

class AiWorker : public SearchAgent {
public:
    explicit AiWorker(std::size_t hashMb = 64);
    ~AiWorker() override;
    AiWorker(const AiWorker&)            = delete;
    AiWorker& operator=(const AiWorker&) = delete;

    static constexpr const char* kName = "Xiangqi engine";
    std::string name() const override { return kName; }
    // Starts searching `root`; a search still running is cancelled first. With `ponder` the
    // search thinks on the opponent's time: its time limits wait until ponderHit() (they then
    // count from this start), and a result it reaches before arrives as usual.
    void start(core::SearchSnapshot root, SearchLimits limits, bool ponder = false);
    // The predicted move was played: the pondering search's time limits apply from now on.
    void ponderHit();
    void start(const SearchTask& task) override { start(task.snapshot, task.limits); }
    // Stops the search; its result is discarded. The thread stops within a few milliseconds;
    // the caller does not wait for it.
    void cancel() override { m_mailbox.cancel(); }
    // Asks the search to finish now; its best move so far arrives through poll().
    void moveNow() override;
    bool isBusy() const override { return m_mailbox.isBusy(); }
    std::vector<SearchInfo> pollInfo() override { return m_mailbox.pollInfo(); }
    std::optional<SearchResult> poll() override { return m_mailbox.poll(); }
    // Our engine always answers with a move (none only where there is no legal move).
    std::optional<std::string> pollError() override { return m_mailbox.pollError(); }
    // These cancel a running search and take effect before the next search starts.
    void setHashSize(std::size_t mb);
    void clearHash();
    // The opening book file (empty: the default in the assets).
    void setBookPath(std::string path);

private:
    std::unique_ptr<Searcher> m_searcher; // used by the worker thread only
    // moveNow()'s flag for the current search, shared with its job: set before the search has
    // begun, it makes the search return after its first iteration.
    std::shared_ptr<std::atomic<bool>> m_finish;
    std::shared_ptr<std::atomic<bool>> m_ponder;    // set while the current search ponders
    SearchMailbox m_mailbox{ThreadPriority::Lower}; // last: joined before m_searcher goes away
};

} // namespace xq::ai
