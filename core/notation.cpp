// Move notation: ICCS coordinates, WXF and Chinese file notation, both ways.
//
// WXF and Chinese share one model. A move is written as (which piece, direction, number):
//   which piece  the piece type and its file, counted 1..9 from the mover's own right (Red's file
//                1 is ICCS file i, Black's file 1 is ICCS file a), or a position in a column when
//                several pieces of the type share a file (front/rear, 前/后, ...);
//   direction    forward (+ 进), backward (- 退) or sideways (. 平), from the mover's side;
//   number       for sideways moves and for the diagonal movers (advisor, elephant, horse) the
//                destination file, otherwise the number of ranks moved.
// Both notations are parsed into a MoveSpec first (syntax only), then resolved against the
// position; the writers build the same MoveSpec from a move, so every text they write names the
// same move again when read back.
//
// Conventions (sources):
//  * WXF letters K A E H R C P, sideways written '.', as on the WXF's own page "Official xiangqi
//    piece names and notation" (wxf.org/xq/computer/wxf_notation.html: AXF 1980/82, adopted by the
//    WXF 1997). '=' is read as well (used in many books and by this project's STYLE.md), as is a
//    missing sign ("C25"); on input B and N are read as E and H, G as K.
//  * Two pieces of a type on one file: the file number is replaced by + (front) or - (rear):
//    R+.3, C--1 (same page); "+R.3" (sign before the letter) is read too. Chinese: 前车平三,
//    后炮退1.
//  * Advisors and elephants on one file keep their file number: only the rear one can go forward
//    and only the front one back, so the direction tells them apart (xqbase.com
//    "中国象棋电脑应用规范 (二)：着法表示"; WXF teaching pages write A6+5 as well). 前/后 and +/-
//    are still read.
//  * Soldiers, WXF (same WXF page): 3 on a file: P+ front, P<file> middle, P- rear; 4 on a file:
//    ++ foremost, P+ second, P- third, -- rearmost; 5: ++, P+, P<file>, P-, --. Two files each
//    holding 2 or more soldiers: the letter gives way to the file: 3+.4, 33.4 (middle), 3-.4.
//  * Soldiers, Chinese (common book usage, as summarised e.g. at njarts.cn/a_wenhua/202109/
//    510094.html): 3 on a file 前兵/中兵/后兵; 4 or 5 on a file 前兵, 二兵, 三兵, 四兵, 五兵
//    numbered from the front; two files each holding 2 or more: the piece gives way to the file,
//    前九平八 / 中七平六 (the four-character form of 前兵九平八, which is read too). 一兵 and a
//    trailing 后兵 (rearmost) are read as well; ordinals are Chinese numerals for both sides.
//  * Chinese text is written with simplified characters, Red numbers as Chinese numerals and
//    Black numbers as Arabic digits; traditional characters, full-width digits and either kind of
//    number are read for both sides.
#include "core/notation.h"

#include <array>
#include <cctype>
#include <optional>
#include <vector>

#include "core/gbk.h"
#include "core/movegen.h"

