// The chase rules: each move of a repeated cycle is classified (check, chase, idle) and the
// cycle judged under the Asian, Chinese and simple rule sets (docs/RULES.md lists every case
// and its source). Every position is also judged with the colours swapped (the board turned
// upside down, Black moving first), which must give the same verdict for the other colour.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "ai/search.h"
#include "app/engine/uci.h"
#include "core/chase.h"
#include "core/fen.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "testdata.h"

using namespace xq::core;

namespace {

// The verdict in a compact form: "draw", or "<red|black> loses: <check|chase|check+chase>".
std::string verdict(const GameResult& r) {
    if (!r.isOver())
        return "ongoing";
    if (r.outcome == Outcome::Draw)
        return "draw";
    const std::string loser = r.outcome == Outcome::RedWins ? "black" : "red";
    switch (r.detail.violation) {
    case Violation::PerpetualCheck:
        return loser + " loses: check";
    case Violation::PerpetualChase:
        return loser + " loses: chase";
    case Violation::CheckAndChase:
        return loser + " loses: check+chase";
    case Violation::PerpetualAttack:
        return loser + " loses: attack";
    case Violation::None:
        break;
    }
    return loser + " loses: ?";
}

std::string swapColours(std::string v) {
    if (v.rfind("red", 0) == 0)
        return "black" + v.substr(3);
    if (v.rfind("black", 0) == 0)
        return "red" + v.substr(5);
    return v;
}

// The same position with the colours exchanged: every piece changes colour and moves to the
// mirrored rank, and the other side is to move.
std::string mirrorFen(const std::string& fen) {
    auto pos = parseFen(fen);
    REQUIRE(pos);
    Position m;
    for (int s = 0; s < kSquares; ++s) {
        const Piece p = pos->at(static_cast<Square>(s));
        if (p != kNoPiece)
            m.put(flipRank(static_cast<Square>(s)), makePiece(~colorOf(p), typeOf(p)));
    }
    m.setSideToMove(~pos->sideToMove());
    return toFen(m);
}

std::string mirrorMove(std::string m) {
    m[1] = static_cast<char>('9' - (m[1] - '0'));
    m[3] = static_cast<char>('9' - (m[3] - '0'));
    return m;
}

// Plays the cycle twice from fen (the start position then stands for the third time) and
// returns the result. The game must not end earlier.
GameResult playCycle(const std::string& fen, const std::vector<std::string>& cycle, RuleSet rs) {
    auto pos = parseFen(fen);
    REQUIRE(pos);
    RuleConfig rules;
    rules.ruleSet = rs;
    Game g(*pos, rules);
    for (int round = 0; round < 2; ++round)
        for (const std::string& text : cycle) {
            INFO(text);
            REQUIRE_FALSE(g.isOver());
            auto m = parseIccs(g.position(), text);
            REQUIRE(m);
            REQUIRE(g.play(*m));
        }
    return g.result();
}

struct Case {
    const char* what; // the rule and its source (docs/RULES.md)
    const char* fen;
    std::vector<std::string> cycle;
    const char* asian;
    const char* chinese;
    const char* simple;
};

const std::vector<Case>& cases() {
    static const std::vector<Case> all = {
        {"1. chariot chases an unprotected horse (AXF: perpetual chase)",
         "5k3/9/9/2n6/9/9/9/R8/9/3K5 w - - 0 1",
         {"a2c2", "c6a7", "c2a2", "a7c6"},
         "red loses: chase",
         "red loses: chase",
         "draw"},
        {"2. the horse is protected on c6, unprotected on a7: one chase, one idle (AXF rule 17)",
         "5k3/1n7/9/2n6/9/9/9/R8/9/3K5 w - - 0 1",
         {"a2c2", "c6a7", "c2a2", "a7c6"},
         "draw",
         "draw",
         "draw"},
        {"3. horse chases a protected chariot (AXF rules 15-16)",
         "1r3k3/1r7/9/9/2N6/9/9/9/9/3K5 w - - 0 1",
         {"c5a6", "b8b7", "a6c5", "b7b8"},
         "red loses: chase",
         "red loses: chase",
         "draw"},
        {"4. chariot chases an unprotected cannon (AXF rule 18)",
         "5k3/9/9/2c6/9/9/9/R8/9/3K5 w - - 0 1",
         {"a2c2", "c6a6", "c2a2", "a6c6"},
         "red loses: chase",
         "red loses: chase",
         "draw"},
        {"5. chariot attacks a protected cannon: allowed (AXF rule 17)",
         "5k3/1n7/9/2c6/9/9/9/R8/9/3K5 w - - 0 1",
         {"a2c2", "c6a6", "c2a2", "a6c6"},
         "draw",
         "draw",
         "draw"},
        {"6. cannon chases a protected chariot (AXF rule 15); the chariot chases the crossed "
         "soldiers a5 and c5 in turn, a perpetual attack only under the Chinese rules (CXA "
         "24.11): both sides attack",
         "5k3/1n7/9/2r6/P1P6/9/9/C8/9/3K5 w - - 0 1",
         {"a2c2", "c6a6", "c2a2", "a6c6"},
         "red loses: chase",
         "draw",
         "draw"},
        {"7. chariot against chariot, each may take the other: an offer to exchange (AXF rules "
         "24, 40)",
         "5k3/9/9/2r6/9/9/9/R8/9/3K5 w - - 0 1",
         {"a2c2", "c6a6", "c2a2", "a6c6"},
         "draw",
         "draw",
         "draw"},
        {"8. the general may chase (AXF rule 28)",
         "5k3/9/9/9/9/9/9/9/3c5/4K4 w - - 0 1",
         {"e0d0", "d1e1", "d0e0", "e1d1"},
         "draw",
         "draw",
         "draw"},
        {"9. a soldier may chase",
         "5k3/9/3c5/2P6/9/9/9/9/9/4K4 w - - 0 1",
         {"c6d6", "d7c7", "d6c6", "c7d7"},
         "draw",
         "draw",
         "draw"},
        {"10. chariot chases a soldier that has crossed the river",
         "5k3/2R6/9/9/9/9/3p5/9/9/4K4 w - - 0 1",
         {"c8d8", "d3c3", "d8c8", "c3d3"},
         "red loses: chase",
         "red loses: chase",
         "draw"},
        {"11. perpetual check (AXF rule 6)",
         "5k3/R8/9/9/9/9/9/9/9/3K5 w - - 0 1",
         {"a8a9", "f9f8", "a9a8", "f8f9"},
         "red loses: check",
         "red loses: check",
         "red loses: check"},
        {"12. one check, one chase of the same cannon: allowed by AXF (rule 18), not by CXA",
         "5k3/9/1c7/9/1R7/9/9/9/9/3K5 w - - 0 1",
         {"b5f5", "f9e9", "f5b5", "e9f9"},
         "draw",
         "red loses: check+chase",
         "draw"},
        {"13. one check, one attack on a protected cannon: allowed everywhere",
         "5k3/3n5/1c7/9/1R7/9/9/9/9/3K5 w - - 0 1",
         {"b5f5", "f9e9", "f5b5", "e9f9"},
         "draw",
         "draw",
         "draw"},
        {"14. one chariot chases two pieces in turn: allowed by AXF (rule 32), a perpetual chase "
         "of several pieces by CXA (24.11)",
         "5k3/9/9/2c3n2/9/9/9/6R2/9/3K5 w - - 0 1",
         {"g2c2", "c6b6", "c2g2", "b6c6"},
         "draw",
         "red loses: attack",
         "draw"},
        {"15. cannon against cannon, each may take the other (AXF rule 24)",
         "5k3/9/9/2c6/P1P6/9/9/C8/9/3K5 w - - 0 1",
         {"a2c2", "c6a6", "c2a2", "a6c6"},
         "draw",
         "draw",
         "draw"},
        {"16. horse against horse, each may take the other (AXF rule 24)",
         "5k3/9/9/3n5/9/9/N8/9/9/3K5 w - - 0 1",
         {"a3b5", "d6c4", "b5a3", "c4d6"},
         "draw",
         "draw",
         "draw"},
        {"17. horse chases a horse whose leg is blocked (AXF rule 24, diagram 55)",
         "5k3/9/2n6/2p6/p8/1N7/9/9/9/3K5 w - - 0 1",
         {"b4d5", "c7a6", "d5b4", "a6c7"},
         "red loses: chase",
         "red loses: chase",
         "draw"},
        {"18. the same with one leg free: one chase, one offer to exchange",
         "5k3/9/2n6/2p6/9/1N7/9/9/9/3K5 w - - 0 1",
         {"b4d5", "c7a6", "d5b4", "a6c7"},
         "draw",
         "draw",
         "draw"},
        {"19. the cannon never leaves the chariot's file: no new attack (AXF appendix, "
         "non-perpetual chase)",
         "5k3/9/1c7/9/9/9/9/1R7/9/3K5 w - - 0 1",
         {"b2b3", "b7b8", "b3b2", "b8b7"},
         "draw",
         "draw",
         "draw"},
        {"20. one check, one mate threat: allowed by AXF (a mate threat is no chase), forbidden by "
         "CXA (24.13, one check one mate threat)",
         "5k3/9/4c4/9/9/9/R8/2N6/9/3AK4 w - - 0 1",
         {"a3a9", "e7e9", "a9a3", "e9e7"},
         "draw",
         "red loses: attack",
         "draw"},
        {"21. a perpetual mate threat (from an engine game): allowed by AXF (rules 9-10), "
         "forbidden by CXA (24.10, 24.13)",
         "4k4/C8/9/p3r4/3P1Rp1p/9/P7P/8B/9/5K3 b - - 0 1",
         {"e6f6", "f5f1", "f6e6", "f1f5"},
         "draw",
         "black loses: attack",
         "draw"},
    };
    return all;
}

} // namespace

