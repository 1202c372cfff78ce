#include "core/perft.h"

#include <limits>

#include "core/movegen.h"

namespace xq::core {

namespace {

std::uint64_t perftRec(Position& pos, int depth) {
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return static_cast<std::uint64_t>(countLegal(pos));
    MoveList list;
    generateLegal(pos, list);
    std::uint64_t n = 0;
    Undo undo;
    for (Move m : list) {
        pos.makeMove(m, undo);
        n += perftRec(pos, depth - 1);
        pos.unmakeMove(undo);
    }
    return n;
}

} // namespace

std::uint64_t perft(const Position& pos, int depth) {
    Position p = pos;
    return perftRec(p, depth);
}

std::vector<std::pair<Move, std::uint64_t>> perftDivide(Position& pos, int depth) {
    std::vector<std::pair<Move, std::uint64_t>> out;
    MoveList list;
    generateLegal(pos, list);
    Undo undo;
    for (Move m : list) {
        pos.makeMove(m, undo);
        out.emplace_back(m, perftRec(pos, depth - 1));
        pos.unmakeMove(undo);
    }
    return out;
}

std::uint64_t perftChecked(Position& pos, int depth) {
    constexpr std::uint64_t kBad = std::numeric_limits<std::uint64_t>::max();
    if (depth <= 0)
        return 1;
    MoveList list;
    generateLegal(pos, list);
    if (hasLegalMove(pos) != !list.empty() || countLegal(pos) != static_cast<int>(list.size()))
        return kBad;
    std::uint64_t n       = 0;
    const Position before = pos;
    for (Move m : list) {
        if (!pos.isPseudoLegal(m))
            return kBad;
        const bool check = pos.givesCheck(m);
        Undo undo;
        pos.makeMove(m, undo);
        if (!pos.isConsistent() || check != pos.isInCheck() || pos.kingsFace()
            || pos.isAttacked(~pos.sideToMove()))
            return kBad;
        const std::uint64_t sub = perftChecked(pos, depth - 1);
        if (sub == kBad)
            return kBad;
        n += sub;
        pos.unmakeMove(undo);
        if (!(pos == before) || pos.key() != before.key() || !pos.isConsistent()
            || pos.quietPlies() != before.quietPlies())
            return kBad;
    }
    return n;
}

} // namespace xq::core
