// EngineClient::search in its steps: beginSearch sends the position, the options the search
// needs and go; onSearchLine takes each line the engine writes; finishSearch checks the
// bestmove and builds the result.
#include <algorithm>
#include <unistd.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "enginelink/client.h"
#include "enginelink/dialect.h"

namespace xq::link {

struct EngineClient::Run {
    core::Position root;
    std::string go;
    std::optional<Clock::time_point> deadline; // none: an infinite search not yet stopped
    int allowedMs = 0;
    bool stopSent = false;
    std::vector<ai::SearchInfo> lines; // the latest info of each MultiPV rank
    std::string lastOther, garbage;
};

EngineSearch EngineClient::searchFailed(std::string what) {
    fail(std::move(what));
    return {std::nullopt, m_error};
}

std::optional<EngineSearch> EngineClient::beginSearch(Run& run, const core::Position& start,
                                                      const std::vector<core::Move>& moves,
                                                      const ai::SearchLimits& limits) {
    if (!isRunning())
        return EngineSearch{std::nullopt,
                            m_error.empty() ? "engine '" + m_name + "' is not running" : m_error};
    run.root = start;
    for (core::Move m : moves) {
        if (!run.root.isPseudoLegal(m) || !run.root.isLegal(m))
            return EngineSearch{std::nullopt, "the game handed to the engine has an illegal move"};
        core::Undo u;
        run.root.makeMove(m, u);
    }
    if (!core::hasLegalMove(run.root)) {
        ai::SearchResult none; // nothing to search: no move, as our engine answers
        none.rootKey = run.root.key();
        return EngineSearch{none, {}};
    }
    const EngineOption* multiPv = findOption("MultiPV");
    if (multiPv && limits.multiPv != m_multiPv)
        sendOption(*multiPv, validOptionValue(*multiPv, std::to_string(limits.multiPv)));
    // A search that must not answer from a book (analysis, the review) turns the standard
    // OwnBook option off for its time; the person's value comes back for the next game move.
    if (const EngineOption* book = findOption("OwnBook");
        book && book->type == EngineOption::Type::Check) {
        const std::string want = limits.useBook ? m_ownBook : "false";
        if (want != m_ownBookSent) {
            sendOption(*book, want);
            m_ownBookSent = want;
        }
    }
    run.go = goLine(m_protocol, limits, run.root.sideToMove());
    if (!m_process.writeLine(positionLine(start, moves, m_ranks)) || !m_process.writeLine(run.go))
        return searchFailed("stopped (" + m_process.stop({}, 0) + ")");
    // How long the engine has for its bestmove.
    if (!limits.infinite) {
        run.allowedMs = m_timeouts.depthCapMs;
        if (limits.movetime > 0)
            run.allowedMs = static_cast<int>(limits.movetime) + m_timeouts.graceMs;
        else if (limits.time[0] > 0 || limits.time[1] > 0)
            run.allowedMs = static_cast<int>(std::min<std::int64_t>(
                                limits.time[core::index(run.root.sideToMove())], 100'000'000))
                            + m_timeouts.graceMs;
        run.deadline = Clock::now() + std::chrono::milliseconds(run.allowedMs);
    }
    return std::nullopt;
}

EngineSearch EngineClient::search(const core::Position& start, const std::vector<core::Move>& moves,
                                  const ai::SearchLimits& limits, std::stop_token stop,
                                  const std::function<void(const ai::SearchInfo&)>& onInfo,
                                  std::stop_token finishNow) {
    Run run;
    if (auto early = beginSearch(run, start, moves, limits))
        return std::move(*early);
    // A stop request (cancel, move now) wakes the read at once; interrupt() does too.
    auto wake = [fd = m_wake[1]] {
        if (fd >= 0) {
            const char c                     = 1;
            [[maybe_unused]] const ssize_t n = ::write(fd, &c, 1);
        }
    };
    std::stop_callback onStop(stop, wake);
    std::stop_callback onFinish(finishNow, wake);
    std::string line;
    for (;;) {
        if ((stop.stop_requested() || finishNow.stop_requested()) && !run.stopSent) {
            run.stopSent = true;
            m_process.writeLine("stop");
            run.deadline = Clock::now() + std::chrono::milliseconds(m_timeouts.stopMs);
        }
        switch (read(line, run.deadline ? remainingMs(*run.deadline) : -1)) {
        case EngineProcess::Read::Woken:
            if (m_interrupted)
                return searchFailed("interrupted during a search");
            continue;
        case EngineProcess::Read::Timeout:
            if (run.stopSent)
                return searchFailed("did not stop within " + seconds(m_timeouts.stopMs)
                                    + " of 'stop'");
            return searchFailed(
                "no bestmove within " + seconds(run.allowedMs) + " of '" + run.go + "'"
                + (run.lastOther.empty() ? "" : " (its last line: " + quoted(run.lastOther) + ")"));
        case EngineProcess::Read::Eof:
            return searchFailed("stopped during a search (" + m_process.stop({}, m_timeouts.quitMs)
                                + ")");
        case EngineProcess::Read::Line:
            break;
        }
        if (auto done = onSearchLine(run, line, stop, onInfo))
            return std::move(*done);
    }
}

std::optional<EngineSearch>
EngineClient::onSearchLine(Run& run, const std::string& line, const std::stop_token& stop,
                           const std::function<void(const ai::SearchInfo&)>& onInfo) {
    const auto w = words(line);
    if (w.empty())
        return std::nullopt;
    if (w[0] == "info") {
        if (auto info = parseInfoLine(line, run.root, m_ranks, run.garbage)) {
            const auto k = static_cast<std::size_t>(std::clamp(info->multiPvIndex, 1, 64) - 1);
            if (run.lines.size() <= k)
                run.lines.resize(k + 1);
            run.lines[k] = *info;
            if (onInfo && !stop.stop_requested())
                onInfo(*info);
        }
        return std::nullopt;
    }
    if (w[0] == "nobestmove")
        return searchFailed("answered 'nobestmove' in a position with legal moves ("
                            + core::toFen(run.root) + ")");
    if (w[0] != "bestmove") {
        run.lastOther = line;
        return std::nullopt;
    }
    if (stop.stop_requested())
        return EngineSearch{}; // cancelled: nobody wants the move
    return finishSearch(run, line);
}

EngineSearch EngineClient::finishSearch(Run& run, std::string_view line) {
    const BestMoveLine bm = parseBestMoveLine(line, m_ranks);
    if (!bm.best)
        return searchFailed("sent a move it cannot mean: " + quoted(line));
    const core::Position& root = run.root;
    if (!root.isPseudoLegal(*bm.best) || !root.isLegal(*bm.best))
        return searchFailed("played the illegal move " + std::string(words(line)[1]) + " in "
                            + core::toFen(root));
    ai::SearchResult result;
    result.rootKey = root.key();
    result.best    = *bm.best;
    if (bm.ponder)
        result.ponder = *bm.ponder;
    if (!run.lines.empty()) {
        const ai::SearchInfo& top = run.lines.front();
        result.score              = top.score;
        result.mateIn             = top.mateIn;
        result.depth              = top.depth;
        result.nodes              = top.nodes;
        result.timeMs             = top.timeMs;
        result.pv                 = top.pv;
    }
    if (result.pv.empty() || result.pv.front() != result.best)
        result.pv = {result.best};
    std::erase_if(run.lines, [](const ai::SearchInfo& i) { return i.depth == 0 && i.pv.empty(); });
    result.lines = std::move(run.lines);
    return {std::move(result), {}};
}

} // namespace xq::link
