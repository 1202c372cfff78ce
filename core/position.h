// Position: the board, the side to move, both king squares and the Zobrist key.
//
// Representation: a 90-point mailbox (one byte per point) plus precomputed per-square tables
// (tables.h). Xiangqi move generation is dominated by short table walks (horse, elephant,
// advisor, king, pawn) and rook/cannon rays of at most 9 points; a mailbox keeps these walks to
// one byte load per point and makes make/unmake two stores, which measured faster for perft with
// bulk counting than a 128-bit bitboard design would need to be to pay for its complexity. The
// legality test (isLegal) avoids a make/unmake for the large majority of moves: a move that
// neither starts nor ends on a line through our king cannot change any attack on it.
//
// Invariant: key() always equals the key computed from scratch (computeKey()).
#pragma once

#include <array>
#include <cstdint>

#include "core/tables.h"
#include "core/types.h"

namespace xq::core {

// What unmakeMove needs; the caller owns it (a search stack), so make/unmake never allocate.
struct Undo {
    Move move;
    Piece captured      = kNoPiece;
    std::uint16_t quiet = 0; // plies since the last capture before the move
    Key key             = 0;
};

class Position {
public:
    Position() { clear(); }

    // An empty board, Red to move. Use fen.h to set up positions.
    void clear();
    // Place or remove a piece (set-up only; updates key and king squares).
    void put(Square s, Piece p);
    void remove(Square s) { put(s, kNoPiece); }
    void setSideToMove(Color c);
    void setQuietPlies(int n) { m_quiet = static_cast<std::uint16_t>(n); }
    void setFullmoveNumber(int n) { m_fullmove = static_cast<std::uint16_t>(n); }

    Piece at(Square s) const { return m_board[s]; }
    Color sideToMove() const { return m_side; }
    Square kingSquare(Color c) const { return m_king[index(c)]; }
    Key key() const { return m_key; }
    // The key after the pseudo-legal move m, without making it (for prefetching).
    Key keyAfter(Move m) const {
        const Piece piece = m_board[m.from()], cap = m_board[m.to()];
        Key k = m_key ^ tables::kZobrist.piece[piece][m.from()]
                ^ tables::kZobrist.piece[piece][m.to()] ^ tables::kZobrist.blackToMove;
        return cap == kNoPiece ? k : k ^ tables::kZobrist.piece[cap][m.to()];
    }
    int quietPlies() const { return m_quiet; } // plies since the last capture
    int fullmoveNumber() const { return m_fullmove; }
    int count(Piece p) const { return m_count[p]; }
    int count(Color c, PieceType t) const { return m_count[makePiece(c, t)]; }
    const std::array<Piece, kSquares>& board() const { return m_board; }
    // Occupancy of colour c as two words: bit s of word 0 for squares 0-63, bit s-64 of word 1.
    // Iterating these visits only the side's pieces (at most 16) instead of all 90 points.
    std::uint64_t occupancy(Color c, int word) const { return m_occ[index(c)][word]; }
    // Both colours together.
    std::uint64_t occupied(int word) const { return m_occ[0][word] | m_occ[1][word]; }
    // The same for one piece (colour and type): the evaluation visits its chariots, horses and
    // cannons without looking at the other pieces.
    std::uint64_t pieces(Piece p, int word) const { return m_bb[p][word]; }

    // Plays a pseudo-legal move (see movegen.h). Precondition: m moves a piece of the side to
    // move; the result may leave our own king attacked if m was not legal.
    void makeMove(Move m, Undo& undo);
    // Restores the position exactly as it was before makeMove(undo.move, undo).
    void unmakeMove(const Undo& undo);
    // Passes the move (search null move). Precondition: not in check.
    void makeNullMove(Undo& undo);
    void unmakeNullMove(const Undo& undo);

    // True when colour c's king is attacked (including by the other king along an open file).
    bool isAttacked(Color c) const { return isSquareAttacked(m_king[index(c)], ~c); }
    bool isInCheck() const { return isAttacked(m_side); }
    // Whether `by` attacks square s, as if a king of the other colour stood there (pawns are
    // seen from the king's point of view, so this is meant for palace squares).
    bool isSquareAttacked(Square s, Color by) const;
    // Both kings on the same file with nothing between them.
    bool kingsFace() const;

