#include "ai/explain.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <utility>

#include "ai/mate_solver.h"
#include "ai/psqt.h"
#include "ai/see.h"
#include "core/movegen.h"

namespace xq::ai {

using core::Color;
using core::Move;
using core::MoveList;
using core::Piece;
using core::PieceType;
using core::Position;
using core::Square;

namespace {

// A threat or a line must win at least this much to be called winning material: more than a
// soldier, so that the tempo a null move hands over does not count as a threat.
constexpr int kThreatMaterial = 150;
// A line that wins or loses less than a soldier wins or loses nothing worth a sentence.
constexpr int kLineMaterial = 60;
// Plies of a line walked for its material: three moves each. A tactic wins its material within
// them; what a longer line takes is the search's guesswork about a later phase of the game.
constexpr std::size_t kMaterialPlies = 6;
// Plies of a line shown when it neither mates nor wins material.
constexpr std::size_t kQuietPlies = 4;

int value(Piece p) {
    return p == core::kNoPiece || core::typeOf(p) == PieceType::King
               ? 0
               : kValueMg[static_cast<int>(core::typeOf(p))];
}

bool containsMove(const Position& pos, Move m) {
    MoveList list;
    core::generateLegal(pos, list);
    return list.contains(m);
}

Position played(Position pos, Move m) {
    core::Undo u;
    pos.makeMove(m, u);
    return pos;
}

// The squares the piece on s attacks (captures it could make if it were its side's turn).
std::vector<Square> targetsOf(const Position& pos, Square s) {
    MoveList list;
    core::generateFrom(pos, s, core::GenKind::Captures, list);
    std::vector<Square> out;
    for (Move m : list)
        out.push_back(m.to());
    return out;
}

bool attacks(const Position& pos, Square from, Square target) {
    const auto t = targetsOf(pos, from);
    return std::find(t.begin(), t.end(), target) != t.end();
}

// Whether a piece of colour `by` could capture on s (the piece of the other colour there).
bool anyAttacker(const Position& pos, Square s, Color by) {
    for (int q = 0; q < core::kSquares; ++q) {
        const Piece p = pos.at(static_cast<Square>(q));
        if (p != core::kNoPiece && core::colorOf(p) == by
            && attacks(pos, static_cast<Square>(q), s))
            return true;
    }
    return false;
}

// Whether the side to move has a legal move ending on s.
bool canMoveTo(const Position& pos, Square s) {
    MoveList list;
    core::generateLegal(pos, list);
    return std::any_of(list.begin(), list.end(), [s](Move m) { return m.to() == s; });
}

// The net material of the first plies of `line` for `side`, with the pieces taken each way.
struct LineMaterial {
    int net           = 0;
    Piece won         = core::kNoPiece;
    Square wonSquare  = core::kNoSquare;
    int wonPly        = -1;
    Piece lost        = core::kNoPiece;
    Square lostSquare = core::kNoSquare;
    int lostPly       = -1;
};

LineMaterial walkMaterial(Position pos, const std::vector<Move>& line, Color side) {
    LineMaterial r;
    const std::size_t n = std::min(line.size(), kMaterialPlies);
    for (std::size_t i = 0; i < n; ++i) {
        const Move m = line[i];
        if (!containsMove(pos, m))
            break;
        const Piece cap = pos.at(m.to());
        if (cap != core::kNoPiece) {
            const bool ours = pos.sideToMove() == side;
            r.net += ours ? value(cap) : -value(cap);
            if (ours && value(cap) > value(r.won)) {
                r.won       = cap;
                r.wonSquare = m.to();
                r.wonPly    = static_cast<int>(i);
            } else if (!ours && value(cap) > value(r.lost)) {
                r.lost       = cap;
                r.lostSquare = m.to();
                r.lostPly    = static_cast<int>(i);
            }
        }
        core::Undo u;
        pos.makeMove(m, u);
        // A line cut off just after a capture: the recapture the exchange rules allow.
        if (i + 1 == n && cap != core::kNoPiece) {
            int back = 0;
            MoveList list;
            core::generateLegal(pos, list);
            for (Move reply : list)
                if (reply.to() == m.to())
                    back = std::max(back, staticExchange(pos, reply));
            r.net += pos.sideToMove() == side ? back : -back;
        }
    }
    return r;
}

// The points a line of the board passes strictly between a and b (same file or rank), else
// empty.
std::vector<Square> between(Square a, Square b) {
    std::vector<Square> out;
    const int fa = core::fileOf(a), ra = core::rankOf(a), fb = core::fileOf(b),
              rb = core::rankOf(b);
    if (fa != fb && ra != rb)
        return out;
    const int df = (fb > fa) - (fb < fa), dr = (rb > ra) - (rb < ra);
    for (int f = fa + df, r = ra + dr; f != fb || r != rb; f += df, r += dr)
        out.push_back(core::makeSquare(f, r));
    return out;
}

void addPattern(std::vector<Pattern>& v, Pattern p) {
    if (std::find(v.begin(), v.end(), p) == v.end())
        v.push_back(p);
}

// The named mating nets seen in a checkmated position (the mated side to move).
std::vector<Pattern> matingNets(const Position& pos) {
    std::vector<Pattern> out;
    const Color def = pos.sideToMove(), att = ~def;
    const Square k = pos.kingSquare(def);
    const int kf = core::fileOf(k), kr = core::rankOf(k);
    const int backRank = def == Color::Red ? 0 : 9;
    const int nextRank = def == Color::Red ? 1 : 8;
    std::vector<Square> checkers, rooks, cannons;
    for (int q = 0; q < core::kSquares; ++q) {
        const auto s  = static_cast<Square>(q);
        const Piece p = pos.at(s);
        if (p == core::kNoPiece || core::colorOf(p) != att)
            continue;
        if (core::typeOf(p) == PieceType::Rook)
            rooks.push_back(s);
        if (core::typeOf(p) == PieceType::Cannon)
            cannons.push_back(s);
        if (attacks(pos, s, k))
            checkers.push_back(s);
    }
    for (Square c : checkers) {
        const PieceType t = core::typeOf(pos.at(c));
        if (t == PieceType::Cannon) {
            const auto line = between(c, k);
            Square screen   = core::kNoSquare;
            for (Square s : line)
                if (pos.at(s) != core::kNoPiece)
                    screen = s;
            if (screen != core::kNoSquare && core::colorOf(pos.at(screen)) == att) {
                if (core::typeOf(pos.at(screen)) == PieceType::Horse)
                    addPattern(out, Pattern::Mahoupao);
                if (core::typeOf(pos.at(screen)) == PieceType::Cannon)
                    addPattern(out, Pattern::Chongpao);
            }
            // 闷宫: every step out of the check line is blocked by the general's own pieces.
            int own = 0, open = 0;
            static constexpr int kSteps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
            for (const auto& d : kSteps) {
                const int f = kf + d[0], r = kr + d[1];
                if (!core::isOnBoard(f, r))
                    continue;
                const Square s = core::makeSquare(f, r);
                if (!core::isInPalace(def, s)
                    || std::find(line.begin(), line.end(), s) != line.end()
                    || (core::fileOf(s) == core::fileOf(c) && core::rankOf(s) == core::rankOf(c)))
                    continue;
                const bool inLine = core::fileOf(c) == kf ? f == kf : r == kr;
                if (inLine)
                    continue;
                if (pos.at(s) != core::kNoPiece && core::colorOf(pos.at(s)) == def)
                    ++own;
                else
                    ++open;
            }
            if (own > 0 && open == 0)
                addPattern(out, Pattern::Mengong);
        }
        if (t == PieceType::Rook) {
            const bool alongRank = core::rankOf(c) == kr;
            if (alongRank && kf == 4 && std::any_of(cannons.begin(), cannons.end(), [kf](Square s) {
                    return core::fileOf(s) == kf;
                }))
                addPattern(out, Pattern::Tiemenshuan);
            for (Square other : rooks) {
                if (other == c)
                    continue;
                const bool parallel = alongRank ? std::abs(core::rankOf(other) - kr) == 1
                                                : std::abs(core::fileOf(other) - kf) == 1;
                if (parallel)
                    addPattern(out, Pattern::Shuangchecuo);
            }
        }
        if (t == PieceType::Horse && (core::fileOf(c) == 2 || core::fileOf(c) == 6)
            && core::rankOf(c) == nextRank)
            addPattern(out, Pattern::Wocaoma);
    }
    // 天地炮: a cannon on the general's file and another on its back rank, one of them checking.
    for (Square a : cannons)
        for (Square b : cannons)
            if (a != b && core::fileOf(a) == kf && core::rankOf(b) == backRank
                && core::rankOf(a) != backRank
                && (std::find(checkers.begin(), checkers.end(), a) != checkers.end()
                    || std::find(checkers.begin(), checkers.end(), b) != checkers.end()))
                addPattern(out, Pattern::Tiandipao);
    // 白脸将: a step of the general is forbidden only by the facing generals.
    const Square ak = pos.kingSquare(att);
    for (const Square* q = core::tables::kTables.king[k].data(); *q != core::kNoSquare; ++q) {
        const Square t = *q;
        if (core::fileOf(t) != core::fileOf(ak) || core::fileOf(t) == kf)
            continue;
        if (pos.at(t) != core::kNoPiece && core::colorOf(pos.at(t)) == def)
            continue;
        bool open = true;
        for (Square s : between(t, ak))
            open = open && pos.at(s) == core::kNoPiece;
        if (!open)
            continue;
        // Without the facing generals the step would be safe: no other piece attacks t.
        Position probe = pos;
        probe.remove(k);
        probe.put(t, pos.at(k));
        bool other = false;
        for (int s = 0; s < core::kSquares && !other; ++s) {
            const Piece p = probe.at(static_cast<Square>(s));
            if (p != core::kNoPiece && core::colorOf(p) == att && core::typeOf(p) != PieceType::King
                && attacks(probe, static_cast<Square>(s), t))
                other = true;
        }
        if (!other)
            addPattern(out, Pattern::Bailianjiang);
    }
    return out;
}

// The tactical patterns of a line in which `winner` takes `victim` of the other side at ply
// `j` (positions[i] is the position before ply i).
std::vector<Pattern> tacticalPatterns(const std::vector<Position>& positions,
                                      const std::vector<Move>& line, Color winner, int j) {
    std::vector<Pattern> out;
    if (j < 0 || j >= static_cast<int>(line.size()) || j >= static_cast<int>(positions.size()))
        return out;
    const Color loser   = ~winner;
    const Move capture  = line[static_cast<std::size_t>(j)];
    const Square v      = capture.to();
    const Position& atJ = positions[static_cast<std::size_t>(j)];
    const Piece victim  = atJ.at(v);
    // The loser's last move took something on the same point (an exchange, not a loose piece).
    const bool recapture = j > 0 && line[static_cast<std::size_t>(j - 1)].to() == v
                           && positions[static_cast<std::size_t>(j - 1)].at(v) != core::kNoPiece;
    // The loser's general is attacked once the victim leaves sq (the victim is pinned there).
    const auto pinnedOn = [&](const Position& p, Square sq) {
        Position probe = p;
        probe.remove(sq);
        return p.at(sq) == victim && !p.isAttacked(loser) && probe.isAttacked(loser);
    };
    // The position at the loser's last turn before the capture, if the line has one.
    const Position* prev =
        j >= 1 && positions[static_cast<std::size_t>(j - 1)].sideToMove() == loser
            ? &positions[static_cast<std::size_t>(j - 1)]
            : nullptr;
    // 牵制: pinned when taken, or when it stood attacked at the loser's last turn and could not
    // leave (the loser may break the pin then, but too late: the piece is still taken).
    if (pinnedOn(atJ, v) || (prev && pinnedOn(*prev, v) && anyAttacker(*prev, v, winner)))
        addPattern(out, Pattern::Pin);
    // Trapped: at the loser's last turn the victim was attacked and every move of it lost it.
    if (prev && !recapture) {
        const Position& q = *prev;
        const Move last   = line[static_cast<std::size_t>(j - 1)];
        const PieceType t = core::typeOf(victim);
        // The victim may have fled at that turn and been taken where it went.
        const Square vq = last.to() == v && q.at(last.from()) == victim ? last.from() : v;
        if (q.at(vq) == victim
            && (t == PieceType::Rook || t == PieceType::Horse || t == PieceType::Cannon)
            && anyAttacker(q, vq, winner)) {
            const bool pinned = pinnedOn(q, vq);
            MoveList list;
            core::generateLegal(q, list);
            int escapes = 0, moves = 0;
            for (Move m : list) {
                if (m.from() != vq)
                    continue;
                ++moves;
                if (staticExchange(q, m) >= 0) {
                    // Safe only if the piece is not simply taken on its new point.
                    const Position after = played(q, m);
                    if (!anyAttacker(after, m.to(), winner) || staticExchange(q, m) > 0)
                        ++escapes;
                }
            }
            if (!pinned && escapes == 0 && (moves > 0 || t != PieceType::Rook))
                addPattern(out, Pattern::Trapped);
        }
    }
    // 无根子: nothing can take back (a trapped piece is described as trapped).
    if (!recapture && !std::count(out.begin(), out.end(), Pattern::Trapped)
        && j + 1 < static_cast<int>(positions.size())
        && !canMoveTo(positions[static_cast<std::size_t>(j + 1)], v))
        addPattern(out, Pattern::Hanging);
    // The winner's move before the capture: a fork or a discovered attack.
    if (j >= 2) {
        const auto i         = static_cast<std::size_t>(j - 2);
        const Position& p0   = positions[i];
        const Position& p1   = positions[i + 1];
        const Move w         = line[i];
        const Square d       = w.to();
        const Square kL      = p1.kingSquare(loser);
        const Piece attacker = p1.at(d);
        if (p0.sideToMove() == winner && p0.at(v) == victim && p1.at(v) == victim) {
            int targets = 0;
            bool hitsV  = false;
            for (Square t : targetsOf(p1, d)) {
                const Piece tp = p1.at(t);
                const bool worth =
                    t == kL || value(tp) > value(attacker) || staticExchange(p1, Move(d, t)) > 0;
                if (worth) {
                    ++targets;
                    hitsV = hitsV || t == v;
                }
            }
            if (targets >= 2 && hitsV)
                addPattern(out, Pattern::Fork);
            // A line opened by the move: another piece now attacks the general or the victim,
            // and still does with the moved piece lifted off the board (so it is not a screen).
            Position lifted = p1;
            lifted.remove(d);
            for (int q = 0; q < core::kSquares; ++q) {
                const auto s  = static_cast<Square>(q);
                const Piece p = p1.at(s);
                if (s == d || p == core::kNoPiece || core::colorOf(p) != winner)
                    continue;
                for (Square t : {kL, v}) {
                    if (attacks(p1, s, t) && !attacks(p0, s, t) && attacks(lifted, s, t))
                        addPattern(out, Pattern::Discovered);
                }
            }
        }
    }
    return out;
}

std::string sideEnglish(Color c) {
    return c == Color::Red ? "Red" : "Black";
}
std::string sideChinese(Color c) {
    return c == Color::Red ? "红方" : "黑方";
}

std::string pieceAt(Piece p, Square s) {
    return std::string(core::pieceName(core::typeOf(p))) + "@" + squareName(s);
}

} // namespace

const char* patternName(Pattern p) {
    static constexpr std::array<const char*, kPatternCount> kNames = {
        "fork",         "pin",          "discovered", "hanging",     "trapped",
        "perpetual",    "mahoupao",     "mengong",    "tiemenshuan", "chongpao",
        "shuangchecuo", "bailianjiang", "wocaoma",    "tiandipao"};
    return kNames[static_cast<std::size_t>(p)];
}

const char* patternChinese(Pattern p) {
    static constexpr std::array<const char*, kPatternCount> kNames = {
        "捉双", "牵制",   "闪击", "无根子", "困子",   "长打",   "马后炮",
        "闷宫", "铁门栓", "重炮", "双车错", "白脸将", "卧槽马", "天地炮"};
    return kNames[static_cast<std::size_t>(p)];
}

const char* patternEnglish(Pattern p) {
    static constexpr std::array<const char*, kPatternCount> kNames = {
        "a fork",
        "a pin",
        "a discovered attack",
        "an unprotected piece",
        "a trapped piece",
        "a perpetual attack",
        "the horse-behind-cannon mate",
        "the smothered mate",
        "the iron-bolt mate",
        "the double-cannon mate",
        "the two-chariot mate",
        "the facing-generals mate",
        "the crouching-horse mate",
        "the heaven-and-earth cannons mate"};
    return kNames[static_cast<std::size_t>(p)];
}

bool ExplainFacts::has(Pattern p) const {
    return std::find(patterns.begin(), patterns.end(), p) != patterns.end();
}

std::string squareName(Square s) {
    std::string out;
    out += static_cast<char>('a' + core::fileOf(s));
    out += static_cast<char>('0' + core::rankOf(s));
    return out;
}

std::string formatLine(const Position& pos, const std::vector<Move>& line, core::Notation n) {
    std::string out;
    Position p = pos;
    for (Move m : line) {
        if (!containsMove(p, m))
            break;
        if (!out.empty())
            out += ' ';
        out += core::formatMove(p, m, n);
        core::Undo u;
        p.makeMove(m, u);
    }
    return out;
}

std::string factsText(const ExplainFacts& f) {
    std::string out;
    if (f.threat)
        out = f.line.empty() ? "threat=none" : "threat=yes";
    else
        out = std::string("kind=") + qualityName(f.kind);
    if (f.mate != 0)
        out += " mate=" + std::to_string(f.mate);
    if (f.material > 0 && f.won != core::kNoPiece)
        out += " wins=" + pieceAt(f.won, f.wonSquare);
    if (f.material < 0 && f.lost != core::kNoPiece)
        out += " loses=" + pieceAt(f.lost, f.lostSquare);
    if (f.material != 0)
        out += " material=" + std::to_string(f.material);
    if (!f.patterns.empty()) {
        out += " pattern=";
        for (std::size_t i = 0; i < f.patterns.size(); ++i)
            out += (i ? "," : "") + std::string(patternName(f.patterns[i]));
    }
    if (!f.threatLine.empty())
        out += " threat=" + core::toIccs(f.threatLine.front());
    if (!f.ignoredThreat.empty())
        out += " ignores=" + core::toIccs(f.ignoredThreat.front());
    if (!f.line.empty()) {
        out += " line=";
        for (std::size_t i = 0; i < f.line.size(); ++i)
            out += (i ? "," : "") + core::toIccs(f.line[i]);
    }
    return out;
}

namespace {

std::string patternsEnglish(const ExplainFacts& f) {
    std::string out;
    for (Pattern p : f.patterns) {
        if (p == Pattern::Perpetual)
            continue;
        out += out.empty() ? " (" : ", ";
        out += patternEnglish(p);
        out += std::string(" ") + patternChinese(p);
    }
    return out.empty() ? out : out + ")";
}

std::string patternsChinese(const ExplainFacts& f) {
    std::string out;
    for (Pattern p : f.patterns) {
        if (p == Pattern::Perpetual)
            continue;
        out += out.empty() ? "（" : "、";
        out += patternChinese(p);
    }
    return out.empty() ? out : out + "）";
}

const char* violationEnglish(core::Violation v) {
    switch (v) {
    case core::Violation::PerpetualCheck:
        return "a perpetual check";
    case core::Violation::PerpetualChase:
        return "a perpetual chase";
    case core::Violation::CheckAndChase:
        return "a perpetual check and chase";
    default:
        return "a perpetual attack";
    }
}

const char* violationChinese(core::Violation v) {
    switch (v) {
    case core::Violation::PerpetualCheck:
        return "长将";
    case core::Violation::PerpetualChase:
        return "长捉";
    case core::Violation::CheckAndChase:
        return "一将一捉";
    default:
        return "长打";
    }
}

// The position a threat line starts from: the one after the move, the opponent passing.
Position threatStart(const ExplainFacts& f) {
    Position p = f.before;
    if (!f.threat && f.move)
        p = played(p, f.move);
    if (!p.isInCheck()) {
        core::Undo u;
        p.makeNullMove(u);
    }
    return p;
}

Position ignoredStart(const ExplainFacts& f) {
    Position p = f.before;
    core::Undo u;
    p.makeNullMove(u);
    return p;
}

} // namespace

std::string sentenceEnglish(const ExplainFacts& f, core::Notation n) {
    const std::string me = sideEnglish(f.mover), them = sideEnglish(~f.mover);
    if (f.threat) {
        if (f.line.empty())
            return me + " threatens nothing at once.";
        const std::string line = formatLine(f.before, f.line, n);
        if (f.mate > 0)
            return me + " threatens mate in " + std::to_string(f.mate) + ": " + line
                   + patternsEnglish(f) + ".";
        return me + " threatens to win the " + core::pieceName(core::typeOf(f.won)) + " on "
               + squareName(f.wonSquare) + ": " + line + patternsEnglish(f) + ".";
    }
    if (!f.move || f.line.empty())
        return "That move is not legal here.";
    const std::string head = core::formatMove(f.before, f.move, n);
    std::string prefix;
    switch (f.kind) {
    case MoveQuality::Inaccuracy:
        prefix = "An inaccuracy: ";
        break;
    case MoveQuality::Mistake:
        prefix = "A mistake: ";
        break;
    case MoveQuality::Blunder:
        prefix = "A blunder: ";
        break;
    default:
        break;
    }
    const std::string line = formatLine(f.before, f.line, n);
    std::string s;
    if (f.has(Pattern::Perpetual)) {
        s = head + " repeats " + violationEnglish(f.repetition.violation)
            + ", which loses by the rules.";
    } else if (f.mate > 0) {
        s = head + " mates in " + std::to_string(f.mate) + ": " + line + patternsEnglish(f) + ".";
    } else if (f.mate < 0) {
        s = "after " + head + " " + them + " mates in " + std::to_string(-f.mate) + ": " + line
            + patternsEnglish(f) + ".";
    } else if (f.material >= kLineMaterial && f.won != core::kNoPiece) {
        s = head + " wins the " + core::pieceName(core::typeOf(f.won)) + " on "
            + squareName(f.wonSquare) + ": " + line + patternsEnglish(f) + ".";
    } else if (f.material <= -kLineMaterial && f.lost != core::kNoPiece
               && f.kind <= MoveQuality::Good) {
        // The best move loses it too: the loss is the position's, not the move's.
        s = head + " gives up the " + std::string(core::pieceName(core::typeOf(f.lost))) + " on "
            + squareName(f.lostSquare) + ": " + line + ".";
    } else if (f.material <= -kLineMaterial && f.lost != core::kNoPiece) {
        s = "after " + head + " " + them + " wins the " + core::pieceName(core::typeOf(f.lost))
            + " on " + squareName(f.lostSquare) + ": " + line + patternsEnglish(f) + ".";
    } else if (f.kind == MoveQuality::Best || f.kind == MoveQuality::Good) {
        s = head + " is sound: " + line + ".";
    } else {
        s = head + " gives up about " + std::to_string(f.loss) + " centipawns: " + line + ".";
    }
    if (!prefix.empty() && !s.empty() && s[0] == 'a' && s.rfind("after", 0) == 0)
        s[0] = 'A';
    if (prefix.empty() && s.rfind("after", 0) == 0)
        s[0] = 'A';
    if (!f.threatLine.empty()) {
        s += " It threatens " + formatLine(threatStart(f), f.threatLine, n);
        if (f.threatMate > 0)
            s += ", mate in " + std::to_string(f.threatMate);
        else if (f.threatWins != core::kNoPiece)
            s += std::string(", winning the ") + core::pieceName(core::typeOf(f.threatWins))
                 + " on " + squareName(f.threatSquare);
        s += ".";
    }
    if (!f.ignoredThreat.empty())
        s += " It ignores " + them + "'s threat "
             + formatLine(ignoredStart(f), {f.ignoredThreat.front()}, n) + ".";
    return prefix + s;
}

std::string sentenceChinese(const ExplainFacts& f, core::Notation n) {
    const std::string me = sideChinese(f.mover), them = sideChinese(~f.mover);
    if (f.threat) {
        if (f.line.empty())
            return me + "暂无直接威胁。";
        const std::string line = formatLine(f.before, f.line, n);
        if (f.mate > 0)
            return me + "威胁" + std::to_string(f.mate) + "步杀：" + line + patternsChinese(f)
                   + "。";
        return me + "威胁得" + core::pieceCharacter(f.won) + "（" + squareName(f.wonSquare) + "）："
               + line + patternsChinese(f) + "。";
    }
    if (!f.move || f.line.empty())
        return "这步棋在此局面下不合规则。";
    const std::string head = core::formatMove(f.before, f.move, n);
    std::string prefix;
    switch (f.kind) {
    case MoveQuality::Inaccuracy:
        prefix = "缓着：";
        break;
    case MoveQuality::Mistake:
        prefix = "错着：";
        break;
    case MoveQuality::Blunder:
        prefix = "败着：";
        break;
    default:
        break;
    }
    const std::string line = formatLine(f.before, f.line, n);
    std::string s;
    if (f.has(Pattern::Perpetual)) {
        s = head + "形成" + violationChinese(f.repetition.violation) + "，按规则判负。";
    } else if (f.mate > 0) {
        s = head + "，" + std::to_string(f.mate) + "步杀：" + line + patternsChinese(f) + "。";
    } else if (f.mate < 0) {
        s = head + "之后，" + them + std::to_string(-f.mate) + "步杀：" + line + patternsChinese(f)
            + "。";
    } else if (f.material >= kLineMaterial && f.won != core::kNoPiece) {
        s = head + "得" + core::pieceCharacter(f.won) + "（" + squareName(f.wonSquare) + "）："
            + line + patternsChinese(f) + "。";
    } else if (f.material <= -kLineMaterial && f.lost != core::kNoPiece
               && f.kind <= MoveQuality::Good) {
        s = head + "，弃" + core::pieceCharacter(f.lost) + "（" + squareName(f.lostSquare) + "）："
            + line + "。";
    } else if (f.material <= -kLineMaterial && f.lost != core::kNoPiece) {
        s = head + "之后，" + them + "得" + core::pieceCharacter(f.lost) + "（"
            + squareName(f.lostSquare) + "）：" + line + patternsChinese(f) + "。";
    } else if (f.kind == MoveQuality::Best || f.kind == MoveQuality::Good) {
        s = head + "是稳健的一着：" + line + "。";
    } else {
        s = head + "损失约" + std::to_string(f.loss) + "分：" + line + "。";
    }
    if (!f.threatLine.empty()) {
        s += "威胁" + formatLine(threatStart(f), f.threatLine, n);
        if (f.threatMate > 0)
            s += "，" + std::to_string(f.threatMate) + "步杀";
        else if (f.threatWins != core::kNoPiece)
            s += std::string("，得") + core::pieceCharacter(f.threatWins) + "（"
                 + squareName(f.threatSquare) + "）";
        s += "。";
    }
    if (!f.ignoredThreat.empty())
        s += "没有理会" + them + "的威胁"
             + formatLine(ignoredStart(f), {f.ignoredThreat.front()}, n) + "。";
    return prefix + s;
}

Explainer::Explainer(ExplainOptions options)
    : m_options(options)
    , m_searcher(options.hashMb) {}

SearchResult Explainer::search(const core::Game& game) {
    SearchLimits limits;
    limits.nodes   = m_options.nodes;
    limits.useBook = false;
    limits.threads = 1;
    return m_searcher.search(game.searchSnapshot(), limits);
}

SearchResult Explainer::searchPosition(const Position& pos) {
    return search(core::Game(pos));
}

namespace {

// What the side to move in `pos` threatens if its opponent... : the caller has already made the
// null move, so the threatening side is to move.
struct Threat {
    std::vector<Move> line;
    int mate     = 0;
    Piece wins   = core::kNoPiece;
    Square where = core::kNoSquare;
    int material = 0;
};

// A threat is what the side gets at once: a capture on its first or second move of the line.
bool isThreat(const LineMaterial& tm) {
    return tm.net >= kThreatMaterial && tm.won != core::kNoPiece && tm.wonPly <= 2;
}

MateResult solve(const Position& pos, int maxMoves, std::uint64_t nodes,
                 const std::vector<core::Key>& history) {
    MateLimits limits;
    limits.maxMoves    = maxMoves;
    limits.maxNodes    = nodes;
    limits.ttMegabytes = 4;
    return solveMate(pos, limits, history);
}

} // namespace

Explanation Explainer::explainMove(const core::Game& game, Move m) {
    m_searcher.clear();
    if (!containsMove(game.position(), m)) {
        Explanation e;
        e.facts.before = game.position();
        e.facts.mover  = game.position().sideToMove();
        finish(e);
        return e;
    }
    core::Game after = game;
    after.forcePlay(m);
    const SearchResult before = search(game);
    SearchResult afterResult;
    if (hasLegalMove(after.position()))
        afterResult = search(after);
    return explainMove(game, m, before, afterResult);
}

Explanation Explainer::explainMove(const core::Game& game, Move m, const SearchResult& before) {
    m_searcher.clear();
    SearchResult afterResult;
    if (containsMove(game.position(), m)) {
        core::Game after = game;
        after.forcePlay(m);
        if (hasLegalMove(after.position()))
            afterResult = search(after);
    }
    return explainMove(game, m, before, afterResult);
}

Explanation Explainer::explainMove(const core::Game& game, Move m, const SearchResult& before,
                                   const SearchResult& afterResult) {
    Explanation e;
    ExplainFacts& f = e.facts;
    f.before        = game.position();
    f.mover         = f.before.sideToMove();
    f.move          = m;
    if (!containsMove(f.before, m)) {
        f.move = Move();
        finish(e);
        return e;
    }
    const Color me          = f.mover;
    const Position afterPos = played(f.before, m);
    core::Game afterGame    = game;
    afterGame.forcePlay(m);
    std::vector<core::Key> history      = game.searchSnapshot().keys;
    std::vector<core::Key> afterHistory = afterGame.searchSnapshot().keys;
    if (!history.empty())
        history.pop_back(); // the root's own key is not an earlier position
    if (!afterHistory.empty())
        afterHistory.pop_back();

    // 1. The verdict: the score the move gives up against the best move.
    int playedScore             = 0;
    const core::GameResult over = afterGame.result();
    const bool noReply          = !hasLegalMove(afterPos);
    if (noReply) {
        playedScore = kReviewMateCp - 1;
    } else if (over.isOver()) {
        const bool meWins = (over.outcome == core::Outcome::RedWins && me == Color::Red)
                            || (over.outcome == core::Outcome::BlackWins && me == Color::Black);
        playedScore = over.outcome == core::Outcome::Draw ? 0
                      : meWins                            ? kReviewMateCp - 1
                                                          : -kReviewMateCp + 1;
    } else {
        playedScore = -reviewScore(afterResult);
    }
    const int bestScore = std::max(reviewScore(before), playedScore);
    f.loss              = m == before.best ? 0 : std::max(0, bestScore - playedScore);
    f.kind              = classifyMove(bestScore, playedScore);
    if (m == before.best)
        f.kind = MoveQuality::Best;

    // 2. The repetition rules: a move that closes a forbidden perpetual attack.
    const core::GameResult cycle = game.cycleVerdictIfPlayed(m);
    if (cycle.isRepetitionLoss() && cycle.detail.violator == me) {
        f.patterns.push_back(Pattern::Perpetual);
        f.repetition = cycle.detail;
        f.line       = {m};
        finish(e);
        return e;
    }

    // 3. Mates, solved exactly when short enough.
    f.line = {m};
    if (noReply) {
        f.mate = 1;
    } else if (!over.isOver() && afterResult.mateIn < 0) {
        const int k = -afterResult.mateIn;
        f.mate      = k + 1;
        f.line.insert(f.line.end(), afterResult.pv.begin(), afterResult.pv.end());
        if (k + 1 <= m_options.mateMoves) {
            const MateResult whole = solve(f.before, k + 1, m_options.mateNodes, history);
            if (whole.status == MateStatus::Proven && !whole.line.empty()
                && whole.line.front() == m) {
                f.mate = whole.mateIn;
                f.line = whole.line;
            } else {
                // Another first move mates too: the longest defence against this one.
                int worst = 0;
                std::vector<Move> worstLine;
                bool proven = true;
                MoveList replies;
                core::generateLegal(afterPos, replies);
                for (Move r : replies) {
                    const Position p = played(afterPos, r);
                    if (!hasLegalMove(p))
                        continue; // cannot happen: the reply would have mated us
                    const MateResult sub = solve(p, k, m_options.mateNodes, afterHistory);
                    if (sub.status != MateStatus::Proven) {
                        proven = false;
                        break;
                    }
                    if (sub.mateIn > worst) {
                        worst     = sub.mateIn;
                        worstLine = {m, r};
                        worstLine.insert(worstLine.end(), sub.line.begin(), sub.line.end());
                    }
                }
                if (proven && worst > 0) {
                    f.mate = worst + 1;
                    f.line = worstLine;
                }
            }
        }
    } else if (!over.isOver() && afterResult.mateIn > 0) {
        const int k = afterResult.mateIn;
        f.mate      = -k;
        f.line.insert(f.line.end(), afterResult.pv.begin(), afterResult.pv.end());
        if (k <= m_options.mateMoves) {
            const MateResult r = solve(afterPos, k, m_options.mateNodes, afterHistory);
            if (r.status == MateStatus::Proven) {
                f.mate = -r.mateIn;
                f.line = {m};
                f.line.insert(f.line.end(), r.line.begin(), r.line.end());
            }
        }
    } else if (!over.isOver()) {
        f.line.insert(f.line.end(), afterResult.pv.begin(), afterResult.pv.end());
    }

    // Positions along the line (positions[i] before ply i).
    std::vector<Position> positions{f.before};
    for (Move lm : f.line) {
        if (!containsMove(positions.back(), lm))
            break;
        positions.push_back(played(positions.back(), lm));
    }
    if (f.mate != 0) {
        const Position& end = positions.back();
        if (positions.size() == f.line.size() + 1 && !hasLegalMove(end) && end.isInCheck())
            for (Pattern p : matingNets(end))
                addPattern(f.patterns, p);
    } else {
        // 4. Material won or lost along the line, and the tactics that won it.
        const LineMaterial lm = walkMaterial(f.before, f.line, me);
        if (std::abs(lm.net) >= kLineMaterial) {
            f.material = lm.net;
            if (lm.net > 0 && lm.won != core::kNoPiece) {
                f.won       = lm.won;
                f.wonSquare = lm.wonSquare;
                for (Pattern p : tacticalPatterns(positions, f.line, me, lm.wonPly))
                    addPattern(f.patterns, p);
            } else if (lm.net < 0 && lm.lost != core::kNoPiece) {
                f.lost       = lm.lost;
                f.lostSquare = lm.lostSquare;
                for (Pattern p : tacticalPatterns(positions, f.line, ~me, lm.lostPly))
                    addPattern(f.patterns, p);
            } else {
                f.material = 0;
            }
        }
        // The line as far as it tells the story: to the capture that decides the material (and
        // the recapture after it), else a few plies.
        const int decisive = f.material > 0 ? lm.wonPly : f.material < 0 ? lm.lostPly : -1;
        std::size_t keep   = decisive >= 0 ? static_cast<std::size_t>(decisive) + 1 : kQuietPlies;
        if (decisive >= 0 && keep < f.line.size() && f.line[keep].to() == f.line[keep - 1].to())
            ++keep;
        if (f.line.size() > keep)
            f.line.resize(keep);
    }

    // 5. Threats: what the move threatens next, and what the opponent threatened before it.
    const bool decided = f.mate != 0 || std::abs(f.material) >= kLineMaterial;
    if (!decided && !noReply && !afterPos.isInCheck()) {
        Position nullPos = afterPos;
        core::Undo u;
        nullPos.makeNullMove(u);
        const SearchResult t = searchPosition(nullPos);
        if (t.mateIn > 0 && !t.pv.empty()) {
            f.threatLine = t.pv;
            f.threatMate = t.mateIn;
        } else if (!t.pv.empty()) {
            const LineMaterial tm = walkMaterial(nullPos, t.pv, me);
            if (isThreat(tm)) {
                f.threatLine = t.pv;
                f.threatLine.resize(static_cast<std::size_t>(tm.wonPly) + 1);
                f.threatWins   = tm.won;
                f.threatSquare = tm.wonSquare;
            }
        }
    }
    // A move that lets a threatened mate through when another move holds out longer ignores the
    // threat even in a lost position (where the review's folded mate scores call it "best").
    if ((f.kind >= MoveQuality::Inaccuracy || (f.mate < 0 && f.loss > 0))
        && (f.mate < 0 || f.material <= -kLineMaterial) && !f.before.isInCheck()) {
        Position nullPos = f.before;
        core::Undo u;
        nullPos.makeNullMove(u);
        const SearchResult t = searchPosition(nullPos);
        if (!t.pv.empty() && f.line.size() >= 2) {
            const LineMaterial tm = walkMaterial(nullPos, t.pv, ~me);
            const bool real       = t.mateIn > 0 || isThreat(tm);
            const bool same       = f.line[1] == t.pv.front()
                              || (tm.won != core::kNoPiece && tm.wonSquare == f.lostSquare);
            // A threatened mate that comes as soon after the move, by whichever mating line:
            // the line shown is the one that follows the move, as in the first sentence.
            const bool sameMate = t.mateIn > 0 && f.mate < 0 && -f.mate <= t.mateIn;
            if (sameMate)
                f.ignoredThreat.assign(f.line.begin() + 1, f.line.end());
            else if (real && same)
                f.ignoredThreat = t.pv;
        }
    }
    finish(e);
    return e;
}

Explanation Explainer::explainThreat(const core::Game& game) {
    m_searcher.clear();
    Explanation e;
    ExplainFacts& f = e.facts;
    f.threat        = true;
    Position pos    = game.position();
    f.mover         = ~pos.sideToMove();
    if (pos.isInCheck() || !hasLegalMove(pos)) {
        f.before = pos;
        finish(e);
        return e;
    }
    core::Undo u;
    pos.makeNullMove(u);
    f.before             = pos;
    const SearchResult t = searchPosition(pos);
    if (t.pv.empty()) {
        finish(e);
        return e;
    }
    if (t.mateIn > 0) {
        f.mate = t.mateIn;
        f.line = t.pv;
        if (t.mateIn <= m_options.mateMoves) {
            const MateResult r = solve(pos, t.mateIn, m_options.mateNodes, {});
            if (r.status == MateStatus::Proven) {
                f.mate = r.mateIn;
                f.line = r.line;
            }
        }
        Position end = pos;
        bool whole   = true;
        for (Move m : f.line) {
            whole = whole && containsMove(end, m);
            if (!whole)
                break;
            end = played(end, m);
        }
        if (whole && !hasLegalMove(end) && end.isInCheck())
            f.patterns = matingNets(end);
    } else {
        const LineMaterial tm = walkMaterial(pos, t.pv, f.mover);
        if (isThreat(tm)) {
            f.line = t.pv;
            f.line.resize(static_cast<std::size_t>(tm.wonPly) + 1);
            f.material  = tm.net;
            f.won       = tm.won;
            f.wonSquare = tm.wonSquare;
            std::vector<Position> positions{pos};
            for (Move m : f.line) {
                if (!containsMove(positions.back(), m))
                    break;
                positions.push_back(played(positions.back(), m));
            }
            f.patterns = tacticalPatterns(positions, f.line, f.mover, tm.wonPly);
        }
    }
    if (!f.line.empty())
        f.move = f.line.front();
    finish(e);
    return e;
}

void Explainer::finish(Explanation& e) const {
    e.english = sentenceEnglish(e.facts, m_options.notation);
    e.chinese = sentenceChinese(e.facts, m_options.notation);
}

} // namespace xq::ai
