// xq-explainbench: what explanations cost in a game review. Reviews one game twice with the same
// depth, without and with ReviewOptions::explain, and prints both times, the moves explained and
// the time per explained move (the played move and the better move together).
//
// Usage: xq-explainbench [--pgn FILE] [--depth N] [--explain-nodes N] [--print 1]
//   --print 1 also prints each explained move's facts and sentences.
//   defaults: tools/bench/review_game.pgn (218 plies), depth 10, the explainer's node limit.
// One search thread, so that the two reviews search the same nodes.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include "ai/review.h"
#include "core/pgn.h"

using namespace xq;

namespace {

double seconds(std::chrono::steady_clock::time_point since) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

// Processor time of the process: one search thread, so this is the review's own work, whatever
// else the machine runs.
double cpuSeconds() {
    return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

} // namespace

int main(int argc, char** argv) {
    std::string file = XQ_SOURCE_DIR "/tools/bench/review_game.pgn";
    int depth        = 10;
    long long nodes  = 0;
    bool print       = false;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--pgn"))
            file = argv[i + 1];
        else if (!std::strcmp(argv[i], "--depth"))
            depth = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--explain-nodes"))
            nodes = std::atoll(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--print"))
            print = std::atoi(argv[i + 1]) != 0;
        else {
            std::fprintf(stderr, "unknown option %s\n", argv[i]);
            return 2;
        }
    }
    const auto games = core::readPgnFile(file);
    if (!games || games->empty()) {
        std::fprintf(stderr, "%s: %s\n", file.c_str(),
                     games ? "no game in the file" : games.error().c_str());
        return 1;
    }
    const auto game = core::gameFromPgn(games->front());
    if (!game) {
        std::fprintf(stderr, "%s: %s\n", file.c_str(), game.error().c_str());
        return 1;
    }
    ai::ReviewOptions options;
    options.depth   = depth;
    options.threads = 1;
    auto t0         = std::chrono::steady_clock::now();
    double c0       = cpuSeconds();
    const auto bare = ai::reviewGame(*game, options);
    const double a = seconds(t0), ca = cpuSeconds() - c0;
    options.explain      = true;
    options.explainNodes = static_cast<std::uint64_t>(nodes);
    t0                   = std::chrono::steady_clock::now();
    c0                   = cpuSeconds();
    const auto full      = ai::reviewGame(*game, options);
    const double b = seconds(t0), cb = cpuSeconds() - c0;
    int explained = 0;
    for (std::size_t i = 0; i < full.moves.size(); ++i) {
        const ai::MoveReview& m = full.moves[i];
        if (m.whyPlayed.empty())
            continue;
        ++explained;
        if (print)
            std::printf("ply %zu: %s\n  %s\n  %s\n  better: %s\n", i + 1, m.whyPlayed.facts.c_str(),
                        m.whyPlayed.english.c_str(), m.whyPlayed.chinese.c_str(),
                        m.whyBest.english.c_str());
    }
    std::printf("game: %s, %zu plies, review depth %d\n", file.c_str(), game->moves().size(),
                depth);
    std::printf("review without explanations: %.2f s processor time (%.2f s wall)\n", ca, a);
    std::printf("review with explanations:    %.2f s processor time (%.2f s wall), %.2fx\n", cb, b,
                ca > 0 ? cb / ca : 0.0);
    std::printf("moves explained: %d, %.0f ms processor time each (played and better move)\n",
                explained, explained ? (cb - ca) * 1000.0 / explained : 0.0);
    return bare.complete && full.complete ? 0 : 1;
}
