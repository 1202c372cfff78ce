#include "core/movegen.h"

#include <algorithm>
#include <bit>

namespace xq::core {

using tables::kTables;

bool MoveList::contains(Move m) const {
    return std::find(begin(), end(), m) != end();
}

namespace {

// Adds the move to `to` when the kind allows it: captures of enemy pieces, quiets to empty points.
template <GenKind Kind, class Sink>
inline void addIf(const Position& pos, Color us, Square from, Square to, Sink& list) {
    const Piece p = pos.at(to);
    if (p == kNoPiece) {
        if constexpr (Kind != GenKind::Captures)
            list.add(Move(from, to));
    } else if (colorOf(p) != us) {
        if constexpr (Kind != GenKind::Quiets)
            list.add(Move(from, to));
    }
}

// The moves of our piece of type T on `from`.
template <GenKind Kind, PieceType T, class Sink>
inline void generateOf(const Position& pos, Color us, Square from, Sink& list) {
    if constexpr (T == PieceType::Rook || T == PieceType::Cannon) {
        if constexpr (Kind == GenKind::Captures) {
            // Captures from the occupancy words: the first piece on each ray (the chariot's
            // target, the cannon's screen) is found with one bit scan instead of a walk over
            // the empty points before it. Captures are most of what quiescence generates.
            const std::uint64_t occ0 = pos.occupied(0), occ1 = pos.occupied(1);
            for (int d = 0; d < 4; ++d) {
                const auto& mask = kTables.rayMask[from][d];
                std::uint64_t a = mask[0] & occ0, b = mask[1] & occ1;
                if (!(a | b))
                    continue;
                int q = tables::nearestOnRay(d, a, b);
                if constexpr (T == PieceType::Cannon) {
                    tables::clearPoint(q, a, b);
                    if (!(a | b))
                        continue;
                    q = tables::nearestOnRay(d, a, b);
                }
                if (colorOf(pos.at(static_cast<Square>(q))) != us)
                    list.add(Move(from, static_cast<Square>(q)));
            }
        } else if constexpr (T == PieceType::Rook) {
            for (int d = 0; d < 4; ++d)
                for (const Square* r = kTables.rays.sq[from][d].data(); *r != kNoSquare; ++r) {
                    const Piece p = pos.at(*r);
                    if (p == kNoPiece) {
                        list.add(Move(from, *r));
                        continue;
                    }
                    if constexpr (Kind != GenKind::Quiets)
                        if (colorOf(p) != us)
                            list.add(Move(from, *r));
                    break;
                }
        } else {
            for (int d = 0; d < 4; ++d) {
                const Square* r = kTables.rays.sq[from][d].data();
                for (; *r != kNoSquare && pos.at(*r) == kNoPiece; ++r)
                    list.add(Move(from, *r));
                if constexpr (Kind == GenKind::Quiets)
                    continue;
                if (*r == kNoSquare)
                    continue;
                // *r is the screen: the next piece beyond it, if an enemy, can be captured.
                for (++r; *r != kNoSquare; ++r) {
                    const Piece p = pos.at(*r);
                    if (p == kNoPiece)
                        continue;
                    if (colorOf(p) != us)
                        list.add(Move(from, *r));
                    break;
                }
            }
        }
    } else if constexpr (T == PieceType::Horse || T == PieceType::Elephant) {
        const auto& steps =
            T == PieceType::Horse ? kTables.horse[from].data() : kTables.elephant[from].data();
        for (const tables::Step* st = steps; st->to != kNoSquare; ++st)
            if (pos.at(st->block) == kNoPiece)
                addIf<Kind, Sink>(pos, us, from, st->to, list);
    } else {
        const Square* t = T == PieceType::Advisor ? kTables.advisor[from].data()
                          : T == PieceType::King  ? kTables.king[from].data()
                                                  : kTables.pawn[index(us)][from].data();
        for (; *t != kNoSquare; ++t)
            addIf<Kind, Sink>(pos, us, from, *t, list);
    }
}

template <GenKind Kind, class Sink>
inline void generatePiece(const Position& pos, Square from, Sink& list) {
    const Piece piece = pos.at(from);
    const Color us    = colorOf(piece);
    switch (typeOf(piece)) {
    case PieceType::Rook:
        return generateOf<Kind, PieceType::Rook>(pos, us, from, list);
    case PieceType::Cannon:
        return generateOf<Kind, PieceType::Cannon>(pos, us, from, list);
    case PieceType::Horse:
        return generateOf<Kind, PieceType::Horse>(pos, us, from, list);
    case PieceType::Elephant:
        return generateOf<Kind, PieceType::Elephant>(pos, us, from, list);
    case PieceType::Advisor:
        return generateOf<Kind, PieceType::Advisor>(pos, us, from, list);
    case PieceType::King:
        return generateOf<Kind, PieceType::King>(pos, us, from, list);
    case PieceType::Pawn:
        return generateOf<Kind, PieceType::Pawn>(pos, us, from, list);
    case PieceType::None:
        break;
    }
}

// Every piece of type T of the side to move, found from the piece sets.
template <GenKind Kind, PieceType T, class Sink>
inline void generateType(const Position& pos, Color us, Sink& list) {
    const Piece p = makePiece(us, T);
    for (int w = 0; w < 2; ++w)
        for (std::uint64_t bits = pos.pieces(p, w); bits; bits &= bits - 1)
            generateOf<Kind, T, Sink>(pos, us, static_cast<Square>(w * 64 + std::countr_zero(bits)),
                                      list);
}

// Type by type (chariots, cannons, horses, soldiers, advisors, elephants, general): each piece's
// code is chosen at compile time, with no dispatch per piece (measured in docs/STRENGTH.md,
// "Search speed").
template <GenKind Kind, class Sink> void generateAll(const Position& pos, Sink& list) {
    const Color us = pos.sideToMove();
    generateType<Kind, PieceType::Rook>(pos, us, list);
    generateType<Kind, PieceType::Cannon>(pos, us, list);
    generateType<Kind, PieceType::Horse>(pos, us, list);
    generateType<Kind, PieceType::Pawn>(pos, us, list);
    generateType<Kind, PieceType::Advisor>(pos, us, list);
    generateType<Kind, PieceType::Elephant>(pos, us, list);
    generateType<Kind, PieceType::King>(pos, us, list);
}

// Counts legal moves as they are generated, without storing them (perft's last ply).
struct LegalCounter {
    const Position& pos;
    Position::LegalityContext ctx;
    int n = 0;
    void add(Move m) { n += pos.isLegal(m, ctx); }
};

} // namespace

void generate(const Position& pos, GenKind kind, MoveList& list) {
    switch (kind) {
    case GenKind::Captures:
        generateAll<GenKind::Captures, MoveList>(pos, list);
        break;
    case GenKind::Quiets:
        generateAll<GenKind::Quiets, MoveList>(pos, list);
        break;
    case GenKind::All:
        generateAll<GenKind::All, MoveList>(pos, list);
        break;
    }
}

void generateFrom(const Position& pos, Square from, GenKind kind, MoveList& list) {
    if (pos.at(from) == kNoPiece)
        return;
    switch (kind) {
    case GenKind::Captures:
        generatePiece<GenKind::Captures, MoveList>(pos, from, list);
        break;
    case GenKind::Quiets:
        generatePiece<GenKind::Quiets, MoveList>(pos, from, list);
        break;
    case GenKind::All:
        generatePiece<GenKind::All, MoveList>(pos, from, list);
        break;
    }
}

void generateLegal(const Position& pos, MoveList& list) {
    list.clear();
    MoveList pseudo;
    generateAll<GenKind::All, MoveList>(pos, pseudo);
    const Position::LegalityContext ctx = pos.legalityContext();
    for (Move m : pseudo)
        if (pos.isLegal(m, ctx))
            list.add(m);
}

int countLegal(const Position& pos) {
    LegalCounter counter{pos, pos.legalityContext()};
    generateAll<GenKind::All, LegalCounter>(pos, counter);
    return counter.n;
}

bool hasLegalMove(const Position& pos) {
    MoveList pseudo;
    generateAll<GenKind::All, MoveList>(pos, pseudo);
    const Position::LegalityContext ctx = pos.legalityContext();
    for (Move m : pseudo)
        if (pos.isLegal(m, ctx))
            return true;
    return false;
}

bool Position::isPseudoLegal(Move m) const {
    const Square from = m.from(), to = m.to();
    if (m.isNone() || from >= kSquares || to >= kSquares)
        return false;
    const Piece p = m_board[from];
    if (p == kNoPiece || colorOf(p) != m_side)
        return false;
    const Piece target = m_board[to];
    if (target != kNoPiece && colorOf(target) == m_side)
        return false;
    // The piece's own rule checked directly, without generating its moves (the search validates
    // a table move and two killers per node this way).
    switch (typeOf(p)) {
    case PieceType::Rook:
    case PieceType::Cannon: {
        const int d = kTables.dirTo[from][to];
        if (d < 0)
            return false;
        int between = 0;
        for (const Square* r = kTables.rays.sq[from][d].data(); *r != to; ++r)
            between += m_board[*r] != kNoPiece;
        if (typeOf(p) == PieceType::Rook)
            return between == 0;
        return between == (target == kNoPiece ? 0 : 1);
    }
    case PieceType::Horse:
        for (const tables::Step* st = kTables.horse[from].data(); st->to != kNoSquare; ++st)
            if (st->to == to)
                return m_board[st->block] == kNoPiece;
        return false;
    case PieceType::Elephant:
        for (const tables::Step* st = kTables.elephant[from].data(); st->to != kNoSquare; ++st)
            if (st->to == to)
                return m_board[st->block] == kNoPiece;
        return false;
    case PieceType::Advisor:
        for (const Square* t = kTables.advisor[from].data(); *t != kNoSquare; ++t)
            if (*t == to)
                return true;
        return false;
    case PieceType::King:
        for (const Square* t = kTables.king[from].data(); *t != kNoSquare; ++t)
            if (*t == to)
                return true;
        return false;
    case PieceType::Pawn:
        for (const Square* t = kTables.pawn[index(m_side)][from].data(); *t != kNoSquare; ++t)
            if (*t == to)
                return true;
        return false;
    case PieceType::None:
        break;
    }
    return false;
}

} // namespace xq::core
