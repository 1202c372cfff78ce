#include "egtb/generate.h"

#include <algorithm>
#include <chrono>

#include "core/movegen.h"

namespace xq::egtb {

using core::Color;
using core::Move;
using core::PieceType;
using core::Position;
using core::Square;

namespace {

// Working codes: below 0x8000 the final codes of table.h. Unresolved entries have bit 15 set:
// with bit 14 clear the position may still be lost, the low bits holding the least length of a
// loss that its captures force (0 when none); with bit 14 set it cannot be lost, the low bits
// holding the length of a win by capture (kNoPending when none).
constexpr std::uint16_t kOpen      = 0x8000;
constexpr std::uint16_t kNoLose    = 0x4000;
constexpr std::uint16_t kLowMask   = 0x3FFF;
constexpr std::uint16_t kNoPending = kLowMask;

bool isOpen(std::uint16_t v) {
    return (v & kOpen) != 0;
}
std::uint16_t resolved(int dtm) {
    return static_cast<std::uint16_t>(dtm + 2);
}

// Calls f(from, to) for every move the side `mover` could have made into this position without
// capturing: the piece now on `to` came from the empty point `from`.
template <class F> void forEachUnmove(const Position& pos, Color mover, F&& f) {
    const auto& t = core::tables::kTables;
    for (int w = 0; w < 2; ++w) {
        std::uint64_t bits = pos.occupancy(mover, w);
        while (bits) {
            const Square to = static_cast<Square>(w * 64 + std::countr_zero(bits));
            bits &= bits - 1;
            const core::Piece p = pos.at(to);
            switch (core::typeOf(p)) {
            case PieceType::King:
                for (const Square* s = t.king[to].data(); *s != core::kNoSquare; ++s)
                    if (pos.at(*s) == core::kNoPiece)
                        f(*s, to);
                break;
            case PieceType::Advisor:
                for (const Square* s = t.advisor[to].data(); *s != core::kNoSquare; ++s)
                    if (pos.at(*s) == core::kNoPiece)
                        f(*s, to);
                break;
            case PieceType::Elephant:
                for (const auto* st = t.elephant[to].data(); st->to != core::kNoSquare; ++st)
                    if (pos.at(st->to) == core::kNoPiece && pos.at(st->block) == core::kNoPiece)
                        f(st->to, to);
                break;
            case PieceType::Horse:
                // The horse came from a point whose own leg (next to that point) is empty.
                for (const auto* st = t.horseFrom[to].data(); st->to != core::kNoSquare; ++st)
                    if (pos.at(st->to) == core::kNoPiece && pos.at(st->block) == core::kNoPiece)
                        f(st->to, to);
                break;
            case PieceType::Rook:
            case PieceType::Cannon:
                // A quiet chariot or cannon move slides over empty points either way.
                for (int d = 0; d < 4; ++d)
                    for (const Square* s = t.rays.sq[to][d].data(); *s != core::kNoSquare; ++s) {
                        if (pos.at(*s) != core::kNoPiece)
                            break;
                        f(*s, to);
                    }
                break;
            case PieceType::Pawn: {
                const int c    = index(mover);
                const int file = core::fileOf(to), rank = core::rankOf(to);
                const int back = rank + (mover == Color::Red ? -1 : 1);
                if (back >= 0 && back <= 9) {
                    const Square s = core::makeSquare(file, back);
                    if (t.canStand[c][int(PieceType::Pawn)][s] && pos.at(s) == core::kNoPiece)
                        f(s, to);
                }
                if (!core::isOwnHalf(mover, to))
                    for (int df : {-1, 1}) {
                        const int ff = file + df;
                        if (ff < 0 || ff > 8)
                            continue;
                        const Square s = core::makeSquare(ff, rank);
                        if (pos.at(s) == core::kNoPiece)
                            f(s, to);
                    }
                break;
            }
            default:
                break;
            }
        }
    }
}

Position mirrored(const Position& pos) {
    Position m;
    m.clear();
    for (int s = 0; s < core::kSquares; ++s)
        if (pos.at(static_cast<Square>(s)) != core::kNoPiece)
            m.put(core::flipFile(static_cast<Square>(s)), pos.at(static_cast<Square>(s)));
    m.setSideToMove(pos.sideToMove());
    return m;
}

// Positions, wins, draws, losses and the longest mate of n final codes.
template <class Code> TableStats tally(std::uint64_t n, Code code) {
    TableStats st;
    st.entries = n;
    for (std::uint64_t i = 0; i < n; ++i) {
        const std::uint16_t c = code(i);
        if (c == kIllegal)
            continue;
        ++st.legal;
        if (c == kDraw)
            ++st.draws;
        else if ((c - 2) % 2)
            ++st.wins;
        else
            ++st.losses;
        if (c >= 2 && c - 2 > st.longestMate) {
            st.longestMate  = c - 2;
            st.longestIndex = i;
        }
    }
    return st;
}

} // namespace

TableStats generate(const Layout& layout, const ChildProbe& probeChild,
                    std::vector<std::uint16_t>& codes, const Progress& progress) {
    const auto start      = std::chrono::steady_clock::now();
    const std::uint64_t n = layout.size();
    codes.assign(n, kIllegal);
    // Quiet moves of each position that may still be lost, not yet known to lead to a win for
    // the opponent; the position is lost when the last one is.
    std::vector<std::uint8_t> untried(n, 0);
    int highest = 0;
    core::MoveList moves;
    Position pos;
    core::Undo undo;

    // Initial pass: legality, mates and everything captures decide.
    for (std::uint64_t i = 0; i < n; ++i) {
        if (progress && (i & 0xFFFFF) == 0)
            progress(0.3 * static_cast<double>(i) / static_cast<double>(n));
        if (!layout.decode(i, pos) || pos.isAttacked(~pos.sideToMove()))
            continue;
        core::generateLegal(pos, moves);
        if (moves.empty()) {
            codes[i] = resolved(0);
            continue;
        }
        int quiet = 0, floor = 0, pending = kNoPending;
        bool noLose = false;
        for (const Move m : moves) {
            if (pos.at(m.to()) == core::kNoPiece) {
                ++quiet;
                continue;
            }
            pos.makeMove(m, undo);
            const std::uint16_t c = probeChild(pos);
            pos.unmakeMove(undo);
            if (c == kDraw) {
                noLose = true;
            } else if (c >= 2) {
                const int dtm = c - 2;
                if (dtm % 2 == 0) {
                    noLose  = true;
                    pending = std::min(pending, dtm + 1);
                } else {
                    floor = std::max(floor, dtm + 1);
                }
            }
        }
        if (noLose) {
            codes[i] = static_cast<std::uint16_t>(kOpen | kNoLose | pending);
            if (pending != kNoPending)
                highest = std::max(highest, pending);
        } else if (quiet == 0) {
            codes[i] = resolved(floor);
            highest  = std::max(highest, floor);
        } else {
            codes[i]   = static_cast<std::uint16_t>(kOpen | floor);
            untried[i] = static_cast<std::uint8_t>(quiet);
        }
    }

    for (int d = 0; d <= highest; ++d) {
        if (progress)
            progress(0.3 + 0.7 * std::min(1.0, static_cast<double>(d) / (highest + 8)));
        const bool lossLevel = d % 2 == 0;
        for (std::uint64_t i = 0; i < n; ++i) {
            std::uint16_t v = codes[i];
            if (!lossLevel && v == (kOpen | kNoLose | d)) {
                v = codes[i] = resolved(d);
            }
            if (v != resolved(d))
                continue;
            layout.decode(i, pos);
            const Color mover = ~pos.sideToMove(); // made the move into this position
            Position views[2] = {pos, pos};
            int nviews        = 1;
            // A position with Red's general on file d stands for its mirror image too.
            if (core::fileOf(pos.kingSquare(Color::Red)) == 3) {
                views[1] = mirrored(pos);
                nviews   = 2;
            }
            for (int vi = 0; vi < nviews; ++vi) {
                Position& p = views[vi];
                p.setSideToMove(mover);
                struct Un {
                    Square from, to;
                };
                Un list[160];
                int count = 0;
                forEachUnmove(p, mover, [&](Square from, Square to) {
                    list[count++] = Un{from, to};
                });
                for (int k = 0; k < count; ++k) {
                    const core::Piece piece = p.at(list[k].to);
                    p.remove(list[k].to);
                    p.put(list[k].from, piece);
                    // A predecessor with Red's general on file f is the mirror image of one
                    // with it on file d, which this scan meets too (from this position or from
                    // its mirror image): taking it as well would count one move twice.
                    if (core::fileOf(p.kingSquare(Color::Red)) <= 4 && !p.isAttacked(~mover)) {
                        const std::uint64_t qi = layout.index(p, false);
                        const std::uint16_t qv = codes[qi];
                        if (isOpen(qv)) {
                            if (lossLevel) {
                                codes[qi] = resolved(d + 1);
                                highest   = std::max(highest, d + 1);
                            } else if (!(qv & kNoLose) && --untried[qi] == 0) {
                                // Wins are met in order of length: this one is the longest.
                                const int len = std::max(d + 1, qv & kLowMask);
                                codes[qi]     = resolved(len);
                                highest       = std::max(highest, len);
                            }
                        }
                    }
                    p.remove(list[k].from);
                    p.put(list[k].to, piece);
                }
            }
        }
    }
    for (auto& c : codes)
        if (isOpen(c))
            c = kDraw;
    if (progress)
        progress(1.0);

    TableStats st = tally(n, [&codes](std::uint64_t i) { return codes[i]; });
    st.seconds    = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    st.peakBytes  = n * (sizeof(std::uint16_t) + sizeof(std::uint8_t));
    return st;
}

TableStats countTable(const Table& table) {
    return tally(table.size(), [&table](std::uint64_t i) { return table.code(i); });
}

} // namespace xq::egtb
