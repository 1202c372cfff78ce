// xq-puzzlegen: builds the puzzle library for the desktop game's puzzle mode.
//
//  1. Classic and published positions: every line of the given mate files (FEN ; N ; ... ;
//     source) is re-solved with df-pn+ and kept only when the solver proves the stated length.
//  2. Our own positions: the engine plays games against itself from the opening lines (shallow,
//     with some randomness), and every position where the side to move has a forced mate of two
//     to `--max-moves` moves that the solver proves is kept (a mate in one is too easy).
// Output lines: FEN ; mate-in ; checks|any ; solver nodes ; source. Sorted by difficulty: mate
// length first, then the nodes df-pn+ needed. Deterministic for a given seed.
//
// Usage: xq-puzzlegen --out FILE [--mates FILE] [--openings FILE] [--games N] [--max-moves N]
//                     [--seed N]
#include <algorithm>
#include <fstream>
#include <iostream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "ai/mate_solver.h"
#include "ai/puzzle.h"
#include "ai/search.h"
#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"

using namespace xq;

namespace {

struct Puzzle {
    std::string fen;
    int mateIn          = 0;
    bool checksOnly     = false;
    std::uint64_t nodes = 0;
    std::string source;
};

// Proves the shortest mate; fills the puzzle when there is one of 2..maxMoves moves.
bool solve(const core::Position& pos, int maxMoves, std::uint64_t budget, Puzzle& p) {
    ai::MateLimits limits;
    limits.maxMoves    = maxMoves;
    limits.maxNodes    = budget;
    limits.ttMegabytes = 16;
    limits.mode        = ai::MateMode::ChecksOnly;
    auto r             = ai::solveMate(pos, limits);
    bool checks        = r.status == ai::MateStatus::Proven;
    if (!checks) {
        limits.mode = ai::MateMode::AnyMove;
        r           = ai::solveMate(pos, limits);
        if (r.status != ai::MateStatus::Proven)
            return false;
    } else {
        // A checking mate; make sure no shorter quiet mate exists.
        limits.mode     = ai::MateMode::AnyMove;
        limits.maxMoves = r.mateIn - 1;
        if (limits.maxMoves >= 1 && ai::solveMate(pos, limits).status == ai::MateStatus::Proven)
            checks = false;
        limits.maxMoves = maxMoves;
        if (!checks) {
            r = ai::solveMate(pos, limits);
            if (r.status != ai::MateStatus::Proven)
                return false;
        }
    }
    p.fen        = core::toFen(pos);
    p.mateIn     = r.mateIn;
    p.checksOnly = checks;
    p.nodes      = r.proofNodes;
    return true;
}

} // namespace

int main(int argc, char** argv) {
    std::string out, openingsFile;
    std::vector<std::string> mateFiles;
    int games = 20, maxMoves = 4;
    unsigned seed = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i], v = argv[i + 1];
        if (a == "--out")
            out = v;
        else if (a == "--mates")
            mateFiles.push_back(v);
        else if (a == "--openings")
            openingsFile = v;
        else if (a == "--games")
            games = std::stoi(v);
        else if (a == "--max-moves")
            maxMoves = std::stoi(v);
        else if (a == "--seed")
            seed = static_cast<unsigned>(std::stoul(v));
    }
    if (out.empty()) {
        std::cerr
            << "usage: xq-puzzlegen --out FILE [--mates FILE]... [--openings FILE] [--games N] "
               "[--max-moves N] [--seed N]\n";
        return 2;
    }
    std::vector<Puzzle> puzzles;
    std::set<std::string> seen;
    // 1. Published positions.
    for (const auto& file : mateFiles) {
        std::ifstream in(file);
        for (std::string line; std::getline(in, line);) {
            const auto f = ai::splitFields(line);
            if (f.size() < 5 || line[0] == '#')
                continue;
            auto pos = core::parseFen(f[0]);
            Puzzle p;
            if (!pos || !solve(*pos, std::max(maxMoves, std::stoi(f[1])), 0, p)
                || p.mateIn != std::stoi(f[1])) {
                std::cerr << "skipped (not verified): " << f[0] << "\n";
                continue;
            }
            p.source = f[4];
            if (seen.insert(p.fen.substr(0, p.fen.find(' ') + 2)).second)
                puzzles.push_back(p);
        }
    }
    // 2. Positions from our own games.
    std::vector<std::vector<std::string>> openings;
    if (!openingsFile.empty()) {
        std::ifstream in(openingsFile);
        for (std::string line; std::getline(in, line);) {
            line = line.substr(0, line.find(';'));
            std::istringstream words(line);
            std::vector<std::string> moves;
            for (std::string w; words >> w;)
                moves.push_back(w);
            if (!moves.empty() && line[0] != '#')
                openings.push_back(moves);
        }
    }
    std::mt19937 rng(seed);
    ai::Searcher searcher(16);
    int found = 0;
    for (int g = 0; g < games; ++g) {
        core::Game game;
        if (!openings.empty())
            for (const auto& m : openings[static_cast<std::size_t>(g) % openings.size()])
                if (auto mv = core::parseIccs(game.position(), m))
                    game.play(*mv);
        while (!game.isOver() && game.ply() < 240) {
            Puzzle p;
            if (game.ply() > 20 && solve(game.position(), maxMoves, 300'000, p) && p.mateIn >= 2) {
                p.source = "generated: engine self-play game " + std::to_string(g + 1) + " (seed "
                           + std::to_string(seed) + "), ply " + std::to_string(game.ply());
                if (seen.insert(p.fen.substr(0, p.fen.find(' ') + 2)).second) {
                    puzzles.push_back(p);
                    ++found;
                }
            }
            // A shallow search with a random depth and, now and then, the second-best line, so
            // that games differ and reach varied endings.
            ai::SearchLimits limits;
            limits.depth   = 3 + static_cast<int>(rng() % 3);
            limits.useBook = false;
            limits.multiPv = 2;
            auto r         = searcher.search(game.searchSnapshot(), limits);
            core::Move m   = r.best;
            if (r.lines.size() > 1 && rng() % 5 == 0 && !r.lines[1].pv.empty())
                m = r.lines[1].pv.front();
            if (!m || !game.play(m))
                break;
        }
        std::cerr << "game " << g + 1 << ": " << game.ply() << " plies, " << found
                  << " puzzles so far\n";
    }
    std::stable_sort(puzzles.begin(), puzzles.end(), [](const Puzzle& a, const Puzzle& b) {
        return a.mateIn != b.mateIn ? a.mateIn < b.mateIn : a.nodes < b.nodes;
    });
    std::ofstream o(out);
    o << "# Xiangqi mate puzzles: FEN ; mate in N ; checks (every attacking move checks) or any ; "
         "df-pn+ nodes ; source\n# Made by xq-puzzlegen (bench/puzzle_gen.cpp); every line proved "
         "by "
         "the mate solver. Sorted by difficulty.\n";
    for (const Puzzle& p : puzzles)
        o << p.fen << " ; " << p.mateIn << " ; " << (p.checksOnly ? "checks" : "any") << " ; "
          << p.nodes << " ; " << p.source << "\n";
    std::cerr << puzzles.size() << " puzzles written to " << out << "\n";
    return 0;
}
