// PGN reading in two passes: a tokenizer (tags, comments, parentheses, NAGs, move numbers,
// results and words, each with its line) and a recursive reader of move text that replays every
// move on a Position, so each move is checked in the position it is played in. Variations start
// from the position before the move they replace.
#include "core/pgn.h"

#include <fstream>
#include <optional>
#include <sstream>

#include "core/clock.h"
#include "core/fen.h"
#include "core/gbk.h"

namespace xq::core {

namespace {

// Deeper nesting than this is refused rather than risking the stack on hostile input.
constexpr int kMaxVariationDepth = 64;
constexpr std::size_t kLineWidth = 80;

// ---------------------------------------------------------------------------------------------
// Tokens

enum class Tok { Tag, Comment, Open, Close, Nag, Result, Word, End };

struct Token {
    Tok kind;
    std::string text;  // tag name, comment text, word, result, or the NAG number as text
    std::string value; // tag value
    int line;
};

std::string lineError(int line, const std::string& what) {
    return "line " + std::to_string(line) + ": " + what;
}

bool isSpace(std::string_view s, std::size_t i) {
    const char c = s[i];
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'
           || s.substr(i, 3) == "\xE3\x80\x80"; // U+3000 ideographic space
}

std::size_t spaceLength(std::string_view s, std::size_t i) {
    return s.substr(i, 3) == "\xE3\x80\x80" ? 3 : 1;
}

bool isDelimiter(char c) {
    return c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']' || c == ';'
           || c == '$' || c == '"';
}

std::string trim(std::string_view s) {
    std::size_t b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r' || s[b] == '\n'))
        ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r' || s[e - 1] == '\n'))
        --e;
    return std::string(s.substr(b, e - b));
}

int suffixNag(std::string_view s) {
    if (s == "!")
        return 1;
    if (s == "?")
        return 2;
    if (s == "!!")
        return 3;
    if (s == "??")
        return 4;
    if (s == "!?")
        return 5;
    if (s == "?!")
        return 6;
    return 0;
}

bool isResult(std::string_view w) {
    return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*";
}

class Tokenizer {
public:
    explicit Tokenizer(std::string_view text)
        : m_s(text) {}

    Expected<std::vector<Token>> run() {
        bool lineStart = true;
        while (m_i < m_s.size()) {
            const char c = m_s[m_i];
            if (c == '\n') {
                ++m_line;
                ++m_i;
                lineStart = true;
                continue;
            }
            if (isSpace(m_s, m_i)) {
                m_i += spaceLength(m_s, m_i);
                continue;
            }
            if (c == '%' && lineStart) { // PGN escape line: ignored
                skipToLineEnd();
                continue;
            }
            lineStart = false;
            std::optional<std::string> err;
            if (c == '[')
                err = tag();
            else if (c == '{')
                err = braceComment();
            else if (c == ';')
                lineComment();
            else if (c == '(' || c == ')') {
                push(c == '(' ? Tok::Open : Tok::Close, std::string(1, c));
                ++m_i;
            } else if (c == '$')
                err = nag();
            else if (c == '}' || c == ']' || c == '"')
                err = lineError(m_line, "unexpected '" + std::string(1, c) + "'"
                                            + (c == '}'   ? " without a matching '{'"
                                               : c == ']' ? " without a matching '['"
                                                          : " outside a tag"));
            else
                err = word();
            if (err)
                return Error{*err};
        }
        push(Tok::End, "");
        return std::move(m_tokens);
    }

private:
    void push(Tok k, std::string text, std::string value = {}) {
        m_tokens.push_back({k, std::move(text), std::move(value), m_line});
    }

    void skipToLineEnd() {
        while (m_i < m_s.size() && m_s[m_i] != '\n')
            ++m_i;
    }

    void lineComment() {
        const std::size_t b = ++m_i;
        skipToLineEnd();
        push(Tok::Comment, trim(m_s.substr(b, m_i - b)));
    }

