// Property test of the repetition judge on generated cycles. The cycles come from real games
// (every repetition in tests/data/rules_cycles.pgn, engine games that ended by repetition) and
// from positions (the games' and the test data's, and random ones with every piece on a point
// it may stand on), where each side moves one or two pieces away and back, preferring moves that
// check or attack. The judge must satisfy, on every cycle:
// - colour symmetry: the board turned and the colours swapped gives the mirrored verdict, and the
//   board mirrored left to right the same verdict, to the sentence;
// - a loss under the simple rules is a loss of the same side under the Asian and Chinese rules,
//   and the Asian and Chinese verdicts differ only by a violation only the Chinese rules know;
// - the piece named in a chase verdict is chased in every move that the verdict says, and the
//   named chaser chases it in every one of them when the sentence says it alone did (checked
//   again with findChases on each move), and every chase is a legal capture of a piece that may
//   be chased;
// - the verdict is stable: judged again, from any ply of the cycle, over the cycle twice, and by
//   a Game playing the cycle to the third occurrence, it is the same.
// "[chase]" runs 542 cycles; "[.chase-cycles]" (CTest: chase_cycles, label slow) 6,242.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/chase.h"
#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "testdata.h"

using namespace xq::core;

namespace {

// splitmix64: the same numbers on every platform (std distributions are not).
struct Rng {
    std::uint64_t s;
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
        z               = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z               = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

// The points a piece of colour c and type t may ever stand on.
bool legalPoint(Color c, PieceType t, Square s) {
    const int f = fileOf(s), r = c == Color::Red ? rankOf(s) : 9 - rankOf(s);
    switch (t) {
    case PieceType::King:
        return f >= 3 && f <= 5 && r <= 2;
    case PieceType::Advisor:
        return (r == 0 || r == 2) ? (f == 3 || f == 5) : (r == 1 && f == 4);
    case PieceType::Elephant:
        return (r == 0 || r == 4) ? (f == 2 || f == 6) : (r == 2 && (f == 0 || f == 4 || f == 8));
    case PieceType::Pawn:
        return r >= 5 || ((r == 3 || r == 4) && f % 2 == 0);
    default:
        return true;
    }
}

// A random legal position: both kings, up to two of each other piece and five soldiers a side,
// every piece on one of its points, the side not to move not in check, the side to move with a
// legal move, and an attacking piece left (else the game is drawn at once).
std::optional<Position> randomPosition(Rng& rng) {
    Position p;
    for (Color c : {Color::Red, Color::Black}) {
        const std::pair<PieceType, int> counts[] = {{PieceType::King, 1},
                                                    {PieceType::Advisor, rng.below(3)},
                                                    {PieceType::Elephant, rng.below(3)},
                                                    {PieceType::Horse, rng.below(3)},
                                                    {PieceType::Rook, rng.below(3)},
                                                    {PieceType::Cannon, rng.below(3)},
                                                    {PieceType::Pawn, rng.below(6)}};
        for (auto [t, n] : counts)
            for (int k = 0; k < n; ++k)
                for (int tries = 0; tries < 50; ++tries) {
                    const auto s = static_cast<Square>(rng.below(kSquares));
                    if (p.at(s) == kNoPiece && legalPoint(c, t, s)) {
                        p.put(s, makePiece(c, t));
                        break;
                    }
                }
    }
    p.setSideToMove(rng.below(2) == 0 ? Color::Red : Color::Black);
    if (p.kingSquare(Color::Red) == kNoSquare || p.kingSquare(Color::Black) == kNoSquare
        || p.kingsFace() || p.isAttacked(~p.sideToMove())
        || !(p.hasAttackers(Color::Red) || p.hasAttackers(Color::Black)))
        return std::nullopt;
    MoveList legal;
    generateLegal(p, legal);
    if (legal.size() == 0)
        return std::nullopt;
    return p;
}

bool isQuietLegal(const Position& p, Move m) {
    return p.isPseudoLegal(m) && p.at(m.to()) == kNoPiece && p.isLegal(m);
}

// One side's part of a cycle: which of its pieces (slot 0 or 1) moves at each of its turns,
// and whether it moves freely or goes home to where it stood before its first move.
struct Step {
    int slot;
    bool home;
};
const std::vector<std::vector<Step>>& plans(int period) {
    static const std::vector<std::vector<Step>> two   = {{{0, false}, {0, true}}};
    static const std::vector<std::vector<Step>> three = {{{0, false}, {0, false}, {0, true}}};
    static const std::vector<std::vector<Step>> four  = {
         {{0, false}, {1, false}, {0, true}, {1, true}},
         {{0, false}, {1, false}, {1, true}, {0, true}},
         {{0, false}, {0, true}, {1, false}, {1, true}}};
    return period == 2 ? two : period == 3 ? three : four;
}

// Builds a cycle from `start`: each side follows a plan, choosing its free moves at random with
// checks and attacking moves weighted up. Empty when the plan cannot be completed or the cycle
// passes a position twice.
std::vector<Move> buildCycle(const Position& start, Rng& rng) {
    const int period = 2 + rng.below(3);
    const std::vector<Step>* plan[2];
    for (auto& pl : plan)
        pl = &plans(
            period)[static_cast<std::size_t>(rng.below(static_cast<int>(plans(period).size())))];
    Square at[2][2]   = {{kNoSquare, kNoSquare}, {kNoSquare, kNoSquare}};
    Square home[2][2] = {{kNoSquare, kNoSquare}, {kNoSquare, kNoSquare}};
    Position p        = start;
    std::vector<Move> moves;
    std::vector<Position> seen{start};
    for (int ply = 0; ply < 2 * period; ++ply) {
        const Color us   = p.sideToMove();
        const int side   = ply % 2;
        const Step& step = (*plan[side])[static_cast<std::size_t>(ply / 2)];
        Square& cur      = at[side][step.slot];
        Move chosen;
        if (step.home) {
            chosen = Move(cur, home[side][step.slot]);
            if (cur == kNoSquare || !isQuietLegal(p, chosen))
                return {};
        } else {
            // The last free step of a piece that goes home next must leave it a way home.
            const bool homeNext =
                ply / 2 + 1 < period && (*plan[side])[static_cast<std::size_t>(ply / 2 + 1)].home
                && (*plan[side])[static_cast<std::size_t>(ply / 2 + 1)].slot == step.slot;
            const bool thirdLeg = cur != kNoSquare && period == 3;
            MoveList list;
            generate(p, GenKind::Quiets, list);
            std::vector<std::pair<Move, int>> options;
            int total = 0;
            for (Move m : list) {
                if (!p.isLegal(m))
                    continue;
                // A new piece: not the other slot's; a general only one time in three, so that
                // the other pieces do most of the attacking.
                if (cur != kNoSquare
                        ? m.from() != cur
                        : (m.from() == at[side][1 - step.slot]
                           || (typeOf(p.at(m.from())) == PieceType::King && rng.below(3) != 0)))
                    continue;
                Position after = p;
                Undo u;
                after.makeMove(m, u);
                if (thirdLeg || homeNext) {
                    const Square back = thirdLeg ? home[side][step.slot] : m.from();
                    Position again    = after;
                    again.setSideToMove(us);
                    if (!again.isPseudoLegal(Move(m.to(), back)) || again.at(back) != kNoPiece)
                        continue;
                }
                int weight = 1;
                if (after.isInCheck())
                    weight += 4;
                Position threat = after;
                threat.setSideToMove(us);
                MoveList caps;
                generateFrom(threat, m.to(), GenKind::Captures, caps);
                if (caps.size() > 0)
                    weight += 4;
                if (!findChases(p, after, m).empty())
                    weight += 12;
                options.emplace_back(m, weight);
                total += weight;
            }
            if (options.empty())
                return {};
            int pick = rng.below(total);
            for (auto [m, w] : options) {
                chosen = m;
                if ((pick -= w) < 0)
                    break;
            }
            if (cur == kNoSquare)
                home[side][step.slot] = chosen.from();
        }
        cur = chosen.to();
        Undo u;
        p.makeMove(chosen, u);
        moves.push_back(chosen);
        for (std::size_t k = ply + 1 == 2 * period ? 1 : 0; k < seen.size(); ++k)
            if (seen[k] == p)
                return {};
        seen.push_back(p);
    }
    if (!(p == start))
        return {};
    return moves;
}

// A cycle and where it comes from.
struct Cycle {
    Position end; // the position the cycle starts and ends in
    std::vector<Move> moves;
};

Position turned(const Position& p) {
    Position m;
    for (int s = 0; s < kSquares; ++s) {
        const Piece piece = p.at(static_cast<Square>(s));
        if (piece != kNoPiece)
            m.put(flipRank(static_cast<Square>(s)), makePiece(~colorOf(piece), typeOf(piece)));
    }
    m.setSideToMove(~p.sideToMove());
    return m;
}

Position mirrored(const Position& p) {
    Position m;
    for (int s = 0; s < kSquares; ++s) {
        const Piece piece = p.at(static_cast<Square>(s));
        if (piece != kNoPiece)
            m.put(flipFile(static_cast<Square>(s)), piece);
    }
    m.setSideToMove(p.sideToMove());
    return m;
}

Cycle transform(const Cycle& c, bool turn) {
    Cycle t{turn ? turned(c.end) : mirrored(c.end), {}};
    for (Move m : c.moves)
        t.moves.push_back(turn ? Move(flipRank(m.from()), flipRank(m.to()))
                               : Move(flipFile(m.from()), flipFile(m.to())));
    return t;
}

// The verdict's sentence with the colours swapped and the squares turned (or mirrored).
std::string transformText(const std::string& s, bool turn) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (turn && s.compare(i, 3, "Red") == 0) {
            out += "Black";
            i += 2;
        } else if (turn && s.compare(i, 5, "Black") == 0) {
            out += "Red";
            i += 4;
        } else if (i + 1 < s.size() && s[i] >= 'a' && s[i] <= 'i' && s[i + 1] >= '0'
                   && s[i + 1] <= '9' && (i == 0 || s[i - 1] == ' ')
                   && (i + 2 == s.size() || s[i + 2] == ' ' || s[i + 2] == ')')) {
            const Square sq = makeSquare(s[i] - 'a', s[i + 1] - '0');
            out += squareName(turn ? flipRank(sq) : flipFile(sq));
            ++i;
        } else {
            out += s[i];
        }
    }
    return out;
}

