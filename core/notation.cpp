#include "core/notation.h"

#include "core/movegen.h"

#include <cctype>

namespace xq::core {

namespace {

bool legalIn(const Position& pos, Move m) { return pos.isPseudoLegal(m) && pos.isLegal(m); }

}  // namespace

std::string toIccs(Move m) {
    if (m.isNone())
        return "(none)";
    const Square f = m.from(), t = m.to();
    return {static_cast<char>('a' + fileOf(f)), static_cast<char>('0' + rankOf(f)),
            static_cast<char>('a' + fileOf(t)), static_cast<char>('0' + rankOf(t))};
}

Expected<Move> parseIccsSyntax(std::string_view text) {
    std::string s;
    for (char c : text)
        if (c != '-' && c != ' ')
            s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (s.size() != 4 || s[0] < 'a' || s[0] > 'i' || s[2] < 'a' || s[2] > 'i' || s[1] < '0'
        || s[1] > '9' || s[3] < '0' || s[3] > '9')
        return Error{"'" + std::string(text)
                     + "' is not an ICCS move (expected a file a-i and a rank 0-9 twice, like h2e2)"};
    const Square from = makeSquare(s[0] - 'a', s[1] - '0');
    const Square to   = makeSquare(s[2] - 'a', s[3] - '0');
    if (from == to)
        return Error{"'" + std::string(text) + "' moves from a point to itself"};
    return Move(from, to);
}

Expected<Move> parseIccs(const Position& pos, std::string_view text) {
    auto m = parseIccsSyntax(text);
    if (!m)
        return m;
    if (!legalIn(pos, *m))
        return Error{"'" + std::string(text) + "' is not a legal move here"};
    return m;
}

}  // namespace xq::core