    std::optional<std::string> braceComment() {
        const int startLine = m_line;
        const std::size_t b = ++m_i;
        while (m_i < m_s.size() && m_s[m_i] != '}') {
            if (m_s[m_i] == '\n')
                ++m_line;
            ++m_i;
        }
        if (m_i >= m_s.size())
            return lineError(startLine, "unterminated comment: '{' has no closing '}'");
        m_tokens.push_back({Tok::Comment, trim(m_s.substr(b, m_i - b)), {}, startLine});
        ++m_i;
        return std::nullopt;
    }

    std::optional<std::string> tag() {
        auto atEnd      = [&] { return m_i >= m_s.size() || m_s[m_i] == '\n'; };
        auto skipBlanks = [&] {
            while (!atEnd() && (m_s[m_i] == ' ' || m_s[m_i] == '\t' || m_s[m_i] == '\r'))
                ++m_i;
        };
        ++m_i;
        skipBlanks();
        std::string name;
        while (!atEnd() && !isSpace(m_s, m_i) && m_s[m_i] != '"' && m_s[m_i] != ']')
            name += m_s[m_i++];
        if (name.empty())
            return lineError(m_line, atEnd() ? "unterminated tag: '[' has no closing ']'"
                                             : "malformed tag: expected a tag name after '['");
        skipBlanks();
        if (atEnd())
            return lineError(m_line,
                             "unterminated tag [" + name + ": expected a quoted value and ']'");
        if (m_s[m_i] != '"')
            return lineError(m_line,
                             "malformed tag [" + name + ": expected a value in double quotes");
        ++m_i;
        std::string value;
        for (;;) {
            if (atEnd())
                return lineError(m_line,
                                 "unterminated tag [" + name + ": the value has no closing '\"'");
            const char c = m_s[m_i++];
            if (c == '"')
                break;
            if (c == '\\' && !atEnd() && (m_s[m_i] == '"' || m_s[m_i] == '\\'))
                value += m_s[m_i++];
            else
                value += c;
        }
        skipBlanks();
        if (atEnd() || m_s[m_i] != ']')
            return lineError(m_line, "unterminated tag [" + name + " \"" + value
                                         + "\": expected ']' after the value");
        ++m_i;
        push(Tok::Tag, name, value);
        return std::nullopt;
    }

    std::optional<std::string> nag() {
        const std::size_t b = ++m_i;
        while (m_i < m_s.size() && m_s[m_i] >= '0' && m_s[m_i] <= '9')
            ++m_i;
        if (m_i == b || m_i - b > 3)
            return lineError(m_line, "malformed annotation: expected a number 0-255 after '$'");
        push(Tok::Nag, std::string(m_s.substr(b, m_i - b)));
        return std::nullopt;
    }

    std::optional<std::string> word() {
        const std::size_t b = m_i;
        while (m_i < m_s.size() && !isSpace(m_s, m_i) && !isDelimiter(m_s[m_i]))
            ++m_i;
        std::string_view w = m_s.substr(b, m_i - b);
        if (isResult(w)) {
            push(Tok::Result, std::string(w));
            return std::nullopt;
        }
        // A move number: digits then dots, perhaps glued to the move ("1.h2e2"). A single dot
        // followed by a digit is a WXF soldier move instead ("33.4": the middle soldier on 3).
        std::size_t d = 0;
        while (d < w.size() && w[d] >= '0' && w[d] <= '9')
            ++d;
        std::size_t dots = d;
        while (dots < w.size() && w[dots] == '.')
            ++dots;
        const bool number =
            d > 0 && dots > d
            && (dots == w.size() || dots - d >= 2 || w[dots] < '0' || w[dots] > '9');
        if (number || (d == 0 && dots == w.size())) // "12." "1..." or a lone "..."
            w.remove_prefix(dots);
        if (w.empty())
            return std::nullopt;
        // Suffix annotations: "h2e2!?" or a lone "!?".
        std::size_t s = w.size();
        while (s > 0 && (w[s - 1] == '!' || w[s - 1] == '?'))
            --s;
        const std::string_view suffix = w.substr(s);
        if (!suffix.empty() && suffixNag(suffix) == 0)
            return lineError(m_line, "unknown annotation '" + std::string(suffix) + "'");
        if (s > 0)
            push(Tok::Word, std::string(w.substr(0, s)));
        if (!suffix.empty())
            push(Tok::Nag, std::to_string(suffixNag(suffix)));
        return std::nullopt;
    }