    // What isLegal needs to know about the position, computed once per move list: whether the
    // side to move is in check, and which of the four lines from our king hold an enemy rook,
    // cannon or (on the file) king; only moves touching those lines need a closer look.
    struct LegalityContext {
        bool inCheck            = false;
        std::uint8_t dangerRays = 0; // bit d: ray direction d from our king (tables.h);
                                     // bit 4: the enemy has a horse
    };
    LegalityContext legalityContext() const { return legalityContext(isInCheck()); }
    // The same with the in-check flag already known (the search knows it for every node).
    LegalityContext legalityContext(bool inCheck) const;
    // Precondition: m is pseudo-legal. True when it does not leave our king attacked or the
    // kings facing each other.
    bool isLegal(Move m) const { return isLegal(m, legalityContext()); }
    // Inlined on purpose: move generators call it for every move, and the fast path is a few
    // instructions (measured: perft 5 about 25% faster than an out-of-line call).
    bool isLegal(Move m, const LegalityContext& ctx) const {
        const Square from = m.from(), to = m.to();
        if (!ctx.inCheck && typeOf(m_board[from]) != PieceType::King) {
            const auto& mask = tables::kTables.lineMask[m_king[index(m_side)]];
            if (!(ctx.dangerRays & (mask[from] | (mask[to] & 15))))
                return true;
        }
        return isLegalSlow(m, ctx);
    }
    // Full check that m is a legal move here (any raw value is accepted; for TT and input moves).
    bool isPseudoLegal(Move m) const;
    // Precondition: m legal. True when m gives check.
    bool givesCheck(Move m) const;
    // The same as givesCheck for positions in which the side not to move is not in check (every
    // position reached by legal moves), but it only looks at what the move changes: the lines
    // from the enemy general through the move's two points, the horse leg it frees and the
    // piece that arrives. For the search, which asks for almost every move.
    bool givesCheckQuick(Move m) const {
        // Most moves neither touch a line through the general nor bring a horse within reach:
        // two table loads decide those before any board is looked at.
        const Square k = m_king[index(~m_side)];
        const auto& lm = tables::kTables.lineMask[k];
        if (!(lm[m.from()] | (lm[m.to()] & 15))
            && (typeOf(m_board[m.from()]) != PieceType::Horse
                || tables::kTables.horseLeg[k][m.to()] == kNoSquare))
            return false;
        return givesCheckSlow(m);
    }
    // After makeMove(last): the same as isInCheck() under the same precondition (the mover did
    // not already attack the general before the move), looking only at what `last` changed.
    bool inCheckAfter(Move last) const;

    Key computeKey() const;
    bool isConsistent() const; // key, kings and counts agree with the board

    // Material helpers for the rules and the search.
    bool hasAttackers(Color c) const {
        return count(c, PieceType::Rook) + count(c, PieceType::Horse) + count(c, PieceType::Cannon)
                   + count(c, PieceType::Pawn)
               > 0;
    }

    bool operator==(const Position& o) const { return m_board == o.m_board && m_side == o.m_side; }

private:
    bool isAttackedWithout(Square from, Square to, Square king) const;
    bool isLegalSlow(Move m, const LegalityContext& ctx) const;
    bool givesCheckSlow(Move m) const;

    void toggle(Color c, Square s) { m_occ[index(c)][s >> 6] ^= std::uint64_t{1} << (s & 63); }
    void togglePiece(Piece p, Square s) { m_bb[p][s >> 6] ^= std::uint64_t{1} << (s & 63); }

    std::array<Piece, kSquares> m_board{};
    std::array<std::array<std::uint64_t, 2>, 2> m_occ{};
    std::array<std::array<std::uint64_t, 2>, kPieceLimit> m_bb{};
    std::array<Square, 2> m_king{kNoSquare, kNoSquare};
    std::array<std::uint8_t, kPieceLimit> m_count{};
    Key m_key                = 0;
    Color m_side             = Color::Red;
    std::uint16_t m_quiet    = 0;
    std::uint16_t m_fullmove = 1;
};

} // namespace xq::core
