#include "ai/nnue.h"

#include <algorithm>

namespace xq::ai::nn {

using core::Color;
using core::Piece;
using core::Square;

namespace {

// Adds (sign +1) or removes (-1) piece p on s in both views.
template <int Sign> void apply(Accumulator& acc, Piece p, Square s) {
    for (int view = 0; view < 2; ++view) {
        const auto c          = static_cast<Color>(view);
        const auto& w         = kWeights.w[feature(c, p, s)];
        const auto& wm        = kWeights.w[feature(c, p, core::flipFile(s))];
        std::int16_t* const a = acc.a[static_cast<std::size_t>(view)].data();
        for (int j = 0; j < kHalf; ++j) {
            a[j]         = static_cast<std::int16_t>(a[j] + Sign * w[j]);
            a[kHalf + j] = static_cast<std::int16_t>(a[kHalf + j] + Sign * wm[j]);
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
            apply<1>(acc, p, static_cast<Square>(s));
}

void update(const core::Position& pos, core::Move m, Accumulator& acc) {
    const Piece p = pos.at(m.from());
    apply<-1>(acc, p, m.from());
    apply<1>(acc, p, m.to());
    if (const Piece cap = pos.at(m.to()); cap != core::kNoPiece)
        apply<-1>(acc, cap, m.to());
}

int output(const Accumulator& acc, Color sideToMove) {
    std::int64_t sum = kWeights.c;
    for (int k = 0; k < 2; ++k) {
        const auto& a     = acc.a[static_cast<std::size_t>(k == 0 ? core::index(sideToMove)
                                                                  : core::index(~sideToMove))];
        std::int32_t part = 0;
        for (int j = 0; j < kUnits; ++j)
            part +=
                kWeights.v[k][j % kHalf] * std::clamp<int>(a[static_cast<std::size_t>(j)], 0, kQa);
        sum += part;
    }
    return static_cast<int>(sum * kOutCp / (std::int64_t{kQa} * kQv));
}

} // namespace xq::ai::nn