// The sentence without its squares.
std::string masked(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i)
        if (i + 1 < s.size() && s[i] >= 'a' && s[i] <= 'i' && s[i + 1] >= '0' && s[i + 1] <= '9'
            && (i == 0 || s[i - 1] == ' ')) {
            out += "??";
            ++i;
        } else {
            out += s[i];
        }
    return out;
}

Outcome swapped(Outcome o) {
    return o == Outcome::RedWins     ? Outcome::BlackWins
           : o == Outcome::BlackWins ? Outcome::RedWins
                                     : o;
}

std::optional<Color> loser(const GameResult& r) {
    if (r.outcome == Outcome::RedWins)
        return Color::Black;
    if (r.outcome == Outcome::BlackWins)
        return Color::Red;
    return std::nullopt;
}

// Counts of what the cycles gave, for the report and for the variety the test requires.
struct Tally {
    int cycles = 0, fromGames = 0, withChase = 0, withCheck = 0, sameSquares = 0;
    std::map<std::string, int> verdicts; // "<rules> <draw|check|chase|check+chase>"
};

const char* kind(const GameResult& r) {
    if (r.outcome == Outcome::Draw)
        return "draw";
    switch (r.detail.violation) {
    case Violation::PerpetualCheck:
        return "check";
    case Violation::PerpetualChase:
        return "chase";
    case Violation::CheckAndChase:
        return "check+chase";
    case Violation::PerpetualAttack:
        return "attack";
    default:
        return "?";
    }
}

