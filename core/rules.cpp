#include "core/rules.h"

#include <algorithm>
#include <cctype>
#include <tuple>

#include "core/fen.h"
#include "core/notation.h"

namespace xq::core {

namespace {

const char* pieceNameChinese(Piece p) {
    const char* c = pieceCharacter(p);
    return *c ? c : "子";
}

const char* colorEnglish(Color c) {
    return c == Color::Red ? "Red" : "Black";
}

const char* colorChinese(Color c) {
    return c == Color::Red ? "红方" : "黑方";
}

// Ranks the forbidden perpetual attacks: a perpetual check weighs more than a chase, so a side
// that checks perpetually against a chase loses; equal ranks draw.
int severity(Violation v) {
    switch (v) {
    case Violation::PerpetualCheck:
        return 2;
    case Violation::PerpetualChase:
    case Violation::CheckAndChase:
    case Violation::PerpetualAttack:
        return 1;
    case Violation::None:
        break;
    }
    return 0;
}

// The kinds of a perpetual attack's moves: "checks and mate threats", "chases". Kinds, not
// counts: the game judges the plies since the first occurrence, the search one cycle.
std::string attackKinds(const RepetitionDetail& d, const char* const names[3], const char* comma,
                        const char* last) {
    std::vector<const char*> kinds;
    if (d.checks > 0)
        kinds.push_back(names[0]);
    if (d.mateThreats > 0)
        kinds.push_back(names[1]);
    if (d.chases > 0)
        kinds.push_back(names[2]);
    std::string out;
    for (std::size_t k = 0; k < kinds.size(); ++k)
        out += (k == 0 ? "" : k + 1 == kinds.size() ? last : comma) + std::string(kinds[k]);
    return out;
}

// Orders pieces for naming one in a verdict: chariot, cannon, horse, elephant, advisor, soldier.
int worth(Piece p) {
    switch (typeOf(p)) {
    case PieceType::Rook:
        return 6;
    case PieceType::Cannon:
        return 5;
    case PieceType::Horse:
        return 4;
    case PieceType::Elephant:
        return 3;
    case PieceType::Advisor:
        return 2;
    case PieceType::Pawn:
        return 1;
    case PieceType::King:
    case PieceType::None:
        break;
    }
    return 0;
}

} // namespace

const char* ruleSetName(RuleSet r) {
    switch (r) {
    case RuleSet::Asian:
        return "Asian";
    case RuleSet::Chinese:
        return "Chinese";
    case RuleSet::Simple:
        return "Simple";
    }
    return "Asian";
}

bool parseRuleSetName(std::string_view name, RuleSet& out) {
    const auto sameLetters = [](std::string_view a, std::string_view b) {
        return a.size() == b.size()
               && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
                      return std::tolower(static_cast<unsigned char>(x))
                             == std::tolower(static_cast<unsigned char>(y));
                  });
    };
    for (RuleSet r : kRuleSets)
        if (sameLetters(name, ruleSetName(r))) {
            out = r;
            return true;
        }
    return false;
}

std::string GameResult::pgnResult() const {
    switch (outcome) {
    case Outcome::RedWins:
        return "1-0";
    case Outcome::BlackWins:
        return "0-1";
    case Outcome::Draw:
        return "1/2-1/2";
    case Outcome::Ongoing:
        break;
    }
    return "*";
}

std::string GameResult::describe() const {
    std::string who = outcome == Outcome::RedWins     ? "Red wins"
                      : outcome == Outcome::BlackWins ? "Black wins"
                      : outcome == Outcome::Draw      ? "Draw"
                                                      : "Game in progress";
    if (isRepetitionLoss()) {
        const std::string loser = std::string(colorEnglish(detail.violator)) + " loses: ";
        const std::string chased =
            detail.chased == kNoPiece
                ? std::string()
                : std::string("the ") + (detail.chasedProtected ? "protected " : "unprotected ")
                      + pieceName(typeOf(detail.chased)) + " on " + squareName(detail.chasedSquare);
        const std::string chaser = detail.chaser == kNoPiece
                                       ? std::string()
                                       : std::string("the ") + pieceName(typeOf(detail.chaser))
                                             + " on " + squareName(detail.chaserSquare);
        switch (detail.violation) {
        case Violation::PerpetualCheck:
            return loser + "it gave check in every move of the repetition (perpetual check)";
        case Violation::PerpetualChase:
            if (!detail.oneChaser)
                return loser + "it chased " + chased + " (last with " + chaser
                       + ") in every move of the repetition";
            return loser + chaser + " chased " + chased + " in every move of the repetition";
        case Violation::CheckAndChase:
            return loser + "it checked or chased " + chased + " (last with " + chaser
                   + ") in every move of the repetition (one check, one chase)";
        case Violation::PerpetualAttack: {
            static const char* const names[3] = {"checks", "mate threats", "chases"};
            return loser + "it attacked in every move of the repetition ("
                   + attackKinds(detail, names, ", ", " and ")
                   + "): a perpetual attack under the Chinese rules";
        }
        case Violation::None:
            break;
        }
    }
    switch (reason) {
    case Reason::Checkmate:
        return who + " by checkmate";
    case Reason::Stalemate:
        return who + ": the other side has no legal move (stalemate)";
    case Reason::PerpetualCheck:
        return who + ": the other side gave perpetual check";
    case Reason::Repetition:
        if (outcome == Outcome::Draw && detail.violation != Violation::None
            && detail.otherSide != Violation::None)
            return who + " by repetition: both sides attacked in every move";
        return who + " by repetition";
    case Reason::MoveLimit:
        return who + " by the natural move limit (no capture for 60 moves)";
    case Reason::NoAttackers:
        return who + ": neither side has an attacking piece left";
    case Reason::Resignation:
        return who + " by resignation";
    case Reason::Time:
        return who + " on time";
    case Reason::TimeNoMating:
        return who + ": a clock ran out, but the other side has no piece left that can mate";
    case Reason::None:
        break;
    }
    return who;
}

