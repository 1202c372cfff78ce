// Fuzz target for the PGN reader (core/pgn.h) on raw file bytes: UTF-8 (with or without a byte
// order mark) or GBK, one game or several.
// Properties: any bytes give games or an error message, never a crash; readPgn agrees with the
// first game of readPgnGames; every game written in each notation (writePgnGames) reads back to
// the same start position, result, moves, NAGs and variations (and comments, unless they hold a
// '}', which the writer turns into ')'), and writing what was read gives the same text again;
// a game whose main line replays (gameFromPgn) gives the same record back through pgnFromGame.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/fen.h"
#include "core/pgn.h"
#include "fuzz/fuzz_check.h"

namespace {

using namespace xq::core;

bool hasBrace(const PgnLine& line);
bool hasBrace(const PgnMove& m) {
    if (m.comment.find('}') != std::string::npos)
        return true;
    for (const auto& v : m.variations)
        if (hasBrace(v))
            return true;
    return false;
}
bool hasBrace(const PgnLine& line) {
    if (line.comment.find('}') != std::string::npos)
        return true;
    for (const auto& m : line.moves)
        if (hasBrace(m))
            return true;
    return false;
}

// The moves, NAGs and variations of a line, comments left out.
bool sameMoves(const PgnLine& a, const PgnLine& b) {
    if (a.moves.size() != b.moves.size())
        return false;
    for (std::size_t i = 0; i < a.moves.size(); ++i) {
        const PgnMove &x = a.moves[i], &y = b.moves[i];
        if (x.move != y.move || x.nags != y.nags || x.variations.size() != y.variations.size())
            return false;
        for (std::size_t v = 0; v < x.variations.size(); ++v)
            if (!sameMoves(x.variations[v], y.variations[v]))
                return false;
    }
    return true;
}

std::string movesOf(const PgnGame& g) {
    std::string s;
    for (const auto& m : g.moves())
        s += toIccs(m.move) + " ";
    return s;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const auto games = readPgnGames(bytes);
    const auto first = readPgn(bytes);
    if (!games) {
        XQ_CHECK(!games.error().empty(), bytes);
        XQ_CHECK(!first, "readPgn accepts what readPgnGames rejects");
        return 0;
    }
    if (games->empty()) {
        XQ_CHECK(!first && !first.error().empty(), "readPgn gave a game where there is none");
        return 0;
    }
    XQ_CHECK(first && first->start == games->front().start && first->main == games->front().main,
             "readPgn differs from readPgnGames");

    for (Notation n : {Notation::Iccs, Notation::Wxf, Notation::Chinese}) {
        const std::string written = writePgnGames(*games, n);
        const auto back           = readPgnGames(written);
        const std::string where   = std::string(notationName(n)) + ":\n" + written;
        XQ_CHECK(back.hasValue(), where + "\n-> " + back.error());
        XQ_CHECK(back->size() == games->size(), where);
        for (std::size_t i = 0; i < games->size(); ++i) {
            const PgnGame &a = (*games)[i], &b = (*back)[i];
            XQ_CHECK(a.start == b.start && a.start.key() == b.start.key(), where);
            XQ_CHECK(a.result == b.result, where);
            XQ_CHECK(sameMoves(a.main, b.main), movesOf(a) + "| " + movesOf(b) + "\n" + where);
            if (!hasBrace(a.main))
                XQ_CHECK(a.main == b.main, where);
        }
        XQ_CHECK(writePgnGames(*back, n) == written, where);
    }

    for (const PgnGame& g : *games) {
        const auto game = gameFromPgn(g);
        if (!game) {
            XQ_CHECK(!game.error().empty(), movesOf(g));
            continue;
        }
        XQ_CHECK(game->startPosition() == g.start, toFen(g.start));
        XQ_CHECK(game->ply() == g.moves().size(), movesOf(g));
        const PgnGame record = pgnFromGame(*game);
        XQ_CHECK(record.start == g.start, toFen(g.start));
        XQ_CHECK(record.moves().size() == g.moves().size(), movesOf(g));
        for (std::size_t i = 0; i < g.moves().size(); ++i)
            XQ_CHECK(record.moves()[i].move == g.moves()[i].move, movesOf(g));
        const auto again = gameFromPgn(record);
        XQ_CHECK(again && again->moves() == game->moves()
                     && again->result().pgnResult() == game->result().pgnResult(),
                 movesOf(g));
    }
    return 0;
}