// Identity of each piece through the cycle, by its square at the start, tracked here apart from
// classifyCycle.
struct Replay {
    std::vector<Position> before;
    std::vector<std::array<Square, kSquares>> idAfter; // square -> start square, after ply k
};

Replay replay(const Cycle& c) {
    Position p = c.end;
    for (std::size_t k = c.moves.size(); k-- > 0;) { // take the moves back (none captures)
        const Move m = c.moves[k];
        p.put(m.from(), p.at(m.to()));
        p.put(m.to(), kNoPiece);
        p.setSideToMove(colorOf(p.at(m.from())));
    }
    Replay r;
    std::array<Square, kSquares> id{};
    for (int s = 0; s < kSquares; ++s)
        id[static_cast<std::size_t>(s)] = static_cast<Square>(s);
    for (Move m : c.moves) {
        r.before.push_back(p);
        Undo u;
        p.makeMove(m, u);
        id[m.to()] = id[m.from()];
        r.idAfter.push_back(id);
    }
    return r;
}

// The piece named in a chase verdict is chased in every move the verdict covers, by the named
// chaser in every one of them when the sentence says it alone did (findChases again, with the
// pieces' identities tracked here).
void checkNamed(const Cycle& c, const Replay& rp, const GameResult& r) {
    {
        if (!r.isRepetitionLoss() || r.detail.violation == Violation::PerpetualCheck)
            return;
        INFO(ruleSetName(r.detail.rules) << ": " << r.describe());
        if (r.detail.violation == Violation::PerpetualAttack) {
            // Every move of the violator checks, newly threatens mate or chases, as counted.
            int checks = 0, threats = 0, chases = 0;
            for (std::size_t i = 0; i < c.moves.size(); ++i) {
                const Position& b = rp.before[i];
                if (b.sideToMove() != r.detail.violator)
                    continue;
                Position a = b;
                Undo u;
                a.makeMove(c.moves[i], u);
                INFO("ply " << i << " " << toIccs(c.moves[i]));
                if (a.isInCheck())
                    ++checks;
                else if (threatensMate(b, a))
                    ++threats;
                else if (!findChases(b, a, c.moves[i]).empty())
                    ++chases;
                else
                    FAIL_CHECK("an idle move in a perpetual attack");
            }
            CHECK(checks == r.detail.checks);
            CHECK(threats == r.detail.mateThreats);
            CHECK(chases == r.detail.chases);
            return;
        }
        // The named chased piece and chaser, by identity: their squares just after the
        // violator's last move that names them.
        std::optional<Square> chasedId, chaserId;
        for (std::size_t i = 0; i < c.moves.size(); ++i) {
            const Position& b = rp.before[i];
            if (b.sideToMove() != r.detail.violator)
                continue;
            Position a = b;
            Undo u;
            a.makeMove(c.moves[i], u);
            for (const ChaseFact& f : findChases(b, a, c.moves[i]))
                if (f.chasedSquare == r.detail.chasedSquare
                    && f.chaserSquare == r.detail.chaserSquare) {
                    chasedId = rp.idAfter[i][f.chasedSquare];
                    chaserId = rp.idAfter[i][f.chaserSquare];
                }
        }
        REQUIRE(chasedId);
        for (std::size_t i = 0; i < c.moves.size(); ++i) {
            const Position& b = rp.before[i];
            if (b.sideToMove() != r.detail.violator)
                continue;
            Position a = b;
            Undo u;
            a.makeMove(c.moves[i], u);
            if (r.detail.violation == Violation::CheckAndChase && a.isInCheck())
                continue;
            bool chased = false, byNamed = false;
            for (const ChaseFact& f : findChases(b, a, c.moves[i]))
                if (rp.idAfter[i][f.chasedSquare] == *chasedId) {
                    chased  = true;
                    byNamed = byNamed || rp.idAfter[i][f.chaserSquare] == *chaserId;
                }
            INFO("ply " << i << " " << toIccs(c.moves[i]));
            CHECK(chased);
            if (r.detail.oneChaser)
                CHECK(byNamed);
        }
    }
}