TEST_CASE("chase cases: the verdict of every cycle under the three rule sets", "[chase]") {
    for (const Case& c : cases()) {
        for (bool mirrored : {false, true}) {
            INFO(c.what << (mirrored ? " (colours swapped)" : ""));
            const std::string fen          = mirrored ? mirrorFen(c.fen) : c.fen;
            std::vector<std::string> cycle = c.cycle;
            if (mirrored)
                for (std::string& m : cycle)
                    m = mirrorMove(m);
            const auto expect = [&](const char* v) {
                return mirrored ? swapColours(v) : std::string(v);
            };
            CHECK(verdict(playCycle(fen, cycle, RuleSet::Asian)) == expect(c.asian));
            CHECK(verdict(playCycle(fen, cycle, RuleSet::Chinese)) == expect(c.chinese));
            CHECK(verdict(playCycle(fen, cycle, RuleSet::Simple)) == expect(c.simple));
        }
    }
}

TEST_CASE("the verdict names the pieces, in English and in Chinese", "[chase]") {
    const GameResult r = playCycle(cases()[0].fen, cases()[0].cycle, RuleSet::Asian);
    CHECK(r.reason == Reason::Repetition);
    CHECK(r.isRepetitionLoss());
    CHECK(r.pgnResult() == "0-1");
    CHECK(r.detail.violator == Color::Red);
    CHECK(r.detail.chaser == makePiece(Color::Red, PieceType::Rook));
    CHECK(r.detail.chaserSquare == makeSquare(0, 2));
    CHECK(r.detail.chased == makePiece(Color::Black, PieceType::Horse));
    CHECK(r.detail.chasedSquare == makeSquare(0, 7));
    CHECK_FALSE(r.detail.chasedProtected);
    CHECK(r.describe()
          == "Red loses: the chariot on a2 chased the unprotected horse on a7 in every move of "
             "the repetition");
    CHECK(r.describeChinese() == "红方负：a2的车在循环中每一步都捉a7的无根马（长捉判负）");

    const GameResult p = playCycle(cases()[2].fen, cases()[2].cycle, RuleSet::Asian);
    CHECK(p.describe()
          == "Red loses: the horse on c5 chased the protected chariot on b7 in every move of the "
             "repetition");
    const GameResult cc = playCycle(cases()[11].fen, cases()[11].cycle, RuleSet::Chinese);
    CHECK(cc.describe()
          == "Red loses: it checked or chased the unprotected cannon on b7 (last with the "
             "chariot on b5) in every move of the repetition (one check, one chase)");
    CHECK(cc.describeChinese() == "红方负：循环中每一步都将军或捉b7的无根炮（一将一捉判负）");
    const GameResult pc = playCycle(cases()[10].fen, cases()[10].cycle, RuleSet::Asian);
    CHECK(pc.reason == Reason::PerpetualCheck);
    CHECK(pc.describe()
          == "Red loses: it gave check in every move of the repetition (perpetual check)");
    const GameResult ck = playCycle(cases()[19].fen, cases()[19].cycle, RuleSet::Chinese);
    CHECK(ck.describe()
          == "Red loses: it attacked in every move of the repetition (checks and mate threats): a "
             "perpetual attack under the Chinese rules");
    CHECK(ck.describeChinese() == "红方负：循环中每一步都将或杀（长打判负）");
    CHECK(ck.detail.violation == Violation::PerpetualAttack);
    CHECK(ck.detail.checks == 2); // the game judges both rounds
    CHECK(ck.detail.mateThreats == 2);
    CHECK(ck.detail.chases == 0);
    const GameResult mt = playCycle(cases()[20].fen, cases()[20].cycle, RuleSet::Chinese);
    CHECK(mt.describe()
          == "Black loses: it attacked in every move of the repetition (mate threats): a "
             "perpetual attack under the Chinese rules");
    CHECK(mt.describeChinese() == "黑方负：循环中每一步都杀（长打判负）");
    const GameResult two = playCycle(cases()[13].fen, cases()[13].cycle, RuleSet::Chinese);
    CHECK(two.describe()
          == "Red loses: it attacked in every move of the repetition (chases): a perpetual attack "
             "under the Chinese rules");
    CHECK(two.describeChinese() == "红方负：循环中每一步都捉子（长打判负）");
    const GameResult d = playCycle(cases()[6].fen, cases()[6].cycle, RuleSet::Asian);
    CHECK(d.describe() == "Draw by repetition");
    CHECK(d.describeChinese() == "和棋（重复局面）");
}

