// Move notation, both ways: ICCS ("h2e2", also "H2-E2"), WXF ("C2.5", "H8+7", "R+.3"; "C2=5" is
// read too) and Chinese ("炮二平五", "马8进7"). Writers need the position before the move and a
// move of the side to move ("(none)" otherwise); readers return the legal move the text names,
// or an error saying why it is illegal, ambiguous or malformed. The conventions for tandem
// pieces and columns of soldiers, with their sources, are listed at the top of notation.cpp.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/position.h"
#include "core/result.h"

namespace xq::core {

// A piece's English name ("chariot", ...; "piece" for none) and its Chinese character in UTF-8
// ("车", "帅"/"将", ...; empty for none), for messages, verdicts and the board.
const char* pieceName(PieceType t);
const char* pieceCharacter(Piece p);

enum class Notation { Iccs, Wxf, Chinese };

std::string toIccs(Move m);
// Accepts "h2e2", "H2E2", "h2-e2", "H2-E2"; the move must be legal in pos.
Expected<Move> parseIccs(const Position& pos, std::string_view text);
// Syntax only (no position): for UCI move lists that are checked separately.
Expected<Move> parseIccsSyntax(std::string_view text);

std::string toWxf(const Position& pos, Move m);
Expected<Move> parseWxf(const Position& pos, std::string_view text);

// Chinese notation in UTF-8 with simplified characters; Red uses Chinese numerals, Black
// Arabic digits (the traditional convention).
std::string toChinese(const Position& pos, Move m);
// Reads simplified or traditional characters, Arabic, full-width or Chinese digits.
Expected<Move> parseChinese(const Position& pos, std::string_view text);

std::string formatMove(const Position& pos, Move m, Notation n);
// Reads a move in any of the three notations (detected from the text).
Expected<Move> parseMove(const Position& pos, std::string_view text);

// The notation parseMove reads text as: ICCS when it has the ICCS shape ("h2e2", "H2-E2"),
// Chinese when it holds non-ASCII bytes, WXF otherwise.
Notation detectNotation(std::string_view text);
// Syntax only (no position): whether text has the shape of a move in notation n.
bool isMoveText(std::string_view text, Notation n);
// "ICCS", "WXF", "Chinese" (the PGN [Format] values); notationFromName reads them in any case.
std::string_view notationName(Notation n);
std::optional<Notation> notationFromName(std::string_view name);

} // namespace xq::core
