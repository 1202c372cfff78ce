#include "ai/threads.h"

#include <algorithm>
#include <thread>

#include "ai/search_types.h"

namespace xq::ai {

int maxSearchThreads() {
    return std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, kMaxThreads);
}

} // namespace xq::ai
