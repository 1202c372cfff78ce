#include "egtb/layout.h"

#include <algorithm>
#include <bit>

namespace xq::egtb {

using core::Color;
using core::PieceType;
using core::Square;

namespace {

// C(n, k) for n <= 90, k <= 5.
struct Binomial {
    std::array<std::array<std::uint64_t, 6>, 91> c{};
    constexpr Binomial() {
        for (int n = 0; n <= 90; ++n) {
            c[n][0] = 1;
            for (int k = 1; k <= 5; ++k)
                c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
        }
    }
};
constexpr Binomial kBinomial;

// Red's general on files d-e of its palace (the mirror covers file f); Black's anywhere in its own.
constexpr Square kRedKings[6] = {3, 4, 12, 13, 21, 22};
constexpr int kBlackKingCount = 9;
constexpr int kKingPairs      = 6 * kBlackKingCount;
constexpr Square blackKing(int i) {
    return core::makeSquare(3 + i % 3, 7 + i / 3);
}

int redKingSlot(Square s) {
    for (int i = 0; i < 6; ++i)
        if (kRedKings[i] == s)
            return i;
    return -1;
}

} // namespace

Layout::Layout(const Material& m)
    : m_material(m) {
    m_perSide = kKingPairs;
    for (int c = 0; c < 2; ++c)
        for (const auto t : kWriteOrder) {
            const int n = m.count[c][int(t)];
            if (n == 0)
                continue;
            Group g;
            g.piece = core::makePiece(static_cast<Color>(c), t);
            g.count = n;
            g.slot.fill(-1);
            for (int s = 0; s < core::kSquares; ++s)
                if (core::tables::kTables.canStand[c][int(t)][s]) {
                    g.slot[s] = static_cast<std::int16_t>(g.squares.size());
                    g.squares.push_back(static_cast<Square>(s));
                }
            g.size = kBinomial.c[g.squares.size()][n];
            m_perSide *= g.size;
            m_groups.push_back(std::move(g));
        }
}

std::uint64_t Layout::index(const core::Position& pos, bool flip) const {
    auto map          = [flip](Square s) { return flip ? core::flipRank(s) : s; };
    const Color red   = flip ? Color::Black : Color::Red;
    Square rk         = map(pos.kingSquare(red));
    Square bk         = map(pos.kingSquare(~red));
    const bool mirror = core::fileOf(rk) > 4;
    if (mirror) {
        rk = core::flipFile(rk);
        bk = core::flipFile(bk);
    }
    const int rs = redKingSlot(rk);
    if (rs < 0 || !core::isInPalace(Color::Black, bk))
        return kNoIndex;
    const int bs      = (core::rankOf(bk) - 7) * 3 + (core::fileOf(bk) - 3);
    std::uint64_t idx = static_cast<std::uint64_t>(rs * kBlackKingCount + bs);
    for (const auto& g : m_groups) {
        const core::Piece p =
            flip ? core::makePiece(~core::colorOf(g.piece), core::typeOf(g.piece)) : g.piece;
        int slots[5];
        int n = 0;
        for (int w = 0; w < 2; ++w) {
            std::uint64_t bits = pos.pieces(p, w);
            while (bits && n < 5) {
                Square s = static_cast<Square>(w * 64 + std::countr_zero(bits));
                bits &= bits - 1;
                s = map(s);
                if (mirror)
                    s = core::flipFile(s);
                const int sl = g.slot[s];
                if (sl < 0)
                    return kNoIndex;
                slots[n++] = sl;
            }
        }
        if (n != g.count)
            return kNoIndex;
        for (int a = 1; a < n; ++a) // at most five: insertion sort
            for (int b = a; b > 0 && slots[b - 1] > slots[b]; --b)
                std::swap(slots[b - 1], slots[b]);
        std::uint64_t sub = 0;
        for (int i = 0; i < n; ++i)
            sub += kBinomial.c[slots[i]][i + 1];
        idx = idx * g.size + sub;
    }
    const Color side = flip ? ~pos.sideToMove() : pos.sideToMove();
    return (side == Color::Black ? m_perSide : 0) + idx;
}

bool Layout::decode(std::uint64_t idx, core::Position& pos) const {
    pos.clear();
    const Color side = idx >= m_perSide ? Color::Black : Color::Red;
    idx %= m_perSide;
    // Peel the groups off from the last one.
    std::array<std::uint64_t, 16> subs{};
    for (std::size_t i = m_groups.size(); i-- > 0;) {
        subs[i] = idx % m_groups[i].size;
        idx /= m_groups[i].size;
    }
    const int kp = static_cast<int>(idx);
    pos.put(kRedKings[kp / kBlackKingCount], core::makePiece(Color::Red, PieceType::King));
    const Square bk = blackKing(kp % kBlackKingCount);
    if (pos.at(bk) != core::kNoPiece)
        return false;
    pos.put(bk, core::makePiece(Color::Black, PieceType::King));
    for (std::size_t i = 0; i < m_groups.size(); ++i) {
        const auto& g     = m_groups[i];
        std::uint64_t rem = subs[i];
        int hi            = static_cast<int>(g.squares.size());
        for (int k = g.count; k >= 1; --k) {
            int s = k - 1;
            while (s + 1 < hi && kBinomial.c[s + 1][k] <= rem)
                ++s;
            rem -= kBinomial.c[s][k];
            hi              = s;
            const Square sq = g.squares[s];
            if (pos.at(sq) != core::kNoPiece)
                return false;
            pos.put(sq, g.piece);
        }
    }
    pos.setSideToMove(side);
    return true;
}

} // namespace xq::egtb
