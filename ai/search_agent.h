// SearchAgent: something that searches a position off the UI thread and reports: our own
// engine (AiWorker) or an external one (enginelink's ExternalEngine). The UI thread starts a
// search, polls once per frame for progress, the result or an error, and may cancel it or ask
// for the move now. SearchMailbox is the one implementation of the thread and its mailbox that
// both share: a worker thread runs the search jobs, and what they send waits in the mailbox
// until the owner polls. Only the owning thread calls the member functions.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ai/search_types.h"
#include "ai/worker.h"
#include "core/game.h"

namespace xq::ai {

// What to search: the game from its start (an external engine gets the moves and judges
// repetitions itself) and the snapshot our engine searches, with the limits.
struct SearchTask {
    core::SearchSnapshot snapshot;
    core::Position start;
    std::vector<core::Move> moves;
    SearchLimits limits;
};

// Why a search ended without a move (an external engine that crashed, hung or cheated).
struct SearchFailure {
    std::string message;
};
using SearchMessage = std::variant<SearchInfo, SearchResult, SearchFailure>;

class SearchAgent {
public:
    virtual ~SearchAgent() = default;
    // Who searches, for the person ("Xiangqi engine", an external engine's id name).
    virtual std::string name() const = 0;
    // Starts a search; one still running is cancelled first.
    virtual void start(const SearchTask& task) = 0;
    // Stops the search; its result is discarded. Does not wait for the thread.
    virtual void cancel() = 0;
    // Asks the search for its best move now; it arrives through poll().
    virtual void moveNow() = 0;
    // From start() until the result or the error has been taken, or the search cancelled.
    virtual bool isBusy() const = 0;
    // Progress reports since the last call (oldest first).
    virtual std::vector<SearchInfo> pollInfo() = 0;
    // The final result, once.
    virtual std::optional<SearchResult> poll() = 0;
    // Why the search ended without a move, once; the search is over then.
    virtual std::optional<std::string> pollError() = 0;
};

class SearchMailbox {
public:
    using Job = Worker<SearchMessage>::Job;
    explicit SearchMailbox(ThreadPriority priority)
        : m_worker(priority) {}

    // Posts a search job (cancelled by cancel()); the mailbox is busy until it answers.
    void startSearch(Job job) {
        cancel();
        m_worker.post(std::move(job), OnCancel::Drop);
        m_busy = true;
    }
    // A job that is not a search (a new hash size, quitting an engine): runs in order, even
    // after a cancel().
    void postSetting(Job job) { m_worker.post(std::move(job), OnCancel::Keep); }
    void cancel() {
        m_worker.cancel();
        m_infos.clear();
        m_result.reset();
        m_error.reset();
        m_busy = false;
    }
    bool isBusy() const { return m_busy; }
    std::vector<SearchInfo> pollInfo() {
        collect();
        return std::exchange(m_infos, {});
    }
    std::optional<SearchResult> poll() {
        collect();
        auto r = std::exchange(m_result, std::nullopt);
        if (r)
            m_busy = false;
        return r;
    }
    std::optional<std::string> pollError() {
        collect();
        auto e = std::exchange(m_error, std::nullopt);
        if (e)
            m_busy = false;
        return e;
    }
    void waitIdle() { m_worker.waitIdle(); }

private:
    void collect() {
        for (SearchMessage& m : m_worker.poll()) {
            if (auto* info = std::get_if<SearchInfo>(&m))
                m_infos.push_back(std::move(*info));
            else if (auto* r = std::get_if<SearchResult>(&m))
                m_result = std::move(*r);
            else
                m_error = std::move(std::get<SearchFailure>(m).message);
        }
    }

    std::vector<SearchInfo> m_infos;
    std::optional<SearchResult> m_result;
    std::optional<std::string> m_error;
    bool m_busy = false;
    Worker<SearchMessage> m_worker; // last: joined before the mailbox goes away
};

} // namespace xq::ai
