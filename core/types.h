// Basic value types of the rules core: colours, pieces, squares, moves and keys.
// Invariant: a Square is 0..89 with sq = rank * 9 + file, file 0 ('a') on Red's left and rank 0
// Red's back rank, exactly the ICCS coordinates, so "h2e2" is makeSquare(7, 2) -> makeSquare(4, 2).
#pragma once

#include <cstdint>
#include <string_view>

namespace xq::core {

enum class Color : std::uint8_t { Red = 0, Black = 1 };
constexpr Color operator~(Color c) {
    return static_cast<Color>(static_cast<int>(c) ^ 1);
}
constexpr int index(Color c) {
    return static_cast<int>(c);
}

// The seven piece types; values 1..7 so that a Piece (type | colour << 3) is never 0.
enum class PieceType : std::uint8_t {
    None     = 0,
    King     = 1,
    Advisor  = 2,
    Elephant = 3,
    Horse    = 4,
    Rook     = 5,
    Cannon   = 6,
    Pawn     = 7,
};
constexpr int kPieceTypeCount = 8; // including None, for table sizes

// Piece: bits 0-2 the type, bit 3 the colour (Black). 0 is an empty point.
using Piece               = std::uint8_t;
constexpr Piece kNoPiece  = 0;
constexpr int kPieceLimit = 16; // table size for anything indexed by Piece

constexpr Piece makePiece(Color c, PieceType t) {
    return static_cast<Piece>(static_cast<int>(t) | (static_cast<int>(c) << 3));
}
constexpr PieceType typeOf(Piece p) {
    return static_cast<PieceType>(p & 7);
}
constexpr Color colorOf(Piece p) {
    return static_cast<Color>(p >> 3);
}

using Square               = std::uint8_t;
constexpr int kFiles       = 9;
constexpr int kRanks       = 10;
constexpr int kSquares     = 90;
constexpr Square kNoSquare = 0xFF;

constexpr Square makeSquare(int file, int rank) {
    return static_cast<Square>(rank * 9 + file);
}
constexpr int fileOf(Square s) {
    return s % 9;
}
constexpr int rankOf(Square s) {
    return s / 9;
}
constexpr bool isOnBoard(int file, int rank) {
    return file >= 0 && file < kFiles && rank >= 0 && rank < kRanks;
}
// Mirror top to bottom (swap the colours' halves) and left to right.
constexpr Square flipRank(Square s) {
    return makeSquare(fileOf(s), 9 - rankOf(s));
}
constexpr Square flipFile(Square s) {
    return makeSquare(8 - fileOf(s), rankOf(s));
}

// True when square s lies on colour c's own half (Red ranks 0-4, Black ranks 5-9).
constexpr bool isOwnHalf(Color c, Square s) {
    return c == Color::Red ? rankOf(s) <= 4 : rankOf(s) >= 5;
}
constexpr bool isInPalace(Color c, Square s) {
    const int f = fileOf(s), r = rankOf(s);
    return f >= 3 && f <= 5 && (c == Color::Red ? r <= 2 : r >= 7);
}

// Move: 16 bits, bits 0-6 the destination, bits 7-13 the origin. The raw value 0 means
// "no move" (a move from a0 to a0 cannot exist).
class Move {
public:
    constexpr Move() = default;
    constexpr Move(Square from, Square to)
        : m_raw(static_cast<std::uint16_t>(to | (from << 7))) {}
    static constexpr Move fromRaw(std::uint16_t raw) {
        Move m;
        m.m_raw = raw;
        return m;
    }
    constexpr Square from() const { return static_cast<Square>((m_raw >> 7) & 0x7F); }
    constexpr Square to() const { return static_cast<Square>(m_raw & 0x7F); }
    constexpr std::uint16_t raw() const { return m_raw; }
    constexpr bool isNone() const { return m_raw == 0; }
    constexpr explicit operator bool() const { return m_raw != 0; }
    constexpr bool operator==(const Move&) const = default;

private:
    std::uint16_t m_raw = 0;
};

using Key = std::uint64_t;

inline constexpr std::string_view kStartFen =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

// How many of each piece type one side's set holds (index by PieceType).
inline constexpr int kSetCount[kPieceTypeCount] = {0, 1, 2, 2, 2, 2, 2, 5};

} // namespace xq::core