namespace xq::core {

namespace {

bool legalIn(const Position& pos, Move m) {
    return pos.isPseudoLegal(m) && pos.isLegal(m);
}

// ---------------------------------------------------------------------------------------------
// Files and directions as the mover sees them

int playerFile(Color c, int boardFile) {
    return c == Color::Red ? 9 - boardFile : boardFile + 1;
}
int boardFileOf(Color c, int playerFileNumber) {
    return c == Color::Red ? 9 - playerFileNumber : playerFileNumber - 1;
}
int forwardSign(Color c) {
    return c == Color::Red ? 1 : -1;
}

bool isStraightMover(PieceType t) {
    return t == PieceType::King || t == PieceType::Rook || t == PieceType::Cannon
           || t == PieceType::Pawn;
}

// The pieces p on a board file, ordered from the front as p's owner sees it (Red's front is the
// high ranks, Black's the low ranks).
std::vector<Square> column(const Position& pos, Piece p, int file) {
    std::vector<Square> out;
    const bool red = colorOf(p) == Color::Red;
    for (int i = 0; i < kRanks; ++i) {
        const int rank = red ? kRanks - 1 - i : i;
        const Square s = makeSquare(file, rank);
        if (pos.at(s) == p)
            out.push_back(s);
    }
    return out;
}

// Board files on which at least two pieces p stand.
std::vector<int> tandemFiles(const Position& pos, Piece p) {
    std::vector<int> out;
    for (int f = 0; f < kFiles; ++f)
        if (column(pos, p, f).size() >= 2)
            out.push_back(f);
    return out;
}

const char* colorName(Color c) {
    return c == Color::Red ? "Red" : "Black";
}

std::string quoted(std::string_view text) {
    return "'" + std::string(text) + "'";
}

// ---------------------------------------------------------------------------------------------
// The notation-independent description of a move

enum class Dir { Forward, Backward, Sideways };

// How the moving piece is singled out.
enum class Pick {
    File,     // by its file alone (a lone piece; the middle one of 3 or 5 soldiers; A/E pairs)
    Front,    // 前 / WXF front of two or three
    Middle,   // 中 / WXF "33"
    Rear,     // 后 / WXF rear of two or three
    Nth,      // 一 二 三 四 五: n-th from the front
    WxfPlus,  // "P+": front of 2-3, second of 4-5
    WxfMinus, // "P-": rear of 2-3, second to last of 4-5
    WxfFirst, // "++": the foremost
    WxfLast,  // "--": the rearmost
};

struct MoveSpec {
    PieceType type = PieceType::None; // None: omitted (only soldiers may be)
    Pick pick      = Pick::File;
    int file       = 0; // the mover's file number 1..9; 0 = not given (a Pick other than File)
    int nth        = 0; // Pick::Nth: 1-based from the front
    Dir dir        = Dir::Forward;
    int number     = 0; // 1..9
};

using SpecResult = Expected<MoveSpec>;

std::string describePick(const MoveSpec& s, PieceType t) {
    const std::string name = pieceName(t);
    std::string where      = s.file ? " on file " + std::to_string(s.file) : "";
    switch (s.pick) {
    case Pick::File:
        return "the " + name + where;
    case Pick::Front:
        return "the front " + name + where;
    case Pick::Middle:
        return "the middle " + name + where;
    case Pick::Rear:
        return "the rear " + name + where;
    case Pick::Nth:
        return name + " number " + std::to_string(s.nth) + " from the front" + where;
    case Pick::WxfPlus:
        return "the '+' " + name + where;
    case Pick::WxfMinus:
        return "the '-' " + name + where;
    case Pick::WxfFirst:
        return "the foremost " + name + where;
    case Pick::WxfLast:
        return "the rearmost " + name + where;
    }
    return name;
}

std::string describeMotion(const MoveSpec& s, PieceType t) {
    const int n = s.number;
    if (s.dir == Dir::Sideways)
        return "sideways to file " + std::to_string(n);
    const char* d = s.dir == Dir::Forward ? "forward" : "backward";
    if (isStraightMover(t))
        return std::string(d) + " " + std::to_string(n);
    return std::string(d) + " to file " + std::to_string(n);
}

// Picks the piece's square in a column ordered from the front, or explains why it cannot.
Expected<Square> pickInColumn(const std::vector<Square>& col, const MoveSpec& s, PieceType t,
                              int fileNumber) {
    const int n              = static_cast<int>(col.size());
    const std::string plural = std::string(pieceName(t)) + "s";
    const std::string where  = "file " + std::to_string(fileNumber);
    int idx                  = -1;
    switch (s.pick) {
    case Pick::Front:
        idx = 0;
        break;
    case Pick::Rear:
        idx = n - 1;
        break;
    case Pick::Middle:
        if (n % 2 == 0)
            return Error{"there is no middle " + std::string(pieceName(t)) + ": "
                         + std::to_string(n) + " " + plural + " stand on " + where};
        idx = n / 2;
        break;
    case Pick::Nth:
        if (s.nth > n)
            return Error{"there are only " + std::to_string(n) + " " + plural + " on " + where
                         + ", so there is no number " + std::to_string(s.nth)};
        idx = s.nth - 1;
        break;
    case Pick::WxfPlus:
        idx = n >= 4 ? 1 : 0;
        break;
    case Pick::WxfMinus:
        idx = n >= 4 ? n - 2 : n - 1;
        break;
    case Pick::WxfFirst:
        idx = 0;
        break;
    case Pick::WxfLast:
        idx = n - 1;
        break;
    case Pick::File:
        break;
    }
    if (idx < 0 || idx >= n)
        return Error{"cannot single out the " + std::string(pieceName(t)) + " on " + where};
    return col[static_cast<std::size_t>(idx)];
}

// The destination of the piece on `from` moving as s says, or why there is none.
Expected<Square> destination(const MoveSpec& s, Color side, PieceType t, Square from,
                             const std::string& who) {
    const int file = fileOf(from), rank = rankOf(from);
    if (s.dir == Dir::Sideways) {
        if (!isStraightMover(t))
            return Error{who + " cannot move sideways (a " + pieceName(t)
                         + " always changes rank; write + or - with the destination file)"};
        const int toFile = boardFileOf(side, s.number);
        if (toFile == file)
            return Error{who + " cannot move sideways to file " + std::to_string(s.number)
                         + ": it already stands on that file"};
        return makeSquare(toFile, rank);
    }
    const int sign = forwardSign(side) * (s.dir == Dir::Forward ? 1 : -1);
    int toFile = file, toRank = rank;
    if (isStraightMover(t)) {
        toRank = rank + sign * s.number;
    } else {
        toFile       = boardFileOf(side, s.number);
        const int df = toFile > file ? toFile - file : file - toFile;
        int dr       = 0;
        if (t == PieceType::Advisor && df == 1)
            dr = 1;
        else if (t == PieceType::Elephant && df == 2)
            dr = 2;
        else if (t == PieceType::Horse && (df == 1 || df == 2))
            dr = 3 - df;
        if (dr == 0)
            return Error{
                who + " cannot move " + describeMotion(s, t) + " (" + pieceName(t)
                + (df == 0 ? "s cannot stay on their file)" : "s do not move that far sideways)")};
        toRank = rank + sign * dr;
    }
    if (!isOnBoard(toFile, toRank))
        return Error{who + " cannot move " + describeMotion(s, t) + " (that leaves the board)"};
    return makeSquare(toFile, toRank);
}

// Turns a parsed spec into the legal move it names in pos.
Expected<Move> resolve(const Position& pos, const MoveSpec& spec, std::string_view text) {
    const Color side         = pos.sideToMove();
    const PieceType t        = spec.type == PieceType::None ? PieceType::Pawn : spec.type;
    const Piece p            = makePiece(side, t);
    const std::string q      = quoted(text);
    const std::string plural = std::string(pieceName(t)) + "s";

    std::vector<Square> candidates;
    MoveSpec s = spec;
    if (s.pick == Pick::File) {
        const auto col = column(pos, p, boardFileOf(side, s.file));
        if (col.empty())
            return Error{q + ": " + colorName(side) + " has no " + pieceName(t) + " on file "
                         + std::to_string(s.file)};
        if (col.size() == 1) {
            candidates = col;
        } else if (t == PieceType::Advisor || t == PieceType::Elephant) {
            candidates = col; // the direction decides (see the conventions above)
        } else if (col.size() % 2 == 1) {
            candidates = {col[col.size() / 2]}; // WXF: the middle soldier keeps its file number
            s.pick     = Pick::Middle;
        } else {
            return Error{q + " is ambiguous: " + std::to_string(col.size()) + " " + plural
                         + " stand on file " + std::to_string(s.file)
                         + "; name the one that moves (front/rear: + or -, 前 or 后)"};
        }
    } else {
        int file = s.file ? boardFileOf(side, s.file) : -1;
        if (file < 0) {
            const auto files = tandemFiles(pos, p);
            if (files.empty())
                return Error{q + ": no two " + colorName(side) + " " + plural + " share a file"};
            if (files.size() > 1)
                return Error{q + " is ambiguous: " + colorName(side) + " " + plural
                             + " stand in tandem on files "
                             + std::to_string(playerFile(side, files[0])) + " and "
                             + std::to_string(playerFile(side, files[1]))
                             + "; name the file as well (like 3+.4 or 前兵七平六)"};
            file = files[0];
        }
        const int fileNumber = playerFile(side, file);
        const auto col       = column(pos, p, file);
        if (col.size() < 2)
            return Error{q + ": " + colorName(side) + " has "
                         + (col.empty() ? "no " + std::string(pieceName(t))
                                        : "only one " + std::string(pieceName(t)))
                         + " on file " + std::to_string(fileNumber)
                         + ", so front/rear does not apply"};
        auto sq = pickInColumn(col, s, t, fileNumber);
        if (!sq)
            return Error{q + ": " + sq.error()};
        candidates = {*sq};
        s.file     = fileNumber;
    }

    // Compute the destination for each candidate; with two advisors or elephants on one file
    // exactly one of them can make the move.
    std::vector<Move> moves;
    std::string firstError;
    for (Square from : candidates) {
        const std::string who = describePick(s, t);
        auto to               = destination(s, side, t, from, who);
        if (!to) {
            if (firstError.empty())
                firstError = to.error();
            continue;
        }
        const Move m(from, *to);
        if (!pos.isPseudoLegal(m)) {
            if (firstError.empty())
                firstError = who + " cannot move " + describeMotion(s, t);
            continue;
        }
        moves.push_back(m);
    }
    if (moves.empty())
        return Error{q + ": " + firstError};
    if (moves.size() > 1)
        return Error{q + " is ambiguous: two " + plural + " on file " + std::to_string(s.file)
                     + " can make that move; name the front or rear one"};
    const Move m = moves.front();
    if (!pos.isLegal(m)) {
        Position after = pos;
        Undo u;
        after.makeMove(m, u);
        return Error{q + " is illegal: it would "
                     + (after.kingsFace()
                            ? std::string("leave the two generals facing each other")
                            : std::string("leave the ") + colorName(side) + " general in check")};
    }
    return m;
}

// The spec a writer uses for a legal move. Precondition: a piece of the side to move on from.
MoveSpec describe(const Position& pos, Move m) {
    const Square from = m.from(), to = m.to();
    const Piece p    = pos.at(from);
    const Color side = colorOf(p);
    MoveSpec s;
    s.type = typeOf(p);
    s.file = playerFile(side, fileOf(from));

    const int dr = (rankOf(to) - rankOf(from)) * forwardSign(side);
    if (dr == 0) {
        s.dir    = Dir::Sideways;
        s.number = playerFile(side, fileOf(to));
    } else {
        s.dir    = dr > 0 ? Dir::Forward : Dir::Backward;
        s.number = isStraightMover(s.type) ? (dr > 0 ? dr : -dr) : playerFile(side, fileOf(to));
    }

    const auto col = column(pos, p, fileOf(from));
    const int n    = static_cast<int>(col.size());
    if (n < 2 || s.type == PieceType::Advisor || s.type == PieceType::Elephant)
        return s;
    int idx = 0;
    while (col[static_cast<std::size_t>(idx)] != from)
        ++idx;
    if (n == 2) { // (more than two of a kind other than soldiers: editor set-ups only)
        s.pick = idx == 0 ? Pick::Front : Pick::Rear;
    } else if (n == 3) {
        s.pick = idx == 0 ? Pick::Front : idx == 1 ? Pick::Middle : Pick::Rear;
    } else {
        s.pick = Pick::Nth;
        s.nth  = idx + 1;
    }
    if (s.type == PieceType::Pawn && tandemFiles(pos, p).size() >= 2)
        return s; // keep the file: two columns of soldiers
    s.file = 0;
    return s;
}

// ---------------------------------------------------------------------------------------------
// WXF

char wxfLetter(PieceType t) {
    switch (t) {
    case PieceType::King:
        return 'K';
    case PieceType::Advisor:
        return 'A';
    case PieceType::Elephant:
        return 'E';
    case PieceType::Horse:
        return 'H';
    case PieceType::Rook:
        return 'R';
    case PieceType::Cannon:
        return 'C';
    default:
        return 'P';
    }
}

PieceType wxfPiece(char c) {
    switch (std::toupper(static_cast<unsigned char>(c))) {
    case 'K':
    case 'G':
        return PieceType::King;
    case 'A':
        return PieceType::Advisor;
    case 'E':
    case 'B':
        return PieceType::Elephant;
    case 'H':
    case 'N':
        return PieceType::Horse;
    case 'R':
        return PieceType::Rook;
    case 'C':
        return PieceType::Cannon;
    case 'P':
        return PieceType::Pawn;
    default:
        return PieceType::None;
    }
}

bool isWxfDigit(char c) {
    return c >= '1' && c <= '9';
}
bool isSign(char c) {
    return c == '+' || c == '-';
}

SpecResult wxfError(std::string_view text, std::size_t at, const std::string& expected) {
    return Error{quoted(text) + " is not a WXF move: expected " + expected + " at character "
                 + std::to_string(at + 1) + " (moves look like C2.5, H8+7, R+.3)"};
}

SpecResult parseWxfSpec(std::string_view text) {
    std::string s;
    for (char c : text)
        if (c != ' ' && c != '\t')
            s += c;
    if (s.empty())
        return Error{"empty move text (expected a WXF move like C2.5)"};
    MoveSpec spec;
    const char c0 = s[0];
    const char c1 = s.size() > 1 ? s[1] : '\0';
    // 1. Which piece: two characters.
    if (wxfPiece(c0) != PieceType::None) {
        spec.type = wxfPiece(c0);
        if (isWxfDigit(c1)) {
            spec.file = c1 - '0';
        } else if (isSign(c1)) {
            spec.pick = c1 == '+' ? Pick::WxfPlus : Pick::WxfMinus;
        } else {
            return wxfError(text, 1, "a file number 1-9, + or -");
        }
    } else if (isSign(c0)) {
        if (wxfPiece(c1) != PieceType::None) { // "+R.3": the sign before the letter
            spec.type = wxfPiece(c1);
            spec.pick = c0 == '+' ? Pick::WxfPlus : Pick::WxfMinus;
        } else if (c1 == c0) { // "++" / "--": foremost / rearmost of 4 or 5 soldiers
            spec.pick = c0 == '+' ? Pick::WxfFirst : Pick::WxfLast;
        } else {
            return wxfError(text, 1,
                            "a piece letter (K A E H R C P) or a second " + std::string(1, c0));
        }
    } else if (isWxfDigit(c0)) { // soldiers on two files: "3+", "3-", "33"
        spec.file = c0 - '0';
        if (isSign(c1))
            spec.pick = c1 == '+' ? Pick::WxfPlus : Pick::WxfMinus;
        else if (c1 == c0)
            spec.pick = Pick::Middle;
        else
            return wxfError(text, 1,
                            "+, - or the same file number again (" + std::string(1, c0) + ")");
    } else {
        return wxfError(text, 0, "a piece letter (K A E H R C P)");
    }
    // 2. Direction, then the number. "C25" (no sign) means sideways.
    std::size_t i = 2;
    if (i >= s.size())
        return wxfError(text, i, "a direction (+ - . =)");
    const char d = s[i];
    if (d == '+' || d == '-' || d == '.' || d == '=') {
        spec.dir = d == '+' ? Dir::Forward : d == '-' ? Dir::Backward : Dir::Sideways;
        ++i;
    } else if (isWxfDigit(d) && s.size() == 3) {
        spec.dir = Dir::Sideways;
    } else {
        return wxfError(text, i, "a direction (+ - . =)");
    }
    if (i >= s.size() || !isWxfDigit(s[i]))
        return wxfError(text, i, "a number 1-9");
    spec.number = s[i] - '0';
    if (i + 1 != s.size())
        return wxfError(text, i + 1, "the end of the move");
    return spec;
}

// ---------------------------------------------------------------------------------------------
// Chinese

// Decodes UTF-8 into code points; nullopt when the bytes are not UTF-8.
std::optional<std::vector<char32_t>> decodeUtf8(std::string_view s) {
    std::vector<char32_t> out;
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        int len      = 0;
        char32_t cp  = 0;
        if (b < 0x80) {
            len = 1;
            cp  = b;
        } else if ((b & 0xE0) == 0xC0) {
            len = 2;
            cp  = b & 0x1F;
        } else if ((b & 0xF0) == 0xE0) {
            len = 3;
            cp  = b & 0x0F;
        } else if ((b & 0xF8) == 0xF0) {
            len = 4;
            cp  = b & 0x07;
        } else {
            return std::nullopt;
        }
        if (i + static_cast<std::size_t>(len) > s.size())
            return std::nullopt;
        for (int k = 1; k < len; ++k) {
            const auto c = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
            if ((c & 0xC0) != 0x80)
                return std::nullopt;
            cp = (cp << 6) | (c & 0x3F);
        }
        out.push_back(cp);
        i += static_cast<std::size_t>(len);
    }
    return out;
}

constexpr std::array<char32_t, 10> kChineseNumerals = {U'〇', U'一', U'二', U'三', U'四',
                                                       U'五', U'六', U'七', U'八', U'九'};

PieceType chinesePiece(char32_t c) {
    switch (c) {
    case U'帅':
    case U'帥':
    case U'将':
    case U'將':
        return PieceType::King;
    case U'仕':
    case U'士':
        return PieceType::Advisor;
    case U'相':
    case U'象':
        return PieceType::Elephant;
    case U'马':
    case U'馬':
    case U'傌':
        return PieceType::Horse;
    case U'车':
    case U'車':
    case U'俥':
        return PieceType::Rook;
    case U'炮':
    case U'砲':
    case U'包':
        return PieceType::Cannon;
    case U'兵':
    case U'卒':
        return PieceType::Pawn;
    default:
        return PieceType::None;
    }
}

// 1..9 for Arabic, full-width and Chinese digits; 0 otherwise.
int chineseNumber(char32_t c) {
    if (c >= U'1' && c <= U'9')
        return static_cast<int>(c - U'0');
    if (c >= U'１' && c <= U'９')
        return static_cast<int>(c - U'０');
    for (int i = 1; i <= 9; ++i)
        if (kChineseNumerals[static_cast<std::size_t>(i)] == c)
            return i;
    return 0;
}

std::optional<Pick> chineseDesignator(char32_t c) {
    switch (c) {
    case U'前':
        return Pick::Front;
    case U'中':
        return Pick::Middle;
    case U'后':
    case U'後':
        return Pick::Rear;
    default:
        return std::nullopt;
    }
}

std::optional<Dir> chineseDir(char32_t c) {
    switch (c) {
    case U'进':
    case U'進':
        return Dir::Forward;
    case U'退':
        return Dir::Backward;
    case U'平':
        return Dir::Sideways;
    default:
        return std::nullopt;
    }
}

SpecResult chineseError(std::string_view text, std::size_t at, const std::string& expected) {
    return Error{quoted(text) + " is not a Chinese move: expected " + expected + " at character "
                 + std::to_string(at + 1) + " (moves look like 炮二平五, 马8进7, 前车退1)"};
}

SpecResult parseChineseSpec(std::string_view text) {
    const auto decoded = decodeUtf8(text);
    if (!decoded)
        return Error{quoted(text) + " is not valid UTF-8 text"};
    std::vector<char32_t> cs;
    for (char32_t c : *decoded)
        if (c != U' ' && c != U'\t' && c != U'\u3000')
            cs.push_back(c);
    if (cs.empty())
        return Error{"empty move text (expected a Chinese move like 炮二平五)"};

    // Shapes (P piece, N number, D 前/中/后, M direction):
    //   P N M N        炮二平五
    //   D P M N        前炮平五           N P M N      二兵平四 (n-th from the front)
    //   D N M N        前九平八 (soldiers on two files)   N N M N  二九平八
    //   D P N M N      前兵九平八         N P N M N    二兵九平八
    MoveSpec spec;
    std::size_t i = 0;
    if (const PieceType t = chinesePiece(cs[0]); t != PieceType::None) {
        spec.type = t;
        if (cs.size() < 2 || chineseNumber(cs[1]) == 0)
            return chineseError(text, 1, "the file number");
        spec.file = chineseNumber(cs[1]);
        i         = 2;
    } else {
        if (const auto d = chineseDesignator(cs[0])) {
            spec.pick = *d;
        } else if (const int n = chineseNumber(cs[0]); n >= 1 && n <= 5) {
            spec.pick = Pick::Nth;
            spec.nth  = n;
        } else {
            return chineseError(text, 0, "a piece (车 马 炮 兵 ...), 前/中/后 or an ordinal 一-五");
        }
        i = 1;
        if (i < cs.size() && chinesePiece(cs[i]) != PieceType::None) {
            spec.type = chinesePiece(cs[i]);
            ++i;
        }
        if (i < cs.size() && chineseNumber(cs[i]) != 0) {
            spec.file = chineseNumber(cs[i]);
            ++i;
        }
        if (spec.type == PieceType::None && spec.file == 0)
            return chineseError(text, 1, "a piece or a file number");
        if (spec.type != PieceType::None && spec.type != PieceType::Pawn && spec.file != 0)
            return chineseError(text, 2, "a direction (进 退 平)");
    }
    if (i >= cs.size() || !chineseDir(cs[i]))
        return chineseError(text, i, "a direction (进 退 平)");
    spec.dir = *chineseDir(cs[i]);
    ++i;
    if (i >= cs.size() || chineseNumber(cs[i]) == 0)
        return chineseError(text, i, "a number 1-9");
    spec.number = chineseNumber(cs[i]);
    ++i;
    if (i != cs.size())
        return chineseError(text, i, "the end of the move");
    return spec;
}

char32_t chinesePieceChar(Color c, PieceType t) {
    const bool red = c == Color::Red;
    switch (t) {
    case PieceType::King:
        return red ? U'帅' : U'将';
    case PieceType::Advisor:
        return red ? U'仕' : U'士';
    case PieceType::Elephant:
        return red ? U'相' : U'象';
    case PieceType::Horse:
        return U'马';
    case PieceType::Rook:
        return U'车';
    case PieceType::Cannon:
        return U'炮';
    default:
        return red ? U'兵' : U'卒';
    }
}

char32_t chineseNumberChar(Color c, int n) {
    return c == Color::Red ? kChineseNumerals[static_cast<std::size_t>(n)]
                           : static_cast<char32_t>(U'0' + n);
}

std::string formatChinese(const MoveSpec& s, Color side) {
    std::string out;
    const char32_t piece = chinesePieceChar(side, s.type);
    switch (s.pick) {
    case Pick::File:
        appendUtf8(out, piece);
        appendUtf8(out, chineseNumberChar(side, s.file));
        break;
    default: {
        char32_t d = U'前';
        if (s.pick == Pick::Middle)
            d = U'中';
        else if (s.pick == Pick::Rear)
            d = U'后';
        else if (s.pick == Pick::Nth && s.nth > 1)
            d = kChineseNumerals[static_cast<std::size_t>(s.nth)];
        appendUtf8(out, d);
        // Soldiers on two files: the file replaces the piece (前九平八).
        appendUtf8(out, s.file && s.pick != Pick::File ? chineseNumberChar(side, s.file) : piece);
        break;
    }
    }
    appendUtf8(out, s.dir == Dir::Forward ? U'进' : s.dir == Dir::Backward ? U'退' : U'平');
    appendUtf8(out, chineseNumberChar(side, s.number));
    return out;
}

bool isIccsShape(std::string_view text) {
    std::string s;
    for (char c : text)
        if (c != ' ')
            s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (s.size() == 5 && s[2] == '-')
        s.erase(2, 1);
    return s.size() == 4 && s[0] >= 'a' && s[0] <= 'i' && s[1] >= '0' && s[1] <= '9' && s[2] >= 'a'
           && s[2] <= 'i' && s[3] >= '0' && s[3] <= '9';
}

bool isMover(const Position& pos, Move m) {
    const Piece p = pos.at(m.from());
    return p != kNoPiece && colorOf(p) == pos.sideToMove();
}

} // namespace

