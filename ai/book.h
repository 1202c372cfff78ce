// The opening book: positions with candidate moves and weights, made by our own searches
// (tools/bench/make_book.py). One line per position:
//     <position> ; <move> <weight> [<move> <weight> ...]
// where <position> is "startpos", "startpos moves m1 m2 ...", a list of ICCS moves from the start
// position, or a FEN. '#' starts a comment. Files are read once per path and cached; lookups
// are thread-safe. Unparsable lines and illegal moves are skipped, never fatal.
#pragma once

#include <cstdint>
#include <istream>
#include <random>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/position.h"

namespace xq::ai {

struct BookEntry {
    core::Move move;
    int weight = 0;
};

// A book in memory: position key -> its moves (legal in that position, weight > 0, never an
// empty list).
using BookTable = std::unordered_map<core::Key, std::vector<BookEntry>>;

// Reads a book in the format above; what cannot be read is skipped.
BookTable parseBook(std::istream& in);

// The default book file: book/book.txt in the assets directory (ai/assets_path.h), or an empty
// string when no assets directory was found (then there are no book moves).
std::string defaultBookPath();
// All book moves for pos from the file at `path` (empty path: the default), legal ones only.
std::vector<BookEntry> bookMoves(const core::Position& pos, const std::string& path);
// A weighted random choice among bookMoves, or no move.
core::Move bookMove(const core::Position& pos, const std::string& path, std::mt19937_64& rng);
// Number of positions in the book at `path` (0 when missing); for tests and diagnostics.
std::size_t bookSize(const std::string& path);

} // namespace xq::ai
