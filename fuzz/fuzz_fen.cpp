// Fuzz target for the FEN reader (core/fen.h).
// Properties, beyond "no crash": a FEN that parses is a legal position (validatePosition agrees);
// toFen writes it back to a FEN that parses to the same board, side, key and counters, and that
// text is a fixed point; parseFenBoard accepts everything parseFen accepts, with the same result;
// a rejected FEN always comes with a message. For legal positions, every legal move keeps the
// position consistent and unmake restores it exactly.
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "fuzz/fuzz_check.h"

namespace {

using namespace xq::core;

void checkMoves(const Position& start) {
    MoveList moves;
    generateLegal(start, moves);
    XQ_CHECK(moves.empty() == !hasLegalMove(start), toFen(start));
    XQ_CHECK(static_cast<int>(moves.size()) == countLegal(start), toFen(start));
    Position pos = start;
    for (Move m : moves) {
        XQ_CHECK(pos.isLegal(m), toFen(start));
        Undo undo;
        const Color us = pos.sideToMove();
        pos.makeMove(m, undo);
        XQ_CHECK(pos.isConsistent(), toFen(start));
        XQ_CHECK(!pos.isAttacked(us) && !pos.kingsFace(), toFen(start));
        pos.unmakeMove(undo);
        XQ_CHECK(pos == start && pos.key() == start.key(), toFen(start));
    }
}

// The number in the idx-th field of text, or -1 when absent or not a number. Fields as the FEN
// convention has them: separated by spaces or tabs, after dropping trailing line ends.
long long numberField(std::string_view text, std::size_t idx) {
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
        text.remove_suffix(1);
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t'))
            ++i;
        const std::size_t start = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\t')
            ++i;
        if (i > start)
            fields.push_back(text.substr(start, i - start));
    }
    if (idx >= fields.size())
        return -1;
    long long v  = -1;
    auto [p, ec] = std::from_chars(fields[idx].data(), fields[idx].data() + fields[idx].size(), v);
    return ec == std::errc{} && p == fields[idx].data() + fields[idx].size() ? v : -1;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    const auto board = parseFenBoard(text);
    XQ_CHECK(board || !board.error().empty(), text);
    if (board) {
        // A syntactically valid board may still be illegal; writing it must not crash and must
        // read back (without validation) to the same board.
        const std::string fen = toFen(*board);
        const auto again      = parseFenBoard(fen);
        XQ_CHECK(again && *again == *board && again->key() == board->key(), fen);
    }

    const auto pos = parseFen(text);
    if (!pos) {
        XQ_CHECK(!pos.error().empty(), text);
        XQ_CHECK(!board || !validatePosition(*board).empty(), text);
        return 0;
    }
    XQ_CHECK(board && *board == *pos && board->key() == pos->key(), text);
    XQ_CHECK(validatePosition(*pos).empty(), validatePosition(*pos));
    XQ_CHECK(pos->isConsistent(), text);

    const std::string fen = toFen(*pos);
    const auto again      = parseFen(fen);
    XQ_CHECK(again.hasValue(), fen + " -> " + again.error());
    XQ_CHECK(*again == *pos, fen);
    XQ_CHECK(again->key() == pos->key(), fen);
    XQ_CHECK(again->quietPlies() == pos->quietPlies(), fen);
    XQ_CHECK(again->fullmoveNumber() == pos->fullmoveNumber(), fen);
    XQ_CHECK(toFen(*again) == fen, fen);
    // The counters are kept as written (a value the position cannot hold must be rejected).
    if (const long long quiet = numberField(text, 4); quiet >= 0)
        XQ_CHECK(pos->quietPlies() == quiet, fen);
    if (const long long full = numberField(text, 5); full >= 1)
        XQ_CHECK(pos->fullmoveNumber() == full, fen);

    checkMoves(*pos);
    return 0;
}
