#include "ai/threads.h"

#include <algorithm>

#include "ai/search_types.h"

namespace xq::ai {

int maxSearchThreads() {
    return std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, kMaxThreads);
}

void ThreadPool::resize(std::size_t n) {
    if (!m_threads.empty()) {
        {
            std::lock_guard lock(m_mutex);
            m_quit = true;
        }
        m_wake.notify_all();
        for (std::thread& t : m_threads)
            t.join();
        m_threads.clear();
        m_quit = false;
    }
    for (std::size_t i = 0; i < n; ++i)
        m_threads.emplace_back([this, i, seen = m_generation] { loop(i, seen); });
}

void ThreadPool::start(Job job) {
    if (m_threads.empty())
        return;
    {
        std::lock_guard lock(m_mutex);
        m_job     = std::move(job);
        m_running = m_threads.size();
        ++m_generation;
    }
    m_wake.notify_all();
}

void ThreadPool::wait() {
    std::unique_lock lock(m_mutex);
    m_done.wait(lock, [&] { return m_running == 0; });
}

void ThreadPool::loop(std::size_t index, std::uint64_t seen) {
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [&] { return m_quit || m_generation != seen; });
        if (m_quit)
            return;
        seen           = m_generation;
        const Job work = m_job;
        lock.unlock();
        work(index);
        lock.lock();
        if (--m_running == 0)
            m_done.notify_all();
    }
}

} // namespace xq::ai
