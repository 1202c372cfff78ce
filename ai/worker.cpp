#include "ai/worker.h"

#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace xq::ai {

void lowerCurrentThreadPriority() {
#ifdef __linux__
    // On Linux a nice value belongs to a thread: PRIO_PROCESS with a thread id changes only the
    // calling thread. Raising one's own nice value needs no privilege; failure changes nothing.
    (void)setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), kWorkerNice);
#endif
}

} // namespace xq::ai
