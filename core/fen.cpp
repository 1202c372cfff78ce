#include "core/fen.h"

#include <array>
#include <charconv>
#include <vector>

#include "core/movegen.h"

namespace xq::core {

namespace {

constexpr std::string_view kPieceChars = ".KABNRCP";

constexpr std::string_view kTypeNames[kPieceTypeCount] = {"",      "general", "advisor", "elephant",
                                                          "horse", "chariot", "cannon",  "soldier"};

std::string colorName(Color c) {
    return c == Color::Red ? "Red" : "Black";
}

std::vector<std::string_view> splitFields(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t'))
            ++i;
        const std::size_t start = i;
        while (i < s.size() && s[i] != ' ' && s[i] != '\t')
            ++i;
        if (i > start)
            out.push_back(s.substr(start, i - start));
    }
    return out;
}

std::string ordinal(int n) {
    const char* suffix = (n % 10 == 1 && n != 11)   ? "st"
                         : (n % 10 == 2 && n != 12) ? "nd"
                         : (n % 10 == 3 && n != 13) ? "rd"
                                                    : "th";
    return std::to_string(n) + suffix;
}

Expected<Position> parse(std::string_view fen, bool validate) {
    // Strip a leading "fen " and surrounding whitespace and line ends.
    while (!fen.empty() && (fen.back() == '\n' || fen.back() == '\r' || fen.back() == ' '))
        fen.remove_suffix(1);
    const auto fields = splitFields(fen);
    if (fields.empty())
        return Error{"FEN is empty"};
    Position pos;
    const std::string_view board = fields[0];
    int rank = 9, file = 0, row = 1;
    for (std::size_t i = 0; i < board.size(); ++i) {
        const char c = board[i];
        if (c == '/') {
            if (file != 9)
                return Error{"FEN rank " + std::to_string(row) + " (the " + ordinal(row)
                             + " from the top) has " + std::to_string(file)
                             + " points; each rank needs 9"};
            if (--rank < 0)
                return Error{"FEN has more than 10 ranks"};
            file = 0;
            ++row;
            continue;
        }
        if (c >= '1' && c <= '9') {
            file += c - '0';
            if (file > 9)
                return Error{"FEN rank " + std::to_string(row) + " has more than 9 points (at '"
                             + std::string(1, c) + "', character " + std::to_string(i + 1) + ")"};
            continue;
        }
        const Piece p = charToPiece(c);
        if (p == kNoPiece) {
            std::string shown =
                (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) > 126)
                    ? "byte " + std::to_string(static_cast<unsigned char>(c))
                    : "'" + std::string(1, c) + "'";
            return Error{"FEN has an unknown piece letter " + shown + " in rank "
                         + std::to_string(row) + " (character " + std::to_string(i + 1)
                         + "); use K A B N R C P (H and E also accepted), lower case for Black"};
        }
        if (file >= 9)
            return Error{"FEN rank " + std::to_string(row) + " has more than 9 points (at '"
                         + std::string(1, c) + "', character " + std::to_string(i + 1) + ")"};
        pos.put(makeSquare(file, rank), p);
        ++file;
    }
    if (file != 9)
        return Error{"FEN rank " + std::to_string(row) + " (the " + ordinal(row)
                     + " from the top) has " + std::to_string(file) + " points; each rank needs 9"};
    if (rank != 0)
        return Error{"FEN has " + std::to_string(row) + " ranks; a xiangqi board has 10"};

    Color side = Color::Red;
    if (fields.size() > 1) {
        const std::string_view s = fields[1];
        if (s == "w" || s == "r" || s == "W" || s == "R")
            side = Color::Red;
        else if (s == "b" || s == "B")
            side = Color::Black;
        else
            return Error{"FEN side to move is '" + std::string(s)
                         + "'; expected w (or r) for Red, b for Black"};
    }
    pos.setSideToMove(side);
    // Fields 3 and 4 are '-' in xiangqi (no castling, no en passant); then the counters.
    auto number = [&](std::size_t idx, int& out, const char* what) -> std::string {
        if (fields.size() <= idx)
            return {};
        const std::string_view s = fields[idx];
        int v                    = 0;
        auto [p, ec]             = std::from_chars(s.data(), s.data() + s.size(), v);
        // Position keeps both counters in 16 bits: a larger value would silently wrap.
        if (ec != std::errc{} || p != s.data() + s.size() || v < 0 || v > 65535)
            return std::string("FEN ") + what + " is '" + std::string(s)
                   + "'; expected a whole number from 0 to 65535";
        out = v;
        return {};
    };
    int quiet = 0, full = 1;
    if (auto e = number(4, quiet, "quiet-move count (5th field)"); !e.empty())
        return Error{e};
    if (auto e = number(5, full, "move number (6th field)"); !e.empty())
        return Error{e};
    if (fields.size() > 6)
        return Error{"FEN has " + std::to_string(fields.size()) + " fields; at most 6 expected"};
    pos.setQuietPlies(quiet);
    pos.setFullmoveNumber(full < 1 ? 1 : full);
    if (validate) {
        if (auto why = validatePosition(pos); !why.empty())
            return Error{"FEN is not a legal position: " + why};
    }
    return pos;
}

} // namespace

