// Game files of other xiangqi programs, read into the one game model (PgnGame: start position,
// main line with variations, comments and tags) and, for XQF, written back:
//   XQF      XQStudio's binary record, versions 1.0 to 1.8 and later (encrypted from 1.1 on),
//            GBK text. Format: xqbase/eleeye XQFTOOLS/XQF.TXT (1.0) and the key schedule
//            documented with walker8088/cchess (1.1 and later).
//   CBR/CBL  象棋桥 (CCBridge) record and library of records, UTF-16LE text. Format: the
//            CCBridge write-up in walker8088/cchess doc/ and its corrected field layout.
//   CBF      象棋桥's XML record (<ChineseChessRecord>, moves as "xy-xy" from the top left).
//   DhtmlXQ  the UBB text of the game sites ([DhtmlXQ_binit], [DhtmlXQ_movelist],
//            [DhtmlXQ_move_A_B_C] variations, [DhtmlXQ_commentN] comments), as FastLight126/vschess
//            reads it.
//   WXF      the World Xiangqi Federation text file (FORMAT/RED/BLACK/... lines and the moves
//            between START{ and }END, in WXF notation).
// Readers never throw. A damaged file gives the games read before the damage and an error that
// names the game and the byte (binary formats) or line (text formats) where it was found.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/pgn.h"
#include "core/result.h"

namespace xq::core {

enum class GameFormat { Unknown, Pgn, Xqf, Cbr, Cbl, Cbf, DhtmlXq, Wxf, Fen };

std::string_view formatName(GameFormat f); // "XQF", "CBL", ...

// What the bytes are, from their first bytes (magic numbers, XML root, text markers), with the
// file name's extension deciding only between text formats that look alike.
GameFormat detectFormat(std::string_view bytes, std::string_view fileName = {});

// Every game of a file. `error` is empty when the whole file was read; otherwise `games` holds
// the games before the damaged one and `error` says what is wrong, as
// "game 3: byte 4120: move 7 (c3c4) is not legal" (the reader of a whole file adds its name).
struct GameFileResult {
    std::vector<PgnGame> games;
    std::string error;
    bool ok() const { return error.empty(); }
};

// Reads bytes of the given format (Unknown: detected). Fen gives one game from that position.
GameFileResult readGames(std::string_view bytes, GameFormat format = GameFormat::Unknown,
                         std::string_view fileName = {});
// Reads a file from disk; every error starts with the file's name.
GameFileResult readGameFile(const std::string& path);

Expected<PgnGame> readXqf(std::string_view bytes);
Expected<PgnGame> readCbr(std::string_view bytes);
GameFileResult readCbl(std::string_view bytes); // empty slots (no pieces on the board) left out
Expected<PgnGame> readCbf(std::string_view bytes);
GameFileResult readDhtmlXq(std::string_view text); // every [DhtmlXQ] block (or one bare block)
GameFileResult readWxf(std::string_view text);

// XQF 1.0 (unencrypted, which every XQStudio version opens), with variations and comments
// (GBK; characters GBK lacks become '?'). Tags: Title, Event, Date, Site, Red, Black, Result
// and Annotator (the commentator); strings longer than the header's fields are cut at a
// character boundary. The side to move at the start is implied by the first move, as XQF
// has no field for it.
std::string writeXqf(const PgnGame& game);

// The number of lines of a game's tree (its leaves; 0 with no moves, 1 without variations).
std::size_t countLines(const PgnLine& line);

} // namespace xq::core
