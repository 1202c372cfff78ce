#include "app/gui/game_record.h"

#include <cctype>
#include <sstream>

#include "app/gui/paths.h"
#include "core/fen.h"

namespace xq::gui {

namespace {

bool isLegalMove(const core::Position& pos, core::Move m) {
    return !m.isNone() && pos.isPseudoLegal(m) && pos.isLegal(m);
}

bool isResultToken(std::string_view t) {
    return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

std::string escapeTag(const std::string& v) {
    std::string out;
    for (char c : v) {
        if (c == '"' || c == '\\')
            out += '\\';
        if (c != '\n' && c != '\r')
            out += c;
    }
    return out;
}

} // namespace

core::Expected<core::Move> parseMoveText(const core::Position& pos, std::string_view text) {
    auto iccs = core::parseIccs(pos, text);
    if (iccs)
        return iccs;
    auto any = core::parseMove(pos, text);
    if (any && isLegalMove(pos, *any))
        return any;
    return core::Error{any ? "'" + std::string(text) + "' is not a legal move here" : any.error()};
}

std::string moveText(const core::Position& pos, core::Move m, core::Notation n) {
    if (n != core::Notation::Iccs) {
        std::string s = core::formatMove(pos, m, n);
        if (!s.empty())
            return s;
    }
    return core::toIccs(m);
}

std::string pvText(core::Position pos, const std::vector<core::Move>& pv, core::Notation n,
                   std::size_t maxMoves) {
    std::string out;
    std::size_t count = 0;
    for (core::Move m : pv) {
        if (count++ == maxMoves || !isLegalMove(pos, m))
            break;
        if (!out.empty())
            out += ' ';
        out += moveText(pos, m, n);
        core::Undo u;
        pos.makeMove(m, u);
    }
    return out;
}

std::string writePgn(const core::Game& game, const Tags& tags) {
    Tags all = tags;
    all.try_emplace("Game", "Chinese Chess");
    all.try_emplace("Event", "Casual game");
    all.try_emplace("Site", "xiangqi");
    all.try_emplace("Date", dateForPgn());
    all.try_emplace("Red", "Red");
    all.try_emplace("Black", "Black");
    all["Result"]              = game.result().pgnResult();
    const std::string startFen = core::toFen(game.startPosition());
    if (startFen != core::kStartFen)
        all["FEN"] = startFen;
    else
        all.erase("FEN");
    all["Format"] = "ICCS";
    std::ostringstream out;
    // The seven-tag roster first, in its customary order, then the rest alphabetically.
    static const char* const kRoster[] = {"Game", "Event", "Site",  "Date",
                                          "Red",  "Black", "Result"};
    for (const char* key : kRoster)
        out << '[' << key << " \"" << escapeTag(all[key]) << "\"]\n";
    for (const auto& [key, value] : all) {
        bool inRoster = false;
        for (const char* r : kRoster)
            inRoster = inRoster || key == r;
        if (!inRoster)
            out << '[' << key << " \"" << escapeTag(value) << "\"]\n";
    }
    out << '\n';
    core::Position pos    = game.startPosition();
    const bool blackFirst = pos.sideToMove() == core::Color::Black;
    std::string line;
    int moveNumber = pos.fullmoveNumber();
    for (std::size_t i = 0; i < game.moves().size(); ++i) {
        std::string token;
        const bool redMove = (i % 2 == 0) != blackFirst;
        if (redMove)
            token = std::to_string(moveNumber) + ". ";
        else if (i == 0)
            token = std::to_string(moveNumber) + "... ";
        token += core::toIccs(game.moves()[i]);
        if (!redMove)
            ++moveNumber;
        if (line.size() + token.size() > 78) {
            out << line << '\n';
            line.clear();
        }
        line += (line.empty() ? "" : " ") + token;
    }
    const std::string result = game.result().pgnResult();
    if (line.size() + result.size() > 78) {
        out << line << '\n';
        line.clear();
    }
    line += (line.empty() ? "" : " ") + result;
    out << line << '\n';
    return out.str();
}

core::Expected<GameRecord> readPgn(std::string_view text) {
    GameRecord rec;
    std::string movetext;
    std::istringstream in{std::string(text)};
    std::string lineText;
    int lineNo = 0;
    while (std::getline(in, lineText)) {
        ++lineNo;
        if (!lineText.empty() && lineText.back() == '\r')
            lineText.pop_back();
        std::size_t first = lineText.find_first_not_of(" \t");
        if (first != std::string::npos && lineText[first] == '['
            && movetext.find_first_not_of(" \n") == std::string::npos) {
            const std::size_t sp = lineText.find(' ', first), q1 = lineText.find('"', first),
                              q2 = lineText.rfind('"'), close = lineText.rfind(']');
            if (sp == std::string::npos || q1 == std::string::npos || q2 <= q1
                || close == std::string::npos || close < q2)
                return core::Error{"line " + std::to_string(lineNo) + ": malformed tag"};
            std::string value;
            for (std::size_t i = q1 + 1; i < q2; ++i) {
                if (lineText[i] == '\\' && i + 1 < q2)
                    ++i;
                value += lineText[i];
            }
            rec.tags[lineText.substr(first + 1, sp - first - 1)] = value;
            continue;
        }
        movetext += lineText + '\n';
    }
    core::Position start;
    if (auto it = rec.tags.find("FEN"); it != rec.tags.end()) {
        auto pos = core::parseFen(it->second);
        if (!pos)
            return core::Error{"FEN tag: " + pos.error()};
        start = *pos;
    } else {
        start = *core::parseFen(core::kStartFen);
    }
    rec.game = core::Game(start);
    // Movetext: drop comments {..} and ;.. and variations (..), move numbers and results.
    std::string cleaned;
    int braces = 0, parens = 0;
    for (std::size_t i = 0; i < movetext.size(); ++i) {
        const char c = movetext[i];
        if (braces > 0) {
            braces -= c == '}';
            continue;
        }
        if (c == '{') {
            ++braces;
            continue;
        }
        if (c == ';' && parens == 0) {
            while (i < movetext.size() && movetext[i] != '\n')
                ++i;
            continue;
        }
        if (c == '(') {
            ++parens;
            continue;
        }
        if (c == ')') {
            parens = parens > 0 ? parens - 1 : 0;
            continue;
        }
        if (parens == 0)
            cleaned += c;
    }
    std::istringstream tokens(cleaned);
    std::string token;
    std::string resultToken;
    while (tokens >> token) {
        // "12." "12..." and "12.h2e2": strip the move number.
        std::size_t k = 0;
        while (k < token.size() && std::isdigit(static_cast<unsigned char>(token[k])))
            ++k;
        if (k > 0 && k < token.size() && token[k] == '.') {
            while (k < token.size() && token[k] == '.')
                ++k;
            token = token.substr(k);
            if (token.empty())
                continue;
        }
        if (isResultToken(token)) {
            resultToken = token;
            break;
        }
        if (token[0] == '$') // numeric annotation glyph
            continue;
        while (!token.empty()
               && (token.back() == '!' || token.back() == '?' || token.back() == '+'
                   || token.back() == '#')
               && token.size() > 4)
            token.pop_back();
        auto m = parseMoveText(rec.game.position(), token);
        if (!m)
            return core::Error{"move " + std::to_string(rec.game.ply() + 1) + " (" + token
                               + "): " + m.error()};
        if (!rec.game.play(*m))
            return core::Error{"move " + std::to_string(rec.game.ply() + 1) + " (" + token
                               + ") comes after the end of the game"};
    }
    if (resultToken.empty())
        if (auto it = rec.tags.find("Result"); it != rec.tags.end())
            resultToken = it->second;
    if (!rec.game.isOver()) {
        if (resultToken == "1-0")
            rec.game.resign(core::Color::Black);
        else if (resultToken == "0-1")
            rec.game.resign(core::Color::Red);
    }
    return rec;
}

} // namespace xq::gui
