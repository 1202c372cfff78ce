#include "ai/see.h"

#include <algorithm>
#include <array>

#include "ai/psqt.h"
#include "core/tables.h"

namespace xq::ai {

using core::Color;
using core::Piece;
using core::PieceType;
using core::Square;
using core::tables::kTables;

namespace {

constexpr int kKingValue = 20000;

int seeValue(Piece p) {
    const PieceType t = core::typeOf(p);
    return t == PieceType::King ? kKingValue : kValueMg[static_cast<int>(t)];
}

using Board = std::array<Piece, core::kSquares>;

// The point of the cheapest piece of colour c that attacks s on board b (kNoSquare if none).
Square cheapestAttacker(const Board& b, Square s, Color c) {
    Square best   = core::kNoSquare;
    int bestCost  = 1 << 30;
    auto consider = [&](Square q, PieceType t) {
        if (b[q] == core::makePiece(c, t)) {
            const int cost = seeValue(b[q]);
            if (cost < bestCost) {
                bestCost = cost;
                best     = q;
            }
        }
    };
    // Soldiers: one step behind s (seen from c), or beside it once across the river.
    const int back = c == Color::Red ? -9 : 9;
    if (const int q = s + back; q >= 0 && q < core::kSquares)
        consider(static_cast<Square>(q), PieceType::Pawn);
    if (!core::isOwnHalf(c, s)) {
        if (core::fileOf(s) > 0)
            consider(static_cast<Square>(s - 1), PieceType::Pawn);
        if (core::fileOf(s) < 8)
            consider(static_cast<Square>(s + 1), PieceType::Pawn);
    }
    if (bestCost <= kValueMg[static_cast<int>(PieceType::Pawn)])
        return best;
    for (const Square* q = kTables.advisor[s].data(); *q != core::kNoSquare; ++q)
        consider(*q, PieceType::Advisor);
    for (const auto* st = kTables.elephant[s].data(); st->to != core::kNoSquare; ++st)
        if (b[st->block] == core::kNoPiece)
            consider(st->to, PieceType::Elephant);
    for (const auto* st = kTables.horseFrom[s].data(); st->to != core::kNoSquare; ++st)
        if (b[st->block] == core::kNoPiece)
            consider(st->to, PieceType::Horse);
    // Along the four lines: the first piece (chariot) and the one after a screen (cannon).
    for (int d = 0; d < 4; ++d) {
        const Square* ray = kTables.rays.sq[s][d].data();
        while (*ray != core::kNoSquare && b[*ray] == core::kNoPiece)
            ++ray;
        if (*ray == core::kNoSquare)
            continue;
        consider(*ray, PieceType::Rook);
        ++ray;
        while (*ray != core::kNoSquare && b[*ray] == core::kNoPiece)
            ++ray;
        if (*ray != core::kNoSquare)
            consider(*ray, PieceType::Cannon);
    }
    for (const Square* q = kTables.king[s].data(); *q != core::kNoSquare; ++q)
        consider(*q, PieceType::King);
    return best;
}

// The point of the piece of colour c that takes on s next in an exchange: the cheapest attacker,
// but not the general while s is still defended (it may only take last). kNoSquare if none.
Square nextCapturer(const Board& b, Square s, Color c) {
    const Square q = cheapestAttacker(b, s, c);
    if (q == core::kNoSquare || core::typeOf(b[q]) != PieceType::King)
        return q;
    Board after = b;
    after[q]    = core::kNoPiece;
    after[s]    = b[q];
    return cheapestAttacker(after, s, ~c) == core::kNoSquare ? q : core::kNoSquare;
}

} // namespace

int staticExchange(const core::Position& pos, core::Move m) {
    Board b           = pos.board();
    const Square to   = m.to();
    const Piece mover = b[m.from()];
    std::array<int, 34> gain{};
    int n       = 0;
    gain[0]     = b[to] != core::kNoPiece ? seeValue(b[to]) : 0;
    int onTo    = seeValue(mover); // the value of the piece now standing on `to`
    b[m.from()] = core::kNoPiece;
    b[to]       = mover;
    Color side  = ~core::colorOf(mover);
    while (n + 1 < static_cast<int>(gain.size())) {
        const Square q = nextCapturer(b, to, side);
        if (q == core::kNoSquare)
            break;
        const Piece attacker = b[q];
        ++n;
        gain[n] = onTo - gain[n - 1];
        onTo    = seeValue(attacker);
        b[q]    = core::kNoPiece;
        b[to]   = attacker;
        side    = ~side;
    }
    while (n > 0) {
        gain[n - 1] = -std::max(-gain[n - 1], gain[n]);
        --n;
    }
    return gain[0];
}

bool staticExchangeAtLeast(const core::Position& pos, core::Move m, int threshold) {
    // `balance` is the mover's material if the exchange stops now. When the opponent is to
    // capture next it stops only if that suits it, so the answer is yes only if stopping here
    // already reaches the threshold and so does going on; when the mover is to capture next it
    // is yes if stopping here reaches it or going on does. Each step of the loop therefore
    // either settles the answer or passes it on to the next capture.
    Board b           = pos.board();
    const Square to   = m.to();
    const Piece mover = b[m.from()];
    int balance       = b[to] != core::kNoPiece ? seeValue(b[to]) : 0;
    if (balance < threshold)
        return false;
    int onTo = seeValue(mover);
    if (balance - onTo >= threshold)
        return true; // even losing the mover for nothing more reaches the threshold
    b[m.from()]       = core::kNoPiece;
    b[to]             = mover;
    const Color first = ~core::colorOf(mover);
    Color side        = first;
    for (;;) {
        const Square q = nextCapturer(b, to, side);
        if (q == core::kNoSquare)
            return balance >= threshold;
        balance += side == first ? -onTo : onTo;
        onTo  = seeValue(b[q]);
        b[to] = b[q];
        b[q]  = core::kNoPiece;
        side  = ~side;
        // After the opponent's capture it is the mover who may stop (yes if that is enough);
        // after the mover's, the opponent (no if stopping leaves the mover short).
        if (side != first && balance >= threshold)
            return true;
        if (side == first && balance < threshold)
            return false;
    }
}

} // namespace xq::ai
