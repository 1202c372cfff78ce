// The evaluation: exact colour and file symmetry over many positions, incremental updates.
#include <algorithm>
#include <random>

#include <catch2/catch.hpp>

#include "ai/evaluate.h"
#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "testdata.h"

using namespace xq;

namespace {

// Ranks mirrored and colours swapped, the other side to move: the same game seen from the
// other chair.
core::Position mirrorColours(const core::Position& p) {
    core::Position m;
    for (int s = 0; s < core::kSquares; ++s) {
        const auto sq = static_cast<core::Square>(s);
        if (const core::Piece pc = p.at(sq); pc != core::kNoPiece)
            m.put(core::flipRank(sq), core::makePiece(~core::colorOf(pc), core::typeOf(pc)));
    }
    m.setSideToMove(~p.sideToMove());
    m.setQuietPlies(p.quietPlies());
    return m;
}

core::Position mirrorFiles(const core::Position& p) {
    core::Position m;
    for (int s = 0; s < core::kSquares; ++s) {
        const auto sq = static_cast<core::Square>(s);
        if (const core::Piece pc = p.at(sq); pc != core::kNoPiece)
            m.put(core::flipFile(sq), pc);
    }
    m.setSideToMove(p.sideToMove());
    m.setQuietPlies(p.quietPlies());
    return m;
}

// Positions from the test data files and from random playouts of the start position.
std::vector<core::Position> samplePositions() {
    std::vector<core::Position> out;
    for (const char* file : {"mates.txt", "tactics.txt", "perft.txt", "rules.txt"})
        for (const auto& c : test::readCases(file))
            if (auto p = core::parseFen(c[0]))
                out.push_back(*p);
    std::mt19937 rng(12345);
    for (int game = 0; game < 60; ++game) {
        core::Position p = *core::parseFen(core::kStartFen);
        for (int ply = 0; ply < 150; ++ply) {
            core::MoveList legal;
            core::generateLegal(p, legal);
            if (legal.empty())
                break;
            core::Undo u;
            p.makeMove(legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)],
                       u);
            out.push_back(p);
        }
    }
    return out;
}

} // namespace

TEST_CASE("the evaluation is symmetric in colours and files", "[eval]") {
    const auto positions = samplePositions();
    REQUIRE(positions.size() > 5000);
    int colourMismatch = 0, fileMismatch = 0, psqMismatch = 0;
    for (const auto& p : positions) {
        const int e = ai::evaluate(p);
        colourMismatch += ai::evaluate(mirrorColours(p)) != e;
        fileMismatch += ai::evaluate(mirrorFiles(p)) != e;
        const ai::Packed a = ai::psqScore(p), b = ai::psqScore(mirrorColours(p));
        psqMismatch += ai::mgOf(a) != -ai::mgOf(b) || ai::egOf(a) != -ai::egOf(b);
    }
    CHECK(colourMismatch == 0);
    CHECK(fileMismatch == 0);
    CHECK(psqMismatch == 0);
}

TEST_CASE("the start position is balanced", "[eval]") {
    const auto start = *core::parseFen(core::kStartFen);
    CHECK(ai::evaluate(start) == ai::evaluate(mirrorColours(start)));
    CHECK(std::abs(ai::evaluate(start)) <= 20); // only the side-to-move bonus
}

TEST_CASE("the packed score and the network's sums kept move by move equal fresh ones", "[eval]") {
    std::mt19937 rng(99);
    for (int game = 0; game < 30; ++game) {
        core::Position p = *core::parseFen(core::kStartFen);
        ai::Packed psq   = ai::psqScore(p);
        ai::nn::Accumulator acc, fresh;
        ai::nn::refresh(p, acc);
        for (int ply = 0; ply < 120; ++ply) {
            core::MoveList legal;
            core::generateLegal(p, legal);
            if (legal.empty())
                break;
            const core::Move m =
                legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
            psq += ai::psqDelta(p, m);
            ai::nn::update(p, m, acc);
            core::Undo u;
            p.makeMove(m, u);
            REQUIRE(psq == ai::psqScore(p));
            ai::nn::refresh(p, fresh);
            REQUIRE(acc.a == fresh.a);
            REQUIRE(ai::evaluate(p, psq, acc) == ai::evaluate(p));
        }
    }
}

TEST_CASE("the network adds no bonus for the move", "[eval]") {
    // The shipped weights (xq-nntrain --no-tempo): the same board with the other side to move
    // gets exactly the opposite correction.
    int nonZero = 0;
    for (const auto& p : samplePositions()) {
        ai::nn::Accumulator acc;
        ai::nn::refresh(p, acc);
        const int red = ai::nn::output(acc, core::Color::Red);
        REQUIRE(red == -ai::nn::output(acc, core::Color::Black));
        nonZero += red != 0;
    }
    CHECK(nonZero > 1000);
}

TEST_CASE("the network's output is the plain sum of its clipped units", "[eval]") {
    // nn::output adds eight units at a time where the processor can (ai/nnue.cpp); this is the
    // formula written out one unit at a time.
    using namespace ai::nn;
    const auto plain = [](const Accumulator& acc, core::Color stm) {
        std::int64_t sum = kWeights.c;
        for (int j = 0; j < kUnits; ++j) {
            const auto u = static_cast<std::size_t>(j);
            sum +=
                kWeights.v[0][j % kHalf] * std::clamp<int>(acc.a[core::index(stm)][u], 0, kQa)
                + kWeights.v[1][j % kHalf] * std::clamp<int>(acc.a[core::index(~stm)][u], 0, kQa);
        }
        return static_cast<int>(sum * kOutCp / (std::int64_t{kQa} * kQv));
    };
    int clipped = 0; // units above the clip, so that the test covers it
    for (const auto& p : samplePositions()) {
        Accumulator acc;
        refresh(p, acc);
        for (const auto stm : {core::Color::Red, core::Color::Black})
            REQUIRE(output(acc, stm) == plain(acc, stm));
        for (const auto& view : acc.a)
            for (const auto x : view)
                clipped += x > kQa;
    }
    CHECK(clipped > 0);
}

TEST_CASE("more material scores higher", "[eval]") {
    // The same position with and without Black's chariot on a9, from Red's point of view.
    const auto full =
        *core::parseFen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
    const auto minus =
        *core::parseFen("1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
    CHECK(ai::evaluate(minus) > ai::evaluate(full) + 700);
}
