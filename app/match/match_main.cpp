// xiangqi-match: plays engines against each other and judges the games by core's rules
// (perpetual check and chase under the chosen rule set). See packaging/man/xiangqi-match.1.
#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "app/match/options.h"
#include "app/match/tournament.h"
#include "core/pgn.h"

namespace {

volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void onInterrupt(int) {
    g_interrupted = 1;
}

} // namespace

int main(int argc, char** argv) {
    using namespace xq::match;
    std::vector<std::string> args(argv + 1, argv + argc);
    auto config = parseArguments(args);
    if (!config) {
        std::cerr << "xiangqi-match: " << config.error() << "\n";
        return 2;
    }
    if (config->help || args.empty()) {
        std::cout << usage();
        return 0;
    }
    std::vector<Opening> openings;
    if (!config->openingsFile.empty()) {
        auto o = readOpenings(config->openingsFile);
        if (!o) {
            std::cerr << "xiangqi-match: " << o.error() << "\n";
            return 2;
        }
        openings = std::move(*o);
    }
    if (const std::string warning = repeatedGamesWarning(*config, openings.size());
        !warning.empty())
        std::cerr << "xiangqi-match: " << warning << "\n";
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    std::signal(SIGPIPE, SIG_IGN);
    Tournament t(*config, std::move(openings), std::cout);
    if (config->resume && std::filesystem::exists(config->pgnOut)) {
        auto games      = xq::core::readPgnFile(config->pgnOut);
        std::string err = games ? t.resume(*games) : games.error();
        if (!err.empty()) {
            std::cerr << "xiangqi-match: -resume: " << config->pgnOut << ": " << err << "\n";
            return 2;
        }
    }
    std::stop_source stop;
    std::atomic<bool> done{false};
    // Ctrl+C: the games in progress end and are written as far as they were played.
    std::jthread watcher([&](std::stop_token quit) {
        while (!quit.stop_requested() && !done) {
            if (g_interrupted) {
                std::cout << "Interrupted: writing the games played so far\n";
                stop.request_stop();
                return;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    });
    t.run(stop.get_token());
    done = true;
    watcher.request_stop();
    watcher.join();
    std::cout << "\n" << t.table();
    if (!config->jsonOut.empty()) {
        std::ofstream json(config->jsonOut, std::ios::binary);
        json << t.json();
        if (!json) {
            std::cerr << "xiangqi-match: cannot write " << config->jsonOut << "\n";
            return 1;
        }
    }
    return g_interrupted ? 130 : 0;
}
