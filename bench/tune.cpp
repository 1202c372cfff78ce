// xq-tune: fits the material and piece-square values (ai/psqt) to game results, the method
// known as Texel tuning: the evaluation of quiet positions from real games, passed through a
// logistic curve, should predict each game's result. Only the linear part of the evaluation is
// fitted: material, the mg/eg tables (left-right symmetric) and the weights of the other terms
// (ai/evaluate.h EvalTerm); only the tempo stays out, as a fixed offset per position.
//
//   xq-tune [--iterations N] [--lambda L] [--holdout K] games.pgn...
//   xq-tune --selfplay GAMES --nodes N --out FILE.pgn [--threads T] [--seed S]
//   xq-tune --dump FILE [--every K] [--plies A-B] games.pgn...
//   xq-tune [--iterations N] [--lambda L] [--terms-from T] --labels FILE
//
// --dump writes every K-th quiet position of the games (see below; --plies A-B: of plies A to B
// instead of 10 on) as "FEN;result" lines, the result 1, 0.5 or 0 from Red's side, for another
// program to label. --labels fits to such a file with the result replaced by any target in
// [0, 1] (for example a blend of the game result and a deeper search's score passed through the
// logistic curve; tools/bench/label_fsf.py makes one).
// --terms-from T keeps everything but the weights of the terms from EvalTerm T on as they are;
// --fix-terms keeps all term weights and fits the material and tables only.
//
// The second form makes the games: our engine against itself at N nodes per move, each game
// opened with 8 plies chosen at random among the 4 best moves of a shallow search so that the
// games differ.
//
// Positions: every position of every game from the 10th ply on that is quiet (side to move not in
// check, the last move not a capture, no capture winning material by static exchange), with
// |eval| < 1500. Output: the fitted values as C++ tables in the layout of ai/psqt.cpp (rank 9
// first, as Red sees the board), and the loss before and after.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "ai/evaluate.h"
#include "ai/psqt.h"
#include "ai/search.h"
#include "ai/see.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/pgn.h"
#include "labels.h"

using namespace xq;

