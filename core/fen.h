// FEN in the common xiangqi convention: ranks from Black's back rank (rank 9) down to Red's,
// upper case Red, letters k a b n r c p (h and e accepted for horse and elephant), side `w`/`r`
// for Red or `b` for Black, then "- - quiet-plies fullmove" (all optional).
#pragma once

#include <string>
#include <string_view>

#include "core/position.h"
#include "core/result.h"

namespace xq::core {

// Parses and validates: every set-up a player could not have reached is rejected with a message
// naming what is wrong and where (rank counted from the top as written, 1-based).
Expected<Position> parseFen(std::string_view fen);
// Like parseFen but skips the legality checks (piece counts, points, kings, check) so that a
// position editor can show a partly set-up board. Syntax errors are still reported.
Expected<Position> parseFenBoard(std::string_view fen);
// Checks a position for the rules parseFen enforces; returns an empty string when legal.
std::string validatePosition(const Position& pos);

std::string toFen(const Position& pos);

char pieceToChar(Piece p);        // 'K', 'n', ... ; '.' for empty
Piece charToPiece(char c);        // accepts H/E as N/B; kNoPiece when unknown
std::string squareName(Square s); // "e0"

} // namespace xq::core
