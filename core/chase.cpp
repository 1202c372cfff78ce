#include "core/chase.h"

#include <array>

#include "core/movegen.h"

namespace xq::core {

namespace {

// Material classes for "worth more than its attacker": a chariot above horses and cannons,
// those above advisors and elephants, those above a soldier. Only the order matters.
int chaseValue(PieceType t) {
    switch (t) {
    case PieceType::Rook:
        return 4;
    case PieceType::Horse:
    case PieceType::Cannon:
        return 3;
    case PieceType::Advisor:
    case PieceType::Elephant:
        return 2;
    case PieceType::Pawn:
        return 1;
    case PieceType::King:
    case PieceType::None:
        break;
    }
    return 0;
}

// A capture threat of the side to move: from -> to.
struct Threat {
    Square from;
    Square to;
    bool targetProtected;
};

// The squares of the pieces of colour ~c that give check to c's king in p.
std::vector<Square> checkersOf(const Position& p, Color c) {
    std::vector<Square> out;
    Position q = p;
    q.setSideToMove(~c);
    MoveList caps;
    generate(q, GenKind::Captures, caps);
    for (Move m : caps)
        if (m.to() == p.kingSquare(c))
            out.push_back(m.from());
    return out;
}

// Whether the pseudo-legal move m of the side to move in p is legal once the check given by
// the pieces on `checkers` is answered: those pieces still block lines and screen cannons, but
// their own attacks on the king do not count. With no checkers this is plain legality.
bool legalOnceAnswered(const Position& p, Move m, const std::vector<Square>& checkers) {
    if (checkers.empty())
        return p.isLegal(m);
    const Color us = p.sideToMove();
    Position r     = p;
    Undo u;
    r.makeMove(m, u);
    // A piece of our own that never attacks anything keeps the checker's point occupied.
    for (Square s : checkers) {
        const Piece piece = r.at(s);
        if (piece != kNoPiece && colorOf(piece) != us && typeOf(piece) != PieceType::King)
            r.put(s, makePiece(us, PieceType::Advisor));
    }
    return !r.isAttacked(us);
}

// Whether the side to move in p has a legal move onto `to`, ignoring the check given by the
// pieces on `checkers` (the capture need not answer a check that stood before it).
bool canRecapture(const Position& p, Square to, const std::vector<Square>& checkers) {
    MoveList caps;
    generate(p, GenKind::Captures, caps);
    for (Move m : caps)
        if (m.to() == to && legalOnceAnswered(p, m, checkers))
            return true;
    return false;
}

// The threats of colour `us` in `p` that would be chases if new. A threat is judged as it
// stands once any check is answered (AXF rules: a check is answered first): when `us` stands
// in check, the capture need only be legal apart from the checking pieces (a pinned piece
// still makes no threat); when the opponent stands in check, its recapture or counter-capture
// counts even though it does not answer that check.
void chaseThreats(const Position& p, Color us, std::vector<Threat>& out) {
    Position q = p;
    q.setSideToMove(us);
    const std::vector<Square> ourCheckers   = checkersOf(p, us);
    const std::vector<Square> theirCheckers = checkersOf(p, ~us);
    MoveList caps;
    generate(q, GenKind::Captures, caps);
    for (Move m : caps) {
        const Piece attacker = q.at(m.from()), target = q.at(m.to());
        const PieceType at = typeOf(attacker), tt = typeOf(target);
        // Kings and soldiers may attack perpetually (AXF rule 28; soldiers: the AXF summary),
        // and a threat to the king is a check, not a chase.
        if (at == PieceType::King || at == PieceType::Pawn || tt == PieceType::King)
            continue;
        // A soldier that has not crossed the river is no chase target.
        if (tt == PieceType::Pawn && isOwnHalf(colorOf(target), m.to()))
            continue;
        if (!legalOnceAnswered(q, m, ourCheckers))
            continue;
        Position r = q;
        Undo u;
        r.makeMove(m, u);
        // A checker that the capture moved away (the attacker itself) no longer stands on its
        // point; legalOnceAnswered skips points that do not hold an enemy piece.
        const bool prot = canRecapture(r, m.to(), theirCheckers);
        bool chase      = false;
        if (at == tt) {
            // Same kind (chariot, horse, cannon): an offer to exchange unless the target cannot
            // take its attacker first (AXF rule 24) and is unprotected.
            Position s = p;
            s.setSideToMove(~us);
            const Move back(m.to(), m.from());
            const bool counter = s.isPseudoLegal(back) && legalOnceAnswered(s, back, theirCheckers);
            chase              = !prot && !counter;
        } else {
            // Unprotected, or worth more than the attacker (a chariot attacked by a horse or a
            // cannon even when protected: AXF rules 15 and 16).
            chase = !prot || chaseValue(at) < chaseValue(tt);
        }
        if (chase)
            out.push_back({m.from(), m.to(), prot});
    }
}

} // namespace

std::vector<ChaseFact> findChases(const Position& before, const Position& after, Move m) {
    const Color us = before.sideToMove();
    std::vector<Threat> now, earlier;
    chaseThreats(after, us, now);
    std::vector<ChaseFact> facts;
    if (now.empty())
        return facts;
    chaseThreats(before, us, earlier);
    for (const Threat& t : now) {
        // The same attacker (the moved piece came from m.from()) already threatened the same
        // piece before the move: the move does not chase it, the opponent just did not escape.
        const Square was = t.from == m.to() ? m.from() : t.from;
        bool old         = false;
        for (const Threat& e : earlier)
            old = old || (e.from == was && e.to == t.to);
        if (!old)
            facts.push_back({after.at(t.from), t.from, after.at(t.to), t.to, t.targetProtected});
    }
    return facts;
}

bool matesByChecks(const Position& p, int checks) {
    MoveList moves;
    generateLegal(p, moves);
    for (Move m : moves) {
        if (!p.givesCheck(m))
            continue;
        Position r = p;
        Undo u;
        r.makeMove(m, u);
        MoveList replies;
        generateLegal(r, replies);
        if (replies.size() == 0)
            return true;
        if (checks <= 1)
            continue;
        bool all = true;
        for (Move e : replies) {
            Position s = r;
            Undo v;
            s.makeMove(e, v);
            if (!matesByChecks(s, checks - 1)) {
                all = false;
                break;
            }
        }
        if (all)
            return true;
    }
    return false;
}

bool threatensMate(const Position& before, const Position& after) {
    if (after.isInCheck())
        return false; // a check, not a threat
    const Color us = before.sideToMove();
    Position q     = after;
    q.setSideToMove(us);
    if (!matesByChecks(q))
        return false;
    // A threat that already stood is not made by this move. In check, the mover could not have
    // carried it out: it counts as new.
    return before.isInCheck() || !matesByChecks(before);
}

std::vector<CyclePly> classifyCycle(const Position& end, std::span<const Move> moves,
                                    bool withChases, bool withMateThreats) {
    std::vector<CyclePly> plies;
    if (moves.empty())
        return plies;
    // Walk back to the cycle's first position: no move of a cycle captures, so taking a move
    // back is moving its piece home.
    Position p = end;
    for (std::size_t k = moves.size(); k-- > 0;) {
        const Move m      = moves[k];
        const Piece piece = p.at(m.to());
        if (piece == kNoPiece || p.at(m.from()) != kNoPiece)
            return plies;
        p.put(m.to(), kNoPiece);
        p.put(m.from(), piece);
        p.setSideToMove(colorOf(piece));
    }
    if (!(p == end))
        return plies;
    std::array<Square, kSquares> idAt{};
    for (int s = 0; s < kSquares; ++s)
        idAt[static_cast<std::size_t>(s)] = static_cast<Square>(s);
    for (Move m : moves) {
        const Position before = p;
        const Piece piece     = p.at(m.from());
        if (piece == kNoPiece || colorOf(piece) != p.sideToMove() || p.at(m.to()) != kNoPiece)
            return {};
        Undo u;
        p.makeMove(m, u);
        idAt[m.to()] = idAt[m.from()];
        CyclePly ply{before.sideToMove(), p.isInCheck()};
        if (withChases)
            ply.chases = findChases(before, p, m);
        if (withMateThreats && !ply.gaveCheck)
            ply.mateThreat = threatensMate(before, p);
        for (ChaseFact& f : ply.chases) {
            f.chasedId = idAt[f.chasedSquare];
            f.chaserId = idAt[f.chaserSquare];
            ply.chasedIds.set(f.chasedId);
        }
        plies.push_back(std::move(ply));
    }
    return plies;
}

GameResult judgeRepetition(const Position& end, std::span<const Move> moves, RuleSet rules) {
    // Under the simple rules checks alone decide: no need to look for chases.
    const auto plies =
        classifyCycle(end, moves, rules != RuleSet::Simple, rules == RuleSet::Chinese);
    if (plies.empty())
        return drawBy(Reason::Repetition);
    return judgeCycle(plies, rules);
}

} // namespace xq::core
