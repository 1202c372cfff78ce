// Searcher: the alpha-beta search. One Searcher is used by one thread at a time; it owns its
// transposition table and, for SearchLimits::threads > 1, helper search threads on a pool
// (ai/threads.h; lazy SMP: they search the same root at staggered depths and share the table;
// the calling thread decides the move and reports). Its time limits come from ai/timeman.h.
// search() returns a plain SearchResult and reports progress through the callback after every
// iteration; it never prints.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "ai/search_types.h"
#include "core/game.h"

namespace xq::ai {

struct StopFlags {
    const std::atomic<bool>* abort  = nullptr; // cancel: stop at once, result unused
    const std::atomic<bool>* finish = nullptr; // move now / UCI stop: return the best so far
    // While set, the time limits wait (UCI "go ponder" until "ponderhit" clears it); they are
    // counted from the search's start, so the time pondered counts as time used.
    const std::atomic<bool>* ponder = nullptr;
};

class Searcher {
public:
    using InfoCallback = std::function<void(const SearchInfo&)>;

    explicit Searcher(std::size_t hashMb = 64);
    ~Searcher();
    Searcher(const Searcher&)            = delete;
    Searcher& operator=(const Searcher&) = delete;
    void setHashSize(std::size_t mb);
    void clear(); // new game: empties the table and the move-ordering history
    // The opening book file to use when SearchLimits::useBook; empty (the default) means
    // defaultBookPath() (ai/book.h). A missing or unreadable file simply means no book moves.
    void setBookPath(std::string path);
    // Seeds the random choices (book moves and a level's pick among near-equal moves), so that
    // the same searches in the same order choose the same moves. Unseeded: from the system.
    void setSeed(std::uint64_t seed);

    // Searches root.root, respecting the repetition rules of root.rules with the earlier keys.
    // Always returns a legal move when one exists (even when stopped at once). Runs on the
    // calling thread plus limits.threads - 1 helper threads, which persist between searches
    // (created, or the pool resized, by the first search that asks for a different count; they
    // inherit the calling thread's priority then) and are idle whenever search() is not running.
    // With one thread the search is deterministic (bench's node count). With limits.level the
    // search runs at that level (ai/level.h: one thread, its nodes and root lines, a move
    // chosen within its margin); the lines reported and returned are the caller's MultiPV.
    SearchResult search(const core::SearchSnapshot& root, const SearchLimits& limits,
                        StopFlags stop = {}, const InfoCallback& onInfo = {});

private:
    struct SearchThread;
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace xq::ai
