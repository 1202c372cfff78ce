// The one way the programs run work off the UI thread. Worker<Message> owns one thread that runs
// posted jobs in order; a job hands results and progress to the owner as Messages, which the
// owner takes with poll() (the desktop game does so once per frame, so it never waits). Signal is
// a flag one thread sets and another waits on without spinning (the UCI engine's "stop").
// Rules: only the owning thread calls a Worker's member functions; a job talks to the owner only
// through its JobContext; a cancelled job's messages never reach the owner.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>
#include <utility>
#include <vector>

namespace xq::ai {

// How much nicer than the UI the engine's worker threads run (Linux nice value, per thread).
constexpr int kWorkerNice = 10;

// The nice value of the engine's workers and of the engine processes the program starts:
// kWorkerNice above the process's own (its main thread's, the UI), at most 19. Relative, so a
// program started at low priority (`nice -n 19`) never gets workers or engines above itself,
// and one started from a worker thread gets the same value. Linux; elsewhere 0.
int workerNiceValue();

// Lowers the calling thread's scheduling priority to workerNiceValue() (Linux only; elsewhere,
// or when the system refuses, nothing happens). Worker threads call this first so that the UI
// thread and the display server get a core as soon as they wake, while a search that would
// otherwise take a whole core makes room for a frame. A new thread inherits its creator's
// value, so only the thread that calls this is affected.
void lowerCurrentThreadPriority();

// A flag that one thread sets and others test or wait for. flag() is what the search and the
// mate solver poll (every few thousand nodes); wait() sleeps on a condition variable until
// set() is called, so a waiting thread takes no CPU.
class Signal {
public:
    void set() {
        {
            std::lock_guard lock(m_mutex);
            m_flag = true;
        }
        m_changed.notify_all();
    }
    // Only while no thread polls or waits on it (before a new search starts).
    void reset() { m_flag = false; }
    bool isSet() const { return m_flag.load(); }
    const std::atomic<bool>* flag() const { return &m_flag; }
    // Returns once set() has been called (at once if it has already).
    void wait() {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [this] { return m_flag.load(); });
    }

private:
    std::atomic<bool> m_flag{false};
    std::mutex m_mutex; // orders set() against wait()'s test, so no wake-up is lost
    std::condition_variable m_changed;
};

// Whether cancel() drops a job that has not started, and stops it when it runs. Searches are
// Drop jobs; settings such as a new hash size are Keep jobs, so they apply before the next search.
enum class OnCancel { Drop, Keep };
// Whether the worker thread lowers its priority (lowerCurrentThreadPriority) when it starts.
enum class ThreadPriority { Normal, Lower };

template <class Message> class Worker;

// What a running job sees of its worker: a stop token (set by cancel() for a Drop job, and by
// the worker's destruction for any job) and a way to hand messages to the owner.
template <class Message> class JobContext {
public:
    std::stop_token stopToken() const { return m_stop; }
    bool stopRequested() const { return m_stop.stop_requested(); }
    // Queues `m` for the owner's next poll(). Dropped when cancel() came after the job was posted.
    void send(Message m) { m_worker.deliver(m_generation, std::move(m)); }

private:
    friend class Worker<Message>;
    JobContext(Worker<Message>& worker, std::uint64_t generation, std::stop_token stop)
        : m_worker(worker)
        , m_generation(generation)
        , m_stop(std::move(stop)) {}

    Worker<Message>& m_worker;
    std::uint64_t m_generation;
    std::stop_token m_stop;
};

// One thread, a queue of jobs, a mailbox of messages. post() returns at once; the thread starts
// with the first job. Jobs run one at a time, in the order posted. An exception escaping a job
// is caught and ends that job only (a job that must always answer catches its own and sends
// what it means). cancel() does not wait for the running job: it asks it to stop and makes
// sure nothing it sends arrives. The destructor drops jobs not yet started, asks the running
// one to stop, and joins.
template <class Message> class Worker {
public:
    using Context = JobContext<Message>;
    using Job     = std::function<void(Context&)>;

    explicit Worker(ThreadPriority priority = ThreadPriority::Lower)
        : m_priority(priority) {}
    ~Worker() {
        {
            std::lock_guard lock(m_mutex);
            m_jobs.clear();
            if (m_running)
                m_running->stop.request_stop();
        }
        if (m_thread.joinable()) {
            m_thread.request_stop(); // wakes run() (condition_variable_any with the token)
            m_thread.join();
        }
    }
    Worker(const Worker&)            = delete;
    Worker& operator=(const Worker&) = delete;

    // Queues `job` behind the jobs posted before it.
    void post(Job job, OnCancel onCancel = OnCancel::Drop) {
        {
            std::lock_guard lock(m_mutex);
            m_jobs.push_back({std::move(job), m_generation, onCancel});
        }
        if (!m_thread.joinable())
            m_thread = std::jthread([this](std::stop_token quit) { run(quit); });
        m_wake.notify_one();
    }

    // Drops the Drop jobs not yet started, asks a running Drop job to stop, and discards every
    // message not yet polled or sent later by a job posted before this call. Does not wait.
    void cancel() {
        std::lock_guard lock(m_mutex);
        ++m_generation;
        std::erase_if(m_jobs, [](const Entry& e) { return e.onCancel == OnCancel::Drop; });
        if (m_running && m_running->onCancel == OnCancel::Drop)
            m_running->stop.request_stop();
        m_messages.clear();
    }

    // The messages sent since the last call, oldest first.
    std::vector<Message> poll() {
        std::lock_guard lock(m_mutex);
        return std::exchange(m_messages, {});
    }

    // Blocks until no job is queued or running (tests; flushing files before reading them).
    void waitIdle() {
        std::unique_lock lock(m_mutex);
        m_idle.wait(lock, [this] { return m_jobs.empty() && !m_running; });
    }

private:
    friend class JobContext<Message>;
    struct Entry {
        Job job;
        std::uint64_t generation;
        OnCancel onCancel;
    };
    struct Running {
        std::stop_source stop;
        OnCancel onCancel;
    };

    void deliver(std::uint64_t generation, Message m) {
        std::lock_guard lock(m_mutex);
        if (generation == m_generation)
            m_messages.push_back(std::move(m));
    }

    void run(std::stop_token quit) {
        if (m_priority == ThreadPriority::Lower)
            lowerCurrentThreadPriority();
        std::unique_lock lock(m_mutex);
        for (;;) {
            m_wake.wait(lock, quit, [this] { return !m_jobs.empty(); });
            if (quit.stop_requested())
                return;
            Entry entry = std::move(m_jobs.front());
            m_jobs.pop_front();
            m_running.emplace(Running{std::stop_source{}, entry.onCancel});
            Context context(*this, entry.generation, m_running->stop.get_token());
            lock.unlock();
            try {
                entry.job(context);
            } catch (...) {
                // The job ends here; the thread goes on with the next one.
            }
            entry.job = nullptr; // its captures die on this thread, before the owner is told
            lock.lock();
            m_running.reset();
            if (m_jobs.empty())
                m_idle.notify_all();
        }
    }

    const ThreadPriority m_priority;
    std::mutex m_mutex;
    std::condition_variable_any m_wake;
    std::condition_variable m_idle;
    std::deque<Entry> m_jobs;         // guarded by m_mutex
    std::vector<Message> m_messages;  // guarded
    std::uint64_t m_generation = 0;   // guarded: bumped by cancel()
    std::optional<Running> m_running; // guarded: the job the thread runs now
    std::jthread m_thread;            // last: joined before the members above go away
};

} // namespace xq::ai
