#include "ai/tt.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace xq::ai {

namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;

// Memory for `bytes` of table, aligned to a huge page when it is at least that big, or nullptr.
void* allocateTable(std::size_t bytes) {
    const std::size_t align = bytes >= kHugePage ? kHugePage : 64;
    void* p                 = std::aligned_alloc(align, (bytes + align - 1) / align * align);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (p && align == kHugePage)
        madvise(p, bytes, MADV_HUGEPAGE); // a hint: without it the table still works
#endif
    return p;
}

} // namespace

void TranspositionTable::FreeBuckets::operator()(Bucket* p) const {
    std::free(p);
}

bool TranspositionTable::resize(std::size_t mb) {
    mb            = std::clamp<std::size_t>(mb, 1, std::size_t{1} << 16);
    std::size_t n = 1;
    while (n * 2 * sizeof(Bucket) <= mb * 1024 * 1024)
        n *= 2;
    m_buckets.reset();
    m_buckets.reset(static_cast<Bucket*>(allocateTable(n * sizeof(Bucket))));
    if (m_buckets) {
        m_count = n;
        m_mb    = mb;
        clear();
        return true;
    }
    m_count = 1024;
    m_mb    = 1;
    m_buckets.reset(static_cast<Bucket*>(allocateTable(m_count * sizeof(Bucket))));
    if (!m_buckets)
        throw std::bad_alloc();
    clear();
    return false;
}

void TranspositionTable::clear() {
    // All-zero bytes are the empty entry (Bound::None); memset is several times faster than
    // assigning Bucket{} one by one (bench clears a 16 MiB table per position).
    std::memset(static_cast<void*>(m_buckets.get()), 0, m_count * sizeof(Bucket));
    m_generation = 0;
}

const TtEntry* TranspositionTable::probe(core::Key key) const {
    Bucket& b = bucketOf(key);
    for (TtEntry& e : b.e)
        if (e.key == key && e.bound() != Bound::None) {
            e.genBound = static_cast<std::uint8_t>(m_generation | (e.genBound & 3)); // refresh
            return &e;
        }
    return nullptr;
}

void TranspositionTable::store(core::Key key, core::Move move, int score, int eval, int depth,
                               Bound bound) {
    Bucket& b       = bucketOf(key);
    TtEntry* target = nullptr;
    for (TtEntry& e : b.e)
        if (e.key == key) {
            target = &e;
            break;
        }
    if (target) {
        // Same position: keep the old move when we have none, and a deeper non-exact result.
        if (!move)
            move = core::Move::fromRaw(target->move);
        if (bound != Bound::Exact && depth + 2 < target->depth
            && (target->genBound & 0xFC) == m_generation)
            return;
    } else {
        // Replace the entry worth least: old generations first, then the shallowest.
        int worst = 1 << 30;
        for (TtEntry& e : b.e) {
            const int age   = ((m_generation - (e.genBound & 0xFC)) & 0xFC) / 4;
            const int value = e.bound() == Bound::None ? -1000 : e.depth - 8 * age;
            if (value < worst) {
                worst  = value;
                target = &e;
            }
        }
    }
    target->key      = key;
    target->move     = move.raw();
    target->score    = static_cast<std::int16_t>(score);
    target->eval     = static_cast<std::int16_t>(eval);
    target->depth    = static_cast<std::uint8_t>(std::clamp(depth, 0, 255));
    target->genBound = static_cast<std::uint8_t>(m_generation | static_cast<int>(bound));
}

int TranspositionTable::hashfull() const {
    int used            = 0;
    const std::size_t n = std::min<std::size_t>(m_count, 250);
    for (std::size_t i = 0; i < n; ++i)
        for (const TtEntry& e : m_buckets[i].e)
            used += e.bound() != Bound::None && (e.genBound & 0xFC) == m_generation;
    return n ? static_cast<int>(used * 1000 / (n * 4)) : 0;
}

} // namespace xq::ai
