#include "ai/ai_worker.h"

#include <utility>

#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif

#include "ai/search.h"

namespace xq::ai {

void lowerCurrentThreadPriority() {
#ifdef __linux__
    // On Linux a nice value belongs to a thread: PRIO_PROCESS with a thread id changes only the
    // calling thread. Raising one's own nice value needs no privilege; failure changes nothing.
    (void)setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), kWorkerNice);
#endif
}

AiWorker::AiWorker(std::size_t hashMb)
    : m_searcher(std::make_unique<Searcher>(hashMb))
    , m_thread([this] { run(); }) {}

AiWorker::~AiWorker() {
    {
        std::lock_guard lock(m_mutex);
        m_quit = true;
        m_jobs.clear();
        m_abort = true;
    }
    m_wake.notify_one();
    m_thread.join();
}

void AiWorker::post(Job job) {
    m_jobs.push_back(std::move(job));
    m_wake.notify_one();
}

void AiWorker::cancelLocked() {
    ++m_current; // whatever still runs or waits reports to nobody
    std::erase_if(m_jobs, [](const Job& j) { return j.kind == Job::Kind::Search; });
    if (m_searching)
        m_abort = true;
    m_result.reset();
    m_infos.clear();
    m_busy = false;
}

void AiWorker::start(core::SearchSnapshot root, SearchLimits limits) {
    std::lock_guard lock(m_mutex);
    cancelLocked();
    Job job;
    job.kind   = Job::Kind::Search;
    job.id     = m_current;
    job.root   = std::move(root);
    job.limits = limits;
    post(std::move(job));
    m_busy = true;
}

void AiWorker::cancel() {
    std::lock_guard lock(m_mutex);
    cancelLocked();
}

void AiWorker::moveNow() {
    std::lock_guard lock(m_mutex);
    for (Job& j : m_jobs)
        if (j.kind == Job::Kind::Search && j.id == m_current) {
            j.finishNow = true; // not begun yet: it returns after its first iteration
            return;
        }
    if (m_searching)
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
    std::lock_guard lock(m_mutex);
    cancelLocked();
    Job job;
    job.kind   = Job::Kind::SetHashSize;
    job.hashMb = mb;
    post(std::move(job));
}

void AiWorker::clearHash() {
    std::lock_guard lock(m_mutex);
    cancelLocked();
    Job job;
    job.kind = Job::Kind::ClearHash;
    post(std::move(job));
}

void AiWorker::setBookPath(std::string path) {
    std::lock_guard lock(m_mutex);
    cancelLocked();
    Job job;
    job.kind     = Job::Kind::SetBookPath;
    job.bookPath = std::move(path);
    post(std::move(job));
}

void AiWorker::run() {
    lowerCurrentThreadPriority();
    for (;;) {
        Job job;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [this] { return m_quit || !m_jobs.empty(); });
            if (m_quit)
                return;
            job = std::move(m_jobs.front());
            m_jobs.pop_front();
            // Reset under the lock: a cancel() from now on is meant for this job.
            m_abort     = false;
            m_finish    = job.finishNow;
            m_searching = job.kind == Job::Kind::Search;
        }
        switch (job.kind) {
        case Job::Kind::ClearHash:
            m_searcher->clear();
            continue;
        case Job::Kind::SetHashSize:
            m_searcher->setHashSize(job.hashMb);
            continue;
        case Job::Kind::SetBookPath:
            m_searcher->setBookPath(std::move(job.bookPath));
            continue;
        case Job::Kind::Search:
            break;
        }
        std::optional<SearchResult> result;
        try {
            result = m_searcher->search(job.root, job.limits, {&m_abort, &m_finish},
                                        [this, id = job.id](const SearchInfo& i) {
                                            std::lock_guard lock(m_mutex);
                                            if (id == m_current)
                                                m_infos.push_back(i);
                                        });
        } catch (...) {
            // An out-of-memory in the search: no move rather than a crash.
        }
        std::lock_guard lock(m_mutex);
        m_searching = false;
        if (result && job.id == m_current && !m_abort)
            m_result = std::move(result);
    }
}

} // namespace xq::ai
