#include "enginelink/protocol.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "core/notation.h"

namespace xq::link {

std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i])))
            ++i;
        const std::size_t start = i;
        while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i])))
            ++i;
        if (i > start)
            out.push_back(line.substr(start, i - start));
    }
    return out;
}

std::string join(const std::vector<std::string_view>& w, std::size_t from, std::size_t to) {
    std::string out;
    for (std::size_t i = from; i < to && i < w.size(); ++i) {
        if (!out.empty())
            out += ' ';
        out += w[i];
    }
    return out;
}

std::optional<long long> toInt(std::string_view s) {
    long long v        = 0;
    const char* end    = s.data() + s.size();
    const auto [p, ec] = std::from_chars(s.data(), end, v);
    if (ec != std::errc{} || p != end)
        return std::nullopt;
    return v;
}

bool equalsNoCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x))
                      == std::tolower(static_cast<unsigned char>(y));
           });
}

// A line as it may appear in a message: printable, and not too long.
std::string quoted(std::string_view s) {
    std::string out;
    for (char c : s.substr(0, 60))
        out += std::isprint(static_cast<unsigned char>(c)) ? c : '?';
    if (s.size() > 60)
        out += "...";
    return "'" + out + "'";
}

std::string seconds(int ms) {
    const int tenths = (ms + 50) / 100;
    return std::to_string(tenths / 10) + (tenths % 10 ? "." + std::to_string(tenths % 10) : "")
           + " s";
}

std::string_view protocolKey(EngineProtocol p) {
    switch (p) {
    case EngineProtocol::Uci:
        return "uci";
    case EngineProtocol::Ucci:
        return "ucci";
    case EngineProtocol::Auto:
        break;
    }
    return "auto";
}

bool parseProtocolKey(std::string_view key, EngineProtocol& out) {
    for (EngineProtocol p : {EngineProtocol::Auto, EngineProtocol::Uci, EngineProtocol::Ucci})
        if (protocolKey(p) == key) {
            out = p;
            return true;
        }
    return false;
}

std::string_view optionTypeName(EngineOption::Type t) {
    switch (t) {
    case EngineOption::Type::Spin:
        return "spin";
    case EngineOption::Type::Check:
        return "check";
    case EngineOption::Type::Combo:
        return "combo";
    case EngineOption::Type::Button:
        return "button";
    case EngineOption::Type::String:
        break;
    }
    return "string";
}

std::optional<EngineOption> parseOptionLine(std::string_view line, EngineProtocol protocol) {
    const auto w = words(line);
    if (w.size() < 4 || w[0] != "option")
        return std::nullopt;
    // The keywords that end a field. UCI names may hold spaces ("Clear Hash"); a UCCI name is
    // one word right after "option".
    auto isKeyword = [](std::string_view s) {
        return s == "type" || s == "default" || s == "min" || s == "max" || s == "var";
    };
    EngineOption o;
    std::size_t i = 1;
    if (protocol == EngineProtocol::Ucci) {
        o.name = std::string(w[1]);
        i      = 2;
    } else {
        if (w[1] != "name")
            return std::nullopt;
        std::size_t j = 2;
        while (j < w.size() && w[j] != "type")
            ++j;
        o.name = join(w, 2, j);
        i      = j;
    }
    if (o.name.empty())
        return std::nullopt;
    bool typed = false;
    while (i < w.size()) {
        const std::string_view key = w[i];
        std::size_t j              = i + 1;
        while (j < w.size() && !isKeyword(w[j]))
            ++j;
        const std::string value = join(w, i + 1, j);
        if (key == "type") {
            typed = true;
            if (value == "spin")
                o.type = EngineOption::Type::Spin;
            else if (value == "check")
                o.type = EngineOption::Type::Check;
            else if (value == "combo")
                o.type = EngineOption::Type::Combo;
            else if (value == "button")
                o.type = EngineOption::Type::Button;
            else if (value == "string" || value == "label")
                o.type = EngineOption::Type::String;
            else
                return std::nullopt;
        } else if (key == "default") {
            o.defaultValue = value == "<empty>" ? "" : value;
        } else if (key == "min" || key == "max") {
            const auto v = toInt(value);
            if (!v)
                return std::nullopt;
            (key == "min" ? o.min : o.max) = *v;
        } else if (key == "var") {
            o.vars.push_back(value);
        } else {
            return std::nullopt;
        }
        i = j;
    }
    if (!typed || (o.type == EngineOption::Type::Spin && o.min > o.max))
        return std::nullopt;
    if (o.type == EngineOption::Type::Spin) {
        const auto d   = toInt(o.defaultValue);
        o.defaultValue = std::to_string(std::clamp(d.value_or(o.min), o.min, o.max));
    }
    return o;
}

