#include "ai/tt.h"

#include <algorithm>
#include <atomic>
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

namespace {

// The words are plain integers read and written through atomic_ref, so that clear() may still
// memset the table while no search runs.
std::uint64_t load(const std::uint64_t& word) {
    return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(word))
        .load(std::memory_order_relaxed);
}
void put(std::uint64_t& word, std::uint64_t value) {
    std::atomic_ref<std::uint64_t>(word).store(value, std::memory_order_relaxed);
}

std::uint64_t pack(const TtEntry& e) {
    return std::uint64_t{e.move} | std::uint64_t{static_cast<std::uint16_t>(e.score)} << 16
           | std::uint64_t{static_cast<std::uint16_t>(e.eval)} << 32 | std::uint64_t{e.depth} << 48
           | std::uint64_t{e.genBound} << 56;
}
TtEntry unpack(core::Key key, std::uint64_t data) {
    TtEntry e;
    e.key      = key;
    e.move     = static_cast<std::uint16_t>(data);
    e.score    = static_cast<std::int16_t>(static_cast<std::uint16_t>(data >> 16));
    e.eval     = static_cast<std::int16_t>(static_cast<std::uint16_t>(data >> 32));
    e.depth    = static_cast<std::uint8_t>(data >> 48);
    e.genBound = static_cast<std::uint8_t>(data >> 56);
    return e;
}

} // namespace

const TtEntry* TranspositionTable::probe(core::Key key, TtEntry& out) const {
    Bucket& b = bucketOf(key);
    for (Slot& slot : b.e) {
        const std::uint64_t data = load(slot.data);
        if ((load(slot.keyXorData) ^ data) != key || (data >> 56 & kBoundMask) == 0)
            continue;
        out = unpack(key, data);
        const auto refreshed =
            static_cast<std::uint8_t>(m_generation | (out.genBound & (kPvBit | kBoundMask)));
        if (refreshed != out.genBound) {
            out.genBound             = refreshed;
            const std::uint64_t next = pack(out);
            put(slot.data, next);
            put(slot.keyXorData, key ^ next);
        }
        return &out;
    }
    return nullptr;
}

void TranspositionTable::store(core::Key key, core::Move move, int score, int eval, int depth,
                               Bound bound, bool pv) {
    Bucket& b    = bucketOf(key);
    Slot* target = nullptr;
    TtEntry found;
    for (Slot& slot : b.e) {
        const std::uint64_t data = load(slot.data);
        if ((load(slot.keyXorData) ^ data) == key) {
            target = &slot;
            found  = unpack(key, data);
            break;
        }
    }
    if (target) {
        // Same position: keep the old move when we have none, and a deeper non-exact result.
        if (!move)
            move = core::Move::fromRaw(found.move);
        if (bound != Bound::Exact && depth + 2 < found.depth
            && (found.genBound & kGenMask) == m_generation)
            return;
    } else {
        // Replace the entry worth least: old generations first, then the shallowest.
        int worst = 1 << 30;
        for (Slot& slot : b.e) {
            const std::uint64_t data = load(slot.data);
            const int genBound       = static_cast<int>(data >> 56);
            const int age   = ((m_generation - (genBound & kGenMask)) & kGenMask) / kGenStep;
            const int value = (genBound & kBoundMask) == 0
                                  ? -1000
                                  : static_cast<int>(data >> 48 & 0xFF) - 8 * age;
            if (value < worst) {
                worst  = value;
                target = &slot;
            }
        }
    }
    TtEntry e;
    e.move  = move.raw();
    e.score = static_cast<std::int16_t>(score);
    e.eval  = static_cast<std::int16_t>(eval);
    e.depth = static_cast<std::uint8_t>(std::clamp(depth, 0, 255));
    e.genBound =
        static_cast<std::uint8_t>(m_generation | (pv ? kPvBit : 0) | static_cast<int>(bound));
    const std::uint64_t data = pack(e);
    put(target->data, data);
    put(target->keyXorData, key ^ data);
}

} // namespace xq::ai