const char* pieceName(PieceType t) {
    switch (t) {
    case PieceType::King:
        return "general";
    case PieceType::Advisor:
        return "advisor";
    case PieceType::Elephant:
        return "elephant";
    case PieceType::Horse:
        return "horse";
    case PieceType::Rook:
        return "chariot";
    case PieceType::Cannon:
        return "cannon";
    case PieceType::Pawn:
        return "soldier";
    default:
        return "piece";
    }
}

const char* pieceCharacter(Piece p) {
    const bool red = colorOf(p) == Color::Red;
    switch (typeOf(p)) {
    case PieceType::King:
        return red ? "帅" : "将";
    case PieceType::Advisor:
        return red ? "仕" : "士";
    case PieceType::Elephant:
        return red ? "相" : "象";
    case PieceType::Horse:
        return "马";
    case PieceType::Rook:
        return "车";
    case PieceType::Cannon:
        return "炮";
    case PieceType::Pawn:
        return red ? "兵" : "卒";
    case PieceType::None:
        break;
    }
    return "";
}

std::string toIccs(Move m) {
    if (m.isNone())
        return "(none)";
    const Square f = m.from(), t = m.to();
    return {static_cast<char>('a' + fileOf(f)), static_cast<char>('0' + rankOf(f)),
            static_cast<char>('a' + fileOf(t)), static_cast<char>('0' + rankOf(t))};
}

