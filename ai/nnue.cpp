#include "ai/nnue.h"

#include <algorithm>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace xq::ai::nn {

using core::Color;
using core::Piece;
using core::Square;

namespace {

// Adds piece p on s in both views.
void add(Accumulator& acc, Piece p, Square s) {
    for (int view = 0; view < 2; ++view) {
        const auto c          = static_cast<Color>(view);
        const auto& w         = kWeights.w[feature(c, p, s)];
        const auto& wm        = kWeights.w[feature(c, p, core::flipFile(s))];
        std::int16_t* const a = acc.a[static_cast<std::size_t>(view)].data();
        for (int j = 0; j < kHalf; ++j) {
            a[j]         = static_cast<std::int16_t>(a[j] + w[j]);
            a[kHalf + j] = static_cast<std::int16_t>(a[kHalf + j] + wm[j]);
        }
    }
}

} // namespace

void refresh(const core::Position& pos, Accumulator& acc) {
    for (auto& view : acc.a)
        for (int j = 0; j < kUnits; ++j)
            view[static_cast<std::size_t>(j)] = kWeights.b[j % kHalf];
    for (int s = 0; s < core::kSquares; ++s)
        if (const Piece p = pos.at(static_cast<Square>(s)); p != core::kNoPiece)
            add(acc, p, static_cast<Square>(s));
}

void update(const Accumulator& from, const Change& c, Accumulator& to) {
    if (c.piece == core::kNoPiece) {
        to = from;
        return;
    }
    for (int view = 0; view < 2; ++view) {
        // One pass over the units: the moved piece leaves `from`, lands on `to`, and a captured
        // piece leaves `to`; each row has its left-right mirror for units kHalf.. .
        const auto v            = static_cast<Color>(view);
        const auto& off         = kWeights.w[feature(v, c.piece, c.from)];
        const auto& offM        = kWeights.w[feature(v, c.piece, core::flipFile(c.from))];
        const auto& on          = kWeights.w[feature(v, c.piece, c.to)];
        const auto& onM         = kWeights.w[feature(v, c.piece, core::flipFile(c.to))];
        const std::int16_t* src = from.a[static_cast<std::size_t>(view)].data();
        std::int16_t* dst       = to.a[static_cast<std::size_t>(view)].data();
        const bool capture      = c.captured != core::kNoPiece;
        const auto& cap         = kWeights.w[capture ? feature(v, c.captured, c.to) : 0];
        const auto& capM = kWeights.w[capture ? feature(v, c.captured, core::flipFile(c.to)) : 0];
#if defined(__SSE2__)
        // Eight units at a time (SSE2 is part of every x86-64 processor); 16-bit wrap-around
        // arithmetic like the scalar loop, so the sums are the same to the bit.
        const auto load = [](const std::int16_t* p) {
            return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        };
        for (int j = 0; j < kHalf; j += 8) {
            __m128i a = _mm_add_epi16(_mm_sub_epi16(load(src + j), load(&off[j])), load(&on[j]));
            __m128i m =
                _mm_add_epi16(_mm_sub_epi16(load(src + kHalf + j), load(&offM[j])), load(&onM[j]));
            if (capture) {
                a = _mm_sub_epi16(a, load(&cap[j]));
                m = _mm_sub_epi16(m, load(&capM[j]));
            }
            _mm_store_si128(reinterpret_cast<__m128i*>(dst + j), a);
            _mm_store_si128(reinterpret_cast<__m128i*>(dst + kHalf + j), m);
        }
#else
        for (int j = 0; j < kHalf; ++j) {
            dst[j] = static_cast<std::int16_t>(src[j] - off[j] + on[j] - (capture ? cap[j] : 0));
            dst[kHalf + j] = static_cast<std::int16_t>(src[kHalf + j] - offM[j] + onM[j]
                                                       - (capture ? capM[j] : 0));
        }
#endif
    }
}

int output(const Accumulator& acc, Color sideToMove) {
    const auto& us   = acc.a[static_cast<std::size_t>(core::index(sideToMove))];
    const auto& them = acc.a[static_cast<std::size_t>(core::index(~sideToMove))];
    // 2 x kUnits products, each at most kQa x 32768 in magnitude: at most 2^31, reached only at
    // the negative end, so the sum stays inside 32 bits. A wider network needs a wider sum.
    static_assert(std::int64_t{2} * kUnits * kQa * 32768 <= std::int64_t{1} << 31);
    std::int32_t sum = 0;
#if defined(__SSE2__)
    // The same sum, eight units at a time: SSE2 is part of every x86-64 processor, so this needs
    // no run-time dispatch. Integer arithmetic, so the result is the scalar loop's to the bit.
    const __m128i zero                 = _mm_setzero_si128();
    const __m128i clip                 = _mm_set1_epi16(kQa);
    __m128i total                      = zero;
    const std::int16_t* const views[2] = {us.data(), them.data()};
    for (int k = 0; k < 2; ++k)
        for (int j = 0; j < kUnits; j += 8) {
            const __m128i a = _mm_load_si128(reinterpret_cast<const __m128i*>(views[k] + j));
            const __m128i v =
                _mm_loadu_si128(reinterpret_cast<const __m128i*>(&kWeights.v[k][j % kHalf]));
            total = _mm_add_epi32(total,
                                  _mm_madd_epi16(_mm_min_epi16(_mm_max_epi16(a, zero), clip), v));
        }
    total = _mm_add_epi32(total, _mm_shuffle_epi32(total, _MM_SHUFFLE(1, 0, 3, 2)));
    total = _mm_add_epi32(total, _mm_shuffle_epi32(total, _MM_SHUFFLE(2, 3, 0, 1)));
    sum   = _mm_cvtsi128_si32(total);
#else
    for (int j = 0; j < kUnits; ++j) {
        const auto u = static_cast<std::size_t>(j);
        sum += kWeights.v[0][j % kHalf] * std::clamp<int>(us[u], 0, kQa)
               + kWeights.v[1][j % kHalf] * std::clamp<int>(them[u], 0, kQa);
    }
#endif
    return static_cast<int>((std::int64_t{kWeights.c} + sum) * kOutCp / (std::int64_t{kQa} * kQv));
}

} // namespace xq::ai::nn
