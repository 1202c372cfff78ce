// The bench: a fixed set of positions searched to a fixed depth with one thread and a table of a
// fixed size, so that its node count ("Nodes searched") is the same on every machine and changes
// only when the search does. Commits that change the search give it as "Bench: N".
#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "app/engine/uci.h"
#include "core/fen.h"
#include "core/notation.h"

namespace xq::uci {

namespace {

// The bench positions: openings, middlegames and endgames, each "FEN" or "FEN moves ...".
constexpr std::string_view kBenchPositions[] = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 h9g7 h0g2 "
    "i9h9",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves c3c4 b9c7 b0c2 "
    "g6g5",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 b9c7 h0g2 "
    "h7e7",
    "2ba1kb2/4a4/4c4/p1p4rp/3RC1n2/2PN1p2P/P3P1n2/3CB4/4A4/4KAB2 w - - 0 1",
    "r2akab2/9/4b4/p1p1n1p1p/2cRC2r1/4c4/P3N4/4C4/9/1RBAKAB2 w - - 0 1",
    "4kab2/4a4/2n1b1c2/p3pR2p/3r2p2/2P6/P1R1P1r1P/3CB1N2/4A4/2BAK4 b - - 0 1",
    "2bak1b2/4a4/1c7/p1p1n1p1p/9/2P3P2/P3c3P/1RNrC4/4A4/2BA1KB2 b - - 0 1",
    "4ka3/4a4/9/9/9/9/9/9/4R4/3K5 w - - 0 1",
    "3ak4/4a4/9/4P4/9/4N4/9/9/9/4K4 w - - 0 1",
    "4k4/9/4b4/9/2p3p2/9/4C4/9/4A4/3AK4 b - - 0 1",
    "3k5/4a4/4b4/9/2P6/9/9/9/4A4/3AK4 w - - 0 1",
};

// Parses "FEN [moves m1 m2 ...]" into a game; nullopt when anything is wrong.
std::optional<core::Game> gameFrom(std::string_view text) {
    const auto cut     = text.find(" moves ");
    const auto fenPart = text.substr(0, cut);
    auto start         = core::parseFen(fenPart);
    if (!start)
        return std::nullopt;
    core::Game game(*start);
    if (cut != std::string_view::npos)
        for (const auto& w : splitWords(text.substr(cut + 7))) {
            auto m = core::parseIccsSyntax(w);
            if (!m || !game.play(*m))
                return std::nullopt;
        }
    return game;
}

} // namespace

std::uint64_t UciEngine::bench(int depth) {
    ai::Searcher searcher(16); // a fixed table size, so the node count is the same everywhere
    std::uint64_t total = 0;
    // The speed counts the searches only: clearing the table and the histories between the
    // positions (about 20 MiB written 12 times) is not search work.
    std::chrono::steady_clock::duration searching{};
    int index = 0;
    for (std::string_view text : kBenchPositions) {
        ++index;
        auto game = gameFrom(text);
        if (!game) {
            info("bench position " + std::to_string(index) + " is invalid");
            continue;
        }
        searcher.clear();
        ai::SearchLimits limits;
        limits.depth   = depth;
        limits.useBook = false;
        const auto t0  = std::chrono::steady_clock::now();
        const auto r   = searcher.search(game->searchSnapshot(), limits);
        searching += std::chrono::steady_clock::now() - t0;
        total += r.nodes;
        info("bench " + std::to_string(index) + ": " + core::toFen(game->position()) + " bestmove "
             + (r.best ? core::toIccs(r.best) : std::string("(none)")) + " nodes "
             + std::to_string(r.nodes));
    }
    const auto us  = std::chrono::duration_cast<std::chrono::microseconds>(searching).count();
    const auto nps = total * 1000000 / static_cast<std::uint64_t>(std::max<long long>(us, 1));
    write("\nNodes searched: " + std::to_string(total) + "\nNodes/second: " + std::to_string(nps));
    return total;
}

} // namespace xq::uci
