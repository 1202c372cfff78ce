#include "app/gui/model/settings.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include <nlohmann/json.hpp>

#include "ai/threads.h"
#include "app/gui/model/paths.h"
#include "core/clock.h"

namespace xq::gui {

namespace {

using nlohmann::json;

std::string_view notationKey(core::Notation n) {
    switch (n) {
    case core::Notation::Iccs:
        return "iccs";
    case core::Notation::Wxf:
        return "wxf";
    case core::Notation::Chinese:
        break;
    }
    return "chinese";
}

// Reads an optional field of the expected JSON kind; a wrong kind is an error.
template <class T, class Check>
bool readField(const json& j, const char* key, T& out, Check isKind, std::string& error) {
    auto it = j.find(key);
    if (it == j.end())
        return true;
    if (!isKind(*it)) {
        error = std::string("settings field \"") + key + "\" has the wrong type";
        return false;
    }
    out = it->get<T>();
    return true;
}

// The "engine" object: {"command", "protocol", "options": {engine name: {name: value}},
// "opponent", "analysis", "review"}. Texts longer than kEngineTextBound are cut; options beyond
// the count are dropped. Option values written before they were kept per engine (one flat
// {name: value} object) are read under the engine name "" and sent to no engine.
json engineToJson(const EngineSettings& e) {
    json options = json::object();
    for (const auto& [engine, values] : e.options) {
        json one = json::object();
        for (const auto& [name, value] : values)
            one[name] = value;
        options[engine] = one;
    }
    return {{"command", e.command},   {"protocol", std::string(protocolKey(e.protocol))},
            {"options", options},     {"opponent", e.opponent},
            {"analysis", e.analysis}, {"review", e.review}};
}

bool engineFromJson(const json& j, EngineSettings& e, std::string& error) {
    if (!j.is_object()) {
        error = "settings field \"engine\" has the wrong type";
        return false;
    }
    auto isBool   = [](const json& v) { return v.is_boolean(); };
    auto isString = [](const json& v) { return v.is_string(); };
    std::string protocol;
    if (!readField(j, "command", e.command, isString, error)
        || !readField(j, "protocol", protocol, isString, error)
        || !readField(j, "opponent", e.opponent, isBool, error)
        || !readField(j, "analysis", e.analysis, isBool, error)
        || !readField(j, "review", e.review, isBool, error)) {
        error = "engine: " + error;
        return false;
    }
    const auto maxText = static_cast<std::size_t>(kEngineTextBound.max);
    e.command.resize(std::min(e.command.size(), maxText));
    parseProtocolKey(protocol, e.protocol); // an unknown name keeps the default
    if (auto it = j.find("options"); it != j.end()) {
        if (!it->is_object()) {
            error = "settings field \"engine.options\" has the wrong type";
            return false;
        }
        std::size_t count = 0;
        auto add = [&](const std::string& engine, const std::string& name, const json& value) {
            if (!value.is_string()) {
                error = "engine option \"" + name + "\" is not a string";
                return false;
            }
            if (count++ < static_cast<std::size_t>(kEngineOptionCountBound.max))
                e.options[engine.substr(0, maxText)].emplace_back(
                    name.substr(0, maxText), value.get<std::string>().substr(0, maxText));
            return true;
        };
        for (const auto& [key, value] : it->items()) {
            if (!value.is_object()) {
                if (!add("", key, value))
                    return false;
                continue;
            }
            for (const auto& [name, v] : value.items())
                if (!add(key, name, v))
                    return false;
        }
    }
    return true;
}

} // namespace

std::string_view modeName(PlayMode m) {
    switch (m) {
    case PlayMode::PlayRed:
        return "red";
    case PlayMode::PlayBlack:
        return "black";
    case PlayMode::TwoPlayers:
        return "both";
    case PlayMode::ComputerBoth:
        return "none";
    case PlayMode::Analysis:
        return "analysis";
    }
    return "red";
}

bool parseModeName(std::string_view name, PlayMode& out) {
    for (PlayMode m : kPlayModes)
        if (modeName(m) == name) {
            out = m;
            return true;
        }
    return false;
}

std::string_view themeName(Theme t) {
    switch (t) {
    case Theme::Wood:
        return "wood";
    case Theme::Paper:
        return "paper";
    case Theme::Dark:
        return "dark";
    case Theme::Contrast:
        return "contrast";
    }
    return "wood";
}

bool parseThemeName(std::string_view name, Theme& out) {
    for (Theme t : {Theme::Wood, Theme::Paper, Theme::Dark, Theme::Contrast})
        if (themeName(t) == name) {
            out = t;
            return true;
        }
    return false;
}

IntBound threadsBound() {
    const int cores = ai::maxSearchThreads();
    return {1, cores, std::max(1, cores - 1)};
}

WindowSize fitWindow(WindowSize wanted, WindowSize screen) {
    if (screen.width == 0 || screen.height <= kScreenMarginH)
        return wanted;
    const double roomW = screen.width, roomH = screen.height - kScreenMarginH;
    if (wanted.width <= roomW && wanted.height <= roomH)
        return wanted;
    const double k = std::min(roomW / wanted.width, roomH / wanted.height);
    auto scaled    = [k](unsigned v, const IntBound& b) {
        return static_cast<unsigned>(b.clamp(static_cast<long long>(std::floor(v * k))));
    };
    return {scaled(wanted.width, kWindowWidthBound), scaled(wanted.height, kWindowHeightBound)};
}

std::string toJson(const Settings& s) {
    json j;
    j["depth"]            = s.depth;
    j["useMoveTime"]      = s.useMoveTime;
    j["moveTimeMs"]       = s.moveTimeMs;
    j["level"]            = s.level;
    j["side"]             = std::string(modeName(s.mode));
    j["notation"]         = std::string(notationKey(s.notation));
    j["sound"]            = s.sound;
    j["pieceStyle"]       = s.pieceStyle == PieceStyle::Western ? "western" : "chinese";
    j["boardTheme"]       = std::string(themeName(s.boardTheme));
    j["pieceTheme"]       = std::string(themeName(s.pieceTheme));
    j["coordinates"]      = s.showCoordinates;
    j["lastMove"]         = s.showLastMove;
    j["language"]         = s.language == Language::Chinese ? "zh" : "en";
    j["windowWidth"]      = s.windowWidth;
    j["windowHeight"]     = s.windowHeight;
    j["analysisLines"]    = s.analysisLines;
    j["reviewDepth"]      = s.reviewDepth;
    j["reviewVariations"] = s.reviewVariations;
    j["rules"]            = core::ruleSetName(s.ruleSet);
    j["threads"]          = s.threads;
    j["timeControl"]      = s.timeControl;
    j["computerOnClock"]  = s.computerOnClock;
    j["casual"]           = s.casual;
    j["coach"]            = s.coach;
    j["thinkOnMyTime"]    = s.thinkOnMyTime;
    j["engine"]           = engineToJson(s.engine);
    return j.dump(2) + "\n";
}

core::Expected<Settings> settingsFromJson(std::string_view text) {
    const json j = json::parse(text.begin(), text.end(), nullptr, false);
    if (j.is_discarded())
        return core::Error{"settings file is not valid JSON"};
    if (!j.is_object())
        return core::Error{"settings file does not hold a JSON object"};
    Settings s;
    std::string error, side, notation, style, language, boardTheme, pieceTheme, rules;
    auto isInt      = [](const json& v) { return v.is_number_integer(); };
    auto isBool     = [](const json& v) { return v.is_boolean(); };
    auto isString   = [](const json& v) { return v.is_string(); };
    long long depth = s.depth, moveTime = s.moveTimeMs, width = s.windowWidth,
              height = s.windowHeight, lines = s.analysisLines, reviewDepth = s.reviewDepth,
              threads = s.threads, level = s.level, ponder = s.thinkOnMyTime;
    if (!readField(j, "depth", depth, isInt, error)
        || !readField(j, "useMoveTime", s.useMoveTime, isBool, error)
        || !readField(j, "moveTimeMs", moveTime, isInt, error)
        || !readField(j, "level", level, isInt, error)
        || !readField(j, "side", side, isString, error)
        || !readField(j, "notation", notation, isString, error)
        || !readField(j, "sound", s.sound, isBool, error)
        || !readField(j, "pieceStyle", style, isString, error)
        || !readField(j, "boardTheme", boardTheme, isString, error)
        || !readField(j, "pieceTheme", pieceTheme, isString, error)
        || !readField(j, "coordinates", s.showCoordinates, isBool, error)
        || !readField(j, "lastMove", s.showLastMove, isBool, error)
        || !readField(j, "language", language, isString, error)
        || !readField(j, "windowWidth", width, isInt, error)
        || !readField(j, "windowHeight", height, isInt, error)
        || !readField(j, "analysisLines", lines, isInt, error)
        || !readField(j, "reviewDepth", reviewDepth, isInt, error)
        || !readField(j, "reviewVariations", s.reviewVariations, isBool, error)
        || !readField(j, "rules", rules, isString, error)
        || !readField(j, "threads", threads, isInt, error)
        || !readField(j, "timeControl", s.timeControl, isString, error)
        || !readField(j, "computerOnClock", s.computerOnClock, isBool, error)
        || !readField(j, "casual", s.casual, isBool, error)
        || !readField(j, "coach", s.coach, isBool, error)
        || !readField(j, "thinkOnMyTime", ponder, isInt, error))
        return core::Error{error};
    // A time control that does not read keeps the default, as an unknown name does.
    if (auto tc = core::parseTimeControl(s.timeControl))
        s.timeControl = core::formatTimeControl(*tc);
    else
        s.timeControl = Settings{}.timeControl;
    if (auto it = j.find("engine"); it != j.end() && !engineFromJson(*it, s.engine, error))
        return core::Error{error};
    s.depth         = kDepthBound.clamp(depth);
    s.moveTimeMs    = kMoveTimeBound.clamp(moveTime);
    s.level         = kLevelBound.clamp(level);
    s.thinkOnMyTime = kThinkOnMyTimeBound.clamp(ponder);
    s.windowWidth   = static_cast<unsigned>(kWindowWidthBound.clamp(width));
    s.windowHeight  = static_cast<unsigned>(kWindowHeightBound.clamp(height));
    s.analysisLines = kAnalysisLinesBound.clamp(lines);
    s.threads       = threadsBound().clamp(threads);
    s.reviewDepth   = kReviewDepthBound.clamp(reviewDepth);
    if (!side.empty())
        parseModeName(side, s.mode); // an unknown name keeps the default
    if (notation == "iccs")
        s.notation = core::Notation::Iccs;
    else if (notation == "wxf")
        s.notation = core::Notation::Wxf;
    else if (notation == "chinese")
        s.notation = core::Notation::Chinese;
    if (style == "western")
        s.pieceStyle = PieceStyle::Western;
    else if (style == "chinese")
        s.pieceStyle = PieceStyle::Chinese;
    parseThemeName(boardTheme, s.boardTheme); // an unknown name keeps the default
    parseThemeName(pieceTheme, s.pieceTheme);
    core::parseRuleSetName(rules, s.ruleSet);
    if (language == "zh")
        s.language = Language::Chinese;
    else if (language == "en")
        s.language = Language::English;
    return s;
}

LoadedSettings loadSettings(const std::filesystem::path& file) {
    LoadedSettings out;
    std::error_code ec;
    if (!std::filesystem::exists(file, ec))
        return out;
    const auto text = readFile(file);
    auto parsed     = text ? settingsFromJson(*text)
                           : core::Expected<Settings>(core::Error{"settings file cannot be read"});
    if (parsed) {
        out.settings = *parsed;
        return out;
    }
    out.problem      = parsed.error();
    out.setAsidePath = setAside(file);
    return out;
}

Settings settingsToSave(const Settings& now, const Settings& atStart, const Settings& inFile) {
    Settings out = now;
    auto keep    = [](auto& field, const auto& start, const auto& file) {
        if (field == start)
            field = file;
    };
    keep(out.depth, atStart.depth, inFile.depth);
    keep(out.useMoveTime, atStart.useMoveTime, inFile.useMoveTime);
    keep(out.moveTimeMs, atStart.moveTimeMs, inFile.moveTimeMs);
    keep(out.level, atStart.level, inFile.level);
    keep(out.mode, atStart.mode, inFile.mode);
    keep(out.reviewDepth, atStart.reviewDepth, inFile.reviewDepth);
    keep(out.threads, atStart.threads, inFile.threads);
    keep(out.timeControl, atStart.timeControl, inFile.timeControl);
    keep(out.casual, atStart.casual, inFile.casual);
    keep(out.thinkOnMyTime, atStart.thinkOnMyTime, inFile.thinkOnMyTime);
    keep(out.computerOnClock, atStart.computerOnClock, inFile.computerOnClock);
    keep(out.engine, atStart.engine, inFile.engine);
    return out;
}

std::string saveSettings(const std::filesystem::path& file, const Settings& s) {
    return writeFileAtomic(file, toJson(s));
}

bool parseWindowSize(std::string_view text, unsigned& width, unsigned& height) {
    const auto x = text.find('x');
    if (x == std::string_view::npos)
        return false;
    long long w = 0, h = 0;
    const auto number = [](std::string_view part, long long& out) {
        const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
        return ec == std::errc{} && end == part.data() + part.size() && !part.empty();
    };
    if (!number(text.substr(0, x), w) || !number(text.substr(x + 1), h))
        return false;
    width  = static_cast<unsigned>(kWindowWidthBound.clamp(w));
    height = static_cast<unsigned>(kWindowHeightBound.clamp(h));
    return true;
}

} // namespace xq::gui