TEST_CASE("classifyCycle: checks, chases and idle moves of a cycle", "[chase]") {
    // Case 12: the chariot checks on f5, chases the cannon from b5; Black's general just steps.
    auto pos = parseFen("5k3/9/1c7/9/1R7/9/9/9/9/3K5 w - - 0 1");
    REQUIRE(pos);
    std::vector<Move> moves;
    Position p = *pos;
    for (const char* text : {"b5f5", "f9e9", "f5b5", "e9f9"}) {
        auto m = parseIccs(p, text);
        REQUIRE(m);
        moves.push_back(*m);
        Undo u;
        p.makeMove(*m, u);
    }
    const auto plies = classifyCycle(p, moves);
    REQUIRE(plies.size() == 4);
    CHECK(plies[0].gaveCheck);
    CHECK(plies[0].chases.empty());
    CHECK_FALSE(plies[1].gaveCheck);
    CHECK(plies[1].chases.empty());
    CHECK_FALSE(plies[2].gaveCheck);
    REQUIRE(plies[2].chases.size() == 1);
    CHECK(plies[2].chases[0].chasedSquare == makeSquare(1, 7));
    CHECK(plies[2].chases[0].chaserSquare == makeSquare(1, 5));
    CHECK(plies[3].chases.empty());
    // Moves that do not lead back to the same position are no cycle.
    CHECK(classifyCycle(p, std::span<const Move>(moves).first(2)).empty());
}

