// XQF, XQStudio's game record: a 1024-byte header (the 32 pieces' points, result, GBK strings
// with a length byte) and from 0x400 a tree of move records (4 bytes each, plus a comment).
// Version 1.0 (0x0A) is plain; from 1.1 on the points, the move bytes and the comment sizes are
// encrypted with keys derived from header bytes 0x03-0x0F. Facts from xqbase/eleeye
// XQFTOOLS/XQF.TXT (1.0) and the key schedule documented in walker8088/cchess.
#include <array>

#include "core/fen.h"
#include "core/format_tree.h"
#include "core/game_formats.h"
#include "core/gbk.h"

namespace xq::core {

using detail::num;

namespace {

// The 32 slots of the piece table: Red's then Black's, each in this order.
constexpr std::array<PieceType, 16> kSlotTypes = {
    PieceType::Rook, PieceType::Horse,   PieceType::Elephant, PieceType::Advisor,
    PieceType::King, PieceType::Advisor, PieceType::Elephant, PieceType::Horse,
    PieceType::Rook, PieceType::Cannon,  PieceType::Cannon,   PieceType::Pawn,
    PieceType::Pawn, PieceType::Pawn,    PieceType::Pawn,     PieceType::Pawn};

constexpr std::size_t kHeaderSize = 0x400;

struct Keys {
    bool encrypted  = false;
    std::uint8_t xy = 0, xyf = 0, xyt = 0;
    std::uint32_t commentKey = 0;
    std::array<std::uint8_t, 32> stream{};
};

std::uint8_t square54(std::uint8_t b) {
    const unsigned v = b;
    return static_cast<std::uint8_t>((((((v * v) * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8));
}

Keys makeKeys(std::string_view h) {
    Keys k;
    const auto at = [&](std::size_t i) { return static_cast<std::uint8_t>(h[i]); };
    if (at(2) <= 0x0A)
        return k;
    k.encrypted      = true;
    k.xy             = static_cast<std::uint8_t>(square54(at(0x0D)) * at(0x0D));
    k.xyf            = static_cast<std::uint8_t>(square54(at(0x0E)) * k.xy);
    k.xyt            = static_cast<std::uint8_t>(square54(at(0x0F)) * k.xyf);
    const unsigned w = at(0x0C) * 256U + at(0x0D);
    k.commentKey     = (w % 32000U) + 767U;
    // The stream key: bytes 8-11 or'ed with header bytes 12-15 as stored (not the derived
    // keys) under the mask in byte 3.
    const std::uint8_t mask = at(0x03);
    std::array<std::uint8_t, 4> kb{};
    for (std::size_t i = 0; i < 4; ++i)
        kb[i] = static_cast<std::uint8_t>(at(0x08 + i) | (at(0x0C + i) & mask));
    const std::string_view phrase = "[(C) Copyright Mr. Dong Shiwei.]";
    for (std::size_t i = 0; i < 32; ++i)
        k.stream[i] = static_cast<std::uint8_t>(static_cast<std::uint8_t>(phrase[i]) & kb[i % 4]);
    return k;
}

// GBK text that may hold damaged bytes: those become '?'.
std::string gbkLossy(std::string_view s) {
    if (auto ok = gbkToUtf8(s))
        return *ok;
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        if (b < 0x80) {
            out += static_cast<char>(b);
            ++i;
        } else if (auto two = gbkToUtf8(s.substr(i, 2)); two && i + 1 < s.size()) {
            out += *two;
            i += 2;
        } else {
            out += '?';
            ++i;
        }
    }
    return out;
}

// A header string: a length byte, then the text in a field of `size` bytes.
std::string headerString(std::string_view h, std::size_t at, std::size_t size) {
    std::size_t len    = std::min<std::size_t>(static_cast<unsigned char>(h[at]), size - 1);
    std::string_view s = h.substr(at + 1, len);
    if (auto nul = s.find('\0'); nul != std::string_view::npos)
        s = s.substr(0, nul);
    return detail::trim(gbkLossy(s));
}

struct Record {
    std::size_t offset = 0; // in the file
    int from = 0, to = 0;   // X * 10 + Y
    bool next = false, variation = false;
    std::string comment;
};

Square pointToSquare(int v) {
    if (v < 0 || v > 89)
        return kNoSquare;
    return makeSquare(v / 10, v % 10);
}

} // namespace

Expected<PgnGame> readXqf(std::string_view bytes) {
    if (bytes.size() < 2 || bytes.substr(0, 2) != "XQ")
        return Error{"byte 0: not an XQF file (it does not start with \"XQ\")"};
    if (bytes.size() < kHeaderSize)
        return Error{"byte " + num(bytes.size()) + ": the file ends inside the " + num(kHeaderSize)
                     + "-byte XQF header"};
    const std::string_view h = bytes.substr(0, kHeaderSize);
    const int version        = static_cast<unsigned char>(h[2]);
    const Keys keys          = makeKeys(h);

    // The pieces.
    std::array<std::uint8_t, 32> points{};
    for (std::size_t i = 0; i < 32; ++i) {
        const auto b = static_cast<std::uint8_t>(h[0x10 + i]);
        if (keys.encrypted && version >= 0x0C)
            points[(keys.xy + i + 1) & 31] = b;
        else
            points[i] = b;
    }
    Position start;
    for (std::size_t i = 0; i < 32; ++i) {
        const int v = keys.encrypted ? static_cast<std::uint8_t>(points[i] - keys.xy) : points[i];
        if (v > 89)
            continue; // captured
        const Square s = pointToSquare(v);
        if (fileOf(s) > 8 || v % 10 > 9)
            return Error{"byte " + num(0x10 + i) + ": a piece stands off the board"};
        if (start.at(s) != kNoPiece)
            return Error{"byte " + num(0x10 + i) + ": two pieces stand on " + squareName(s)};
        start.put(s, makePiece(i < 16 ? Color::Red : Color::Black, kSlotTypes[i % 16]));
    }

    // The move records, decrypted.
    std::string body(bytes.substr(kHeaderSize));
    if (keys.encrypted)
        for (std::size_t i = 0; i < body.size(); ++i)
            body[i] = static_cast<char>(static_cast<std::uint8_t>(body[i])
                                        - keys.stream[(kHeaderSize + i) % 32]);
    std::vector<Record> records;
    std::size_t at  = 0;
    bool more       = true; // the tree goes on (records are read until it ends)
    int pendingVars = 0;    // variations announced and not yet read
    while (more && at + 4 <= body.size()) {
        Record r;
        r.offset           = kHeaderSize + at;
        const auto b       = [&](std::size_t k) { return static_cast<std::uint8_t>(body[at + k]); };
        std::uint32_t clen = 0;
        bool hasComment    = false;
        if (version <= 0x0A) {
            r.from      = static_cast<std::uint8_t>(b(0) - 0x18);
            r.to        = static_cast<std::uint8_t>(b(1) - 0x20);
            r.next      = (b(2) & 0xF0) != 0;
            r.variation = (b(2) & 0x0F) != 0;
            hasComment  = true;
            if (at + 8 > body.size())
                return Error{"byte " + num(r.offset + 4) + ": the file ends inside a move record"};
            clen = detail::readLe(body, at + 4, 4);
            at += 8;
        } else {
            r.from      = static_cast<std::uint8_t>(b(0) - 0x18 - keys.xyf);
            r.to        = static_cast<std::uint8_t>(b(1) - 0x20 - keys.xyt);
            r.next      = (b(2) & 0x80) != 0;
            r.variation = (b(2) & 0x40) != 0;
            hasComment  = (b(2) & 0x20) != 0;
            at += 4;
            if (hasComment) {
                if (at + 4 > body.size())
                    return Error{"byte " + num(kHeaderSize + at)
                                 + ": the file ends inside a comment's size"};
                clen = detail::readLe(body, at, 4) - keys.commentKey;
                at += 4;
            }
        }
        if (hasComment && clen > 0) {
            if (clen > body.size() - at)
                return Error{"byte " + num(kHeaderSize + at) + ": a comment of " + num(clen)
                             + " bytes runs past the end of the file"};
            std::string_view c = std::string_view(body).substr(at, clen);
            if (auto nul = c.find('\0'); nul != std::string_view::npos)
                c = c.substr(0, nul);
            r.comment = detail::trim(gbkLossy(c));
            at += clen;
        }
        if (records.empty()) {
            // The first record stands for the start position (its comment is the game's); its
            // "next" flag says whether any move follows, as for every move.
            r.variation = false;
            more        = r.next;
        } else {
            if (r.variation)
                ++pendingVars;
            if (!r.next) {
                if (pendingVars == 0)
                    more = false;
                else
                    --pendingVars;
            }
        }
        records.push_back(std::move(r));
    }
    if (more && records.size() > 1)
        return Error{"byte " + num(bytes.size()) + ": the file ends inside the move tree"};

    PgnGame game;
    // The side to move is the colour of the first move's piece.
    // With no move the file does not say; a position where only Black can be to move (Red
    // gives check) is Black's.
    if (records.size() > 1) {
        const Square s = pointToSquare(records[1].from);
        if (s != kNoSquare)
            start.setSideToMove(detail::moverOf(start, s));
    } else if (!validatePosition(start).empty()) {
        Position black = start;
        black.setSideToMove(Color::Black);
        if (validatePosition(black).empty())
            start = black;
    }
    if (std::string why = validatePosition(start); !why.empty())
        return Error{"byte 16: the start position is not legal: " + why};
    detail::MoveTree tree(start);
    if (!records.empty())
        tree.setComment(detail::MoveTree::kRoot, records[0].comment);
    // Depth first: a record's continuation follows it, then the variation (its next sibling).
    std::vector<int> siblings; // parents of the variations still to come
    int parent = detail::MoveTree::kRoot;
    for (std::size_t i = 1; i < records.size(); ++i) {
        const Record& r   = records[i];
        const Square from = pointToSquare(r.from), to = pointToSquare(r.to);
        if (from == kNoSquare || to == kNoSquare)
            return Error{"byte " + num(r.offset) + ": move " + num(i)
                         + " has a point off the board"};
        auto node = tree.add(parent, from, to);
        if (!node)
            return Error{"byte " + num(r.offset) + ": move " + num(i) + ": " + node.error()};
        tree.setComment(*node, r.comment);
        if (r.variation)
            siblings.push_back(parent);
        if (r.next) {
            parent = *node;
        } else if (!siblings.empty()) {
            parent = siblings.back();
            siblings.pop_back();
        }
    }
    auto line = tree.toLine();
    if (!line)
        return Error{"byte " + num(kHeaderSize) + ": " + line.error()};

    game.start       = start;
    game.main        = std::move(*line);
    const int result = static_cast<unsigned char>(h[0x33]);
    game.result      = result == 1                    ? "1-0"
                       : result == 2                  ? "0-1"
                       : (result == 3 || result == 4) ? "1/2-1/2"
                                                      : "*";
    const auto tag   = [&](std::string_view name, std::size_t offset, std::size_t size) {
        std::string v = headerString(h, offset, size);
        if (!v.empty())
            game.setTag(name, std::move(v));
    };
    tag("Event", 0xD0, 64);
    tag("Site", 0x120, 16);
    tag("Date", 0x110, 16);
    tag("Red", 0x130, 16);
    tag("Black", 0x140, 16);
    game.setTag("Result", game.result);
    tag("Title", 0x50, 64);
    tag("Annotator", 0x1D0, 16);
    tag("Author", 0x1E0, 16);
    return game;
}

// --- Writing -------------------------------------------------------------------------------

namespace {

void putString(std::string& h, std::size_t at, std::size_t size, const std::string& utf8) {
    if (utf8 == "?")
        return; // PGN's "unknown"
    std::string g = utf8ToGbk(utf8);
    // Cut at a character boundary: GBK lead bytes are >= 0x81, pairs are two bytes.
    std::size_t len = 0;
    while (len < g.size()) {
        const std::size_t step = static_cast<unsigned char>(g[len]) >= 0x81 ? 2 : 1;
        if (len + step > size - 1)
            break;
        len += step;
    }
    h[at] = static_cast<char>(len);
    for (std::size_t i = 0; i < len; ++i)
        h[at + 1 + i] = g[i];
}

void putRecord(std::string& out, int from, int to, bool next, bool variation,
               const std::string& comment) {
    out += static_cast<char>(from + 0x18);
    out += static_cast<char>(to + 0x20);
    out += static_cast<char>((next ? 0xF0 : 0x00) | (variation ? 0x0F : 0x00));
    out += '\0';
    const std::string g   = utf8ToGbk(comment);
    const std::uint32_t n = static_cast<std::uint32_t>(g.size());
    for (int i = 0; i < 4; ++i)
        out += static_cast<char>((n >> (8 * i)) & 0xFF);
    out += g;
}

int point(Square s) {
    return fileOf(s) * 10 + rankOf(s);
}

} // namespace

std::string writeXqf(const PgnGame& game) {
    std::string out(kHeaderSize, '\0');
    out[0] = 'X';
    out[1] = 'Q';
    out[2] = 0x0A;
    // The pieces into their slots; a piece with no free slot of its type is left out.
    std::array<int, 32> slots;
    slots.fill(0xFF);
    for (Square s = 0; s < kSquares; ++s) {
        const Piece p = game.start.at(s);
        if (p == kNoPiece)
            continue;
        const std::size_t base = colorOf(p) == Color::Red ? 0 : 16;
        for (std::size_t i = 0; i < 16; ++i)
            if (kSlotTypes[i] == typeOf(p) && slots[base + i] == 0xFF) {
                slots[base + i] = point(s);
                break;
            }
    }
    for (std::size_t i = 0; i < 32; ++i)
        out[0x10 + i] = static_cast<char>(slots[i]);
    // The kind of record: 0 a whole game from the start, 2 a middle game (a set-up position);
    // readers such as xqbase/eleeye's take the piece table only for kinds 2 and 3.
    out[0x40]            = static_cast<char>(game.start == PgnGame().start ? 0 : 2);
    const std::string& r = game.result;
    out[0x33] = static_cast<char>(r == "1-0" ? 1 : r == "0-1" ? 2 : r == "1/2-1/2" ? 3 : 0);
    putString(out, 0x50, 64, game.tag("Title"));
    putString(out, 0xD0, 64, game.tag("Event"));
    putString(out, 0x110, 16, game.tag("Date"));
    putString(out, 0x120, 16, game.tag("Site"));
    putString(out, 0x130, 16, game.tag("Red"));
    putString(out, 0x140, 16, game.tag("Black"));
    putString(out, 0x1D0, 16, game.tag("Annotator"));
    putString(out, 0x1E0, 16, game.tag("Author"));

    // Record 0 stands for the start position and holds the game's comment; then the tree,
    // depth first: a move, everything after it, then its next alternative. A comment before a
    // variation's first move has no place in XQF and joins that move's comment.
    auto tree = detail::MoveTree::fromLine(game.start, game.main);
    const detail::MoveTree empty(game.start);
    const detail::MoveTree& t = tree ? *tree : empty;
    const auto& top           = t.children(detail::MoveTree::kRoot);
    putRecord(out, 0, 0, !top.empty(), false, t.comment(detail::MoveTree::kRoot));
    out[kHeaderSize + 3] = static_cast<char>(0xFF);
    std::vector<int> stack(top.rbegin(), top.rend());
    while (!stack.empty()) {
        const int n = stack.back();
        stack.pop_back();
        const auto& siblings = t.children(t.parent(n));
        const Move m         = t.move(n);
        putRecord(out, point(m.from()), point(m.to()), !t.children(n).empty(), siblings.back() != n,
                  t.comment(n));
        stack.insert(stack.end(), t.children(n).rbegin(), t.children(n).rend());
    }
    return out;
}

} // namespace xq::core
