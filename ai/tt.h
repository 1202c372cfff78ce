// Transposition table: buckets of four 16-byte entries (one cache line), indexed by the high bits
// of the Zobrist key, the full key stored for verification. Mate scores are stored relative to
// the node (kMateScore - plies from the node) and converted back on load (toTt / fromTt).
// The search threads probe and store concurrently without locks: an entry is two 64-bit words,
// the packed data and the key XOR the data, each read and written atomically (relaxed), so an
// entry torn by two simultaneous writers fails the key check and reads as a miss. Stored moves
// are hints: the search validates them. resize, clear and newSearch need the threads idle.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/types.h"

namespace xq::ai {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

// The entry's genBound byte: the bound, a mark for a node searched as a principal variation,
// and the search's generation, which steps by kGenStep and wraps (ages are taken modulo 32).
inline constexpr std::uint8_t kBoundMask = 0x03;
inline constexpr std::uint8_t kPvBit     = 0x04;
inline constexpr std::uint8_t kGenStep   = 0x08;
inline constexpr std::uint8_t kGenMask   = 0xF8;

// One entry's contents, as probe copies them out of the table.
struct TtEntry {
    core::Key key         = 0;
    std::uint16_t move    = 0;
    std::int16_t score    = 0;
    std::int16_t eval     = 0;
    std::uint8_t depth    = 0;
    std::uint8_t genBound = 0; // bits 0-1 bound, bit 2 was on a PV, bits 3-7 generation
    Bound bound() const { return static_cast<Bound>(genBound & kBoundMask); }
    bool wasPv() const { return (genBound & kPvBit) != 0; }
};

class TranspositionTable {
public:
    explicit TranspositionTable(std::size_t mb = 64) { resize(mb); }
    // Reallocates (clearing) to the largest power-of-two size within `mb` MiB. On allocation
    // failure keeps a small table and returns false.
    bool resize(std::size_t mb);
    void clear();
    void newSearch() {
        m_generation = static_cast<std::uint8_t>((m_generation + kGenStep) & kGenMask);
    }

    // Starts loading key's bucket into the cache (called right after a move is made).
    void prefetch(core::Key key) const { __builtin_prefetch(&bucketOf(key)); }
    // The entry for key copied into `out` and &out, or nullptr when key has none.
    const TtEntry* probe(core::Key key, TtEntry& out) const;
    void store(core::Key key, core::Move move, int score, int eval, int depth, Bound bound,
               bool pv = false);
    std::size_t sizeMb() const { return m_mb; }

private:
    // Bits 0-15 move, 16-31 score, 32-47 eval (both two's complement), 48-55 depth, 56-63
    // genBound. All-zero words are the empty entry (Bound::None).
    struct Slot {
        std::uint64_t keyXorData;
        std::uint64_t data;
    };
    // Aligned so that a bucket is exactly one cache line (a probe costs one miss, not two).
    struct alignas(64) Bucket {
        Slot e[4];
    };
    static_assert(sizeof(Bucket) == 64);
    // The bucket count is a power of two; the high key bits pick the bucket.
    Bucket& bucketOf(core::Key key) const {
        return m_buckets[static_cast<std::size_t>(key >> 32) & (m_count - 1)];
    }
    // The buckets live in memory aligned to 2 MiB and, on Linux, marked for transparent huge
    // pages: a probe is a random access into many MiB, and with 4 KiB pages nearly every one
    // also misses the TLB.
    struct FreeBuckets {
        void operator()(Bucket* p) const;
    };
    std::unique_ptr<Bucket[], FreeBuckets> m_buckets;
    std::size_t m_count       = 0;
    std::size_t m_mb          = 0;
    std::uint8_t m_generation = 0;
};

} // namespace xq::ai