void checkCycle(const Cycle& c, Tally& tally) {
    INFO("cycle from " << toFen(c.end) << " moves " << [&] {
        std::string s;
        for (Move m : c.moves)
            s += toIccs(m) + " ";
        return s;
    }());
    const RuleSet sets[] = {RuleSet::Asian, RuleSet::Chinese, RuleSet::Simple};
    GameResult res[3];
    for (int k = 0; k < 3; ++k) {
        res[k] = judgeRepetition(c.end, c.moves, sets[k]);
        REQUIRE(res[k].isOver());
        REQUIRE((res[k].reason == Reason::Repetition || res[k].reason == Reason::PerpetualCheck));
        ++tally.verdicts[std::string(ruleSetName(sets[k])) + " " + kind(res[k])];
    }
    ++tally.cycles;
    const auto plies = classifyCycle(c.end, c.moves);
    REQUIRE(plies.size() == c.moves.size());
    for (const CyclePly& p : plies) {
        tally.withChase += !p.chases.empty();
        tally.withCheck += p.gaveCheck;
    }

    // Colour symmetry and left-right symmetry, to the sentence.
    for (bool turn : {true, false}) {
        const Cycle t = transform(c, turn);
        for (int k = 0; k < 3; ++k) {
            INFO(ruleSetName(sets[k]) << (turn ? " colours swapped" : " mirrored left-right"));
            const GameResult m = judgeRepetition(t.end, t.moves, sets[k]);
            CHECK(m.outcome == (turn ? swapped(res[k].outcome) : res[k].outcome));
            CHECK(m.reason == res[k].reason);
            // A draw lists Red's violation first: swapped with the colours.
            const bool swapSides = turn && m.outcome == Outcome::Draw;
            CHECK(m.detail.violation
                  == (swapSides ? res[k].detail.otherSide : res[k].detail.violation));
            CHECK(m.detail.otherSide
                  == (swapSides ? res[k].detail.violation : res[k].detail.otherSide));
            // Two pieces of one kind may tie for the name (a board symmetric but for the
            // colours): the sentence must match but for the squares; checkNamed below checks
            // that the pieces it names are right.
            CHECK(masked(m.describe()) == masked(transformText(res[k].describe(), turn)));
            tally.sameSquares += m.describe() == transformText(res[k].describe(), turn);
        }
    }

    // Simple losses are Asian and Chinese losses of the same side; Asian and Chinese differ only
    // by a Chinese-only violation.
    if (loser(res[2])) {
        CHECK(loser(res[0]) == loser(res[2]));
        CHECK(loser(res[1]) == loser(res[2]));
    }
    if (!(res[0] == res[1]) || res[0].detail.violation != res[1].detail.violation) {
        const RepetitionDetail& d = res[1].detail;
        const auto chineseOnly    = [](Violation v) {
            return v == Violation::CheckAndChase || v == Violation::PerpetualAttack;
        };
        CHECK((chineseOnly(d.violation) || chineseOnly(d.otherSide)));
    }

    // The named pieces really chase, on this board and on the transformed ones.
    const Replay rp = replay(c);
    for (int k = 0; k < 2; ++k) {
        checkNamed(c, rp, res[k]);
        for (bool turn : {true, false}) {
            const Cycle t = transform(c, turn);
            checkNamed(t, replay(t), judgeRepetition(t.end, t.moves, sets[k]));
        }
    }
    // Every chase is a legal capture, by a piece that may chase, of a piece that may be chased.
    for (std::size_t i = 0; i < plies.size(); ++i)
        for (const ChaseFact& f : plies[i].chases) {
            Position a = rp.before[i];
            Undo u;
            a.makeMove(c.moves[i], u);
            a.setSideToMove(plies[i].mover);
            const Move cap(f.chaserSquare, f.chasedSquare);
            CHECK(a.at(f.chaserSquare) == f.chaser);
            CHECK(a.at(f.chasedSquare) == f.chased);
            CHECK((a.isPseudoLegal(cap) && a.isLegal(cap)));
            CHECK(typeOf(f.chaser) != PieceType::King);
            CHECK(typeOf(f.chaser) != PieceType::Pawn);
            CHECK(typeOf(f.chased) != PieceType::King);
            CHECK_FALSE((typeOf(f.chased) == PieceType::Pawn
                         && isOwnHalf(colorOf(f.chased), f.chasedSquare)));
        }

    // Stable: again, from every ply, twice round, and in a Game to the third occurrence.
    for (int k = 0; k < 3; ++k) {
        INFO(ruleSetName(sets[k]));
        CHECK(judgeRepetition(c.end, c.moves, sets[k]).describe() == res[k].describe());
        std::vector<Move> twice = c.moves;
        twice.insert(twice.end(), c.moves.begin(), c.moves.end());
        const GameResult t = judgeRepetition(c.end, twice, sets[k]);
        CHECK(t.outcome == res[k].outcome);
        CHECK(t.detail.violation == res[k].detail.violation);
        for (std::size_t s = 1; s < c.moves.size(); ++s) {
            Position e = rp.before[s];
            std::vector<Move> rotated(c.moves.begin() + static_cast<std::ptrdiff_t>(s),
                                      c.moves.end());
            rotated.insert(rotated.end(), c.moves.begin(),
                           c.moves.begin() + static_cast<std::ptrdiff_t>(s));
            const GameResult rr = judgeRepetition(e, rotated, sets[k]);
            INFO("from ply " << s);
            CHECK(rr.outcome == res[k].outcome);
            CHECK(rr.detail.violation == res[k].detail.violation);
        }
        RuleConfig rules;
        rules.ruleSet        = sets[k];
        rules.moveLimitPlies = 0;
        Game g(rp.before[0], rules);
        for (int round = 0; round < 2 && !g.isOver(); ++round)
            for (Move m : c.moves)
                if (!g.isOver())
                    REQUIRE(g.play(m));
        REQUIRE(g.isOver());
        CHECK(g.result().describe() == judgeRepetition(g.position(), c.moves, sets[k]).describe());
        CHECK(g.result().outcome == res[k].outcome);
    }
}