    std::string_view m_s;
    std::size_t m_i = 0;
    int m_line      = 1;
    std::vector<Token> m_tokens;
};

// ---------------------------------------------------------------------------------------------
// Move text

void appendComment(std::string& to, const std::string& text) {
    if (text.empty())
        return;
    if (!to.empty())
        to += ' ';
    to += text;
}

// A comment after a move: a [%clk H:MM:SS] command in it is the mover's time left and is taken
// out of the text; one that does not read as a time stays in the text, so nothing is lost.
void addMoveComment(PgnMove& pm, std::string text) {
    if (const auto at = text.find("[%clk"); at != std::string::npos) {
        if (const auto end = text.find(']', at); end != std::string::npos) {
            if (const auto ms = parseClk(text.substr(at + 5, end - at - 5))) {
                pm.clockMs       = *ms;
                std::size_t from = at, to = end + 1;
                while (to < text.size() && text[to] == ' ')
                    ++to;
                while (from > 0 && text[from - 1] == ' ')
                    --from;
                text.erase(from, to - from);
                if (from > 0 && from < text.size())
                    text.insert(from, " ");
            }
        }
    }
    appendComment(pm.comment, text);
}

Expected<Move> readMove(const Position& pos, const std::string& text,
                        std::optional<Notation> format) {
    if (!format)
        return parseMove(pos, text);
    Expected<Move> m = *format == Notation::Iccs  ? parseIccs(pos, text)
                       : *format == Notation::Wxf ? parseWxf(pos, text)
                                                  : parseChinese(pos, text);
    if (!m && detectNotation(text) != *format) {
        auto other = parseMove(pos, text);
        if (other)
            return other;
    }
    return m;
}

class Reader {
public:
    explicit Reader(std::vector<Token> tokens)
        : m_t(std::move(tokens)) {}

    Expected<std::vector<PgnGame>> run() {
        std::vector<PgnGame> games;
        while (peek().kind != Tok::End) {
            PgnGame g;
            if (auto err = game(g))
                return Error{*err};
            if (!g.tags.empty() || !g.main.moves.empty() || !g.main.comment.empty())
                games.push_back(std::move(g));
        }
        return games;
    }

private:
    const Token& peek() const { return m_t[m_i]; }

    std::optional<std::string> game(PgnGame& g) {
        int fenLine = 0;
        while (peek().kind == Tok::Tag) {
            if (peek().text == "FEN")
                fenLine = peek().line;
            g.tags.emplace_back(peek().text, peek().value);
            ++m_i;
        }
        if (fenLine) {
            auto pos = parseFen(g.tag("FEN"));
            if (!pos)
                return lineError(fenLine, "[FEN \"" + g.tag("FEN") + "\"]: " + pos.error());
            g.start = *pos;
        }
        m_format = std::nullopt;
        if (const std::string f = g.tag("Format"); !f.empty())
            m_format = notationFromName(f); // an unknown value: detect per move
        if (auto err = line(g.main, g.start, 0, 0))
            return err;
        if (peek().kind == Tok::Result) {
            g.result = peek().text;
            ++m_i;
            // Comments after the result still belong to this game.
            while (peek().kind == Tok::Comment) {
                if (g.main.moves.empty())
                    appendComment(g.main.comment, peek().text);
                else
                    addMoveComment(g.main.moves.back(), peek().text);
                ++m_i;
            }
        } else if (const std::string r = g.tag("Result"); isResult(r)) {
            g.result = r;
        }
        return std::nullopt;
    }

