#include "ai/ai_worker.h"

#include <utility>

#include "ai/search.h"

namespace xq::ai {

AiWorker::AiWorker(std::size_t hashMb)
    : m_searcher(std::make_unique<Searcher>(hashMb)) {}

AiWorker::~AiWorker() = default; // m_worker stops the search and joins first

void AiWorker::start(core::SearchSnapshot root, SearchLimits limits, bool ponder) {
    m_finish = std::make_shared<std::atomic<bool>>(false);
    m_ponder = std::make_shared<std::atomic<bool>>(ponder);
    m_mailbox.startSearch([this, root = std::move(root), limits, finish = m_finish,
                           pondering = m_ponder](Worker<SearchMessage>::Context& job) {
        // The search polls an atomic flag; the job's stop token (cancel, destruction) sets it.
        std::atomic<bool> abort{false};
        std::stop_callback onStop(job.stopToken(), [&abort] { abort = true; });
        SearchResult result;
        try {
            result = m_searcher->search(root, limits, {&abort, finish.get(), pondering.get()},
                                        [&job](const SearchInfo& i) { job.send(i); });
        } catch (...) {
            return; // an out-of-memory in the search: no move rather than a crash
        }
        if (!abort)
            job.send(std::move(result));
    });
}

void AiWorker::ponderHit() {
    if (m_ponder)
        *m_ponder = false;
}

void AiWorker::moveNow() {
    if (m_mailbox.isBusy() && m_finish)
        *m_finish = true;
}

void AiWorker::setHashSize(std::size_t mb) {
    cancel();
    m_mailbox.postSetting(
        [this, mb](Worker<SearchMessage>::Context&) { m_searcher->setHashSize(mb); });
}

void AiWorker::clearHash() {
    cancel();
    m_mailbox.postSetting([this](Worker<SearchMessage>::Context&) { m_searcher->clear(); });
}

void AiWorker::setBookPath(std::string path) {
    cancel();
    m_mailbox.postSetting([this, path = std::move(path)](Worker<SearchMessage>::Context&) {
        m_searcher->setBookPath(path);
    });
}

} // namespace xq::ai
