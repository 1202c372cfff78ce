// The search's threads: how many one search may use.
#pragma once

namespace xq::ai {

// The most search threads worth offering on this machine: its hardware threads, at least 1 and
// at most kMaxThreads (ai/search_types.h). The engine's Threads option and the game's setting
// both end here.
int maxSearchThreads();

} // namespace xq::ai