    // Reads moves into `out` from pos until ')' (depth > 0), a result, a tag or the end.
    std::optional<std::string> line(PgnLine& out, Position pos, int depth, int openLine) {
        Position before = pos;
        for (;;) {
            const Token& t = peek();
            switch (t.kind) {
            case Tok::Comment:
                if (out.moves.empty())
                    appendComment(out.comment, t.text);
                else
                    addMoveComment(out.moves.back(), t.text);
                ++m_i;
                break;
            case Tok::Nag:
                if (out.moves.empty())
                    return lineError(t.line, "annotation $" + t.text + " before any move");
                if (std::stoi(t.text) > 255)
                    return lineError(t.line, "annotation $" + t.text + " is out of range (0-255)");
                out.moves.back().nags.push_back(std::stoi(t.text));
                ++m_i;
                break;
            case Tok::Open: {
                if (out.moves.empty())
                    return lineError(t.line, "a variation '(' must follow the move it replaces");
                if (depth + 1 > kMaxVariationDepth)
                    return lineError(t.line, "variations are nested too deeply");
                const int at = t.line;
                ++m_i;
                PgnLine variation;
                if (auto err = line(variation, before, depth + 1, at))
                    return err;
                ++m_i; // the ')'
                out.moves.back().variations.push_back(std::move(variation));
                break;
            }
            case Tok::Close:
                if (depth == 0)
                    return lineError(t.line, "')' without a matching '('");
                return std::nullopt;
            case Tok::Result:
            case Tok::Tag:
            case Tok::End:
                if (depth > 0)
                    return lineError(t.kind == Tok::End ? openLine : t.line,
                                     t.kind == Tok::End
                                         ? "unterminated variation: '(' has no closing ')'"
                                         : "the variation opened at line "
                                               + std::to_string(openLine)
                                               + " has no closing ')' before "
                                               + (t.kind == Tok::Tag ? "this tag" : "the result"));
                return std::nullopt;
            case Tok::Word: {
                auto m = readMove(pos, t.text, m_format);
                if (!m) {
                    const bool moveLike = isMoveText(t.text, Notation::Iccs)
                                          || isMoveText(t.text, Notation::Wxf)
                                          || isMoveText(t.text, Notation::Chinese);
                    if (!moveLike)
                        return lineError(t.line, "unknown token '" + t.text
                                                     + "' (not a move, move number, annotation or "
                                                       "result): "
                                                     + m.error());
                    // The notation readers start with the quoted move; say it once.
                    const std::string q = "'" + t.text + "'";
                    std::string why     = m.error();
                    if (why.rfind(q + ":", 0) == 0 || why.rfind(q + " ", 0) == 0)
                        why.erase(0, q.size());
                    else
                        why = ": " + why;
                    return lineError(t.line,
                                     "move " + std::to_string(pos.fullmoveNumber()) + " for "
                                         + (pos.sideToMove() == Color::Red ? "Red" : "Black") + " "
                                         + q + why);
                }
                before = pos;
                Undo u;
                pos.makeMove(*m, u);
                out.moves.push_back(PgnMove{*m, {}, {}, {}});
                ++m_i;
                break;
            }
            }
        }
    }