std::string GameResult::describeChinese() const {
    std::string who = outcome == Outcome::RedWins     ? "红方胜"
                      : outcome == Outcome::BlackWins ? "黑方胜"
                      : outcome == Outcome::Draw      ? "和棋"
                                                      : "对局进行中";
    if (isRepetitionLoss()) {
        const std::string loser  = std::string(colorChinese(detail.violator)) + "负：";
        const std::string chased = detail.chased == kNoPiece
                                       ? std::string()
                                       : squareName(detail.chasedSquare)
                                             + (detail.chasedProtected ? "的有根" : "的无根")
                                             + pieceNameChinese(detail.chased);
        const std::string chaser =
            detail.chaser == kNoPiece
                ? std::string()
                : squareName(detail.chaserSquare) + "的" + pieceNameChinese(detail.chaser);
        switch (detail.violation) {
        case Violation::PerpetualCheck:
            return loser + "循环中每一步都将军（长将判负）";
        case Violation::PerpetualChase:
            if (!detail.oneChaser)
                return loser + "循环中每一步都捉" + chased + "（最后一步用" + chaser
                       + "，长捉判负）";
            return loser + chaser + "在循环中每一步都捉" + chased + "（长捉判负）";
        case Violation::CheckAndChase:
            return loser + "循环中每一步都将军或捉" + chased + "（一将一捉判负）";
        case Violation::PerpetualAttack: {
            static const char* const names[3] = {"将", "杀", "捉子"};
            return loser + "循环中每一步都" + attackKinds(detail, names, "、", "或")
                   + "（长打判负）";
        }
        case Violation::None:
            break;
        }
    }
    switch (reason) {
    case Reason::Checkmate:
        return who + "（将死）";
    case Reason::Stalemate:
        return who + "（困毙）";
    case Reason::PerpetualCheck:
        return who + "（长将判负）";
    case Reason::Repetition:
        if (outcome == Outcome::Draw && detail.violation != Violation::None
            && detail.otherSide != Violation::None)
            return who + "（重复局面，双方均长打）";
        return who + "（重复局面）";
    case Reason::MoveLimit:
        return who + "（自然限着）";
    case Reason::NoAttackers:
        return who + "（双方无进攻子力）";
    case Reason::Resignation:
        return who + "（认输）";
    case Reason::Time:
        return who + "（超时）";
    case Reason::TimeNoMating:
        return who + "（一方超时，但对方已无进攻子力）";
    case Reason::None:
        break;
    }
    return who;
}

GameResult winFor(Color c, Reason r) {
    return {c == Color::Red ? Outcome::RedWins : Outcome::BlackWins, r, {}};
}

GameResult drawBy(Reason r) {
    return {Outcome::Draw, r, {}};
}