TEST_CASE("findChases: discovered attacks, pins, river, protection", "[chase]") {
    const auto chasesOf = [](const char* fen, const char* move) {
        auto pos = parseFen(fen);
        REQUIRE(pos);
        auto m = parseIccs(*pos, move);
        REQUIRE(m);
        Position after = *pos;
        Undo u;
        after.makeMove(*m, u);
        return findChases(*pos, after, *m);
    };
    // The horse leaves the a-file: the chariot behind it now attacks the unprotected horse on
    // a6. The chaser is the chariot, not the piece that moved.
    auto d = chasesOf("5k3/9/9/n8/9/9/N8/9/9/R2K5 w - - 0 1", "a3b5");
    REQUIRE(d.size() == 1);
    CHECK(d[0].chaserSquare == makeSquare(0, 0));
    CHECK(d[0].chasedSquare == makeSquare(0, 6));
    // A chariot pinned to its general (by Black's chariot on a0) makes no threat: the capture
    // would be illegal. Unpinned, the same discovered attack is a chase.
    CHECK(chasesOf("5k3/9/9/2n6/9/9/2N6/9/9/2RK5 w - - 0 1", "c3b5").size() == 1);
    CHECK(chasesOf("5k3/9/9/2n6/9/9/2N6/9/9/r1RK5 w - - 0 1", "c3b5").empty());
    // A soldier that has not crossed the river is never chased.
    CHECK(chasesOf("5k3/9/9/p8/9/9/N8/9/9/R2K5 w - - 0 1", "a3b5").empty());
    // A protected horse (Black's chariot on a9, or the horse on b8) is not chased.
    CHECK(chasesOf("r4k3/9/9/n8/9/9/N8/9/9/R2K5 w - - 0 1", "a3b5").empty());
    CHECK(chasesOf("9/1n3k3/9/n8/9/9/N8/9/9/R2K5 w - - 0 1", "a3b5").empty());
    // The horse on b8 cannot recapture when Red's chariot on a8 pins it to its general: the
    // horse on a6 counts as unprotected, and the chariot on a0 chases it.
    const auto pinned = chasesOf("9/Rn3k3/9/n8/9/9/N8/9/9/R2K5 w - - 0 1", "a3b5");
    REQUIRE(pinned.size() == 1);
    CHECK(pinned[0].chaserSquare == makeSquare(0, 0));
    CHECK_FALSE(pinned[0].chasedProtected);
}

