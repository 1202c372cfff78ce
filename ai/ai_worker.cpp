#include "ai/ai_worker.h"

#include <utility>

#include "ai/search.h"

namespace xq::ai {

AiWorker::AiWorker(std::size_t hashMb)
    : m_searcher(std::make_unique<Searcher>(hashMb)) {}

AiWorker::~AiWorker() = default; // m_worker stops the search and joins first

void AiWorker::collect() {
    for (Message& m : m_worker.poll()) {
        if (auto* info = std::get_if<SearchInfo>(&m))
            m_infos.push_back(std::move(*info));
        else
            m_result = std::move(std::get<SearchResult>(m));
    }
}

void AiWorker::start(core::SearchSnapshot root, SearchLimits limits) {
    cancel();
    m_finish = std::make_shared<std::atomic<bool>>(false);
    m_worker.post(
        [this, root = std::move(root), limits, finish = m_finish](Worker<Message>::Context& job) {
            // The search polls an atomic flag; the job's stop token (cancel, destruction) sets it.
            std::atomic<bool> abort{false};
            std::stop_callback onStop(job.stopToken(), [&abort] { abort = true; });
            SearchResult result;
            try {
                result = m_searcher->search(root, limits, {&abort, finish.get()},
                                            [&job](const SearchInfo& i) { job.send(i); });
            } catch (...) {
                return; // an out-of-memory in the search: no move rather than a crash
            }
            if (!abort)
                job.send(std::move(result));
        });
    m_busy = true;
}

void AiWorker::cancel() {
    m_worker.cancel();
    m_infos.clear();
    m_result.reset();
    m_busy = false;
}

void AiWorker::moveNow() {
    if (m_busy && m_finish)
        *m_finish = true;
}

std::vector<SearchInfo> AiWorker::pollInfo() {
    collect();
    return std::exchange(m_infos, {});
}

std::optional<SearchResult> AiWorker::poll() {
    collect();
    auto r = std::exchange(m_result, std::nullopt);
    if (r)
        m_busy = false;
    return r;
}

void AiWorker::setHashSize(std::size_t mb) {
    cancel();
    m_worker.post([this, mb](Worker<Message>::Context&) { m_searcher->setHashSize(mb); },
                  OnCancel::Keep);
}

void AiWorker::clearHash() {
    cancel();
    m_worker.post([this](Worker<Message>::Context&) { m_searcher->clear(); }, OnCancel::Keep);
}

void AiWorker::setBookPath(std::string path) {
    cancel();
    m_worker.post([this, path = std::move(path)](
                      Worker<Message>::Context&) { m_searcher->setBookPath(path); },
                  OnCancel::Keep);
}

} // namespace xq::ai
