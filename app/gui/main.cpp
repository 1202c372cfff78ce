// xiangqi: the desktop game. Parses the command line, sets up logging (a file in the XDG state
// directory; the terminal too with --verbose), runs the App, and is the one place that catches:
// any exception ends the program with a logged message and exit status 1.
#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "ai/assets_path.h"
#include "app/gui/model/paths.h"
#include "app/gui/model/settings.h"
#include "app/gui/shell/app.h"
#include "core/clock.h"
#include "core/fen.h"

namespace {

void setUpLogging(const xq::gui::AppPaths& paths, bool verbose) {
    std::vector<spdlog::sink_ptr> sinks;
    std::error_code ec;
    std::filesystem::create_directories(paths.state, ec);
    try {
        sinks.push_back(
            std::make_shared<spdlog::sinks::basic_file_sink_mt>(paths.logFile().string(), true));
    } catch (const spdlog::spdlog_ex& e) {
        std::fprintf(stderr, "xiangqi: no log file (%s)\n", e.what());
    }
    auto console = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
    console->set_level(verbose ? spdlog::level::debug : spdlog::level::err);
    sinks.push_back(console);
    auto logger = std::make_shared<spdlog::logger>("xiangqi", sinks.begin(), sinks.end());
    logger->set_level(verbose ? spdlog::level::debug : spdlog::level::info);
    logger->flush_on(spdlog::level::info);
    spdlog::set_default_logger(logger);
}

// The --side values: the play modes' names, as the settings file writes them.
std::vector<std::string> modeNames() {
    std::vector<std::string> names;
    for (xq::gui::PlayMode m : xq::gui::kPlayModes)
        names.emplace_back(xq::gui::modeName(m));
    return names;
}

} // namespace