TEST_CASE("judgeCycle: check against chase, mutual chase, and the simple rules", "[chase]") {
    PieceIds horse, cannon;
    horse.set(10);
    cannon.set(20);
    // Red checks with every move, Black chases the same piece with every move: the perpetual
    // check weighs more, Red loses.
    const CyclePly checkVsChase[] = {{Color::Red, true},
                                     {Color::Black, false, horse},
                                     {Color::Red, true},
                                     {Color::Black, false, horse}};
    CHECK(verdict(judgeCycle(checkVsChase, RuleSet::Asian)) == "red loses: check");
    // Both sides chase with every move: a draw.
    const CyclePly mutual[] = {{Color::Red, false, cannon},
                               {Color::Black, false, horse},
                               {Color::Red, false, cannon},
                               {Color::Black, false, horse}};
    CHECK(verdict(judgeCycle(mutual, RuleSet::Asian)) == "draw");
    CHECK(verdict(judgeCycle(mutual, RuleSet::Chinese)) == "draw");
    // One side chases, the other one checks and chases in turn: under the Chinese rules both
    // attack perpetually (a draw), under the Asian rules only the chaser does.
    const CyclePly oneEach[] = {{Color::Red, false, cannon},
                                {Color::Black, true},
                                {Color::Red, false, cannon},
                                {Color::Black, false, horse}};
    CHECK(verdict(judgeCycle(oneEach, RuleSet::Asian)) == "red loses: chase");
    CHECK(verdict(judgeCycle(oneEach, RuleSet::Chinese)) == "draw");
    CHECK(verdict(judgeCycle(oneEach, RuleSet::Simple)) == "draw");
    // A chase of one piece on three moves and of another on the fourth: not perpetual.
    const CyclePly broken[] = {{Color::Red, false, cannon}, {Color::Black, false},
                               {Color::Red, false, cannon}, {Color::Black, false},
                               {Color::Red, false, horse},  {Color::Black, false}};
    CHECK(verdict(judgeCycle(broken, RuleSet::Asian)) == "draw");
}

TEST_CASE("the game warns before a move that would lose by the chase rules", "[chase]") {
    // Case 1 from the position after a2c2, Black to move: Red's a2c2 closes each cycle.
    auto pos = parseFen("5k3/9/9/2n6/9/9/9/2R6/9/3K5 b - - 0 1");
    REQUIRE(pos);
    Game g(*pos);
    CHECK(g.rules().ruleSet == RuleSet::Asian);
    const auto play = [&](const char* text) {
        auto m = parseIccs(g.position(), text);
        REQUIRE(m);
        REQUIRE(g.play(*m));
    };
    for (const char* text : {"c6a7", "c2a2", "a7c6"})
        play(text);
    // First time round: a2c2 brings the start back for the second time, which ends nothing
    // yet, but the cycle it closes is a perpetual chase by Red.
    const Move closing = *parseIccs(g.position(), "a2c2");
    CHECK_FALSE(g.resultIfPlayed(closing).isOver());
    CHECK(verdict(g.cycleVerdictIfPlayed(closing)) == "red loses: chase");
    CHECK(g.cycleVerdictIfPlayed(closing).describe()
          == "Red loses: the chariot on c2 chased the unprotected horse on c6 in every move of "
             "the repetition");
    for (const char* text : {"a2c2", "c6a7", "c2a2", "a7c6"})
        play(text);
    // Second time round: a2c2 would be the third occurrence, and Red loses on the spot.
    const GameResult r = g.resultIfPlayed(closing);
    CHECK(verdict(r) == "red loses: chase");
    CHECK(r.isRepetitionLoss());
    // A move that leaves the cycle repeats nothing.
    const Move other = *parseIccs(g.position(), "a2a3");
    CHECK_FALSE(g.resultIfPlayed(other).isOver());
    CHECK_FALSE(g.cycleVerdictIfPlayed(other).isOver());
    // Asking changes nothing.
    CHECK(g.ply() == 7);
    CHECK_FALSE(g.isOver());
    // An illegal move gets no verdict.
    CHECK_FALSE(g.resultIfPlayed(Move(makeSquare(0, 0), makeSquare(0, 1))).isOver());
}