Expected<Move> parseIccsSyntax(std::string_view text) {
    std::string s;
    for (char c : text)
        if (c != '-' && c != ' ')
            s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (s.size() != 4 || s[0] < 'a' || s[0] > 'i' || s[2] < 'a' || s[2] > 'i' || s[1] < '0'
        || s[1] > '9' || s[3] < '0' || s[3] > '9')
        return Error{
            "'" + std::string(text)
            + "' is not an ICCS move (expected a file a-i and a rank 0-9 twice, like h2e2)"};
    const Square from = makeSquare(s[0] - 'a', s[1] - '0');
    const Square to   = makeSquare(s[2] - 'a', s[3] - '0');
    if (from == to)
        return Error{"'" + std::string(text) + "' moves from a point to itself"};
    return Move(from, to);
}

Expected<Move> parseIccs(const Position& pos, std::string_view text) {
    auto m = parseIccsSyntax(text);
    if (!m)
        return m;
    if (!legalIn(pos, *m))
        return Error{"'" + std::string(text) + "' is not a legal move here"};
    return m;
}

std::string toWxf(const Position& pos, Move m) {
    if (m.isNone() || !isMover(pos, m))
        return "(none)";
    const MoveSpec s = describe(pos, m);
    std::string out;
    const char letter   = wxfLetter(s.type);
    const char file     = static_cast<char>('0' + s.file);
    const int n         = static_cast<int>(column(pos, pos.at(m.from()), fileOf(m.from())).size());
    const char fromFile = static_cast<char>('0' + playerFile(pos.sideToMove(), fileOf(m.from())));
    switch (s.pick) {
    case Pick::File:
        out = {letter, file};
        break;
    case Pick::Front:
        out = s.file ? std::string{file, '+'} : std::string{letter, '+'};
        break;
    case Pick::Rear:
        out = s.file ? std::string{file, '-'} : std::string{letter, '-'};
        break;
    case Pick::Middle: // "33" on two files; in a lone column the middle soldier keeps its file
        out = s.file ? std::string{file, file} : std::string{letter, fromFile};
        break;
    case Pick::Nth: // 4 or 5 soldiers in one column: ++ P+ (P<file>) P- --
        if (s.nth == 1)
            out = "++";
        else if (s.nth == n)
            out = "--";
        else if (s.nth == 2)
            out = {letter, '+'};
        else if (s.nth == n - 1)
            out = {letter, '-'};
        else
            out = {letter, fromFile};
        break;
    default:
        break;
    }
    out += s.dir == Dir::Forward ? '+' : s.dir == Dir::Backward ? '-' : '.';
    out += static_cast<char>('0' + s.number);
    return out;
}