// Start positions: the start position, every position of the openings and games in tests/data,
// and the positions of its rules, mates and tactics files.
std::vector<Position> realPositions(const std::vector<PgnGame>& games) {
    std::vector<Position> out;
    Position start =
        *parseFen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    out.push_back(start);
    for (const auto& fields : xq::test::readCases("openings.txt")) {
        Position p = start;
        for (const std::string& w : xq::test::splitWords(fields[0])) {
            auto m = parseIccs(p, w);
            if (!m)
                break;
            Undo u;
            p.makeMove(*m, u);
            out.push_back(p);
        }
    }
    for (const char* file : {"rules.txt", "mates.txt", "tactics.txt"})
        for (const auto& fields : xq::test::readCases(file))
            if (auto p = parseFen(fields[0]))
                out.push_back(*p);
    for (const PgnGame& g : games) {
        Position p = g.start;
        for (const PgnMove& m : g.moves()) {
            Undo u;
            p.makeMove(m.move, u);
            out.push_back(p);
        }
    }
    return out;
}

// Every repetition cycle in a game: the moves between two occurrences of a position with no
// capture between them and no other position passed twice.
std::vector<Cycle> gameCycles(const PgnGame& g) {
    std::vector<Cycle> out;
    std::vector<Position> seen{g.start};
    std::vector<Move> moves;
    Position p              = g.start;
    std::size_t lastCapture = 0;
    for (const PgnMove& m : g.moves()) {
        if (p.at(m.move.to()) != kNoPiece)
            lastCapture = moves.size() + 1;
        Undo u;
        p.makeMove(m.move, u);
        moves.push_back(m.move);
        seen.push_back(p);
        // The shortest cycle back to the previous occurrence, if it passes no other position
        // twice (a figure of eight is judged as its two loops).
        for (std::size_t i = seen.size() - 1; i-- > lastCapture;) {
            if (!(seen[i] == p))
                continue;
            bool simple = true;
            for (std::size_t a = i; a + 1 < seen.size() && simple; ++a)
                for (std::size_t b = a + 1; b + 1 < seen.size() && simple; ++b)
                    simple = !(seen[a] == seen[b]);
            if (simple)
                out.push_back({p, std::vector<Move>(moves.begin() + static_cast<std::ptrdiff_t>(i),
                                                    moves.end())});
            break;
        }
    }
    return out;
}

