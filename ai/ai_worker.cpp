#include "ai/ai_worker.h"

#include <utility>

#include "ai/search.h"

namespace xq::ai {

AiWorker::AiWorker(std::size_t hashMb)
    : m_searcher(std::make_unique<Searcher>(hashMb)) {}

AiWorker::~AiWorker() {
    cancel();
}

void AiWorker::start(core::SearchSnapshot root, SearchLimits limits) {
    cancel();
    m_busy   = true;
    m_finish = false;
    m_thread = std::jthread([this, root = std::move(root), limits](std::stop_token stop) {
        std::atomic<bool> abort{false};
        std::stop_callback onStop(stop, [&] { abort = true; });
        SearchResult result;
        try {
            result =
                m_searcher->search(root, limits, {&abort, &m_finish}, [this](const SearchInfo& i) {
                    std::lock_guard lock(m_mutex);
                    m_infos.push_back(i);
                });
        } catch (...) {
            return; // an out-of-memory in the search: no move rather than a crash
        }
        if (stop.stop_requested())
            return;
        std::lock_guard lock(m_mutex);
        m_result = std::move(result);
    });
}

void AiWorker::cancel() {
    if (m_thread.joinable()) {
        m_thread.request_stop();
        m_thread.join();
    }
    std::lock_guard lock(m_mutex);
    m_result.reset();
    m_infos.clear();
    m_busy = false;
}

void AiWorker::moveNow() {
    m_finish = true;
}

std::vector<SearchInfo> AiWorker::pollInfo() {
    std::lock_guard lock(m_mutex);
    return std::exchange(m_infos, {});
}

std::optional<SearchResult> AiWorker::poll() {
    std::lock_guard lock(m_mutex);
    auto r = std::exchange(m_result, std::nullopt);
    if (r)
        m_busy = false;
    return r;
}

void AiWorker::setHashSize(std::size_t mb) {
    cancel();
    m_searcher->setHashSize(mb);
}

void AiWorker::clearHash() {
    cancel();
    m_searcher->clear();
}

void AiWorker::setBookPath(std::string path) {
    cancel();
    m_searcher->setBookPath(std::move(path));
}

} // namespace xq::ai
