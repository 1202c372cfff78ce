#include "app/library/sample_games.h"

#include <fstream>
#include <random>
#include <string>

#include "core/movegen.h"

namespace xq::library {

std::vector<core::PgnGame> sampleGames(std::size_t count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    static const char* kNames[]   = {"Lin", "Wang", "Zhao", "Chen", "Liu", "Xu", "Lü", "Hu"};
    static const char* kResults[] = {"1-0", "0-1", "1/2-1/2", "*"};
    std::vector<core::PgnGame> games;
    games.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        core::PgnGame g;
        core::Position pos = g.start;
        const int plies    = 20 + static_cast<int>(rng() % 100);
        for (int p = 0; p < plies; ++p) {
            core::MoveList list;
            core::generateLegal(pos, list);
            if (list.size() == 0)
                break;
            core::PgnMove m;
            m.move = list[static_cast<std::size_t>(rng() % list.size())];
            g.main.moves.push_back(m);
            core::Undo u;
            pos.makeMove(m.move, u);
        }
        g.result = kResults[rng() % 4];
        g.setTag("Event", "Sample " + std::to_string(i / 100 + 1));
        g.setTag("Date", std::to_string(1990 + i % 30) + ".0" + std::to_string(1 + i % 9) + ".1"
                             + std::to_string(i % 10));
        g.setTag("Red", std::string(kNames[rng() % 8]) + " " + std::to_string(i % 37));
        g.setTag("Black", std::string(kNames[rng() % 8]) + " " + std::to_string(i % 41));
        g.setTag("Result", g.result);
        games.push_back(std::move(g));
    }
    return games;
}

void writeSampleFolder(const std::filesystem::path& dir, std::size_t count, std::uint64_t seed) {
    std::filesystem::create_directories(dir);
    const auto games = sampleGames(count, seed);
    for (std::size_t i = 0; i < games.size(); ++i) {
        std::string name = std::to_string(i + 1);
        name =
            "game-" + std::string(4 - std::min<std::size_t>(4, name.size()), '0') + name + ".pgn";
        std::ofstream(dir / name) << core::writePgn(games[i], core::Notation::Iccs);
    }
}

} // namespace xq::library