    std::vector<Token> m_t;
    std::size_t m_i = 0;
    std::optional<Notation> m_format;
};

// ---------------------------------------------------------------------------------------------
// Writing

// Display width: CJK characters take two columns.
std::size_t width(std::string_view s) {
    std::size_t w = 0;
    for (char c : s) {
        const auto b = static_cast<unsigned char>(c);
        if (b < 0x80)
            ++w;
        else if (b >= 0xC0)
            w += 2;
    }
    return w;
}

class Emitter {
public:
    // Writes w after a space, or on a new line when it would pass the line width.
    void word(std::string_view w) {
        const std::string text = m_prefix + std::string(w);
        m_prefix.clear();
        if (m_col > 0) {
            if (m_col + 1 + width(text) > kLineWidth) {
                m_out += '\n';
                m_col = 0;
            } else {
                m_out += ' ';
                ++m_col;
            }
        }
        m_out += text;
        m_col += width(text);
    }
    void open() { m_prefix += '('; } // glued to the next word
    void close() {                   // glued to the previous word
        if (!m_prefix.empty())       // an empty variation: "()"
            word("");
        m_out += ')';
        ++m_col;
    }
    std::string take() { return std::move(m_out); }

private:
    std::string m_out;
    std::string m_prefix;
    std::size_t m_col = 0;
};

std::string commentText(const std::string& c) {
    std::string out = "{";
    for (char ch : c)
        out += ch == '}' ? ')' : ch;
    return out + "}";
}

void writeLine(Emitter& e, const PgnLine& line, Position pos, Notation n) {
    if (!line.comment.empty())
        e.word(commentText(line.comment));
    bool needNumber = true;
    for (const PgnMove& pm : line.moves) {
        // A move number stays on the line of its move.
        const std::string num  = std::to_string(pos.fullmoveNumber());
        const std::string text = formatMove(pos, pm.move, n);
        if (pos.sideToMove() == Color::Red)
            e.word(num + ". " + text);
        else if (needNumber)
            e.word(num + "... " + text);
        else
            e.word(text);
        for (int nag : pm.nags)
            e.word("$" + std::to_string(nag));
        std::string comment = pm.clockMs >= 0 ? "[%clk " + formatClk(pm.clockMs) + "]" : "";
        if (!pm.comment.empty())
            comment += (comment.empty() ? "" : " ") + pm.comment;
        if (!comment.empty())
            e.word(commentText(comment));
        for (const PgnLine& v : pm.variations) {
            e.open();
            writeLine(e, v, pos, n);
            e.close();
        }
        needNumber = !comment.empty() || !pm.variations.empty();
        if (!pos.isPseudoLegal(pm.move) || !pos.isLegal(pm.move))
            break; // not a valid record: write what is valid
        Undo u;
        pos.makeMove(pm.move, u);
    }
}

std::string escapeTag(const std::string& v) {
    std::string out;
    for (char c : v) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c == '\n' || c == '\r' ? ' ' : c;
    }
    return out;
}

bool isStandardStart(const Position& p) {
    static const std::string start = toFen(*parseFen(kStartFen));
    return toFen(p) == start;
}

} // namespace

bool PgnLine::operator==(const PgnLine& o) const {
    return comment == o.comment && moves == o.moves;
}

PgnGame::PgnGame()
    : start(*parseFen(kStartFen)) {}

std::string PgnGame::tag(std::string_view name) const {
    for (const auto& [k, v] : tags)
        if (k == name)
            return v;
    return {};
}

void PgnGame::setTag(std::string_view name, std::string value) {
    for (auto& [k, v] : tags)
        if (k == name) {
            v = std::move(value);
            return;
        }
    tags.emplace_back(std::string(name), std::move(value));
}

Expected<std::vector<PgnGame>> readPgnGames(std::string_view bytes) {
    auto text = decodeText(bytes);
    if (!text)
        return Error{text.error()};
    auto tokens = Tokenizer(*text).run();
    if (!tokens)
        return Error{tokens.error()};
    return Reader(std::move(*tokens)).run();
}

Expected<PgnGame> readPgn(std::string_view bytes) {
    auto games = readPgnGames(bytes);
    if (!games)
        return Error{games.error()};
    if (games->empty())
        return Error{"no game found"};
    return std::move(games->front());
}

Expected<std::vector<PgnGame>> readPgnFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error{"cannot open '" + path + "'"};
    std::ostringstream buffer;
    buffer << in.rdbuf();
    auto games = readPgnGames(buffer.str());
    if (!games)
        return Error{path + ": " + games.error()};
    return games;
}

