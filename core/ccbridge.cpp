// 象棋桥 (CCBridge) files. CBR: one game, a header of fixed UTF-16LE fields (title at 180,
// event 692, red 1076, black 1300, result byte 2076, first mover 2112, the 90-point board at
// 2120, top row first, pieces 0x11-0x17 Red / 0x21-0x27 Black as rook horse elephant advisor
// king cannon pawn) and from 2214 a tree of 4-byte move records (flags, 0, from, to; flag 1
// ends a line, 2 announces an alternative, 4 a comment: a 4-byte size and UTF-16LE text).
// CBL: a library header with the slot count at 60; records start at 66624 + 276 per slot, on
// 4096-byte boundaries, a long record running on into the next slots. CBF: the XML record.
// Facts from the CCBridge write-up in walker8088/cchess doc/ and its corrected field layout.
#include <array>

#include "core/fen.h"
#include "core/format_tree.h"
#include "core/game_formats.h"
#include "core/gbk.h"

namespace xq::core {

using detail::num;

namespace {

constexpr std::size_t kCbrMoves   = 2214;
constexpr std::size_t kCbrBoard   = 2120;
constexpr std::size_t kSlotSize   = 4096;
constexpr std::size_t kCblIndex   = 66624;
constexpr std::size_t kIndexEntry = 276;

constexpr std::array<PieceType, 8> kCbrTypes = {
    PieceType::None,    PieceType::Rook, PieceType::Horse,  PieceType::Elephant,
    PieceType::Advisor, PieceType::King, PieceType::Cannon, PieceType::Pawn};

Square cbrSquare(unsigned index) {
    if (index >= 90)
        return kNoSquare;
    return makeSquare(static_cast<int>(index % 9), 9 - static_cast<int>(index / 9));
}

std::string field(std::string_view rec, std::size_t at, std::size_t size) {
    if (at >= rec.size())
        return {};
    return detail::trim(utf16leToUtf8(rec.substr(at, size)));
}

// The board of a record, or nullopt when no piece stands on it (an empty library slot).
// `base`: the record's offset in the file, for messages.
Expected<std::optional<Position>> cbrBoard(std::string_view rec, std::size_t base) {
    Position pos;
    bool any = false;
    for (unsigned i = 0; i < 90; ++i) {
        const auto b = static_cast<unsigned char>(rec[kCbrBoard + i]);
        if (b == 0)
            continue;
        const int colour = b >> 4, type = b & 15;
        if ((colour != 1 && colour != 2) || type < 1 || type > 7)
            return Error{"byte " + num(base + kCbrBoard + i) + ": 0x" + "0123456789ABCDEF"[b >> 4]
                         + std::string(1, "0123456789ABCDEF"[b & 15]) + " is not a piece"};
        pos.put(cbrSquare(i), makePiece(colour == 1 ? Color::Red : Color::Black,
                                        kCbrTypes[static_cast<std::size_t>(type)]));
        any = true;
    }
    if (!any)
        return std::optional<Position>{};
    return std::optional<Position>{pos};
}

// One record at `base` in the file's bytes. nullopt: an empty slot.
Expected<std::optional<PgnGame>> readRecord(std::string_view bytes, std::size_t base) {
    const std::string_view rec = bytes.substr(base);
    if (rec.substr(0, 15) != "CCBridge Record")
        return Error{"byte " + num(base) + ": not a CCBridge record"};
    if (rec.size() < kCbrMoves)
        return Error{"byte " + num(bytes.size()) + ": the file ends inside the record's header"};
    auto board = cbrBoard(rec, base);
    if (!board)
        return Error{board.error()};
    if (!board->has_value())
        return std::optional<PgnGame>{};
    Position start = **board;
    start.setSideToMove(rec[2112] == 2 ? Color::Black : Color::Red);
    if (std::string why = validatePosition(start); !why.empty())
        return Error{"byte " + num(base + kCbrBoard) + ": the start position is not legal: " + why};

    detail::MoveTree tree(start);
    std::size_t at    = kCbrMoves;
    std::size_t index = 0; // records read, the opening one included
    std::vector<int> siblings;
    int parent = detail::MoveTree::kRoot;
    bool more  = true;
    while (more) {
        if (at + 4 > rec.size())
            return Error{"byte " + num(base + rec.size()) + ": the file ends inside the moves"};
        const std::size_t where = base + at;
        const auto flags        = static_cast<unsigned char>(rec[at]);
        const auto from         = static_cast<unsigned char>(rec[at + 2]),
                   to           = static_cast<unsigned char>(rec[at + 3]);
        at += 4;
        std::string comment;
        if (flags & 4) {
            if (at + 4 > rec.size())
                return Error{"byte " + num(base + at) + ": the file ends inside a comment's size"};
            const std::uint32_t size = detail::readLe(rec, at, 4);
            at += 4;
            if (size > rec.size() - at)
                return Error{"byte " + num(base + at) + ": a comment of " + num(size)
                             + " bytes runs past the end of the file"};
            comment = detail::trim(utf16leToUtf8(rec.substr(at, size)));
            at += size;
        }
        if (index++ == 0) {
            tree.setComment(detail::MoveTree::kRoot, comment);
            more = (flags & 1) == 0;
            continue;
        }
        const Square f = cbrSquare(from), t = cbrSquare(to);
        if (f == kNoSquare || t == kNoSquare)
            return Error{"byte " + num(where) + ": move " + num(index - 1)
                         + " has a point off the board"};
        auto node = tree.add(parent, f, t);
        if (!node)
            return Error{"byte " + num(where) + ": move " + num(index - 1) + ": " + node.error()};
        tree.setComment(*node, comment);
        if (flags & 2)
            siblings.push_back(parent);
        if ((flags & 1) == 0) {
            parent = *node;
        } else if (!siblings.empty()) {
            parent = siblings.back();
            siblings.pop_back();
        } else {
            more = false;
        }
    }
    auto line = tree.toLine();
    if (!line)
        return Error{"byte " + num(base + kCbrMoves) + ": " + line.error()};
    PgnGame game;
    game.start       = start;
    game.main        = std::move(*line);
    const int result = static_cast<unsigned char>(rec[2076]);
    game.result      = result == 1 ? "1-0" : result == 2 ? "0-1" : result == 3 ? "1/2-1/2" : "*";
    const auto tag   = [&](std::string_view name, std::size_t offset, std::size_t size) {
        std::string v = field(rec, offset, size);
        if (!v.empty())
            game.setTag(name, std::move(v));
    };
    tag("Event", 692, 64);
    tag("Round", 756, 64);
    tag("Date", 884, 64);
    tag("Site", 948, 64);
    tag("Red", 1076, 64);
    tag("Black", 1300, 64);
    game.setTag("Result", game.result);
    tag("Title", 180, 128);
    return std::optional<PgnGame>{std::move(game)};
}

} // namespace

Expected<PgnGame> readCbr(std::string_view bytes) {
    auto r = readRecord(bytes, 0);
    if (!r)
        return Error{r.error()};
    if (!r->has_value())
        return Error{"byte " + num(kCbrBoard) + ": the record's board is empty"};
    return std::move(**r);
}

GameFileResult readCbl(std::string_view bytes) {
    GameFileResult out;
    if (bytes.substr(0, 15) != "CCBridgeLibrary") {
        out.error = "byte 0: not a CCBridge library (it does not start with \"CCBridgeLibrary\")";
        return out;
    }
    if (bytes.size() < kCblIndex) {
        out.error = "byte " + num(bytes.size()) + ": the file ends inside the library's header";
        return out;
    }
    const std::uint64_t slots = detail::readLe(bytes, 60, 4);
    const std::uint64_t first = kCblIndex + slots * kIndexEntry;
    if (first > bytes.size()) {
        out.error = "byte 60: the library's index of " + num(slots)
                    + " slots runs past the end of the file";
        return out;
    }
    std::size_t game = 0;
    for (std::size_t at = first; at + 16 <= bytes.size(); at += kSlotSize) {
        if (bytes.substr(at, 15) != "CCBridge Record")
            continue; // the rest of a long record, or an unused slot
        auto r = readRecord(bytes, at);
        if (!r) {
            out.error = "game " + num(game + 1) + ": " + r.error();
            return out;
        }
        if (r->has_value()) {
            out.games.push_back(std::move(**r));
            ++game;
        }
    }
    return out;
}

// --- CBF ------------------------------------------------------------------------------------

namespace {

std::size_t lineAt(std::string_view text, std::size_t offset) {
    std::size_t line = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i)
        line += text[i] == '\n';
    return line;
}

std::string xmlUnescape(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '&') {
            out += s[i];
            continue;
        }
        const std::size_t semi = s.find(';', i);
        if (semi == std::string_view::npos || semi - i > 10) {
            out += s[i];
            continue;
        }
        const std::string_view ent = s.substr(i + 1, semi - i - 1);
        if (ent == "amp")
            out += '&';
        else if (ent == "lt")
            out += '<';
        else if (ent == "gt")
            out += '>';
        else if (ent == "quot")
            out += '"';
        else if (ent == "apos")
            out += '\'';
        else if (ent.size() > 1 && ent[0] == '#') {
            char32_t cp    = 0;
            const bool hex = ent[1] == 'x' || ent[1] == 'X';
            bool ok        = ent.size() > (hex ? 2U : 1U);
            for (std::size_t k = hex ? 2 : 1; k < ent.size() && ok; ++k) {
                const char c = ent[k];
                int d        = -1;
                if (c >= '0' && c <= '9')
                    d = c - '0';
                else if (hex && c >= 'a' && c <= 'f')
                    d = c - 'a' + 10;
                else if (hex && c >= 'A' && c <= 'F')
                    d = c - 'A' + 10;
                if (d < 0 || cp > 0x10FFFF)
                    ok = false;
                else
                    cp = cp * (hex ? 16 : 10) + static_cast<char32_t>(d);
            }
            if (!ok || cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                out += s.substr(i, semi - i + 1);
            } else {
                appendUtf8(out, cp);
            }
        } else {
            out += s.substr(i, semi - i + 1);
        }
        i = semi;
    }
    return out;
}