char pieceToChar(Piece p) {
    if (p == kNoPiece)
        return '.';
    const char c = kPieceChars[static_cast<int>(typeOf(p))];
    return colorOf(p) == Color::Red ? c : static_cast<char>(c - 'A' + 'a');
}

Piece charToPiece(char c) {
    const bool red = c >= 'A' && c <= 'Z';
    const char u   = red ? c : static_cast<char>(c - 'a' + 'A');
    PieceType t    = PieceType::None;
    switch (u) {
    case 'K':
        t = PieceType::King;
        break;
    case 'A':
        t = PieceType::Advisor;
        break;
    case 'B':
    case 'E':
        t = PieceType::Elephant;
        break;
    case 'N':
    case 'H':
        t = PieceType::Horse;
        break;
    case 'R':
        t = PieceType::Rook;
        break;
    case 'C':
        t = PieceType::Cannon;
        break;
    case 'P':
        t = PieceType::Pawn;
        break;
    default:
        return kNoPiece;
    }
    if (!red && !(c >= 'a' && c <= 'z'))
        return kNoPiece;
    return makePiece(red ? Color::Red : Color::Black, t);
}

std::string squareName(Square s) {
    return std::string{static_cast<char>('a' + fileOf(s)), static_cast<char>('0' + rankOf(s))};
}

std::string validatePosition(const Position& pos) {
    for (int c = 0; c < 2; ++c) {
        const Color col = static_cast<Color>(c);
        const int kings = pos.count(col, PieceType::King);
        if (kings == 0)
            return colorName(col) + " has no general";
        if (kings > 1)
            return colorName(col) + " has " + std::to_string(kings) + " generals";
        for (int t = 2; t < kPieceTypeCount; ++t) {
            const int n = pos.count(col, static_cast<PieceType>(t));
            if (n > kSetCount[t])
                return colorName(col) + " has " + std::to_string(n) + " "
                       + std::string(kTypeNames[t]) + "s; a set has only "
                       + std::to_string(kSetCount[t]);
        }
    }
    for (int s = 0; s < kSquares; ++s) {
        const Piece p = pos.at(static_cast<Square>(s));
        if (p == kNoPiece)
            continue;
        if (!tables::kTables.canStand[index(colorOf(p))][static_cast<int>(typeOf(p))][s]) {
            const PieceType t = typeOf(p);
            std::string why   = t == PieceType::King || t == PieceType::Advisor
                                    ? " (it must stay on its palace points)"
                                : t == PieceType::Elephant
                                    ? " (it has only seven points on its own side)"
                                    : " (a soldier cannot stand behind its start"
                                      " rank or off its start files before crossing"
                                      " the river)";
            return colorName(colorOf(p)) + " " + std::string(kTypeNames[static_cast<int>(t)])
                   + " on " + squareName(static_cast<Square>(s)) + " can never stand there" + why;
        }
    }
    if (pos.kingsFace())
        return "the generals face each other on the open "
               + std::string(1, static_cast<char>('a' + fileOf(pos.kingSquare(Color::Red))))
               + "-file";
    const Color other = ~pos.sideToMove();
    if (pos.isAttacked(other))
        return colorName(other) + " is in check but it is " + colorName(pos.sideToMove())
               + " to move";
    return {};
}

Expected<Position> parseFen(std::string_view fen) {
    return parse(fen, true);
}
Expected<Position> parseFenBoard(std::string_view fen) {
    return parse(fen, false);
}

std::string toFen(const Position& pos) {
    std::string out;
    for (int r = 9; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 9; ++f) {
            const Piece p = pos.at(makeSquare(f, r));
            if (p == kNoPiece) {
                ++empty;
                continue;
            }
            if (empty)
                out += static_cast<char>('0' + empty);
            empty = 0;
            out += pieceToChar(p);
        }
        if (empty)
            out += static_cast<char>('0' + empty);
        if (r)
            out += '/';
    }
    out += pos.sideToMove() == Color::Red ? " w" : " b";
    out += " - - " + std::to_string(pos.quietPlies()) + " " + std::to_string(pos.fullmoveNumber());
    return out;
}

} // namespace xq::core
