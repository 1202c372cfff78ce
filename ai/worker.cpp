#include "ai/worker.h"

#include <algorithm>

#ifdef __linux__
#include <cerrno>
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace xq::ai {

int workerNiceValue() {
#ifdef __linux__
    // PRIO_PROCESS with the process id reads the main thread's value, whichever thread asks.
    errno          = 0;
    const int own  = getpriority(PRIO_PROCESS, static_cast<id_t>(getpid()));
    const int base = errno == 0 ? own : 0;
    return std::min(19, base + kWorkerNice);
#else
    return 0;
#endif
}

void lowerCurrentThreadPriority() {
#ifdef __linux__
    // On Linux a nice value belongs to a thread: PRIO_PROCESS with a thread id changes only the
    // calling thread. Raising one's own nice value needs no privilege; failure changes nothing.
    (void)setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), workerNiceValue());
#endif
}

} // namespace xq::ai