TEST_CASE("the search never loses by its own perpetual chase", "[chase][search]") {
    // Red is a horse down; chasing the horse once more (a2c2) repeats
    // the position for the third time: a draw under the simple rules, a loss under the others.
    const char* fen = "3a1k3/8r/9/2n6/9/9/9/2R6/9/3K5 b - - 0 1";
    for (RuleSet rs : {RuleSet::Asian, RuleSet::Chinese, RuleSet::Simple}) {
        auto pos = parseFen(fen);
        REQUIRE(pos);
        RuleConfig rules;
        rules.ruleSet = rs;
        Game g(*pos, rules);
        for (const char* text : {"c6a7", "c2a2", "a7c6", "a2c2", "c6a7", "c2a2", "a7c6"}) {
            auto m = parseIccs(g.position(), text);
            REQUIRE(m);
            REQUIRE(g.play(*m));
        }
        const Move chase = *parseIccs(g.position(), "a2c2");
        REQUIRE(g.resultIfPlayed(chase).isOver());
        xq::ai::Searcher searcher(4);
        xq::ai::SearchLimits limits;
        limits.useBook = false;
        for (int depth : {4, 8, 10}) {
            limits.depth = depth;
            const auto r = searcher.search(g.searchSnapshot(), limits);
            INFO(ruleSetName(rs) << " depth " << depth << ": " << toIccs(r.best) << " " << r.score);
            CHECK(g.isLegal(r.best));
            if (rs == RuleSet::Simple)
                CHECK(r.best == chase); // the draw is the best a chariot down can get
            else
                CHECK(r.best != chase);
        }
    }
}

TEST_CASE("the search scores the opponent's perpetual chase as a win", "[chase][search]") {
    // Case 1 after seven plies: Black (a horse against a chariot) to move. a7c6 brings the start
    // back for the third time; Red chased the horse in every move, so under the Asian and
    // Chinese rules Black wins by it, under the simple rules it is a draw.
    for (RuleSet rs : {RuleSet::Asian, RuleSet::Chinese, RuleSet::Simple}) {
        auto pos = parseFen(cases()[0].fen);
        REQUIRE(pos);
        RuleConfig rules;
        rules.ruleSet = rs;
        Game g(*pos, rules);
        for (const char* text : {"a2c2", "c6a7", "c2a2", "a7c6", "a2c2", "c6a7", "c2a2"})
            REQUIRE(g.play(*parseIccs(g.position(), text)));
        const Move back = *parseIccs(g.position(), "a7c6");
        xq::ai::Searcher searcher(4);
        xq::ai::SearchLimits limits;
        limits.useBook = false;
        limits.depth   = 6;
        const auto r   = searcher.search(g.searchSnapshot(), limits);
        INFO(ruleSetName(rs) << ": " << toIccs(r.best) << " " << r.score);
        CHECK(r.best == back);
        if (rs == RuleSet::Simple)
            CHECK(r.score == 0);
        else
            CHECK(r.score > 10000);
    }
}

TEST_CASE("UCI: the Repetition option and the result command", "[chase][uci]") {
    std::ostringstream out;
    xq::uci::UciEngine engine(out);
    engine.handleLine("uci");
    CHECK(out.str().find(
              "option name Repetition type combo default Asian var Asian var Chinese var Simple")
          != std::string::npos);
    const std::string moves = " moves a2c2 c6a7 c2a2 a7c6 a2c2 c6a7 c2a2 a7c6";
    const std::string setup = "position fen 5k3/9/9/2n6/9/9/9/R8/9/3K5 w - - 0 1";
    const auto resultLine   = [&](const std::string& position) {
        out.str("");
        engine.handleLine(position);
        engine.handleLine("result");
        return out.str();
    };
    CHECK(resultLine(setup + moves)
          == "result 0-1 Red loses: the chariot on a2 chased the unprotected horse on a7 in "
             "every move of the repetition\n");
    CHECK(resultLine(setup) == "result * the game goes on\n");
    engine.handleLine("setoption name Repetition value Simple");
    CHECK(resultLine(setup + moves) == "result 1/2-1/2 Draw by repetition\n");
    out.str("");
    engine.handleLine("setoption name Repetition value Korean");
    CHECK(out.str() == "info string Repetition needs Asian, Chinese or Simple, not 'Korean'\n");
    engine.handleLine("setoption name Repetition value chinese");
    CHECK(engine.game().rules().ruleSet == RuleSet::Chinese);
    CHECK(resultLine("position fen 5k3/9/1c7/9/1R7/9/9/9/9/3K5 w - - 0 1 moves b5f5 f9e9 f5b5 "
                     "e9f9 b5f5 f9e9 f5b5 e9f9")
              .rfind("result 0-1 Red loses: it checked or chased", 0)
          == 0);
}

