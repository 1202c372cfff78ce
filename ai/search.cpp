// Temporary: picks the first legal move. Replaced by the real search.
#include "ai/search.h"

#include "core/movegen.h"

namespace xq::ai {

struct Searcher::Impl {};

Searcher::Searcher(std::size_t) : m_impl(new Impl) {}
Searcher::~Searcher() { delete m_impl; }
void Searcher::setHashSize(std::size_t) {}
void Searcher::clear() {}

SearchResult Searcher::search(const core::SearchSnapshot& root, const SearchLimits&, StopFlags,
                              const InfoCallback& onInfo) {
    core::MoveList list;
    core::generateLegal(root.root, list);
    SearchResult r;
    r.rootKey = root.root.key();
    if (!list.empty()) {
        r.best = list[0];
        r.pv   = {list[0]};
    }
    r.depth = 1;
    if (onInfo) {
        SearchInfo i;
        i.depth = 1;
        i.pv    = r.pv;
        onInfo(i);
    }
    return r;
}

}  // namespace xq::ai
