#include "core/position.h"

#include <bit>
#include <cassert>
#include <cstdlib>

namespace xq::core {

using tables::kTables;
using tables::kZobrist;

namespace {

constexpr Piece kRedKing   = makePiece(Color::Red, PieceType::King);
constexpr Piece kBlackKing = makePiece(Color::Black, PieceType::King);

// Whether the first piece on ray d from s is `rook` (or `king` along the file), or the second
// is `cannon`, on the board read through `at` whose occupied points are occ (bit scans find the
// pieces; `at` tells what they are).
template <class At>
inline bool lineAttacked(const At& at, const std::uint64_t (&occ)[2], Square s, int d, Piece rook,
                         Piece cannon, Piece king) {
    const auto& mask = kTables.rayMask[s][d];
    std::uint64_t a = mask[0] & occ[0], b = mask[1] & occ[1];
    if (!(a | b))
        return false;
    int q         = tables::nearestOnRay(d, a, b);
    const Piece p = at(static_cast<Square>(q));
    if (p == rook || (p == king && d <= tables::kDirDown))
        return true;
    tables::clearPoint(q, a, b);
    if (!(a | b))
        return false;
    q = tables::nearestOnRay(d, a, b);
    return at(static_cast<Square>(q)) == cannon;
}

// The occupied points after a move from `from` to `to`.
inline void occupiedAfter(std::uint64_t (&occ)[2], Square from, Square to) {
    occ[from >> 6] &= ~(std::uint64_t{1} << (from & 63));
    occ[to >> 6] |= std::uint64_t{1} << (to & 63);
}

// Whether `by` attacks s on the board read through `at(square)`. Written once as a template so
// that the real board and the "board after a move" views (legality, givesCheck) share one body;
// occ holds that board's occupied points.
template <class At>
bool attackedOn(const At& at, const std::uint64_t (&occ)[2], Square s, Color by) {
    const Piece rook   = makePiece(by, PieceType::Rook);
    const Piece cannon = makePiece(by, PieceType::Cannon);
    const Piece king   = makePiece(by, PieceType::King);
    const Piece horse  = makePiece(by, PieceType::Horse);
    const Piece pawn   = makePiece(by, PieceType::Pawn);
    // 1. Lines: the first piece met may be a rook (or the enemy king along the file: flying
    //    general); the second piece met may be a cannon using the first as its screen.
    for (int d = 0; d < 4; ++d)
        if (lineAttacked(at, occ, s, d, rook, cannon, king))
            return true;
    // 2. Horses: the leg next to the horse (diagonal to s) must be empty.
    for (const tables::Step* st = kTables.horseFrom[s].data(); st->to != kNoSquare; ++st)
        if (at(st->to) == horse && at(st->block) == kNoPiece)
            return true;
    // 3. Pawns: one in front of s (seen from the pawn's side) or beside s once across the river.
    const int f = fileOf(s), r = rankOf(s);
    const int fr = by == Color::Red ? r - 1 : r + 1; // where an attacking pawn stands in front
    if (fr >= 0 && fr < kRanks && at(makeSquare(f, fr)) == pawn)
        return true;
    if (!isOwnHalf(by, s)) {
        if (f > 0 && at(static_cast<Square>(s - 1)) == pawn)
            return true;
        if (f < 8 && at(static_cast<Square>(s + 1)) == pawn)
            return true;
    }
    return false;
}

// Whether `by` attacks the general on k on the board read through `at`, given that it did not
// before a move from `from` to `to` (now shown by `at`): only the lines through `from` and `to`,
// a horse whose leg was `from` and the piece that arrived on `to` can have made an attack.
template <class At>
bool attackedAfterMove(const At& at, Square k, Color by, Square from, Square to) {
    const auto& lm       = kTables.lineMask[k];
    const unsigned mFrom = lm[from];
    unsigned dirs        = (mFrom | lm[to]) & 15u;
    if (dirs) {
        const Piece rook   = makePiece(by, PieceType::Rook);
        const Piece cannon = makePiece(by, PieceType::Cannon);
        const Piece king   = makePiece(by, PieceType::King);
        for (; dirs; dirs &= dirs - 1) {
            const int d       = std::countr_zero(dirs);
            const Square* ray = kTables.rays.sq[k][d].data();
            Piece p           = kNoPiece;
            for (; *ray != kNoSquare; ++ray)
                if ((p = at(*ray)) != kNoPiece)
                    break;
            if (*ray == kNoSquare)
                continue;
            if (p == rook || (p == king && d <= tables::kDirDown))
                return true;
            for (++ray; *ray != kNoSquare; ++ray)
                if ((p = at(*ray)) != kNoPiece) {
                    if (p == cannon)
                        return true;
                    break;
                }
        }
    }
    const Piece horse = makePiece(by, PieceType::Horse);
    if (mFrom & 16u) // `from` is next to the general diagonally: a horse leg may have opened
        for (const tables::Step* st = kTables.horseFrom[k].data(); st->to != kNoSquare; ++st)
            if (st->block == from && at(st->to) == horse)
                return true;
    const Piece moved = at(to);
    if (moved == horse) {
        const Square leg = kTables.horseLeg[k][to];
        return leg != kNoSquare && at(leg) == kNoPiece;
    }
    if (moved == makePiece(by, PieceType::Pawn))
        for (const Square* t = kTables.pawn[index(by)][to].data(); *t != kNoSquare; ++t)
            if (*t == k)
                return true;
    return false;
}

} // namespace

void Position::clear() {
    m_board.fill(kNoPiece);
    m_king = {kNoSquare, kNoSquare};
    m_count.fill(0);
    m_occ      = {};
    m_bb       = {};
    m_key      = 0;
    m_side     = Color::Red;
    m_quiet    = 0;
    m_fullmove = 1;
}

void Position::put(Square s, Piece p) {
    const Piece old = m_board[s];
    if (old != kNoPiece) {
        m_key ^= kZobrist.piece[old][s];
        --m_count[old];
        toggle(colorOf(old), s);
        togglePiece(old, s);
        if (typeOf(old) == PieceType::King && m_king[index(colorOf(old))] == s)
            m_king[index(colorOf(old))] = kNoSquare;
    }
    m_board[s] = p;
    if (p != kNoPiece) {
        m_key ^= kZobrist.piece[p][s];
        ++m_count[p];
        toggle(colorOf(p), s);
        togglePiece(p, s);
        if (typeOf(p) == PieceType::King)
            m_king[index(colorOf(p))] = s;
    }
}

void Position::setSideToMove(Color c) {
    if (c != m_side)
        m_key ^= kZobrist.blackToMove;
    m_side = c;
}

void Position::makeMove(Move m, Undo& undo) {
    const Square from = m.from(), to = m.to();
    const Piece piece = m_board[from];
    const Piece cap   = m_board[to];
    assert(piece != kNoPiece && colorOf(piece) == m_side);
    undo.move     = m;
    undo.captured = cap;
    undo.quiet    = m_quiet;
    undo.key      = m_key;
    m_key         = keyAfter(m);
    if (cap != kNoPiece) {
        --m_count[cap];
        toggle(~m_side, to);
        togglePiece(cap, to);
        m_quiet = 0;
    } else {
        ++m_quiet;
    }
    m_board[to]   = piece;
    m_board[from] = kNoPiece;
    toggle(m_side, from);
    toggle(m_side, to);
    togglePiece(piece, from);
    togglePiece(piece, to);
    if (typeOf(piece) == PieceType::King)
        m_king[index(m_side)] = to;
    if (m_side == Color::Black)
        ++m_fullmove;
    m_side = ~m_side;
}

void Position::unmakeMove(const Undo& undo) {
    const Square from = undo.move.from(), to = undo.move.to();
    const Piece piece = m_board[to];
    m_side            = ~m_side;
    if (m_side == Color::Black)
        --m_fullmove;
    m_board[from] = piece;
    m_board[to]   = undo.captured;
    toggle(m_side, from);
    toggle(m_side, to);
    togglePiece(piece, from);
    togglePiece(piece, to);
    if (undo.captured != kNoPiece) {
        ++m_count[undo.captured];
        toggle(~m_side, to);
        togglePiece(undo.captured, to);
    }
    if (typeOf(piece) == PieceType::King)
        m_king[index(m_side)] = from;
    m_quiet = undo.quiet;
    m_key   = undo.key;
}

void Position::makeNullMove(Undo& undo) {
    undo.move     = Move{};
    undo.captured = kNoPiece;
    undo.quiet    = m_quiet;
    undo.key      = m_key;
    m_key ^= kZobrist.blackToMove;
    ++m_quiet;
    m_side = ~m_side;
}

void Position::unmakeNullMove(const Undo& undo) {
    m_side  = ~m_side;
    m_quiet = undo.quiet;
    m_key   = undo.key;
}

bool Position::isSquareAttacked(Square s, Color by) const {
    const std::uint64_t occ[2] = {occupied(0), occupied(1)};
    return attackedOn([this](Square q) { return m_board[q]; }, occ, s, by);
}

bool Position::kingsFace() const {
    const Square r = m_king[0], b = m_king[1];
    if (r == kNoSquare || b == kNoSquare || fileOf(r) != fileOf(b))
        return false;
    for (Square s = static_cast<Square>(r + 9); s < b; s = static_cast<Square>(s + 9))
        if (m_board[s] != kNoPiece)
            return false;
    return true;
}

bool Position::isAttackedWithout(Square from, Square to, Square king) const {
    const Piece moving = m_board[from];
    auto at = [&](Square q) { return q == to ? moving : q == from ? kNoPiece : m_board[q]; };
    std::uint64_t occ[2] = {occupied(0), occupied(1)};
    occupiedAfter(occ, from, to);
    return attackedOn(at, occ, king, ~m_side);
}

Position::LegalityContext Position::legalityContext(bool inCheck) const {
    LegalityContext ctx;
    ctx.inCheck        = inCheck;
    const Square k     = m_king[index(m_side)];
    const Color them   = ~m_side;
    const Piece rook   = makePiece(them, PieceType::Rook);
    const Piece cannon = makePiece(them, PieceType::Cannon);
    const Piece king   = makePiece(them, PieceType::King);
    // A move removes at most one piece from a line and adds at most one, so after it the first
    // two pieces on the line (the ones that decide rook, king and cannon attacks) come from
    // today's first three: a line matters only with an enemy rook or king among its first two
    // pieces or an enemy cannon among its first three.
    for (int d = 0; d < 4; ++d) {
        int seen = 0;
        for (const Square* ray = kTables.rays.sq[k][d].data(); *ray != kNoSquare && seen < 3;
             ++ray) {
            const Piece p = m_board[*ray];
            if (p == kNoPiece)
                continue;
            if (p == cannon || (seen < 2 && (p == rook || (p == king && d <= tables::kDirDown)))) {
                ctx.dangerRays |= static_cast<std::uint8_t>(1u << d);
                break;
            }
            ++seen;
        }
    }
    if (count(them, PieceType::Horse) > 0)
        ctx.dangerRays |= 16;
    return ctx;
}

bool Position::isLegalSlow(Move m, const LegalityContext& ctx) const {
    const Square from = m.from(), to = m.to();
    const Piece piece = m_board[from];
    // 1. King moves and check evasions: test every attack on the king's square afterwards.
    if (typeOf(piece) == PieceType::King)
        return !isAttackedWithout(from, to, to);
    const Square k = m_king[index(m_side)];
    if (ctx.inCheck)
        return !isAttackedWithout(from, to, k);
    // 2. Not in check, so only an attack the move itself opens can make it illegal. Our piece
    //    leaving `from` can open a line through the king (a rook, the other king, or a cannon
    //    that now has one screen) or free the leg of a horse next to the king; arriving on `to`
    //    can become the single screen of a cannon on a line through the king. Captures only
    //    remove attackers. So look at those one or two lines and the freed horse leg only.
    int dFrom = kTables.dirTo[k][from], dTo = kTables.dirTo[k][to];
    if (dFrom >= 0 && !(ctx.dangerRays & (1u << dFrom)))
        dFrom = -1;
    if (dTo >= 0 && !(ctx.dangerRays & (1u << dTo)))
        dTo = -1;
    const Color them = ~m_side;
    if (dFrom >= 0 || dTo >= 0) {
        const Piece rook   = makePiece(them, PieceType::Rook),
                    cannon = makePiece(them, PieceType::Cannon);
        const Piece king   = makePiece(them, PieceType::King);
        for (int d : {dFrom, dTo}) {
            if (d < 0)
                continue;
            const Square* ray = kTables.rays.sq[k][d].data();
            int seen          = 0;
            for (; *ray != kNoSquare; ++ray) {
                const Piece p = *ray == to ? piece : *ray == from ? kNoPiece : m_board[*ray];
                if (p == kNoPiece)
                    continue;
                if (seen == 0 && (p == rook || (p == king && d <= tables::kDirDown)))
                    return false;
                if (seen == 1) {
                    if (p == cannon)
                        return false;
                    break;
                }
                ++seen;
            }
            if (dTo == dFrom)
                break;
        }
    }
    const int df = fileOf(from) - fileOf(k), dr = rankOf(from) - rankOf(k);
    if ((df == 1 || df == -1) && (dr == 1 || dr == -1)) {
        const Piece horse = makePiece(them, PieceType::Horse);
        for (const tables::Step* st = kTables.horseFrom[k].data(); st->to != kNoSquare; ++st)
            if (st->block == from && st->to != to && m_board[st->to] == horse)
                return false;
    }
    return true;
}

bool Position::givesCheck(Move m) const {
    const Square from = m.from(), to = m.to();
    const Piece moving = m_board[from];
    auto at = [&](Square q) { return q == to ? moving : q == from ? kNoPiece : m_board[q]; };
    std::uint64_t occ[2] = {occupied(0), occupied(1)};
    occupiedAfter(occ, from, to);
    return attackedOn(at, occ, m_king[index(~m_side)], m_side);
}

bool Position::givesCheckSlow(Move m) const {
    const Square from = m.from(), to = m.to();
    const Piece moving = m_board[from];
    auto at = [&](Square q) { return q == to ? moving : q == from ? kNoPiece : m_board[q]; };
    return attackedAfterMove(at, m_king[index(~m_side)], m_side, from, to);
}

bool Position::inCheckAfter(Move last) const {
    return attackedAfterMove([this](Square q) { return m_board[q]; }, m_king[index(m_side)],
                             ~m_side, last.from(), last.to());
}

Key Position::computeKey() const {
    Key k = m_side == Color::Black ? kZobrist.blackToMove : 0;
    for (int s = 0; s < kSquares; ++s)
        if (m_board[s] != kNoPiece)
            k ^= kZobrist.piece[m_board[s]][s];
    return k;
}

bool Position::isConsistent() const {
    std::array<std::uint8_t, kPieceLimit> counts{};
    std::array<Square, 2> kings{kNoSquare, kNoSquare};
    std::array<std::array<std::uint64_t, 2>, 2> occ{};
    std::array<std::array<std::uint64_t, 2>, kPieceLimit> bb{};
    for (int s = 0; s < kSquares; ++s) {
        const Piece p = m_board[s];
        if (p == kNoPiece)
            continue;
        ++counts[p];
        occ[index(colorOf(p))][s >> 6] |= std::uint64_t{1} << (s & 63);
        bb[p][s >> 6] |= std::uint64_t{1} << (s & 63);
        if (p == kRedKing)
            kings[0] = static_cast<Square>(s);
        if (p == kBlackKing)
            kings[1] = static_cast<Square>(s);
    }
    return counts == m_count && kings == m_king && occ == m_occ && bb == m_bb
           && computeKey() == m_key;
}

} // namespace xq::core