TEST_CASE("PGN: a chase verdict writes a Termination tag and the reason", "[chase][pgn]") {
    auto pos = parseFen(cases()[0].fen);
    REQUIRE(pos);
    Game g(*pos);
    for (int round = 0; round < 2; ++round)
        for (const std::string& text : cases()[0].cycle)
            REQUIRE(g.play(*parseIccs(g.position(), text)));
    REQUIRE(g.isOver());
    const PgnGame pgn = pgnFromGame(g);
    CHECK(pgn.result == "0-1");
    CHECK(pgn.tag("Termination") == "rules infraction");
    CHECK(pgn.moves().back().comment == g.result().describe());
    // Read back, the record replays to the same verdict.
    auto back = gameFromPgn(*readPgn(writePgn(pgn, Notation::Iccs)));
    REQUIRE(back);
    CHECK(back->result() == g.result());
    CHECK(back->result().describe() == g.result().describe());
}

namespace {

// The English verdict of the colour-swapped game: Red and Black exchanged, every square on the
// mirrored rank.
std::string mirrorText(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s.compare(i, 3, "Red") == 0) {
            out += "Black";
            i += 2;
        } else if (s.compare(i, 5, "Black") == 0) {
            out += "Red";
            i += 4;
        } else if (i + 1 < s.size() && s[i] >= 'a' && s[i] <= 'i' && s[i + 1] >= '0'
                   && s[i + 1] <= '9' && (i == 0 || s[i - 1] == ' ')
                   && (i + 2 == s.size() || s[i + 2] == ' ' || s[i + 2] == ')')) {
            out += s[i];
            out += static_cast<char>('9' - (s[i + 1] - '0'));
            ++i;
        } else {
            out += s[i];
        }
    }
    return out;
}

struct TextCase {
    const char* what;
    const char* fen;
    std::vector<std::string> cycle;
    const char* asian; // describe() of the verdict under each rule set
    const char* chinese;
    const char* simple;
};

// Cycles in which one side mixes checks and other moves. In the first two a check stands while
// the other side's piece is attacked: the threat is judged as it stands once the check is
// answered, so a recapture or counter-capture that does not answer the check still counts.
const std::vector<TextCase>& checkMixCases() {
    static const std::vector<TextCase> all = {
        {"h3e3 makes the e3 chariot a screen for the e4 cannon, which then chases the protected "
         "chariot on e2; e3h3 uncovers the cannon's check while d2 and f2 offer an exchange",
         "2bakab2/9/9/p5p2/7np/4c1P1P/P1P4r1/3rR4/4N4/2BAKAB2 b - - 0 1",
         {"h3e3", "e2f2", "e3h3", "f2e2"},
         "Draw by repetition",
         "Black loses: it checked or chased the protected chariot on e2 (last with the cannon on "
         "e4) in every move of the repetition (one check, one chase)",
         "Draw by repetition"},
        {"the d4 cannon stays protected by the d3 chariot while e2g2's discovered check stands; "
         "g2e2 chases the unprotected cannon on e4",
         "r1bakabn1/9/2n6/p1p1p1p2/8p/P1P1c1P2/1c1r4P/2N1R4/4C4/R1BAKAB2 b - - 0 1",
         {"e4d4", "e2g2", "d4e4", "g2e2"},
         "Draw by repetition",
         "Red loses: it checked or chased the unprotected cannon on e4 (last with the chariot on "
         "e2) in every move of the repetition (one check, one chase)",
         "Draw by repetition"},
        {"e8d9 answers the check and unpins the c9 elephant, which now attacks the cannon on e7; "
         "d9e8 attacks it on d7 with the advisor: two pieces chase one cannon in every move",
         "1Rb1ka1r1/4a4/4C4/p1n1r3p/2p3p2/P2R3c1/4P1P1P/B5N2/9/3AKAB2 b - - 0 1",
         {"e8d9", "e7d7", "d9e8", "d7e7"},
         "Black loses: it chased the protected cannon on d7 (last with the advisor on e8) in every "
         "move of the repetition",
         "Black loses: it chased the protected cannon on d7 (last with the advisor on e8) in every "
         "move of the repetition",
         "Draw by repetition"},
    };
    return all;
}

} // namespace