Expected<Move> parseWxf(const Position& pos, std::string_view text) {
    auto spec = parseWxfSpec(text);
    if (!spec)
        return Error{spec.error()};
    return resolve(pos, *spec, text);
}

std::string toChinese(const Position& pos, Move m) {
    if (m.isNone() || !isMover(pos, m))
        return "(none)";
    return formatChinese(describe(pos, m), colorOf(pos.at(m.from())));
}

Expected<Move> parseChinese(const Position& pos, std::string_view text) {
    auto spec = parseChineseSpec(text);
    if (!spec)
        return Error{spec.error()};
    return resolve(pos, *spec, text);
}

std::string formatMove(const Position& pos, Move m, Notation n) {
    switch (n) {
    case Notation::Iccs:
        return toIccs(m);
    case Notation::Wxf:
        return toWxf(pos, m);
    case Notation::Chinese:
        return toChinese(pos, m);
    }
    return toIccs(m);
}

Notation detectNotation(std::string_view text) {
    for (char c : text)
        if (static_cast<unsigned char>(c) >= 0x80)
            return Notation::Chinese;
    return isIccsShape(text) ? Notation::Iccs : Notation::Wxf;
}

bool isMoveText(std::string_view text, Notation n) {
    switch (n) {
    case Notation::Iccs:
        return parseIccsSyntax(text).hasValue();
    case Notation::Wxf:
        return parseWxfSpec(text).hasValue();
    case Notation::Chinese:
        return parseChineseSpec(text).hasValue();
    }
    return false;
}

Expected<Move> parseMove(const Position& pos, std::string_view text) {
    switch (detectNotation(text)) {
    case Notation::Iccs:
        return parseIccs(pos, text);
    case Notation::Chinese:
        return parseChinese(pos, text);
    case Notation::Wxf:
        break;
    }
    return parseWxf(pos, text);
}

std::string_view notationName(Notation n) {
    switch (n) {
    case Notation::Iccs:
        return "ICCS";
    case Notation::Wxf:
        return "WXF";
    case Notation::Chinese:
        return "Chinese";
    }
    return "ICCS";
}

std::optional<Notation> notationFromName(std::string_view name) {
    std::string s;
    for (char c : name)
        s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (s == "iccs")
        return Notation::Iccs;
    if (s == "wxf")
        return Notation::Wxf;
    if (s == "chinese" || s == "cn" || s == "zh")
        return Notation::Chinese;
    return std::nullopt;
}

} // namespace xq::core