int main(int argc, char** argv) {
    xq::gui::AppOptions options;
    CLI::App cli{"Xiangqi (Chinese chess): play against the computer, review and edit games."};
    std::string side, assets = xq::ai::defaultAssetsDir().string();
    int depth = 0, movetime = 0;
    bool verbose = false;
    std::string size;
    // A bad position is a bad command-line value like any other: the reason on the terminal and
    // exit status 2, before any window opens.
    const auto fenCheck = [](const std::string& text) {
        auto pos = xq::core::parseFen(text);
        return pos ? std::string() : "FEN '" + text + "': " + pos.error();
    };
    cli.add_option("--fen", options.fen, "Start from this position (FEN)")->check(fenCheck);
    cli.add_option("--pgn", options.pgnFile, "Open this PGN game file")->check(CLI::ExistingFile);
    cli.add_option("--side", side,
                   "Which side you play: red, black, both (two people) or none (computer vs "
                   "computer)")
        ->check(CLI::IsMember(modeNames()));
    // The ranges are the settings' own bounds (model/settings.h); CLI11 shows them in --help.
    const auto range = [](const xq::gui::IntBound& b) { return CLI::Range(b.min, b.max); };
    cli.add_option("--depth", depth, "Computer search depth")->check(range(xq::gui::kDepthBound));
    cli.add_option("--movetime", movetime,
                   "Computer time per move in milliseconds instead of a depth")
        ->check(range(xq::gui::kMoveTimeBound));
    cli.add_flag("--autoplay", options.autoplay, "The computer plays both sides");
    cli.add_option("--threads", options.threads,
                   "Computer search threads (all cores but one by default)")
        ->check(range(xq::gui::threadsBound()));
    cli.add_option("--level", options.level,
                   "Computer playing level: 1 (beginner) to 10 (master), 0 full strength (the "
                   "depth or time per move); a level replaces --depth and --movetime")
        ->check(range(xq::gui::kLevelBound));
    std::string engine;
    cli.add_option("--engine", engine,
                   "An external UCI or UCCI engine's command, e.g. /usr/games/fairy-stockfish "
                   "(for this run; the Engine dialog in Settings stores one)");
    cli.add_option("--engine-use", options.engineUses,
                   "Where the external engine plays: opponent (the default), analysis, review")
        ->check(CLI::IsMember({"opponent", "analysis", "review"}))
        ->delimiter(',');
    int reviewDepth = 0;
    cli.add_option("--time-control", options.timeControl,
                   "Time control of new games: untimed, 10 (minutes), 10+5 (minutes + seconds "
                   "added per move) or 40/20 (moves / minutes)")
        ->check([](const std::string& text) {
            auto tc = xq::core::parseTimeControl(text);
            return tc ? std::string() : tc.error();
        });
    bool casual = false, computerClock = true;
    auto* casualFlag =
        cli.add_flag("--casual,!--rated", casual,
                     "Timed games are casual: moves may be taken back (--rated: not)");
    auto* clockFlag =
        cli.add_flag("--computer-clock,!--no-computer-clock", computerClock,
                     "The computer plays on the clock (default), or by its depth or time per move");
    cli.add_option("--puzzle", options.puzzle,
                   "Open mate puzzle N of the library (1 = the easiest) in puzzle mode")
        ->check(CLI::PositiveNumber);
    cli.add_option("--puzzle-fen", options.puzzleFen,
                   "Open a mate puzzle made from this position (FEN; the side to move mates)")
        ->check(fenCheck);
    cli.add_option("--review-depth", reviewDepth, "Search depth per position in a game review")
        ->check(range(xq::gui::kReviewDepthBound));
    cli.add_option("--screenshot", options.screenshot,
                   "Save the window as a PNG after the first frames, then exit");
    cli.add_option("--dump-board", options.dumpBoard,
                   "With --screenshot: write each point's piece and pixel centre to this file");
    cli.add_option("--frame-log", options.frameLog,
                   "Write one line per frame: number, duration ms, work ms, AI state");
    cli.add_option("--quit-after", options.quitAfter, "Close the window after this many seconds")
        ->check(CLI::PositiveNumber);
    cli.add_option("--script", options.script,
                   "Replay a test script of clicks, keys and checks (see app/gui/testing/script.h)")
        ->check(CLI::ExistingFile);
    cli.add_flag("--offer-resume", options.offerResume,
                 "Offer the autosaved game even with --script (for tests)");
    // Read here to refuse malformed text before any window opens; the size is clamped by the
    // window bounds (model/settings.h) when it is used below.
    cli.add_option("--size", size, "Window size WIDTHxHEIGHT, e.g. 800x600")
        ->check([](const std::string& text) {
            unsigned w = 0, h = 0;
            return xq::gui::parseWindowSize(text, w, h)
                       ? std::string()
                       : std::string("--size wants WIDTHxHEIGHT, e.g. 800x600");
        });
    cli.add_option("--assets", assets,
                   "The assets directory (default: ../share/xiangqi beside the program, or the "
                   "source tree's assets/ when run from the build tree)")
        ->capture_default_str();
    cli.add_flag("--verbose,-v", verbose, "Also log to the terminal, with debug messages");
    try {
        cli.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help prints and exits 0; a bad option or value prints why and exits 2 (usage error).
        const int status = cli.exit(e);
        return status == 0 ? 0 : 2;
    }

    const xq::gui::AppPaths paths = xq::gui::defaultPaths();
    setUpLogging(paths, verbose);
    try {
        if (!side.empty()) {
            xq::gui::PlayMode mode{};
            xq::gui::parseModeName(side, mode);
            options.mode = mode;
        }
        if (depth > 0)
            options.depth = depth;
        if (casualFlag->count() > 0)
            options.casual = casual;
        if (clockFlag->count() > 0)
            options.computerOnClock = computerClock;
        if (!engine.empty())
            options.engine = engine;
        if (reviewDepth > 0)
            options.reviewDepth = reviewDepth;
        if (movetime > 0)
            options.moveTimeMs = movetime;
        if (!size.empty()) {
            unsigned w = 0, h = 0;
            xq::gui::parseWindowSize(size, w, h); // the check above accepted it
            options.width  = w;
            options.height = h;
        }
        if (assets.empty()) {
            std::string tried;
            for (const auto& dir : xq::ai::assetsDirCandidates(xq::ai::currentExecutable()))
                tried += (tried.empty() ? "" : ", ") + dir.string();
            throw std::runtime_error("cannot find the assets directory (looked for " + tried
                                     + "); give it with --assets DIR");
        }
        options.assets = assets;
        spdlog::info("xiangqi starting; assets {}, config {}", assets, paths.config.string());
        xq::gui::App app(std::move(options), paths);
        const int status = app.run();
        spdlog::info("xiangqi exiting with status {}", status);
        return status;
    } catch (const std::exception& e) {
        spdlog::critical("fatal: {}", e.what());
        std::fprintf(stderr, "xiangqi: %s\n", e.what());
        return 1;
    }
}