namespace {

constexpr int kTypes = 8;              // PieceType index 1..7 used
constexpr int kHalf  = 50;             // 10 ranks x 5 files (files folded)
constexpr int kPst   = kTypes * kHalf; // per phase
// mg tables, eg tables, mg material, eg material, then mg/eg weights of the other terms.
constexpr int kTermBase = 2 * kPst + 2 * kTypes;
constexpr int kParams   = kTermBase + 2 * ai::kEvalTermCount;

int pstIndex(int type, core::Square redSq) {
    const int f = core::fileOf(redSq), r = core::rankOf(redSq);
    return type * kHalf + r * 5 + std::min(f, 8 - f);
}

struct Feature {
    int index;
    float weight;
};

struct Sample {
    std::vector<Feature> features;
    float offset; // the non-linear terms, Red's view
    float result; // 1 Red won, 0.5 draw, 0 Black won
};

// The linear part's features of pos (Red's view): per piece its table entry and material, mg
// weighted by phase/max and eg by the rest.
void features(const core::Position& pos, std::vector<Feature>& out) {
    out.clear();
    const float ph = static_cast<float>(ai::gamePhase(pos)) / ai::kPhaseMax;
    std::array<float, kParams> acc{};
    for (int s = 0; s < core::kSquares; ++s) {
        const auto sq        = static_cast<core::Square>(s);
        const core::Piece pc = pos.at(sq);
        if (pc == core::kNoPiece)
            continue;
        const int t      = static_cast<int>(core::typeOf(pc));
        const bool red   = core::colorOf(pc) == core::Color::Red;
        const float sign = red ? 1.0f : -1.0f;
        const int i      = pstIndex(t, red ? sq : core::flipRank(sq));
        acc[static_cast<std::size_t>(i)] += sign * ph;
        acc[static_cast<std::size_t>(kPst + i)] += sign * (1 - ph);
        acc[static_cast<std::size_t>(2 * kPst + t)] += sign * ph;
        acc[static_cast<std::size_t>(2 * kPst + kTypes + t)] += sign * (1 - ph);
    }
    const auto counts = ai::evalTermCounts(pos);
    for (int t = 0; t < ai::kEvalTermCount; ++t) {
        const auto n = static_cast<float>(counts[static_cast<std::size_t>(t)]);
        acc[static_cast<std::size_t>(kTermBase + 2 * t)] += n * ph;
        acc[static_cast<std::size_t>(kTermBase + 2 * t + 1)] += n * (1 - ph);
    }
    for (int i = 0; i < kParams; ++i)
        if (acc[static_cast<std::size_t>(i)] != 0)
            out.push_back({i, acc[static_cast<std::size_t>(i)]});
}

double linear(const std::vector<Feature>& f, const std::vector<double>& w) {
    double e = 0;
    for (const Feature& x : f)
        e += x.weight * w[static_cast<std::size_t>(x.index)];
    return e;
}

// The current values as parameters: material, and the table entry of each folded square.
std::vector<double> currentParams() {
    std::vector<double> w(kParams, 0.0);
    for (int t = 0; t < ai::kEvalTermCount; ++t)
        for (int ph = 0; ph < 2; ++ph)
            w[static_cast<std::size_t>(kTermBase + 2 * t + ph)] =
                ai::kEvalWeights[static_cast<std::size_t>(t)][static_cast<std::size_t>(ph)];
    for (int t = 1; t < kTypes; ++t) {
        w[static_cast<std::size_t>(2 * kPst + t)]          = ai::kValueMg[t];
        w[static_cast<std::size_t>(2 * kPst + kTypes + t)] = ai::kValueEg[t];
        const core::Piece p = core::makePiece(core::Color::Red, static_cast<core::PieceType>(t));
        for (int r = 0; r < 10; ++r)
            for (int f = 0; f < 5; ++f) {
                const auto sq                         = core::makeSquare(f, r);
                const int i                           = pstIndex(t, sq);
                w[static_cast<std::size_t>(i)]        = ai::mgOf(ai::kPsq[p][sq]) - ai::kValueMg[t];
                w[static_cast<std::size_t>(kPst + i)] = ai::egOf(ai::kPsq[p][sq]) - ai::kValueEg[t];
            }
    }
    return w;
}

bool quiet(const core::Position& pos) {
    if (pos.isInCheck())
        return false;
    core::MoveList caps;
    core::generate(pos, core::GenKind::Captures, caps);
    for (const core::Move m : caps)
        if (pos.isLegal(m) && ai::staticExchange(pos, m) > 0)
            return false;
    return true;
}

double sigmoid(double e, double k) {
    return 1.0 / (1.0 + std::exp(-k * e / 400.0));
}

double loss(const std::vector<Sample>& data, const std::vector<double>& w, double k) {
    double sum = 0;
    for (const Sample& s : data) {
        const double d = s.result - sigmoid(s.offset + linear(s.features, w), k);
        sum += d * d;
    }
    return sum / static_cast<double>(data.size());
}

void printTables(const std::vector<double>& w) {
    static const char* names[kTypes] = {"",      "King", "Advisor", "Elephant",
                                        "Horse", "Rook", "Cannon",  "Pawn"};
    std::printf("// material mg:");
    for (int t = 0; t < kTypes; ++t)
        std::printf(" %ld", std::lround(w[static_cast<std::size_t>(2 * kPst + t)]));
    std::printf("\n// material eg:");
    for (int t = 0; t < kTypes; ++t)
        std::printf(" %ld", std::lround(w[static_cast<std::size_t>(2 * kPst + kTypes + t)]));
    std::printf("\n// term weights (mg, eg):");
    for (int t = 0; t < ai::kEvalTermCount; ++t)
        std::printf(" {%ld, %ld},", std::lround(w[static_cast<std::size_t>(kTermBase + 2 * t)]),
                    std::lround(w[static_cast<std::size_t>(kTermBase + 2 * t + 1)]));
    std::printf("\n");
    for (int t = 1; t < kTypes; ++t)
        for (int phase = 0; phase < 2; ++phase) {
            std::printf("constexpr Table k%s%s = {\n", names[t], phase ? "Eg" : "Mg");
            for (int r = 9; r >= 0; --r) {
                std::printf("   ");
                for (int f = 0; f < 9; ++f) {
                    const int i = phase * kPst + pstIndex(t, core::makeSquare(f, r));
                    std::printf(" %3ld,", std::lround(w[static_cast<std::size_t>(i)]));
                }
                std::printf("\n");
            }
            std::printf("};\n");
        }
}

core::PgnGame playGame(ai::Searcher& searcher, std::mt19937_64& rng, std::uint64_t nodes) {
    core::Game game;
    searcher.clear();
    while (!game.isOver() && game.ply() < 300) {
        ai::SearchLimits limits;
        limits.useBook = false;
        core::Move move;
        if (game.ply() < 8) {
            limits.depth   = 4;
            limits.multiPv = 4;
            const auto r   = searcher.search(game.searchSnapshot(), limits);
            if (r.lines.empty())
                move = r.best;
            else
                move =
                    r.lines[std::uniform_int_distribution<std::size_t>(0, r.lines.size() - 1)(rng)]
                        .pv.front();
        } else {
            limits.nodes = nodes;
            move         = searcher.search(game.searchSnapshot(), limits).best;
        }
        if (!move || !game.play(move))
            break;
    }
    core::PgnGame pgn;
    pgn.start = game.startPosition();
    for (const core::Move m : game.moves())
        pgn.main.moves.push_back(core::PgnMove{m, {}, {}, {}});
    pgn.result = game.isOver() ? game.result().pgnResult() : "1/2-1/2";
    pgn.setTag("Result", pgn.result);
    return pgn;
}

int selfPlay(int games, std::uint64_t nodes, const std::string& out, int threads,
             std::uint64_t seed) {
    std::ofstream file(out);
    if (!file) {
        std::fprintf(stderr, "cannot write %s\n", out.c_str());
        return 1;
    }
    std::mutex mutex;
    int next = 0, done = 0;
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            ai::Searcher searcher(16);
            std::mt19937_64 rng(seed * 1000003 + static_cast<std::uint64_t>(t));
            for (;;) {
                {
                    std::lock_guard lock(mutex);
                    if (next >= games)
                        return;
                    ++next;
                }
                const core::PgnGame g = playGame(searcher, rng, nodes);
                std::lock_guard lock(mutex);
                file << core::writePgn(g, core::Notation::Iccs) << "\n";
                if (++done % 50 == 0)
                    std::fprintf(stderr, "%d games\n", done);
            }
        });
    for (auto& th : pool)
        th.join();
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    int iterations = 1000;
    int holdout    = 0;    // every holdout-th game is kept out of the fit to check it (0: none)
    double lambda  = 1e-7; // pull toward the starting values, for squares seldom seen
    std::vector<std::string> files;
    int selfplayGames = 0, threads = 2;
    std::uint64_t nodes = 5000, seed = 1;
    std::string out, dump, labels;
    int every   = 1;
    int fromPly = 10, toPly = 100000; // --plies: the plies of each game dumped
    int termsFrom = -1;    // >= 0: fit only the weights of the terms from this EvalTerm on
    bool fixTerms = false; // fit the material and tables only
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--selfplay" && i + 1 < argc)
            selfplayGames = std::atoi(argv[++i]);
        else if (a == "--nodes" && i + 1 < argc)
            nodes = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--out" && i + 1 < argc)
            out = argv[++i];
        else if (a == "--threads" && i + 1 < argc)
            threads = std::max(1, std::atoi(argv[++i]));
        else if (a == "--seed" && i + 1 < argc)
            seed = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--iterations" && i + 1 < argc)
            iterations = std::atoi(argv[++i]);
        else if (a == "--holdout" && i + 1 < argc)
            holdout = std::atoi(argv[++i]);
        else if (a == "--dump" && i + 1 < argc)
            dump = argv[++i];
        else if (a == "--every" && i + 1 < argc)
            every = std::max(1, std::atoi(argv[++i]));
        else if (a == "--plies" && i + 1 < argc
                 && std::sscanf(argv[i + 1], "%d-%d", &fromPly, &toPly) == 2)
            ++i;
        else if (a == "--labels" && i + 1 < argc)
            labels = argv[++i];
        else if (a == "--fix-terms")
            fixTerms = true;
        else if (a == "--terms-from" && i + 1 < argc)
            termsFrom = std::atoi(argv[++i]);
        else if (a == "--lambda" && i + 1 < argc)
            lambda = std::atof(argv[++i]);
        else
            files.push_back(a);
    }
    if (selfplayGames > 0)
        return selfPlay(selfplayGames, nodes, out, threads, seed);
    if (files.empty() && labels.empty()) {
        std::fprintf(stderr, "usage: xq-tune [--iterations N] [--lambda L] [--holdout K] "
                             "[--fix-terms | --terms-from T] (games.pgn... | --labels FILE)\n"
                             "       xq-tune --dump FILE [--every K] [--plies A-B] games.pgn...\n");
        return 2;
    }
    if (termsFrom >= ai::kEvalTermCount || (fixTerms && termsFrom >= 0)) {
        std::fprintf(stderr, "--terms-from takes a term from 0 to %d, and not with --fix-terms\n",
                     ai::kEvalTermCount - 1);
        return 2;
    }
    // The parameters the fit moves, [fitFrom, fitTo): all of them, the material and tables only
    // (--fix-terms), or the weights of the newest terms only (--terms-from).
    const int fitFrom = termsFrom >= 0 ? kTermBase + 2 * termsFrom : 0;
    const int fitTo   = fixTerms ? kTermBase : kParams;

    const std::vector<double> start = currentParams();
    std::vector<Sample> data, held; // held: every holdout-th game, kept out of the fit
    std::vector<Feature> f;
    int games = 0;
    std::ofstream dumpFile;
    if (!dump.empty()) {
        dumpFile.open(dump);
        if (!dumpFile) {
            std::fprintf(stderr, "cannot write %s\n", dump.c_str());
            return 1;
        }
    }
    long quietSeen = 0;
    // One sample of pos with the given target (Red's view), unless the evaluation is extreme.
    auto addSample = [&](const core::Position& pos, float target, bool heldOut) {
        const int e    = ai::evaluate(pos, ai::psqScore(pos));
        const int eRed = pos.sideToMove() == core::Color::Red ? e : -e;
        features(pos, f);
        const double lin = linear(f, start);
        if (std::abs(eRed) < 1500)
            (heldOut ? held : data).push_back({f, static_cast<float>(eRed - lin), target});
    };
    if (!labels.empty()
        && !bench::readLabels(labels, [&](const core::Position& pos, float target, long lineNo) {
               addSample(pos, target, holdout > 0 && lineNo % holdout == 0);
           }))
        return 1;
    for (const std::string& file : files) {
        auto read = core::readPgnFile(file);
        if (!read) {
            std::fprintf(stderr, "%s\n", read.error().c_str());
            continue;
        }
        for (const core::PgnGame& g : *read) {
            float result;
            if (g.result == "1-0")
                result = 1.0f;
            else if (g.result == "0-1")
                result = 0.0f;
            else if (g.result == "1/2-1/2")
                result = 0.5f;
            else
                continue;
            ++games;
            core::Position pos = g.start;
            int ply            = 0;
            bool lastCapture   = false;
            for (const core::PgnMove& pm : g.moves()) {
                if (ply >= fromPly && ply <= toPly && !lastCapture && quiet(pos)) {
                    if (dumpFile.is_open()) {
                        if (quietSeen++ % every == 0)
                            dumpFile << core::toFen(pos) << ';' << result << '\n';
                    } else {
                        addSample(pos, result, holdout > 0 && games % holdout == 0);
                    }
                }
                lastCapture = pos.at(pm.move.to()) != core::kNoPiece;
                core::Undo u;
                pos.makeMove(pm.move, u);
                ++ply;
            }
        }
    }
    if (dumpFile.is_open()) {
        std::fprintf(stderr, "%d games, %ld quiet positions, every %d-th written\n", games,
                     quietSeen, every);
        return 0;
    }
    std::fprintf(stderr, "%d games, %zu positions\n", games, data.size());
    if (data.empty())
        return 1;

    // The scale K that fits the current evaluation best.
    double k = 1.0, bestLoss = loss(data, start, k);
    for (double step = 0.5; step > 0.001; step /= 2) {
        for (double cand : {k - step, k + step}) {
            if (cand <= 0)
                continue;
            const double l = loss(data, start, cand);
            if (l < bestLoss) {
                bestLoss = l;
                k        = cand;
            }
        }
    }
    std::fprintf(stderr, "K %.3f, loss before %.6f\n", k, bestLoss);
    if (!held.empty())
        std::fprintf(stderr, "held-out games: %zu positions, loss before %.6f\n", held.size(),
                     loss(held, start, k));

    // Adam on the mean squared error, full batch.
    std::vector<double> w = start, m(kParams, 0.0), v(kParams, 0.0), g(kParams, 0.0);
    const double lr = 1.0, b1 = 0.9, b2 = 0.999;
    for (int it = 1; it <= iterations; ++it) {
        std::fill(g.begin(), g.end(), 0.0);
        for (const Sample& s : data) {
            const double p    = sigmoid(s.offset + linear(s.features, w), k);
            const double grad = -2.0 * (s.result - p) * p * (1 - p) * k / 400.0;
            for (const Feature& x : s.features)
                g[static_cast<std::size_t>(x.index)] += grad * x.weight;
        }
        for (int i = 0; i < kParams; ++i) {
            const auto u = static_cast<std::size_t>(i);
            g[u]         = g[u] / static_cast<double>(data.size()) + 2 * lambda * (w[u] - start[u]);
            m[u]         = b1 * m[u] + (1 - b1) * g[u];
            v[u]         = b2 * v[u] + (1 - b2) * g[u] * g[u];
            const double mh = m[u] / (1 - std::pow(b1, it));
            const double vh = v[u] / (1 - std::pow(b2, it));
            w[u] -= lr * mh / (std::sqrt(vh) + 1e-12);
        }
        // At most 80 cp from the start per table entry, 150 per material value and 120 per
        // term weight: rare squares must not run off with the noise.
        for (int i = 0; i < kParams; ++i) {
            const auto u   = static_cast<std::size_t>(i);
            const double c = i < 2 * kPst ? 80 : i < kTermBase ? 150 : 120;
            w[u]           = std::clamp(w[u], start[u] - c, start[u] + c);
        }
        for (int i = 0; i < kParams; ++i)
            if (i < fitFrom || i >= fitTo)
                w[static_cast<std::size_t>(i)] = start[static_cast<std::size_t>(i)];
        // The general's material is a constant: keep it out of the fit.
        w[2 * kPst + 1]          = start[2 * kPst + 1];
        w[2 * kPst + kTypes + 1] = start[2 * kPst + kTypes + 1];
        if (it % 200 == 0)
            std::fprintf(stderr, "iteration %d loss %.6f\n", it, loss(data, w, k));
    }
    std::fprintf(stderr, "loss after %.6f\n", loss(data, w, k));
    if (!held.empty())
        std::fprintf(stderr, "held-out loss after %.6f\n", loss(held, w, k));
    printTables(w);
    return 0;
}