std::string writePgn(const PgnGame& game, Notation n) {
    std::vector<std::pair<std::string, std::string>> tags;
    tags.emplace_back("Game", "Chinese Chess");
    for (const char* name : {"Event", "Site", "Date", "Round", "Red", "Black"}) {
        const std::string v = game.tag(name);
        tags.emplace_back(name, v.empty() ? "?" : v);
    }
    tags.emplace_back("Result", game.result.empty() ? "*" : game.result);
    if (!isStandardStart(game.start))
        tags.emplace_back("FEN", toFen(game.start));
    tags.emplace_back("Format", std::string(notationName(n)));
    for (const auto& [k, v] : game.tags) {
        bool known = false;
        for (const char* name :
             {"Game", "Event", "Site", "Date", "Round", "Red", "Black", "Result", "FEN", "Format"})
            known = known || k == name;
        if (!known)
            tags.emplace_back(k, v);
    }

    std::string out;
    for (const auto& [k, v] : tags)
        out += "[" + k + " \"" + escapeTag(v) + "\"]\n";
    out += '\n';
    Emitter e;
    writeLine(e, game.main, game.start, n);
    e.word(game.result.empty() ? "*" : game.result);
    out += e.take();
    out += '\n';
    return out;
}

std::string writePgnGames(const std::vector<PgnGame>& games, Notation n) {
    std::string out;
    for (const PgnGame& g : games) {
        if (!out.empty())
            out += '\n';
        out += writePgn(g, n);
    }
    return out;
}

PgnGame pgnFromGame(const Game& game) {
    PgnGame g;
    g.start = game.startPosition();
    for (Move m : game.moves())
        g.main.moves.push_back(PgnMove{m, {}, {}, {}});
    g.result = game.result().pgnResult();
    g.setTag("Result", g.result);
    // A game the repetition rules decided says why: a Termination tag (PGN standard values)
    // and the verdict's sentence as a comment after the last move.
    const GameResult r = game.result();
    if ((r.reason == Reason::Repetition || r.reason == Reason::PerpetualCheck)
        && !g.main.moves.empty()) {
        g.setTag("Termination", r.isRepetitionLoss() ? "rules infraction" : "normal");
        g.main.moves.back().comment = r.describe();
    }
    if (r.reason == Reason::Time || r.reason == Reason::TimeNoMating)
        g.setTag("Termination", "time forfeit");
    return g;
}

Expected<Game> gameFromPgn(const PgnGame& pgn, RuleConfig rules) {
    Game game(pgn.start, rules);
    for (const PgnMove& pm : pgn.main.moves) {
        // A record that goes on after a repetition or move-limit draw was played on by the
        // players, so the moves are kept (forcePlay); only an illegal move is refused.
        const int number = game.position().fullmoveNumber();
        if (!game.forcePlay(pm.move))
            return Error{"move " + std::to_string(number) + " (" + toIccs(pm.move)
                         + ") is not legal"
                         + (game.isOver() ? " (the game ended: " + game.result().describe() + ")"
                                          : std::string())};
    }
    game.adjudicate(pgnAdjudication(pgn)); // nothing when the moves ended the game
    return game;
}

GameResult pgnAdjudication(const PgnGame& pgn) {
    // A loss on time says so in the Termination tag (PGN standard value "time forfeit").
    const bool onTime = pgn.tag("Termination") == "time forfeit";
    if (pgn.result == "1-0")
        return winFor(Color::Red, onTime ? Reason::Time : Reason::Resignation);
    if (pgn.result == "0-1")
        return winFor(Color::Black, onTime ? Reason::Time : Reason::Resignation);
    if (pgn.result == "1/2-1/2" && onTime)
        return drawBy(Reason::TimeNoMating);
    return {};
}

} // namespace xq::core
