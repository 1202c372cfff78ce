// Precomputed per-square move tables and Zobrist keys, built at compile time.
// Every list is terminated by kNoSquare, so generators loop without a separate count.
// Orientation: squares as in types.h (rank 0 = Red's back rank); "up" means towards rank 9.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "core/types.h"

namespace xq::core::tables {

// Directions for rays: 0 = up (+rank), 1 = down, 2 = right (+file), 3 = left.
constexpr int kDirUp = 0, kDirDown = 1, kDirRight = 2, kDirLeft = 3;
constexpr int kDirFile[4] = {0, 0, 1, -1};
constexpr int kDirRank[4] = {1, -1, 0, 0};

// ray[sq][dir]: the squares from sq (exclusive) to the edge, nearest first; at most 9.
struct Rays {
    std::array<std::array<std::array<Square, 10>, 4>, kSquares> sq{};
};

// A step with a blocking point: horse (leg) or elephant (eye).
struct Step {
    Square to    = kNoSquare;
    Square block = kNoSquare;
};

// The horse moves from a square grouped by leg: each leg point opens up to two targets
// (kNoSquare when off the board). The list ends with leg == kNoSquare.
struct LegSteps {
    Square leg   = kNoSquare;
    Square to[2] = {kNoSquare, kNoSquare};
};

// The point of the set (a: squares 0-63, b: 64-89; not both empty) nearest to the origin of a
// ray in direction d: the lowest bit for up and right, the highest for down and left.
inline int nearestOnRay(int d, std::uint64_t a, std::uint64_t b) {
    return d == kDirUp || d == kDirRight
               ? (a ? std::countr_zero(a) : 64 + std::countr_zero(b))
               : (b ? 127 - std::countl_zero(b) : 63 - std::countl_zero(a));
}
// Removes point q from the set (a, b).
inline void clearPoint(int q, std::uint64_t& a, std::uint64_t& b) {
    if (q < 64)
        a &= ~(std::uint64_t{1} << q);
    else
        b &= ~(std::uint64_t{1} << (q - 64));
}

struct Tables {
    Rays rays;
    // Horse moves from a square: up to 8 targets with the leg next to the horse.
    std::array<std::array<Step, 9>, kSquares> horse{};
    std::array<std::array<LegSteps, 5>, kSquares> horseByLeg{};
    // Horse attackers of a square: each entry is a square a horse would attack from, with the leg
    // square that must be empty (the leg is next to the horse, diagonal to the target).
    std::array<std::array<Step, 9>, kSquares> horseFrom{};
    // Elephant moves (same half of the board only) with the eye square.
    std::array<std::array<Step, 5>, kSquares> elephant{};
    // Advisor and king moves inside the palace of the colour that owns the square's palace.
    std::array<std::array<Square, 5>, kSquares> advisor{};
    std::array<std::array<Square, 5>, kSquares> king{};
    // Pawn moves per colour: forward, and sideways once across the river. Never backwards.
    std::array<std::array<std::array<Square, 4>, kSquares>, 2> pawn{};
    // dirTo[a][b]: the ray direction (0-3) from a that passes through b, or -1 when a and b
    // share no rank or file (or are equal).
    std::array<std::array<std::int8_t, kSquares>, kSquares> dirTo{};
    // lineMask[a][b]: bit d (0-3) when b lies on ray d from a; bit 4 when b is diagonally next
    // to a (a horse leg point when a is a king). Lets the legality test reject "cannot matter"
    // moves with two loads and one AND.
    std::array<std::array<std::uint8_t, kSquares>, kSquares> lineMask{};
    // horseLeg[k][h]: the leg point a horse on h needs empty to attack k, or kNoSquare when a
    // horse on h never attacks k (the cheap "does the arriving horse give check" test).
    std::array<std::array<Square, kSquares>, kSquares> horseLeg{};
    // rayMask[s][d]: the points of ray d from s as a 90-bit set (bit q of word q >> 6), and
    // rayIndex[s][b]: b's position (0 = next to s) on the ray from s that holds it. With the
    // occupancy words, the first piece on a ray is one AND and one bit scan (the lowest bit for
    // up and right, the highest for down and left), and rayIndex[s][b] empty points precede it.
    std::array<std::array<std::array<std::uint64_t, 2>, 4>, kSquares> rayMask{};
    std::array<std::array<std::uint8_t, kSquares>, kSquares> rayIndex{};
    std::array<std::array<std::uint8_t, 4>, kSquares> rayLen{};
    // Whether a piece of the given colour and type can ever stand on a square.
    std::array<std::array<std::array<bool, kSquares>, kPieceTypeCount>, 2> canStand{};
};

constexpr Tables buildTables() {
    Tables t{};
    for (int s = 0; s < kSquares; ++s) {
        const int f = s % 9, r = s / 9;
        for (int d = 0; d < 4; ++d) {
            int n = 0, ff = f + kDirFile[d], rr = r + kDirRank[d];
            while (isOnBoard(ff, rr)) {
                t.rays.sq[s][d][n++] = makeSquare(ff, rr);
                ff += kDirFile[d];
                rr += kDirRank[d];
            }
            t.rays.sq[s][d][n] = kNoSquare;
        }
        for (int o = 0; o < kSquares; ++o)
            t.dirTo[s][o] = -1;
        for (int d = 0; d < 4; ++d)
            for (int i = 0; t.rays.sq[s][d][i] != kNoSquare; ++i) {
                const Square q = t.rays.sq[s][d][i];
                t.rayMask[s][d][q >> 6] |= std::uint64_t{1} << (q & 63);
                t.rayIndex[s][q] = static_cast<std::uint8_t>(i);
                t.rayLen[s][d]   = static_cast<std::uint8_t>(i + 1);
            }
        for (int d = 0; d < 4; ++d)
            for (int i = 0; t.rays.sq[s][d][i] != kNoSquare; ++i) {
                t.dirTo[s][t.rays.sq[s][d][i]]    = static_cast<std::int8_t>(d);
                t.lineMask[s][t.rays.sq[s][d][i]] = static_cast<std::uint8_t>(1u << d);
            }
        for (int o = 0; o < kSquares; ++o) {
            const int df = o % 9 - f, dr = o / 9 - r;
            if ((df == 1 || df == -1) && (dr == 1 || dr == -1))
                t.lineMask[s][o] = 16;
        }
        // Horse: eight targets (df, dr) with |df|+|dr| = 3; the leg is one step along the long leg.
        constexpr int hf[8] = {1, -1, 1, -1, 2, 2, -2, -2};
        constexpr int hr[8] = {2, 2, -2, -2, 1, -1, 1, -1};
        int nh = 0, nf = 0;
        for (int i = 0; i < 8; ++i) {
            const int tf = f + hf[i], tr = r + hr[i];
            if (!isOnBoard(tf, tr))
                continue;
            const int lf     = f + (hf[i] == 2 || hf[i] == -2 ? hf[i] / 2 : 0);
            const int lr     = r + (hr[i] == 2 || hr[i] == -2 ? hr[i] / 2 : 0);
            t.horse[s][nh++] = Step{makeSquare(tf, tr), makeSquare(lf, lr)};
            // Reverse: a horse on (tf, tr) attacks s through its own leg (next to the horse).
            const int bf         = tf + (hf[i] == 2 || hf[i] == -2 ? -hf[i] / 2 : 0);
            const int br         = tr + (hr[i] == 2 || hr[i] == -2 ? -hr[i] / 2 : 0);
            t.horseFrom[s][nf++] = Step{makeSquare(tf, tr), makeSquare(bf, br)};
        }
        t.horse[s][nh] = Step{};
        {
            int nl = 0;
            for (int i = 0; i < nh; ++i) {
                int j = 0;
                while (j < nl && t.horseByLeg[s][j].leg != t.horse[s][i].block)
                    ++j;
                if (j == nl)
                    t.horseByLeg[s][nl++].leg = t.horse[s][i].block;
                auto& ls                             = t.horseByLeg[s][j];
                ls.to[ls.to[0] == kNoSquare ? 0 : 1] = t.horse[s][i].to;
            }
            t.horseByLeg[s][nl] = LegSteps{};
        }
        t.horseFrom[s][nf] = Step{};
        for (int o = 0; o < kSquares; ++o)
            t.horseLeg[s][o] = kNoSquare;
        for (int i = 0; i < nf; ++i)
            t.horseLeg[s][t.horseFrom[s][i].to] = t.horseFrom[s][i].block;
        // Elephant: two diagonal steps, never across the river (target on the same half).
        const Color half = r <= 4 ? Color::Red : Color::Black;
        int ne           = 0;
        for (int i = 0; i < 4; ++i) {
            const int df = (i & 1) ? 2 : -2, dr = (i & 2) ? 2 : -2;
            const int tf = f + df, tr = r + dr;
            if (!isOnBoard(tf, tr) || !isOwnHalf(half, makeSquare(tf, tr)))
                continue;
            t.elephant[s][ne++] = Step{makeSquare(tf, tr), makeSquare(f + df / 2, r + dr / 2)};
        }
        t.elephant[s][ne] = Step{};
        // Advisor (diagonal) and king (orthogonal) steps inside the palace the square belongs to.
        int na = 0, nk = 0;
        for (int i = 0; i < 4; ++i) {
            const int af = f + ((i & 1) ? 1 : -1), ar = r + ((i & 2) ? 1 : -1);
            if (isOnBoard(af, ar) && isInPalace(half, makeSquare(af, ar))
                && isInPalace(half, static_cast<Square>(s)))
                t.advisor[s][na++] = makeSquare(af, ar);
            const int kf = f + kDirFile[i], kr = r + kDirRank[i];
            if (isOnBoard(kf, kr) && isInPalace(half, makeSquare(kf, kr))
                && isInPalace(half, static_cast<Square>(s)))
                t.king[s][nk++] = makeSquare(kf, kr);
        }
        t.advisor[s][na] = kNoSquare;
        t.king[s][nk]    = kNoSquare;
        // Pawns: Red moves up, Black down; sideways only on the enemy half.
        for (int c = 0; c < 2; ++c) {
            const Color col = static_cast<Color>(c);
            int np          = 0;
            const int fr    = r + (col == Color::Red ? 1 : -1);
            if (isOnBoard(f, fr))
                t.pawn[c][s][np++] = makeSquare(f, fr);
            if (!isOwnHalf(col, static_cast<Square>(s))) {
                if (f > 0)
                    t.pawn[c][s][np++] = makeSquare(f - 1, r);
                if (f < 8)
                    t.pawn[c][s][np++] = makeSquare(f + 1, r);
            }
            t.pawn[c][s][np] = kNoSquare;
        }
    }
    // Where each piece can ever stand (used to validate FENs and set-ups).
    for (int c = 0; c < 2; ++c) {
        const Color col = static_cast<Color>(c);
        for (int s = 0; s < kSquares; ++s) {
            const Square sq = static_cast<Square>(s);
            const int f = fileOf(sq), r = rankOf(sq);
            const int rr = col == Color::Red ? r : 9 - r; // rank from the owner's side
            auto& cs     = t.canStand[c];
            cs[int(PieceType::King)][s]     = isInPalace(col, sq);
            cs[int(PieceType::Advisor)][s]  = isInPalace(col, sq) && ((f == 4) == (rr == 1));
            cs[int(PieceType::Elephant)][s] = (rr == 0 || rr == 4)
                                                  ? (f == 2 || f == 6)
                                                  : (rr == 2 && (f == 0 || f == 4 || f == 8));
            cs[int(PieceType::Horse)][s]    = true;
            cs[int(PieceType::Rook)][s]     = true;
            cs[int(PieceType::Cannon)][s]   = true;
            // A soldier starts on rank 3 on files a, c, e, g, i and only moves forward until it
            // crosses the river, so on ranks 3-4 it can only stand on those files.
            cs[int(PieceType::Pawn)][s] = rr >= 5 || ((rr == 3 || rr == 4) && f % 2 == 0);
        }
    }
    return t;
}

inline constexpr Tables kTables = buildTables();

// Zobrist keys: one per piece and square, and one for Black to move.
struct Zobrist {
    std::array<std::array<Key, kSquares>, kPieceLimit> piece{};
    Key blackToMove = 0;
};

constexpr Key splitMix64(Key& state) {
    Key z = (state += 0x9E3779B97F4A7C15ULL);
    z     = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z     = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

constexpr Zobrist buildZobrist() {
    Zobrist z{};
    Key state = 0x5851F42D4C957F2DULL;
    for (auto& row : z.piece)
        for (auto& k : row)
            k = splitMix64(state);
    z.blackToMove = splitMix64(state);
    return z;
}

inline constexpr Zobrist kZobrist = buildZobrist();

} // namespace xq::core::tables