GameResult judgeCycle(std::span<const CyclePly> cycle, RuleSet rules) {
    // Per side: did it move, check with every move, and which pieces did it chase with every
    // move (all moves; and, for the Chinese rules, its moves that did not check).
    struct SideFacts {
        bool moved = false, allCheck = true, allAttack = true, anyCheck = false;
        bool anyQuiet = false; // a move that did not check
        // Every move a check, a mate threat or a chase of any piece (the Chinese 长打), and
        // how many of each.
        bool allAnyAttack = true;
        int checks = 0, mateThreats = 0, chases = 0;
        PieceIds everyMove, everyQuietMove;
    } side[2];
    for (auto& s : side) {
        s.everyMove.set();
        s.everyQuietMove.set();
    }
    for (const CyclePly& p : cycle) {
        SideFacts& s = side[index(p.mover)];
        s.moved      = true;
        s.everyMove &= p.chasedIds;
        if (p.gaveCheck)
            ++s.checks;
        else if (p.mateThreat)
            ++s.mateThreats;
        else if (p.chasedIds.any())
            ++s.chases;
        else
            s.allAnyAttack = false;
        if (p.gaveCheck) {
            s.anyCheck = true;
        } else {
            s.allCheck = false;
            s.anyQuiet = true;
            s.everyQuietMove &= p.chasedIds;
            if (p.chasedIds.none())
                s.allAttack = false;
        }
    }
    Violation v[2] = {Violation::None, Violation::None};
    PieceIds target[2];
    for (int c = 0; c < 2; ++c) {
        const SideFacts& s = side[c];
        if (!s.moved)
            continue;
        if (s.allCheck)
            v[c] = Violation::PerpetualCheck;
        else if (rules == RuleSet::Simple)
            continue;
        else if (s.everyMove.any()) {
            v[c]      = Violation::PerpetualChase;
            target[c] = s.everyMove;
        } else if (rules == RuleSet::Chinese && s.anyCheck && s.allAttack
                   && s.everyQuietMove.any()) {
            // The Chinese rules count alternating check and chase of the same piece as one
            // perpetual attack (docs/RULES.md); the Asian rules allow it (AXF rule 18).
            v[c]      = Violation::CheckAndChase;
            target[c] = s.everyQuietMove;
        } else if (rules == RuleSet::Chinese && s.allAnyAttack) {
            // CXA rule 24.13: 长将, 长杀, 长捉 (of one piece or several, 24.11), 一将一杀,
            // 一将一捉, 一杀一捉 are all forbidden perpetual attacks.
            v[c] = Violation::PerpetualAttack;
        }
    }
    const int red = severity(v[0]), black = severity(v[1]);
    if (red == black) {
        GameResult r       = drawBy(Reason::Repetition);
        r.detail.violation = v[0];
        r.detail.violator  = Color::Red;
        r.detail.otherSide = v[1];
        r.detail.rules     = rules;
        return r;
    }
    const Color loser   = red > black ? Color::Red : Color::Black;
    const Violation why = v[index(loser)];
    GameResult r        = winFor(~loser, why == Violation::PerpetualCheck ? Reason::PerpetualCheck
                                                                          : Reason::Repetition);
    r.detail.violation  = why;
    r.detail.violator   = loser;
    r.detail.otherSide  = v[index(~loser)];
    r.detail.rules      = rules;
    if (why == Violation::PerpetualAttack) {
        const auto& s        = side[index(loser)];
        r.detail.checks      = s.checks;
        r.detail.mateThreats = s.mateThreats;
        r.detail.chases      = s.chases;
        return r;
    }
    // Name the pieces of the loser's last chase of a piece it chased throughout, preferring a
    // piece chased by one same chaser in every move (then the sentence may say so).
    const ChaseFact* best = nullptr;
    bool bestOne          = false;
    std::size_t bestPly   = 0;
    for (std::size_t id = 0; id < kSquares; ++id) {
        if (!target[index(loser)].test(id))
            continue;
        PieceIds chasers;
        chasers.set();
        std::size_t lastPly = cycle.size();
        for (std::size_t k = 0; k < cycle.size(); ++k) {
            const CyclePly& p = cycle[k];
            if (p.mover != loser || (why == Violation::CheckAndChase && p.gaveCheck))
                continue;
            PieceIds here;
            for (const ChaseFact& f : p.chases)
                if (f.chasedId == id && f.chaserId < kSquares)
                    here.set(f.chaserId);
            chasers &= here;
            lastPly = k;
        }
        if (lastPly == cycle.size())
            continue;
        const ChaseFact* last = nullptr;
        bool one              = false;
        for (const ChaseFact& f : cycle[lastPly].chases)
            if (f.chasedId == id && (last == nullptr || !one)) {
                last = &f;
                one  = f.chaserId < kSquares && chasers.test(f.chaserId);
            }
        // Ties go to the later move, then to the more valuable piece chased and chasing (the
        // order of squares would make the sentence depend on the side of the board).
        const auto rank = [](const ChaseFact* f, bool o, std::size_t ply) {
            return std::tuple(o, ply, worth(f->chased), worth(f->chaser));
        };
        if (last != nullptr
            && (best == nullptr || rank(last, one, lastPly) > rank(best, bestOne, bestPly))) {
            best    = last;
            bestOne = one;
            bestPly = lastPly;
        }
    }
    if (best != nullptr) {
        r.detail.chaser          = best->chaser;
        r.detail.chaserSquare    = best->chaserSquare;
        r.detail.chased          = best->chased;
        r.detail.chasedSquare    = best->chasedSquare;
        r.detail.chasedProtected = best->chasedProtected;
        r.detail.oneChaser       = why == Violation::PerpetualChase && bestOne;
    }
    return r;
}

} // namespace xq::core
