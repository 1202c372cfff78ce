// Properties shared by the fuzz targets of the game file readers (core/game_formats.h): what a
// reader returns is a set of games that write as PGN and read back with the same start, moves
// and variations, and that go through XQF and back unchanged in start, moves and comments. An
// empty variation "()" has no move for XQF to store, so the XQF side compares without them.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/fen.h"
#include "core/game_formats.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "fuzz/fuzz_check.h"

namespace xq::fuzz {

inline bool sameMoves(const core::PgnLine& a, const core::PgnLine& b, bool comments) {
    if (a.moves.size() != b.moves.size() || (comments && a.comment != b.comment))
        return false;
    for (std::size_t i = 0; i < a.moves.size(); ++i) {
        const core::PgnMove &x = a.moves[i], &y = b.moves[i];
        if (x.move != y.move || x.variations.size() != y.variations.size()
            || (comments && x.comment != y.comment))
            return false;
        for (std::size_t v = 0; v < x.variations.size(); ++v)
            if (!sameMoves(x.variations[v], y.variations[v], comments))
                return false;
    }
    return true;
}

inline core::PgnLine withoutEmptyVariations(core::PgnLine l) {
    for (core::PgnMove& m : l.moves) {
        std::vector<core::PgnLine> kept;
        for (core::PgnLine& v : m.variations)
            if (!v.moves.empty())
                kept.push_back(withoutEmptyVariations(std::move(v)));
        m.variations = std::move(kept);
    }
    return l;
}

inline bool hasBraceOrPreComment(const core::PgnLine& l, bool top) {
    if (l.comment.find('}') != std::string::npos || (!top && !l.comment.empty()))
        return true;
    for (const auto& m : l.moves) {
        if (m.comment.find('}') != std::string::npos)
            return true;
        for (const auto& v : m.variations)
            if (hasBraceOrPreComment(v, false))
                return true;
    }
    return false;
}

inline void checkGames(const core::GameFileResult& r) {
    using namespace core;
    if (!r.ok())
        XQ_CHECK(r.error.size() > 0, "an error without a message");
    for (const PgnGame& g : r.games) {
        XQ_CHECK(validatePosition(g.start).empty(), toFen(g.start));
        // PGN and back.
        const std::string pgn = writePgn(g, Notation::Iccs);
        const auto back       = readPgn(pgn);
        XQ_CHECK(back.hasValue(), pgn + "\n-> " + back.error());
        XQ_CHECK(back->start == g.start, pgn);
        XQ_CHECK(sameMoves(back->main, g.main, false), pgn);
        // XQF and back: comments too, unless they hold what XQF or GBK cannot keep.
        const auto x = readXqf(writeXqf(g));
        XQ_CHECK(x.hasValue(), pgn + "\n-> XQF: " + x.error());
        const PgnLine kept = withoutEmptyVariations(g.main);
        XQ_CHECK(sameMoves(x->main, kept, false), pgn);
        if (!g.main.moves.empty())
            XQ_CHECK(x->start == g.start, pgn);
        XQ_CHECK(countLines(x->main) == countLines(kept), pgn);
    }
}

} // namespace xq::fuzz