TEST_CASE("chase: a standing check neither protects nor hides a threat, both colours", "[chase]") {
    for (const TextCase& c : checkMixCases()) {
        for (bool mirrored : {false, true}) {
            INFO(c.what << (mirrored ? " (colours swapped)" : ""));
            const std::string fen          = mirrored ? mirrorFen(c.fen) : c.fen;
            std::vector<std::string> cycle = c.cycle;
            if (mirrored)
                for (std::string& m : cycle)
                    m = mirrorMove(m);
            const auto expect = [&](const char* v) {
                return mirrored ? mirrorText(v) : std::string(v);
            };
            CHECK(playCycle(fen, cycle, RuleSet::Asian).describe() == expect(c.asian));
            CHECK(playCycle(fen, cycle, RuleSet::Chinese).describe() == expect(c.chinese));
            CHECK(playCycle(fen, cycle, RuleSet::Simple).describe() == expect(c.simple));
        }
    }
    CHECK(playCycle(checkMixCases()[2].fen, checkMixCases()[2].cycle, RuleSet::Asian)
              .describeChinese()
          == "黑方负：循环中每一步都捉d7的有根炮（最后一步用e8的士，长捉判负）");
    // The mirrored text is what it says: one example spelled out.
    CHECK(mirrorText(checkMixCases()[2].asian)
          == "Red loses: it chased the protected cannon on d2 (last with the advisor on e1) in "
             "every move of the repetition");
}

TEST_CASE("chase: the per-ply facts of the mixed check cycles", "[chase]") {
    const auto facts = [](const TextCase& c) {
        auto pos = parseFen(c.fen);
        REQUIRE(pos);
        Position p = *pos;
        std::vector<Move> moves;
        for (const std::string& text : c.cycle) {
            auto m = parseIccs(p, text);
            REQUIRE(m);
            moves.push_back(*m);
            Undo u;
            p.makeMove(*m, u);
        }
        std::vector<std::string> out;
        for (const CyclePly& ply : classifyCycle(p, moves)) {
            std::string s = ply.gaveCheck ? "check" : "-";
            for (const ChaseFact& f : ply.chases)
                s += std::string(" ") + squareName(f.chaserSquare) + "x"
                     + squareName(f.chasedSquare) + (f.chasedProtected ? "+" : "");
            out.push_back(s);
        }
        return out;
    };
    using V = std::vector<std::string>;
    CHECK(facts(checkMixCases()[0]) == V{"- e4xe2+", "-", "check", "- e2xe4"});
    CHECK(facts(checkMixCases()[1]) == V{"-", "check", "check", "- e2xe4"});
    CHECK(facts(checkMixCases()[2]) == V{"- c9xe7", "-", "- e8xd7+", "check"});
}

TEST_CASE("matesByChecks and threatensMate: mate by checks alone, new threats only", "[chase]") {
    // Every mate in one of the test data is a mate by one check.
    int mateInOne = 0;
    for (const auto& fields : xq::test::readCases("mates.txt")) {
        if (fields[1] != "1")
            continue;
        auto pos = parseFen(fields[0]);
        REQUIRE(pos);
        CHECK(matesByChecks(*pos, 1));
        ++mateInOne;
    }
    CHECK(mateInOne == 7);
    auto start = parseFen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    REQUIRE(start);
    CHECK_FALSE(matesByChecks(*start));
    // Case 20: after a9a3 the chariot threatens a3f3, mate (the cannon on e9 takes the
    // general's flight); with the cannon back on e7 it does not.
    const auto threat = [](const char* fen, const char* move) {
        auto pos = parseFen(fen);
        REQUIRE(pos);
        auto m = parseIccs(*pos, move);
        REQUIRE(m);
        Position after = *pos;
        Undo u;
        after.makeMove(*m, u);
        return threatensMate(*pos, after);
    };
    CHECK(threat("4ck3/R8/9/9/9/9/9/2N6/9/3AK4 w - - 0 1", "a8a3"));
    CHECK_FALSE(threat("5k3/R8/4c4/9/9/9/9/2N6/9/3AK4 w - - 0 1", "a8a3"));
    // A check is a check, not a mate threat.
    CHECK_FALSE(threat("5k3/9/4c4/9/9/9/R8/2N6/9/3AK4 w - - 0 1", "a3a9"));
    // A threat that already stood is not made by the move: with the chariot on a3 and the
    // cannon on e9, the horse's step changes nothing.
    CHECK_FALSE(threat("4ck3/9/9/9/9/9/R8/2N6/9/3AK4 w - - 0 1", "c2b0"));
}