std::vector<PgnGame> cycleGames() {
    auto games = readPgnFile(xq::test::dataPath("rules_cycles.pgn"));
    REQUIRE(games);
    return *games;
}

Tally runCycles(int generated, std::uint64_t seed) {
    Tally tally;
    const auto games = cycleGames();
    for (const PgnGame& g : games)
        for (const Cycle& c : gameCycles(g)) {
            checkCycle(c, tally);
            ++tally.fromGames;
        }
    const auto real = realPositions(games);
    Rng rng{seed};
    int made = 0;
    for (int attempt = 0; made < generated && attempt < generated * 50; ++attempt) {
        std::optional<Position> start;
        if (attempt % 2 == 0)
            start = real[static_cast<std::size_t>(rng.below(static_cast<int>(real.size())))];
        else
            start = randomPosition(rng);
        if (!start)
            continue;
        auto moves = buildCycle(*start, rng);
        if (moves.empty())
            continue;
        checkCycle({*start, moves}, tally);
        ++made;
    }
    CHECK(made == generated);
    return tally;
}

void report(const Tally& t) {
    std::string s = "cycles " + std::to_string(t.cycles) + " (from games "
                    + std::to_string(t.fromGames) + "), plies with a chase "
                    + std::to_string(t.withChase) + ", with a check " + std::to_string(t.withCheck)
                    + ", transformed sentences equal to the square " + std::to_string(t.sameSquares)
                    + " of " + std::to_string(t.cycles * 6);
    for (const auto& [k, n] : t.verdicts)
        s += "; " + k + " " + std::to_string(n);
    WARN(s);
}

} // namespace

TEST_CASE("chase cycles: judge properties on generated cycles", "[chase]") {
    const Tally t = runCycles(300, 47);
    report(t);
    CHECK(t.cycles == 300 + t.fromGames);
    CHECK(t.fromGames > 0);
    CHECK(t.verdicts.at("Asian chase") > 0);
    CHECK(t.verdicts.at("Asian check") > 0);
}

TEST_CASE("chase cycles: judge properties on thousands of cycles", "[.chase-cycles]") {
    const Tally t = runCycles(6000, 20261127);
    report(t);
    CHECK(t.cycles == 6000 + t.fromGames);
    CHECK(t.verdicts.at("Asian chase") > 0);
    CHECK(t.verdicts.at("Chinese check+chase") > 0);
}