// The text inside an element's content: CDATA sections as they are, the rest unescaped.
std::string xmlText(std::string_view s) {
    std::string out;
    while (!s.empty()) {
        const std::size_t cd = s.find("<![CDATA[");
        out += xmlUnescape(s.substr(0, cd));
        if (cd == std::string_view::npos)
            break;
        s.remove_prefix(cd + 9);
        const std::size_t end = s.find("]]>");
        out += s.substr(0, end);
        if (end == std::string_view::npos)
            break;
        s.remove_prefix(end + 3);
    }
    return detail::trim(out);
}

// The content of the first <name>...</name> in text ("" for <name/> or none).
std::string xmlElement(std::string_view text, std::string_view name) {
    const std::string open = "<" + std::string(name);
    std::size_t at         = 0;
    while ((at = text.find(open, at)) != std::string_view::npos) {
        const std::size_t after = at + open.size();
        if (after < text.size() && (text[after] == '>' || text[after] == '/' || text[after] == ' '))
            break;
        at = after;
    }
    if (at == std::string_view::npos)
        return {};
    const std::size_t gt = text.find('>', at);
    if (gt == std::string_view::npos || text[gt - 1] == '/')
        return {};
    const std::size_t close = text.find("</" + std::string(name) + ">", gt);
    if (close == std::string_view::npos)
        return {};
    return xmlText(text.substr(gt + 1, close - gt - 1));
}

