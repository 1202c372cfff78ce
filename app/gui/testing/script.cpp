#include "app/gui/testing/script.h"

#include <map>
#include <sstream>

namespace xq::gui {

std::optional<core::Square> parseSquareName(std::string_view name) {
    if (name.size() != 2 || name[0] < 'a' || name[0] > 'i' || name[1] < '0' || name[1] > '9')
        return std::nullopt;
    return core::makeSquare(name[0] - 'a', name[1] - '0');
}

core::Expected<std::vector<ScriptCommand>> parseScript(std::string_view text) {
    // Command -> number of arguments (-1: the rest of the line, at least one word).
    static const std::map<std::string, int> kArity = {
        {"click", 1},       {"rclick", 1},     {"drag", 2},         {"key", 1},
        {"button", 1},      {"wait", 1},       {"idle", 0},         {"screenshot", 1},
        {"expect-fen", -1}, {"expect-ply", 1}, {"expect-state", 2}, {"save-pgn", 1},
        {"quit", 0},        {"type", -1},      {"log-state", 1},
    };
    std::vector<ScriptCommand> out;
    std::istringstream in{std::string(text)};
    std::string line;
    int lineNo = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        if (const auto hash = line.find('#'); hash != std::string::npos)
            line.erase(hash);
        std::istringstream words(line);
        ScriptCommand c;
        c.line = lineNo;
        if (!(words >> c.name))
            continue;
        std::getline(words >> std::ws, c.rest);
        std::istringstream restWords(c.rest);
        for (std::string w; restWords >> w;)
            c.args.push_back(w);
        const auto it           = kArity.find(c.name);
        const std::string where = "script line " + std::to_string(lineNo) + ": ";
        if (it == kArity.end())
            return core::Error{where + "unknown command '" + c.name + "'"};
        if (it->second >= 0 && static_cast<int>(c.args.size()) != it->second)
            return core::Error{where + "'" + c.name + "' takes " + std::to_string(it->second)
                               + " argument(s)"};
        if (it->second < 0 && c.args.empty())
            return core::Error{where + "'" + c.name + "' needs an argument"};
        if (c.name == "click" || c.name == "rclick" || c.name == "drag")
            for (const std::string& a : c.args)
                if (!parseSquareName(a))
                    return core::Error{where + "'" + a + "' is not a point (a0..i9)"};
        if (c.name == "wait" || c.name == "expect-ply") {
            try {
                if (std::stoi(c.args[0]) < 0)
                    throw std::invalid_argument("negative");
            } catch (const std::exception&) {
                return core::Error{where + "'" + c.args[0] + "' is not a number"};
            }
        }
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace xq::gui
