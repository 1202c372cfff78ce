#include "ai/wdl.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace xq::ai {

namespace {

// The fit of tools/bench/wdl_fit.py on bench/labels/ours30k-selflabels.txt.xz (269,345 positions
// of our engine's games, scored by our engine at 30,000 nodes; mates and perpetual-check wins left
// out). With t = material / 42: the score at which a win and a draw are equally likely is
// a(t) = kA[0] + kA[1] t + kA[2] t^2, the curves' width b(t) likewise with kB.
constexpr std::array<double, 3> kA{1099.5, -1965.7, 1061.6};
constexpr std::array<double, 3> kB{155.3, 408.9, -364.8};
constexpr int kFullMaterial = 42;

double logistic(double z) {
    return 1.0 / (1.0 + std::exp(-std::clamp(z, -700.0, 700.0)));
}

} // namespace

int wdlMaterial(const core::Position& pos) {
    int m = 0;
    for (const core::Color c : {core::Color::Red, core::Color::Black})
        m += 4 * pos.count(c, core::PieceType::Rook) + 2 * pos.count(c, core::PieceType::Horse)
             + 2 * pos.count(c, core::PieceType::Cannon) + pos.count(c, core::PieceType::Pawn);
    return m;
}

Wdl wdlFromScore(int cp, int mateIn, int material) {
    if (mateIn > 0)
        return {1000, 0, 0};
    if (mateIn < 0)
        return {0, 0, 1000};
    const double t = std::clamp(material, 0, kFullMaterial) / static_cast<double>(kFullMaterial);
    const double a = kA[0] + (kA[1] + kA[2] * t) * t;
    const double b = std::max(kB[0] + (kB[1] + kB[2] * t) * t, 1.0);
    const double x = cp;
    Wdl w;
    w.win  = static_cast<int>(std::lround(1000.0 * logistic((x - a) / b)));
    w.loss = static_cast<int>(std::lround(1000.0 * logistic((-x - a) / b)));
    // The curves may overlap for a narrow draw band; the draw share is what is left.
    if (w.win + w.loss > 1000) {
        const int over = w.win + w.loss - 1000;
        w.win -= over / 2;
        w.loss -= over - over / 2;
    }
    w.draw = 1000 - w.win - w.loss;
    return w;
}

} // namespace xq::ai
