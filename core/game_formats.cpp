// The text formats (DhtmlXQ/UBB, WXF), format detection and whole-file reading. The binary
// formats are in xqf.cpp and ccbridge.cpp.
#include "core/game_formats.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "core/fen.h"
#include "core/format_tree.h"
#include "core/gbk.h"

namespace xq::core {

using detail::num;

std::string_view formatName(GameFormat f) {
    switch (f) {
    case GameFormat::Pgn:
        return "PGN";
    case GameFormat::Xqf:
        return "XQF";
    case GameFormat::Cbr:
        return "CBR";
    case GameFormat::Cbl:
        return "CBL";
    case GameFormat::Cbf:
        return "CBF";
    case GameFormat::DhtmlXq:
        return "DhtmlXQ";
    case GameFormat::Wxf:
        return "WXF";
    case GameFormat::Fen:
        return "FEN";
    case GameFormat::Unknown:
        break;
    }
    return "unknown";
}

std::size_t countLines(const PgnLine& line) {
    if (line.moves.empty())
        return 0;
    std::size_t n = 1;
    for (const PgnMove& m : line.moves)
        for (const PgnLine& v : m.variations)
            n += std::max<std::size_t>(countLines(v), 1);
    return n;
}

namespace {

std::size_t lineOf(std::string_view text, std::size_t offset) {
    return 1
           + static_cast<std::size_t>(std::count(
               text.begin(),
               text.begin() + static_cast<std::ptrdiff_t>(std::min(offset, text.size())), '\n'));
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string extensionOf(std::string_view name) {
    const std::size_t dot = name.rfind('.');
    const std::size_t sep = name.find_last_of("/\\");
    if (dot == std::string_view::npos || (sep != std::string_view::npos && dot < sep))
        return {};
    return lower(name.substr(dot + 1));
}

bool looksLikeFen(std::string_view text) {
    const std::string t = detail::trim(text);
    return !t.empty() && t.find('\n') == std::string::npos && t.find('[') == std::string::npos
           && std::count(t.begin(), t.end(), '/') == 9;
}

std::string resultFromText(std::string_view r) {
    const std::string t = detail::trim(r);
    if (t == "1-0" || t == "红胜" || t == "紅勝" || t == "红方胜" || t == "先胜")
        return "1-0";
    if (t == "0-1" || t == "黑胜" || t == "黑勝" || t == "黑方胜" || t == "先负")
        return "0-1";
    if (t == "1/2-1/2" || t == "和棋" || t == "和局" || t == "和" || t == "先和")
        return "1/2-1/2";
    return "*";
}

// --- DhtmlXQ --------------------------------------------------------------------------------

struct Tag {
    std::string name;  // after "DhtmlXQ_", lower case
    std::string value; // as written
    std::size_t line = 0;
};

std::vector<Tag> dhtmlTags(std::string_view text, std::size_t base, std::string_view whole) {
    std::vector<Tag> tags;
    const std::string_view open = "[DhtmlXQ_";
    std::size_t at              = 0;
    while ((at = text.find(open, at)) != std::string_view::npos) {
        const std::size_t nameEnd = text.find(']', at);
        if (nameEnd == std::string_view::npos)
            break;
        const std::string_view name = text.substr(at + open.size(), nameEnd - at - open.size());
        const std::string close     = "[/DhtmlXQ_" + std::string(name) + "]";
        std::size_t end             = text.find(close, nameEnd);
        std::string_view value;
        if (end == std::string_view::npos) {
            // An unclosed tag runs to the next tag.
            end = text.find('[', nameEnd + 1);
            value =
                text.substr(nameEnd + 1, end == std::string_view::npos ? end : end - nameEnd - 1);
            at = end == std::string_view::npos ? text.size() : end;
        } else {
            value = text.substr(nameEnd + 1, end - nameEnd - 1);
            at    = end + close.size();
        }
        tags.push_back({lower(name), std::string(value), lineOf(whole, base + nameEnd)});
    }
    return tags;
}

std::string dhtmlComment(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s.substr(i, 2) == "||") {
            out += '\n';
            ++i;
        } else {
            out += s[i];
        }
    }
    return detail::trim(out);
}

Expected<PgnGame> readDhtmlBlock(std::string_view block, std::size_t base, std::string_view whole) {
    const std::vector<Tag> tags = dhtmlTags(block, base, whole);
    std::map<std::string, const Tag*> byName;
    for (const Tag& t : tags)
        byName.emplace(t.name, &t);
    const auto get = [&](const std::string& n) -> const Tag* {
        auto it = byName.find(n);
        return it == byName.end() ? nullptr : it->second;
    };
    const std::size_t blockLine = lineOf(whole, base);
    PgnGame game;
    Position start = game.start;
    if (const Tag* fen = get("fen")) {
        auto pos = parseFen(detail::trim(fen->value));
        if (!pos)
            return Error{"line " + num(fen->line) + ": " + pos.error()};
        start = *pos;
    } else if (const Tag* binit = get("binit")) {
        const std::string b = detail::trim(binit->value);
        if (b.size() != 64
            || !std::all_of(b.begin(), b.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return Error{"line " + num(binit->line) + ": [DhtmlXQ_binit] is not 64 digits"};
        static constexpr std::array<PieceType, 16> kTypes = {
            PieceType::Rook, PieceType::Horse,   PieceType::Elephant, PieceType::Advisor,
            PieceType::King, PieceType::Advisor, PieceType::Elephant, PieceType::Horse,
            PieceType::Rook, PieceType::Cannon,  PieceType::Cannon,   PieceType::Pawn,
            PieceType::Pawn, PieceType::Pawn,    PieceType::Pawn,     PieceType::Pawn};
        start.clear();
        for (std::size_t i = 0; i < 32; ++i) {
            const int x = b[2 * i] - '0', y = b[2 * i + 1] - '0';
            if (x == 9 && y == 9)
                continue; // captured
            if (x > 8)
                return Error{"line " + num(binit->line)
                             + ": [DhtmlXQ_binit] puts a piece off the board"};
            const Square s = makeSquare(x, 9 - y);
            if (start.at(s) != kNoPiece)
                return Error{"line " + num(binit->line) + ": [DhtmlXQ_binit] puts two pieces on "
                             + squareName(s)};
            start.put(s, makePiece(i < 16 ? Color::Red : Color::Black, kTypes[i % 16]));
        }
    }

    // The branches: 0 is [DhtmlXQ_movelist]; [DhtmlXQ_move_A_B_C] is branch C, whose first move
    // is an alternative to move B (counted from the start) of branch A.
    struct Branch {
        int parent = -1, step = 1;
        const Tag* tag = nullptr;
    };
    std::map<int, Branch> branches;
    if (const Tag* ml = get("movelist"))
        branches[0] = {-1, 1, ml};
    for (const Tag& t : tags) {
        if (t.name.rfind("move_", 0) != 0)
            continue;
        int a = -1, b = -1, c = -1;
        char extra = 0;
        std::istringstream in(t.name.substr(5));
        char u1 = 0, u2 = 0;
        if (!(in >> a >> u1 >> b >> u2 >> c) || u1 != '_' || u2 != '_' || (in >> extra) || a < 0
            || b < 1 || c < 1)
            return Error{"line " + num(t.line) + ": [DhtmlXQ_" + t.name
                         + "] is not a variation's name"};
        if (branches.count(c))
            return Error{"line " + num(t.line) + ": variation " + num(static_cast<std::size_t>(c))
                         + " is given twice"};
        branches[c] = {a, b, &t};
    }
    // The side to move: the colour of the first move's piece.
    for (const auto& [id, br] : branches) {
        const std::string v = detail::trim(br.tag->value);
        if (id == 0 && v.size() >= 2 && v[0] >= '0' && v[0] <= '8' && v[1] >= '0' && v[1] <= '9')
            start.setSideToMove(detail::moverOf(start, makeSquare(v[0] - '0', 9 - (v[1] - '0'))));
    }
    if (std::string why = validatePosition(start); !why.empty())
        return Error{"line " + num(blockLine) + ": the start position is not legal: " + why};
    game.start = start;
    detail::MoveTree tree(start);
    std::map<int, std::vector<int>> paths; // branch -> node of each step (index step - 1)
    for (const auto& [id, br] : branches) {
        std::vector<int> path;
        if (id != 0) {
            auto parent = paths.find(br.parent);
            if (parent == paths.end()
                || static_cast<std::size_t>(br.step - 1) > parent->second.size())
                return Error{"line " + num(br.tag->line) + ": variation "
                             + num(static_cast<std::size_t>(id))
                             + " branches from a move that does not exist"};
            path.assign(parent->second.begin(), parent->second.begin() + (br.step - 1));
        }
        const std::string v = detail::trim(br.tag->value);
        if (v.size() % 4 != 0
            || !std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return Error{"line " + num(br.tag->line) + ": [DhtmlXQ_" + br.tag->name
                         + "] is not a list of 4-digit moves"};
        for (std::size_t i = 0; i < v.size(); i += 4) {
            const int x1 = v[i] - '0', y1 = v[i + 1] - '0', x2 = v[i + 2] - '0',
                      y2            = v[i + 3] - '0';
            const std::string where = "line " + num(br.tag->line) + ": move " + num(path.size() + 1)
                                      + " (\"" + v.substr(i, 4) + "\")";
            if (x1 > 8 || x2 > 8)
                return Error{where + " leaves the board"};
            const int parent = path.empty() ? detail::MoveTree::kRoot : path.back();
            auto node        = tree.add(parent, makeSquare(x1, 9 - y1), makeSquare(x2, 9 - y2));
            if (!node)
                return Error{where + ": " + node.error()};
            path.push_back(*node);
        }
        paths[id] = std::move(path);
    }
    for (const Tag& t : tags) {
        if (t.name.rfind("comment", 0) != 0)
            continue;
        const std::string id = t.name.substr(7);
        int branch = 0, step = -1;
        char u = 0, extra = 0;
        std::istringstream in(id);
        if (id.find('_') != std::string::npos) {
            if (!(in >> branch >> u >> step) || u != '_' || (in >> extra))
                continue;
        } else if (!(in >> step) || (in >> extra)) {
            continue;
        }
        auto p = paths.find(branch);
        if (step == 0 && branch == 0) {
            tree.setComment(detail::MoveTree::kRoot, dhtmlComment(t.value));
        } else if (p != paths.end() && step >= 1
                   && static_cast<std::size_t>(step) <= p->second.size()) {
            tree.setComment(p->second[static_cast<std::size_t>(step - 1)], dhtmlComment(t.value));
        }
    }
    auto line = tree.toLine();
    if (!line)
        return Error{"line " + num(blockLine) + ": " + line.error()};
    game.main = std::move(*line);
    if (const Tag* r = get("result"))
        game.result = resultFromText(r->value);
    const auto tag = [&](std::string_view name, const std::string& key) {
        if (const Tag* t = get(key)) {
            std::string v = detail::trim(t->value);
            if (!v.empty())
                game.setTag(name, std::move(v));
        }
    };
    tag("Event", "event");
    tag("Site", "place");
    tag("Date", "date");
    tag("Round", "round");
    tag("Red", "red");
    tag("Black", "black");
    game.setTag("Result", game.result);
    tag("Title", "title");
    tag("Opening", "open");
    return game;
}

} // namespace

GameFileResult readDhtmlXq(std::string_view bytes) {
    GameFileResult out;
    auto decoded = decodeText(bytes);
    if (!decoded) {
        out.error = "line 1: " + decoded.error();
        return out;
    }
    const std::string& text = *decoded;
    std::vector<std::pair<std::size_t, std::size_t>> blocks; // [begin, end)
    for (std::size_t at = 0; (at = text.find("[DhtmlXQ]", at)) != std::string::npos;) {
        const std::size_t end = text.find("[/DhtmlXQ]", at);
        blocks.emplace_back(at, end == std::string::npos ? text.size() : end);
        if (end == std::string::npos)
            break;
        at = end;
    }
    if (blocks.empty()) {
        if (text.find("[DhtmlXQ_") == std::string::npos) {
            out.error = "line 1: no [DhtmlXQ] text";
            return out;
        }
        blocks.emplace_back(0, text.size());
    }
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const auto [b, e] = blocks[i];
        auto g            = readDhtmlBlock(std::string_view(text).substr(b, e - b), b, text);
        if (!g) {
            out.error =
                (blocks.size() > 1 ? "game " + num(i + 1) + ": " : std::string()) + g.error();
            return out;
        }
        out.games.push_back(std::move(*g));
    }
    return out;
}

// --- WXF ------------------------------------------------------------------------------------

GameFileResult readWxf(std::string_view bytes) {
    GameFileResult out;
    auto decoded = decodeText(bytes);
    if (!decoded) {
        out.error = "line 1: " + decoded.error();
        return out;
    }
    // Each game becomes PGN with one line per line of the file, so that the PGN reader's line
    // numbers are the file's.
    std::istringstream in(*decoded);
    std::string line, pgn;
    std::size_t lineNo = 0, gameStart = 1;
    bool inMoves = false, any = false;
    std::string result = "*";
    const auto flush   = [&]() -> bool {
        if (!any)
            return true;
        std::string padded(gameStart - 1, '\n');
        auto games = readPgnGames(padded + pgn);
        if (!games || games->empty()) {
            out.error = (out.games.empty() && !inMoves ? std::string()
                                                         : "game " + num(out.games.size() + 1) + ": ")
                        + (games ? "line " + num(gameStart) + ": no moves" : games.error());
            return false;
        }
        for (auto& g : *games)
            out.games.push_back(std::move(g));
        pgn.clear();
        any    = false;
        result = "*";
        return true;
    };
    while (std::getline(in, line)) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        const std::string t = detail::trim(line);
        if (inMoves) {
            const std::size_t end = t.find("}END");
            if (end != std::string::npos) {
                pgn += t.substr(0, end) + " " + result + "\n";
                inMoves = false;
                if (!flush())
                    return out;
                gameStart = lineNo + 1;
            } else {
                pgn += line + "\n";
            }
            continue;
        }
        if (t.rfind("START{", 0) == 0) {
            inMoves = true;
            any     = true;
            pgn += "[Format \"WXF\"]" + t.substr(6) + "\n";
            continue;
        }
        const std::size_t sp  = t.find_first_of(" \t");
        const std::string key = lower(t.substr(0, sp));
        std::string value = sp == std::string::npos ? std::string() : detail::trim(t.substr(sp));
        if (!value.empty() && value.back() == ';')
            value.pop_back();
        for (char& c : value)
            if (c == '"')
                c = '\'';
        static const std::map<std::string, std::string> names = {
            {"event", "Event"}, {"place", "Site"},      {"site", "Site"},   {"date", "Date"},
            {"round", "Round"}, {"red", "Red"},         {"black", "Black"}, {"result", "Result"},
            {"fen", "FEN"},     {"opening", "Opening"}, {"game", "Title"}};
        if (key == "format" && any) {
            // A new game without START{ ... }END for the last one.
            if (!flush())
                return out;
            gameStart = lineNo;
        }
        auto it = names.find(key);
        if (it != names.end() && !value.empty()) {
            if (it->second == "Result")
                result = resultFromText(value);
            pgn += "[" + it->second + " \"" + value + "\"]\n";
            any = true;
        } else {
            pgn += "\n";
        }
    }
    if (inMoves) {
        out.error = "game " + num(out.games.size() + 1) + ": line " + num(lineNo)
                    + ": the file ends before }END";
        return out;
    }
    if (any && !flush())
        return out;
    if (out.games.empty() && out.error.empty())
        out.error = "line 1: no WXF game (no START{ ... }END)";
    return out;
}

// --- PGN ------------------------------------------------------------------------------------

namespace {

// The PGN reader reads a file whole or not at all. When it fails, the file is read again game
// by game (a game starts at a tag line that follows move text), so that the games before the
// damaged one are kept; each game's text is preceded by as many empty lines as come before it
// in the file, so that the line in the message is the file's.
GameFileResult readPgnKeepingGames(std::string_view bytes) {
    GameFileResult out;
    auto games = readPgnGames(bytes);
    if (games) {
        out.games = std::move(*games);
        if (out.games.empty())
            out.error = "line 1: no game in the file";
        return out;
    }
    auto decoded = decodeText(bytes);
    if (!decoded) {
        out.error = games.error();
        return out;
    }
    const std::string& text = *decoded;
    std::vector<std::size_t> starts; // byte offsets of the games' first lines
    bool inMoves = false, started = false;
    for (std::size_t at = 0; at < text.size();) {
        std::size_t end = text.find('\n', at);
        if (end == std::string::npos)
            end = text.size();
        const std::string line = detail::trim(std::string_view(text).substr(at, end - at));
        if (!line.empty()) {
            const bool tag = line[0] == '[';
            if (tag && (inMoves || !started)) {
                starts.push_back(at);
                started = true;
            }
            inMoves = !tag;
        }
        at = end + 1;
    }
    for (std::size_t i = 0; i < starts.size(); ++i) {
        const std::size_t b     = starts[i];
        const std::size_t e     = i + 1 < starts.size() ? starts[i + 1] : text.size();
        const std::size_t lines = lineOf(text, b) - 1;
        auto one                = readPgnGames(std::string(lines, '\n') + text.substr(b, e - b));
        if (!one) {
            out.error = "game " + num(out.games.size() + 1) + ": " + one.error();
            return out;
        }
        for (auto& g : *one)
            out.games.push_back(std::move(g));
    }
    // Split this way the file read whole: the failure was in no single game (it should not
    // happen); the reader's own message is given.
    out.error = games.error();
    return out;
}

} // namespace

// --- Detection and dispatch -----------------------------------------------------------------

GameFormat detectFormat(std::string_view bytes, std::string_view fileName) {
    if (bytes.substr(0, 15) == "CCBridgeLibrary")
        return GameFormat::Cbl;
    if (bytes.substr(0, 15) == "CCBridge Record")
        return GameFormat::Cbr;
    const std::string ext = extensionOf(fileName);
    if (bytes.substr(0, 2) == "XQ" && (bytes.size() >= 0x400 || ext == "xqf"))
        return GameFormat::Xqf;
    const std::string_view head = bytes.substr(0, 4096);
    if (head.find("<ChineseChessRecord") != std::string_view::npos)
        return GameFormat::Cbf;
    if (bytes.find("[DhtmlXQ") != std::string_view::npos)
        return GameFormat::DhtmlXq;
    if (head.find("START{") != std::string_view::npos
        || lower(detail::trim(head.substr(0, 6))) == "format")
        return GameFormat::Wxf;
    if (looksLikeFen(bytes))
        return GameFormat::Fen;
    if (ext == "xqf")
        return GameFormat::Xqf;
    if (ext == "cbr")
        return GameFormat::Cbr;
    if (ext == "cbl")
        return GameFormat::Cbl;
    if (ext == "cbf")
        return GameFormat::Cbf;
    if (ext == "wxf")
        return GameFormat::Wxf;
    return GameFormat::Pgn;
}

GameFileResult readGames(std::string_view bytes, GameFormat format, std::string_view fileName) {
    if (format == GameFormat::Unknown)
        format = detectFormat(bytes, fileName);
    GameFileResult out;
    const auto one = [&](Expected<PgnGame> g) {
        if (g)
            out.games.push_back(std::move(*g));
        else
            out.error = g.error();
    };
    switch (format) {
    case GameFormat::Xqf:
        one(readXqf(bytes));
        break;
    case GameFormat::Cbr:
        one(readCbr(bytes));
        break;
    case GameFormat::Cbf:
        one(readCbf(bytes));
        break;
    case GameFormat::Cbl:
        return readCbl(bytes);
    case GameFormat::DhtmlXq:
        return readDhtmlXq(bytes);
    case GameFormat::Wxf:
        return readWxf(bytes);
    case GameFormat::Fen: {
        auto pos = parseFen(detail::trim(bytes));
        if (!pos) {
            out.error = "line 1: " + pos.error();
        } else {
            PgnGame g;
            g.start = *pos;
            out.games.push_back(std::move(g));
        }
        break;
    }
    case GameFormat::Pgn:
    case GameFormat::Unknown:
        return readPgnKeepingGames(bytes);
    }
    return out;
}

GameFileResult readGameFile(const std::string& path) {
    GameFileResult out;
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        out.error = path + ": a folder, not a game file";
        return out;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        out.error = path + ": cannot open the file";
        return out;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    out = readGames(buffer.str(), GameFormat::Unknown, path);
    if (!out.error.empty())
        out.error = path + ": " + out.error;
    return out;
}

} // namespace xq::core