// An attribute's value in a start tag ("" when absent).
std::string xmlAttribute(std::string_view tag, std::string_view name) {
    std::size_t at = 0;
    while ((at = tag.find(name, at)) != std::string_view::npos) {
        const bool startsWord = at > 0
                                && (tag[at - 1] == ' ' || tag[at - 1] == '\t' || tag[at - 1] == '\n'
                                    || tag[at - 1] == '\r');
        std::size_t k = at + name.size();
        while (k < tag.size() && tag[k] == ' ')
            ++k;
        if (startsWord && k < tag.size() && tag[k] == '=') {
            ++k;
            while (k < tag.size() && tag[k] == ' ')
                ++k;
            if (k < tag.size() && (tag[k] == '"' || tag[k] == '\'')) {
                const std::size_t end = tag.find(tag[k], k + 1);
                if (end == std::string_view::npos)
                    return {};
                return xmlUnescape(tag.substr(k + 1, end - k - 1));
            }
        }
        at += name.size();
    }
    return {};
}

} // namespace

Expected<PgnGame> readCbf(std::string_view bytes) {
    auto decoded = decodeText(bytes);
    if (!decoded)
        return Error{"line 1: " + decoded.error()};
    const std::string& text = *decoded;
    if (text.find("<ChineseChessRecord") == std::string::npos)
        return Error{"line 1: not a CBF file (no <ChineseChessRecord> element)"};
    PgnGame game;
    const std::string fen = xmlElement(text, "FEN");
    if (!fen.empty()) {
        auto pos = parseFen(fen);
        if (!pos)
            return Error{"line " + num(lineAt(text, text.find("<FEN"))) + ": " + pos.error()};
        game.start = *pos;
    }
    const std::size_t list = text.find("<MoveList");
    detail::MoveTree tree(game.start);
    int at            = detail::MoveTree::kRoot;
    std::size_t index = 0;
    for (std::size_t p = list; p != std::string::npos && p < text.size();) {
        p = text.find("<Move", p + 1);
        if (p == std::string::npos)
            break;
        if (p + 5 < text.size() && text[p + 5] != ' ' && text[p + 5] != '/' && text[p + 5] != '>')
            continue; // <MoveList> and the like
        const std::size_t gt = text.find('>', p);
        if (gt == std::string::npos)
            return Error{"line " + num(lineAt(text, p)) + ": a <Move> tag is not closed"};
        const std::string_view tag(text.data() + p, gt - p + 1);
        std::string comment;
        std::size_t next = gt + 1;
        if (tag.size() < 2 || tag[tag.size() - 2] != '/') {
            const std::size_t close = text.find("</Move>", gt);
            if (close == std::string::npos)
                return Error{"line " + num(lineAt(text, p)) + ": a <Move> element is not closed"};
            comment = xmlText(std::string_view(text).substr(gt + 1, close - gt - 1));
            next    = close + 7;
        }
        const std::string value = xmlAttribute(tag, "value");
        const bool ends         = xmlAttribute(tag, "end") == "1";
        const std::string where = "line " + num(lineAt(text, p));
        const auto digit        = [&](std::size_t k) {
            return k < value.size() && value[k] >= '0' && value[k] <= '9' ? value[k] - '0' : -1;
        };
        if (value.size() != 5 || value[2] != '-' || digit(0) < 0 || digit(1) < 0 || digit(3) < 0
            || digit(4) < 0)
            return Error{where + ": move value \"" + value + "\" is not of the form \"xy-xy\""};
        if (index++ == 0 && value == "00-00") {
            tree.setComment(detail::MoveTree::kRoot, comment);
        } else {
            if (digit(0) > 8 || digit(3) > 8)
                return Error{where + ": move \"" + value + "\" leaves the board"};
            const Square f = makeSquare(digit(0), 9 - digit(1)),
                         t = makeSquare(digit(3), 9 - digit(4));
            auto node      = tree.add(at, f, t);
            if (!node)
                return Error{where + ": " + node.error()};
            tree.setComment(*node, comment);
            at = *node;
        }
        if (ends)
            break;
        p = next - 1;
    }
    auto line = tree.toLine();
    if (!line)
        return Error{"line 1: " + line.error()};
    game.main                = std::move(*line);
    const std::string result = xmlElement(text, "RecordResult");
    game.result              = result == "1"                      ? "1-0"
                               : result == "2"                    ? "0-1"
                               : (result == "3" || result == "4") ? "1/2-1/2"
                                                                  : "*";
    const auto tag           = [&](std::string_view name, std::string_view element) {
        std::string v = xmlElement(text, element);
        if (!v.empty())
            game.setTag(name, std::move(v));
    };
    tag("Event", "Contest");
    tag("Site", "Site");
    tag("Date", "Date");
    tag("Round", "Round");
    tag("Red", "Red");
    tag("Black", "Black");
    game.setTag("Result", game.result);
    tag("Title", "Name");
    tag("Annotator", "Commentator");
    tag("ECCO", "ECCO");
    return game;
}

} // namespace xq::core
