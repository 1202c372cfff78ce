// xq-matebench: the mate solver's algorithms compared on the same mate problems, as in the
// table of Zhang Peigang et al. ("Solving capturing problems in computer Go with different
// game-tree search algorithms"): problems solved within a node budget, average time, average
// nodes and average depth (mate length in plies) of the solved ones.
//
// Usage: xq-matebench [--file PATH] [--max-nodes N] [--max-moves N] [--mode any|checks]
//                     [--verbose]
// A problem counts as solved when the solver proves a mate of exactly the listed length.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "ai/mate_solver.h"
#include "core/fen.h"
#include "core/notation.h"

using namespace xq;

namespace {

struct Problem {
    std::string fen;
    int moves = 0;
};

std::vector<Problem> readProblems(const std::string& path) {
    std::vector<Problem> out;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        const auto a = line.find(" ; ");
        if (line.empty() || line[0] == '#' || a == std::string::npos)
            continue;
        out.push_back({line.substr(0, a), std::atoi(line.c_str() + a + 3)});
    }
    return out;
}

} // namespace

int main(int argc, char** argv) {
    std::string file       = XQ_TESTDATA_DIR "/mates.txt";
    std::uint64_t maxNodes = 2'000'000;
    int maxMoves           = 5;
    ai::MateMode mode      = ai::MateMode::AnyMove;
    bool verbose           = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next           = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::cerr << a << " needs a value\n";
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--file")
            file = next();
        else if (a == "--max-nodes")
            maxNodes = std::stoull(next());
        else if (a == "--max-moves")
            maxMoves = std::stoi(next());
        else if (a == "--mode")
            mode = next() == "checks" ? ai::MateMode::ChecksOnly : ai::MateMode::AnyMove;
        else if (a == "--verbose")
            verbose = true;
        else {
            std::cerr << "usage: xq-matebench [--file PATH] [--max-nodes N] [--max-moves N] "
                         "[--mode any|checks] [--verbose]\n";
            return a == "--help" ? 0 : 2;
        }
    }
    const auto problems = readProblems(file);
    if (problems.empty()) {
        std::cerr << "no problems read from " << file << "\n";
        return 1;
    }
    std::printf("%zu problems from %s, budget %llu nodes each, mates up to %d moves, %s\n\n",
                problems.size(), file.c_str(), static_cast<unsigned long long>(maxNodes), maxMoves,
                mode == ai::MateMode::ChecksOnly ? "checking moves only" : "any attacking move");
    const ai::MateAlgorithm algorithms[] = {ai::MateAlgorithm::AlphaBeta,
                                            ai::MateAlgorithm::AlphaBetaTT, ai::MateAlgorithm::DfPn,
                                            ai::MateAlgorithm::DfPnPlus};
    // solvedBy[a][i]: algorithm a solved problem i; nodesOf[a][i]: nodes it needed.
    std::vector<std::vector<bool>> solvedBy(4, std::vector<bool>(problems.size()));
    std::vector<std::vector<double>> nodesOf(4, std::vector<double>(problems.size()));
    std::printf("| algorithm | solved | avg time (ms) | avg nodes | avg depth (plies) |\n");
    std::printf("|---|---|---|---|---|\n");
    for (int a = 0; a < 4; ++a) {
        const ai::MateAlgorithm alg = algorithms[a];
        int solved                  = 0;
        double time = 0, nodes = 0, depth = 0;
        for (std::size_t i = 0; i < problems.size(); ++i) {
            const Problem& p = problems[i];
            auto pos         = core::parseFen(p.fen);
            if (!pos) {
                std::cerr << "bad FEN " << p.fen << ": " << pos.error() << "\n";
                return 1;
            }
            ai::MateLimits limits;
            limits.algorithm = alg;
            limits.maxMoves  = maxMoves;
            limits.maxNodes  = maxNodes;
            limits.mode      = mode;
            const auto r     = ai::solveMate(*pos, limits);
            const bool ok    = r.status == ai::MateStatus::Proven && r.mateIn == p.moves;
            if (verbose) {
                std::printf("  %-16s %s  expected %d  got %s %d  nodes %llu  %lld ms\n",
                            std::string(ai::algorithmName(alg)).c_str(), p.fen.c_str(), p.moves,
                            r.status == ai::MateStatus::Proven      ? "mate"
                            : r.status == ai::MateStatus::Disproven ? "none"
                                                                    : "unknown",
                            r.mateIn, static_cast<unsigned long long>(r.proofNodes),
                            static_cast<long long>(r.timeMs));
            }
            if (!ok)
                continue;
            ++solved;
            solvedBy[a][i] = true;
            nodesOf[a][i]  = static_cast<double>(r.proofNodes);
            time += static_cast<double>(r.proofTimeMs);
            nodes += static_cast<double>(r.proofNodes);
            depth += 2.0 * r.mateIn - 1;
        }
        const double n = solved ? solved : 1;
        std::printf("| %s | %d / %zu | %.1f | %.0f | %.1f |\n",
                    std::string(ai::algorithmName(alg)).c_str(), solved, problems.size(), time / n,
                    nodes / n, depth / n);
        std::fflush(stdout);
    }
    // The same comparison restricted to the problems every algorithm solved, so that the
    // averages are over one set.
    std::vector<std::size_t> common;
    for (std::size_t i = 0; i < problems.size(); ++i)
        if (solvedBy[0][i] && solvedBy[1][i] && solvedBy[2][i] && solvedBy[3][i])
            common.push_back(i);
    std::printf("\nOn the %zu problems all four solved: average nodes", common.size());
    for (int a = 0; a < 4; ++a) {
        double sum = 0;
        for (std::size_t i : common)
            sum += nodesOf[a][i];
        std::printf("%s %s %.0f", a ? "," : "",
                    std::string(ai::algorithmName(algorithms[a])).c_str(),
                    common.empty() ? 0.0 : sum / static_cast<double>(common.size()));
    }
    std::printf("\n");
    return 0;
}