std::optional<std::string> validOptionValue(const EngineOption& o, std::string_view value) {
    switch (o.type) {
    case EngineOption::Type::Spin: {
        const auto v = toInt(value);
        const auto d = toInt(o.defaultValue);
        return std::to_string(std::clamp(v ? *v : d.value_or(o.min), o.min, o.max));
    }
    case EngineOption::Type::Check:
        if (equalsNoCase(value, "true") || equalsNoCase(value, "false"))
            return equalsNoCase(value, "true") ? "true" : "false";
        return equalsNoCase(o.defaultValue, "true") ? "true" : "false";
    case EngineOption::Type::Combo:
        for (const std::string& v : o.vars)
            if (equalsNoCase(v, value))
                return v;
        return o.defaultValue;
    case EngineOption::Type::String:
        return std::string(value);
    case EngineOption::Type::Button:
        break;
    }
    return std::nullopt;
}

core::Expected<std::vector<std::string>> splitCommand(std::string_view command) {
    std::vector<std::string> out;
    std::string word;
    bool inWord = false;
    for (std::size_t i = 0; i < command.size(); ++i) {
        const char c = command[i];
        if (c == '\'') {
            const std::size_t end = command.find('\'', i + 1);
            if (end == std::string_view::npos)
                return core::Error{"the engine command has an unclosed ' quote"};
            word.append(command.substr(i + 1, end - i - 1));
            inWord = true;
            i      = end;
        } else if (c == '"') {
            std::size_t j = i + 1;
            for (; j < command.size() && command[j] != '"'; ++j) {
                if (command[j] == '\\' && j + 1 < command.size()
                    && (command[j + 1] == '"' || command[j + 1] == '\\'))
                    ++j;
                word += command[j];
            }
            if (j >= command.size())
                return core::Error{"the engine command has an unclosed \" quote"};
            inWord = true;
            i      = j;
        } else if (c == '\\' && i + 1 < command.size()) {
            word += command[++i];
            inWord = true;
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            if (inWord)
                out.push_back(std::exchange(word, {}));
            inWord = false;
        } else {
            word += c;
            inWord = true;
        }
    }
    if (inWord)
        out.push_back(word);
    return out;
}

std::string engineMoveText(core::Move m, RankBase ranks) {
    if (ranks == RankBase::Zero)
        return core::toIccs(m);
    auto square = [](core::Square s) {
        return std::string(1, static_cast<char>('a' + s % 9)) + std::to_string(s / 9 + 1);
    };
    return square(m.from()) + square(m.to());
}

std::optional<core::Move> parseEngineMove(std::string_view text, RankBase ranks) {
    // A square is a file letter and one or two digits; the ranks are 0..9 or 1..10.
    auto square = [&](std::size_t& i) -> std::optional<core::Square> {
        if (i >= text.size() || text[i] < 'a' || text[i] > 'i')
            return std::nullopt;
        const int file = text[i++] - 'a';
        int rank = 0, digits = 0;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && digits < 2) {
            rank = rank * 10 + (text[i++] - '0');
            ++digits;
        }
        if (digits == 0)
            return std::nullopt;
        if (ranks == RankBase::One)
            --rank;
        if (rank < 0 || rank > 9)
            return std::nullopt;
        return core::makeSquare(file, rank);
    };
    std::size_t i   = 0;
    const auto from = square(i);
    const auto to   = square(i);
    if (!from || !to || i != text.size() || *from == *to)
        return std::nullopt;
    return core::Move(*from, *to);
}

long long spinStepValue(const EngineOption& o, long long value, bool up) {
    value                 = std::clamp(value, o.min, o.max);
    const long long range = o.max - o.min;
    const long long low   = std::max(o.min, 1LL);
    long long next        = value;
    if (o.max >= 100 * low) {
        // Doubling and halving: 64 -> 128 -> 256 MB, and back.
        next = up ? (value < low ? low : (value > o.max / 2 ? o.max : value * 2))
                  : std::max(value / 2, o.min);
    } else {
        auto linearStep = [range] {
            for (long long base = 1;; base *= 10)
                for (long long m : {1, 2, 5})
                    if (base * m * 50 >= range)
                        return base * m;
        };
        const long long step = linearStep();
        next                 = up ? value + step : value - step;
    }
    return std::clamp(next, o.min, o.max);
}

} // namespace xq::link
