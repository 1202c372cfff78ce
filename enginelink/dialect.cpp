#include "enginelink/dialect.h"

#include <algorithm>
#include <type_traits>

#include "core/fen.h"

namespace xq::link {

std::string greetingLine(EngineProtocol p) {
    return p == EngineProtocol::Ucci ? "ucci" : "uci";
}

std::string greetingOk(EngineProtocol p) {
    return greetingLine(p) + "ok";
}

std::string setOptionLine(EngineProtocol p, std::string_view name,
                          const std::optional<std::string>& value) {
    if (p == EngineProtocol::Ucci)
        return "setoption " + std::string(name) + (value ? " " + *value : "");
    return "setoption name " + std::string(name) + (value ? " value " + *value : "");
}

std::string positionLine(const core::Position& start, const std::vector<core::Move>& moves,
                         RankBase ranks) {
    std::string line = "position fen " + core::toFen(start);
    if (!moves.empty())
        line += " moves";
    for (core::Move m : moves)
        line += " " + engineMoveText(m, ranks);
    return line;
}

std::string goLine(EngineProtocol p, const ai::SearchLimits& l, core::Color side) {
    const int us = core::index(side), them = 1 - us;
    std::string go = "go";
    if (p == EngineProtocol::Ucci) {
        if (l.infinite)
            return "go depth infinite";
        if (l.movetime > 0)
            return "go time " + std::to_string(l.movetime) + " movestogo 1";
        if (l.time[0] > 0 || l.time[1] > 0) {
            go += " time " + std::to_string(l.time[us]);
            go += l.movesToGo > 0 ? " movestogo " + std::to_string(l.movesToGo)
                                  : " increment " + std::to_string(l.increment[us]);
            go += " opptime " + std::to_string(l.time[them]);
            go += l.movesToGo > 0 ? " oppmovestogo " + std::to_string(l.movesToGo)
                                  : " oppincrement " + std::to_string(l.increment[them]);
            return go;
        }
    } else {
        if (l.infinite)
            return "go infinite";
        if (l.movetime > 0)
            return "go movetime " + std::to_string(l.movetime);
        if (l.time[0] > 0 || l.time[1] > 0) {
            go += " wtime " + std::to_string(l.time[0]) + " btime " + std::to_string(l.time[1]);
            go += " winc " + std::to_string(l.increment[0]) + " binc "
                  + std::to_string(l.increment[1]);
            if (l.movesToGo > 0)
                go += " movestogo " + std::to_string(l.movesToGo);
            return go;
        }
    }
    if (l.depth > 0)
        go += " depth " + std::to_string(l.depth);
    if (l.nodes > 0)
        go += " nodes " + std::to_string(l.nodes);
    return go == "go" ? "go depth 10" : go;
}

std::optional<ai::SearchInfo> parseInfoLine(std::string_view line, const core::Position& root,
                                            RankBase ranks, std::string& garbage) {
    const auto w = words(line);
    ai::SearchInfo info;
    bool scored = false;
    for (std::size_t i = 1; i < w.size(); ++i) {
        const std::string_view key = w[i];
        if (key == "string")
            return std::nullopt;
        auto number = [&](auto& field) {
            if (i + 1 >= w.size())
                return false;
            const auto v = toInt(w[++i]);
            if (!v) {
                garbage = "info " + std::string(key) + " " + quoted(w[i]);
                return false;
            }
            field = static_cast<std::remove_reference_t<decltype(field)>>(*v);
            return true;
        };
        if (key == "depth" || key == "seldepth" || key == "multipv" || key == "nodes"
            || key == "nps" || key == "time") {
            long long v = 0;
            if (!number(v))
                return std::nullopt;
            if (key == "depth")
                info.depth = static_cast<int>(v);
            else if (key == "seldepth")
                info.selDepth = static_cast<int>(v);
            else if (key == "multipv")
                info.multiPvIndex = static_cast<int>(std::max(1LL, v));
            else if (key == "nodes")
                info.nodes = static_cast<std::uint64_t>(std::max(0LL, v));
            else if (key == "nps")
                info.nps = static_cast<std::uint64_t>(std::max(0LL, v));
            else
                info.timeMs = v;
        } else if (key == "score") {
            // UCI: "score cp 31" / "score mate -3"; UCCI: "score 31".
            long long v = 0;
            if (i + 1 < w.size() && (w[i + 1] == "cp" || w[i + 1] == "mate")) {
                const bool mate = w[++i] == "mate";
                if (!number(v))
                    return std::nullopt;
                if (mate) {
                    // A garbage count ("mate -6679214017356322134") must not overflow.
                    v           = std::clamp(v, -1000LL, 1000LL);
                    info.mateIn = static_cast<int>(v);
                    const int plies =
                        v > 0 ? static_cast<int>(2 * v - 1) : static_cast<int>(-2 * v);
                    info.score = v > 0 ? ai::kMateScore - plies : -ai::kMateScore + plies;
                } else {
                    info.score = static_cast<int>(std::clamp(v, -20000LL, 20000LL));
                }
            } else {
                if (!number(v))
                    return std::nullopt;
                info.score = static_cast<int>(std::clamp(v, -20000LL, 20000LL));
            }
            scored = true;
        } else if (key == "pv") {
            // The line as far as it is legal.
            core::Position pos = root;
            for (std::size_t j = i + 1; j < w.size(); ++j) {
                const auto m = parseEngineMove(w[j], ranks);
                if (!m || !pos.isPseudoLegal(*m) || !pos.isLegal(*m))
                    break;
                core::Undo u;
                pos.makeMove(*m, u);
                info.pv.push_back(*m);
            }
            break;
        }
    }
    if (!scored)
        return std::nullopt;
    return info;
}

BestMoveLine parseBestMoveLine(std::string_view line, RankBase ranks) {
    BestMoveLine out;
    const auto w = words(line);
    if (w.size() >= 2 && w[0] == "bestmove")
        out.best = parseEngineMove(w[1], ranks);
    if (w.size() >= 4 && w[2] == "ponder")
        out.ponder = parseEngineMove(w[3], ranks);
    return out;
}

} // namespace xq::link
