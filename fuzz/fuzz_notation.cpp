// Fuzz target for the move notation readers (core/notation.h): ICCS, WXF, Chinese and the
// detecting parseMove, plus parseIccsSyntax and notationFromName.
// Input: the first byte picks one of a fixed set of positions (tandem pieces, soldier columns,
// check, mate, ordinary middlegames); the last choice instead reads a FEN from the text up to the
// first newline. The rest is the move text.
// Properties: a move that parses is legal in the position; writing it in each notation reads back
// (with that notation's reader and with parseMove) to the same move; a rejected text always has a
// message.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "fuzz/fuzz_check.h"

namespace {

using namespace xq::core;

constexpr std::array<std::string_view, 17> kFens = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    "3k5/2P6/2P6/2P3P2/2P6/9/9/9/9/4K4 w - - 0 1",
    "2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1",
    "3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w - - 0 1",
    "4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b - - 0 1",
    "3k5/9/9/9/9/4C4/9/4C4/9/4K4 w - - 0 1",
    "3k5/9/9/9/9/9/2N6/9/2N6/4K4 w - - 0 1",
    "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w - - 0 1",
    "3k5/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1",
    "1r2k4/9/9/9/1r7/9/9/9/9/3K5 b - - 0 1",
    "2ba1kb2/4a4/4c4/p1p4rp/3RC1n2/2PN1p2P/P3P1n2/3CB4/4A4/4KAB2 w - - 0 1",
    "r2akab2/9/4b4/p1p1n1p1p/2cRC2r1/4c4/P3N4/4C4/9/1RBAKAB2 w - - 0 1",
    "4kab2/4a4/2n1b1c2/p3pR2p/3r2p2/2P6/P1R1P1r1P/3CB1N2/4A4/2BAK4 b - - 0 1",
    "3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1",
    "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1",
    "4k4/4a4/4P4/9/9/9/9/9/4p4/4K4 w - - 0 1",
};

const std::vector<Position>& positions() {
    static const std::vector<Position> all = [] {
        std::vector<Position> v;
        for (std::string_view f : kFens) {
            auto p = parseFen(f);
            XQ_CHECK(p.hasValue(), std::string(f) + ": " + p.error());
            v.push_back(*p);
        }
        return v;
    }();
    return all;
}

constexpr Notation kNotations[] = {Notation::Iccs, Notation::Wxf, Notation::Chinese};

Expected<Move> parseIn(Notation n, const Position& pos, std::string_view text) {
    switch (n) {
    case Notation::Iccs:
        return parseIccs(pos, text);
    case Notation::Wxf:
        return parseWxf(pos, text);
    case Notation::Chinese:
        break;
    }
    return parseChinese(pos, text);
}

bool isLegalMove(const Position& pos, Move m) {
    MoveList legal;
    generateLegal(pos, legal);
    return legal.contains(m);
}

void checkParsed(const Position& pos, const Expected<Move>& r, std::string_view text) {
    if (!r) {
        XQ_CHECK(!r.error().empty(), text);
        return;
    }
    const Move m = *r;
    XQ_CHECK(isLegalMove(pos, m), toFen(pos) + " : " + std::string(text));
    XQ_CHECK(pos.isLegal(m), toFen(pos) + " : " + std::string(text));
    for (Notation n : kNotations) {
        const std::string written = formatMove(pos, m, n);
        const std::string where   = toFen(pos) + " : " + toIccs(m) + " -> '" + written + "'";
        XQ_CHECK(!written.empty(), where);
        const auto back = parseIn(n, pos, written);
        XQ_CHECK(back && *back == m, where + " " + back.error());
        const auto detected = parseMove(pos, written);
        XQ_CHECK(detected && *detected == m, where + " " + detected.error());
        XQ_CHECK(isMoveText(written, n), where);
    }
    XQ_CHECK(formatMove(pos, m, Notation::Iccs) == toIccs(m), toIccs(m));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0)
        return 0;
    const auto& all = positions();
    std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    const std::size_t pick = data[0] % (all.size() + 1);
    std::optional<Position> custom;
    if (pick == all.size()) {
        const auto nl = text.find('\n');
        if (nl == std::string_view::npos)
            return 0;
        auto p = parseFen(text.substr(0, nl));
        if (!p)
            return 0;
        custom = *p;
        text.remove_prefix(nl + 1);
    }
    const Position& pos = custom ? *custom : all[pick];

    checkParsed(pos, parseMove(pos, text), text);
    for (Notation n : kNotations) {
        checkParsed(pos, parseIn(n, pos, text), text);
        (void)isMoveText(text, n);
    }
    (void)detectNotation(text);

    if (const auto syntax = parseIccsSyntax(text)) {
        const auto again = parseIccsSyntax(toIccs(*syntax));
        XQ_CHECK(again && *again == *syntax, toIccs(*syntax));
    } else {
        XQ_CHECK(!syntax.error().empty(), text);
    }
    if (const auto n = notationFromName(text))
        XQ_CHECK(notationFromName(notationName(*n)) == n, text);
    return 0;
}
