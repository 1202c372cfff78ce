// The external engine: the client drives our own xiangqi-engine as an external UCI engine
// (handshake, options, searches, a short game), fake engines that crash, hang, answer garbage or
// play an illegal move (a message naming the engine, the process gone, and in a game our engine
// taking over), and Fairy-Stockfish with its a1..i10 squares when it is installed. Built only
// with the desktop game (XQ_HAVE_GUI_LOGIC) and the engine (XQ_ENGINE_BIN).
#if defined(XQ_HAVE_GUI_LOGIC) && defined(XQ_ENGINE_BIN)

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <signal.h>
#include <sstream>
#include <string>
#include <thread>

#include <catch2/catch.hpp>

#include "ai/level.h"
#include "app/gui/model/session.h"
#include "app/gui/model/settings.h"
#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "enginelink/client.h"
#include "enginelink/external_engine.h"
#include "testdata.h"
#include "tests/session_util.h"

using namespace xq;
using namespace xq::gui;
using namespace xq::link;
using xq::gui::test::runUntil;
using xq::test::fakeEngineCommand;
using xq::test::ourEngineCommand;

namespace {

const char* const kFairyStockfish = "/usr/games/fairy-stockfish";

// Our engine's "id name" (app/engine/uci.cpp).
std::string ourEngineName() {
    EngineClient client;
    return client.start(ourEngineCommand()) ? client.name() : "";
}

// Short limits so that the hang cases end quickly.
EngineTimeouts quick() {
    EngineTimeouts t;
    t.handshakeMs = 3000;
    t.readyMs     = 3000;
    t.graceMs     = 500;
    t.depthCapMs  = 1500;
    t.stopMs      = 500;
    t.quitMs      = 200;
    return t;
}

core::Position start() {
    return *core::parseFen(core::kStartFen);
}

bool legalIn(const core::Position& pos, core::Move m) {
    return !m.isNone() && pos.isPseudoLegal(m) && pos.isLegal(m);
}

ai::SearchLimits depth(int d) {
    ai::SearchLimits l;
    l.depth = d;
    return l;
}

// Processes of process group `group` that are not zombies (from /proc/PID/stat: state, then
// the parent and the group after the command name in parentheses).
int liveProcessesInGroup(pid_t group) {
    int live = 0;
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        std::ifstream in(entry.path() / "stat");
        std::string stat;
        if (!std::getline(in, stat))
            continue;
        const std::size_t close = stat.rfind(')');
        if (close == std::string::npos)
            continue;
        std::istringstream rest(stat.substr(close + 1));
        char state = 0;
        long ppid = 0, pgrp = 0;
        if (rest >> state >> ppid >> pgrp && pgrp == group && state != 'Z')
            ++live;
    }
    return live;
}

} // namespace

TEST_CASE("engine commands split as a shell splits them", "[engine_client]") {
    auto w = splitCommand(R"(  /opt/my engine/pikafish  --x 'a b' "c \" d" e\ f  )");
    REQUIRE(w);
    CHECK(*w
          == std::vector<std::string>{"/opt/my", "engine/pikafish", "--x", "a b", "c \" d", "e f"});
    CHECK(splitCommand("").value().empty());
    const auto bad = splitCommand("engine 'unclosed");
    REQUIRE_FALSE(bad);
    CHECK(bad.error().find("unclosed") != std::string::npos);
}

TEST_CASE("option lines of UCI and UCCI engines are parsed", "[engine_client]") {
    auto hash = parseOptionLine("option name Hash type spin default 64 min 1 max 4096",
                                EngineProtocol::Uci);
    REQUIRE(hash);
    CHECK(hash->name == "Hash");
    CHECK(hash->type == EngineOption::Type::Spin);
    CHECK(hash->defaultValue == "64");
    CHECK((hash->min == 1 && hash->max == 4096));
    auto clear = parseOptionLine("option name Clear Hash type button", EngineProtocol::Uci);
    REQUIRE(clear);
    CHECK(clear->name == "Clear Hash");
    CHECK(clear->type == EngineOption::Type::Button);
    auto combo = parseOptionLine(
        "option name Repetition type combo default Asian var Asian var Chinese var Simple",
        EngineProtocol::Uci);
    REQUIRE(combo);
    CHECK(combo->vars == std::vector<std::string>{"Asian", "Chinese", "Simple"});
    auto path =
        parseOptionLine("option name BookFile type string default <empty>", EngineProtocol::Uci);
    REQUIRE(path);
    CHECK(path->defaultValue.empty());
    auto ucci = parseOptionLine("option hashsize type spin min 16 max 1024 default 64",
                                EngineProtocol::Ucci);
    REQUIRE(ucci);
    CHECK(ucci->name == "hashsize");
    CHECK((ucci->min == 16 && ucci->max == 1024 && ucci->defaultValue == "64"));
    CHECK_FALSE(parseOptionLine("option name X type wheel", EngineProtocol::Uci));
    CHECK_FALSE(parseOptionLine("option name X type spin min 5 max 1", EngineProtocol::Uci));
    CHECK_FALSE(parseOptionLine("info depth 3", EngineProtocol::Uci));

    // Values are made valid for the option.
    CHECK(validOptionValue(*hash, "99999") == "4096");
    CHECK(validOptionValue(*hash, "abc") == "64");
    CHECK(validOptionValue(*combo, "chinese") == "Chinese");
    CHECK(validOptionValue(*combo, "Martian") == "Asian");
    CHECK_FALSE(validOptionValue(*clear, "x"));
}

TEST_CASE("engine squares a0..i9 and a1..i10 convert to our moves", "[engine_client]") {
    const core::Position pos = start();
    const core::Move cannon  = *core::parseIccs(pos, "h2e2");
    CHECK(engineMoveText(cannon, RankBase::Zero) == "h2e2");
    CHECK(engineMoveText(cannon, RankBase::One) == "h3e3");
    CHECK(parseEngineMove("h3e3", RankBase::One) == cannon);
    CHECK(parseEngineMove("h2e2", RankBase::Zero) == cannon);
    // Black's horse from its back rank: rank 10 in Fairy-Stockfish's numbering.
    CHECK(parseEngineMove("h10g8", RankBase::One) == core::parseIccsSyntax("h9g7").value());
    CHECK_FALSE(parseEngineMove("h10g8", RankBase::Zero));
    CHECK_FALSE(parseEngineMove("a0a0", RankBase::Zero));
    CHECK_FALSE(parseEngineMove("j1a1", RankBase::Zero));
    CHECK_FALSE(parseEngineMove("a0a1x", RankBase::Zero));
}

TEST_CASE("an engine process and the helpers it started are killed and reaped", "[engine_client]") {
    EngineProcess process;
    // A wrapper script whose child ignores its stdin: killing only the shell would leave it.
    REQUIRE(process.start({"sh", "-c", "sleep 60 & wait"}).empty());
    const pid_t pid = process.pid();
    REQUIRE(pid > 0);
    CHECK(process.writeLine("quit"));
    std::string line;
    CHECK(process.readLine(line, 50) == EngineProcess::Read::Timeout);
    CHECK(process.stop("quit", 50).find("killed") == 0);
    CHECK_FALSE(process.isRunning());
    // Reaped (no zombie left with its pid), and the helper killed too (it becomes a zombie for
    // init to reap: only a live process in the group counts).
    CHECK(::kill(pid, 0) == -1);
    bool helperGone = false;
    for (int i = 0; i < 1000 && !helperGone; ++i) {
        helperGone = liveProcessesInGroup(pid) == 0;
        if (!helperGone)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    CHECK(helperGone);
    CHECK(process.start({"/nonexistent/program"}) == "No such file or directory");
}

TEST_CASE("our engine through the client: handshake and its options", "[engine_client]") {
    EngineClient client;
    REQUIRE(client.start(ourEngineCommand()));
    CHECK(client.name().rfind("Xiangqi", 0) == 0);
    CHECK(client.protocol() == EngineProtocol::Uci);
    CHECK(client.ranks() == RankBase::Zero);
    // As the engine prints them (app/engine/uci.cpp), in its order.
    const auto& o = client.options();
    REQUIRE(o.size() == 15);
    using T = EngineOption::Type;
    CHECK(o[0] == EngineOption{"Hash", T::Spin, "64", 1, 4096, {}});
    CHECK(o[1].name == "Threads");
    CHECK(o[1].type == T::Spin);
    CHECK((o[1].min == 1 && o[1].max >= 1 && o[1].defaultValue == "1"));
    CHECK(o[2] == EngineOption{"OwnBook", T::Check, "true", 0, 0, {}});
    CHECK(o[3] == EngineOption{"MultiPV", T::Spin, "1", 1, 5, {}});
    CHECK(o[4] == EngineOption{"BookFile", T::String, "", 0, 0, {}});
    CHECK(o[5] == EngineOption{"Clear Hash", T::Button, "", 0, 0, {}});
    CHECK(o[6]
          == EngineOption{"Repetition", T::Combo, "Asian", 0, 0, {"Asian", "Chinese", "Simple"}});
    CHECK(o[7] == EngineOption{"UCI_LimitStrength", T::Check, "false", 0, 0, {}});
    // The range is the calibrated levels' (ai/level.cpp), so a recalibration moves it.
    CHECK(o[8]
          == EngineOption{"UCI_Elo",
                          T::Spin,
                          std::to_string(ai::maxLevelElo()),
                          ai::minLevelElo(),
                          ai::maxLevelElo(),
                          {}});
    CHECK(o[9] == EngineOption{"Level", T::Spin, "0", 0, 10, {}});
    CHECK(o[10] == EngineOption{"Seed", T::Spin, "0", 0, 2147483647, {}});
    CHECK(o[11] == EngineOption{"TablebasePath", T::String, "", 0, 0, {}});
    CHECK(o[12] == EngineOption{"UseTablebases", T::Check, "true", 0, 0, {}});
    CHECK(o[13] == EngineOption{"Ponder", T::Check, "false", 0, 0, {}});
    CHECK(o[14] == EngineOption{"UCI_ShowWDL", T::Check, "false", 0, 0, {}});
    CHECK(client.setOption("Hash", "16"));
    CHECK(client.setOption("Clear Hash"));
    CHECK(client.setOption("Repetition", "Chinese"));
    CHECK_FALSE(client.setOption("No Such Option", "1"));
    CHECK(client.sync());
}

TEST_CASE("our engine through the client: a legal best move with its search info",
          "[engine_client]") {
    EngineClient client;
    REQUIRE(client.start(ourEngineCommand()));
    REQUIRE(client.setOption("OwnBook", "false"));
    const core::Position pos =
        *core::parseFen("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w");
    std::vector<ai::SearchInfo> infos;
    const EngineSearch s =
        client.search(pos, {}, depth(5), {}, [&](const ai::SearchInfo& i) { infos.push_back(i); });
    REQUIRE(s.result);
    CHECK(s.error.empty());
    CHECK(legalIn(pos, s.result->best));
    CHECK(s.result->rootKey == pos.key());
    CHECK(s.result->depth == 5);
    CHECK(s.result->nodes > 0);
    REQUIRE_FALSE(infos.empty());
    CHECK(infos.back().depth == 5);
    CHECK(s.result->pv.front() == s.result->best);
}

TEST_CASE("our engine through the client plays a short game", "[engine_client]") {
    EngineClient client;
    REQUIRE(client.start(ourEngineCommand()));
    core::Game game(start());
    ai::SearchLimits limits;
    limits.movetime = 50;
    for (int ply = 0; ply < 8 && !game.isOver(); ++ply) {
        const EngineSearch s = client.search(game.startPosition(), game.moves(), limits);
        REQUIRE(s.result);
        CAPTURE(ply, core::toIccs(s.result->best));
        REQUIRE(legalIn(game.position(), s.result->best));
        REQUIRE(game.forcePlay(s.result->best));
    }
    CHECK(game.moves().size() == 8);
}

TEST_CASE("the client stops an infinite analysis, or asks for the move now", "[engine_client]") {
    EngineClient client;
    REQUIRE(client.start(ourEngineCommand()));
    ai::SearchLimits limits;
    limits.infinite = true;
    // Not from the book, as the game's analysis asks: the client turns the engine's OwnBook off
    // (an infinite search answered from the book would wait for "stop" without any info).
    limits.useBook = false;
    limits.multiPv = 3;
    {
        // Cancelled once three lines have come: no move and no error, and the engine goes on.
        std::stop_source stop;
        int lines = 0;
        const EngineSearch s =
            client.search(start(), {}, limits, stop.get_token(), [&](const ai::SearchInfo& i) {
                if (i.multiPvIndex == 3 && ++lines >= 2)
                    stop.request_stop();
            });
        CHECK_FALSE(s.result);
        CHECK(s.error.empty());
        CHECK(client.isRunning());
    }
    {
        std::stop_source finish;
        const EngineSearch s = client.search(
            start(), {}, limits, {},
            [&](const ai::SearchInfo& i) {
                if (i.depth >= 3)
                    finish.request_stop();
            },
            finish.get_token());
        REQUIRE(s.result);
        CHECK(legalIn(start(), s.result->best));
        CHECK(s.result->lines.size() == 3);
    }
}

TEST_CASE("engines that fail are reported by name and their process is gone", "[engine_client]") {
    auto [mode, what] = GENERATE(table<std::string, std::string>({
        {"crash", "exited with status 3"},
        {"hang", "no bestmove within"},
        {"garbage", "cannot mean: 'bestmove zz99"},
        {"illegal", "illegal move a0a5"},
    }));
    CAPTURE(mode);
    EngineClient client(quick());
    REQUIRE(client.start(fakeEngineCommand(mode)));
    CHECK(client.name() == "Fake " + mode);
    const EngineSearch s = client.search(start(), {}, depth(3));
    CHECK_FALSE(s.result);
    CHECK(s.error.find("engine 'Fake " + mode + "'") == 0);
    CHECK(s.error.find(what) != std::string::npos);
    CHECK_FALSE(client.isRunning());
}

TEST_CASE("a UCCI engine: found by Auto, options without 'name', UCCI's go and score",
          "[engine_client]") {
    EngineTimeouts t = quick();
    t.handshakeMs    = 500; // the "uci" tried first goes unanswered this long
    EngineClient client(t);
    REQUIRE(client.start(fakeEngineCommand("ucci")));
    CHECK(client.protocol() == EngineProtocol::Ucci);
    CHECK(client.ranks() == RankBase::Zero);
    REQUIRE(client.options().size() == 2);
    CHECK(client.options()[1]
          == EngineOption{"hashsize", EngineOption::Type::Spin, "64", 16, 1024, {}});
    ai::SearchLimits limits;
    limits.movetime = 500;
    std::vector<ai::SearchInfo> infos;
    const EngineSearch s = client.search(start(), {}, limits, {},
                                         [&](const ai::SearchInfo& i) { infos.push_back(i); });
    REQUIRE(s.result);
    CHECK(core::toIccs(s.result->best) == "h2e2");
    REQUIRE(infos.size() == 1);
    CHECK(infos[0].score == 31);
    CHECK(infos[0].pv.size() == 2);
}

TEST_CASE("engines that cannot start say why", "[engine_client]") {
    EngineClient client(quick());
    CHECK_FALSE(client.start("/nonexistent/engine --x"));
    CHECK(client.error().find("cannot start '/nonexistent/engine'") != std::string::npos);
    CHECK_FALSE(client.start(fakeEngineCommand("silent")));
    CHECK(client.error().find("no uciok or ucciok") != std::string::npos);
    CHECK_FALSE(client.start(fakeEngineCommand("noxiangqi")));
    CHECK(client.error().find("does not play xiangqi") != std::string::npos);
    CHECK_FALSE(client.start("true"));
    CHECK(client.error().find("stopped during the handshake") != std::string::npos);
    CHECK_FALSE(client.start("engine 'unclosed"));
    CHECK(client.error().find("unclosed") != std::string::npos);
}

TEST_CASE("the external engine plays the computer's moves in a game", "[engine_client]") {
    GameSession s;
    s.setAiSettings({3, false, 1000});
    // Option values are kept per engine: these are our engine's ("Xiangqi ..." by its id).
    EngineSettings e{ourEngineCommand(), EngineProtocol::Auto, {}, true};
    e.options[ourEngineName()] = {{"OwnBook", "false"}};
    s.setExternalEngine(e);
    s.newGame(start(), PlayMode::PlayBlack);
    std::int64_t now = 0;
    for (int ply = 0; ply < 3; ++ply) {
        // The computer (Red) moves, then the person answers with a legal move of their own.
        REQUIRE(runUntil(s, now, [&] { return s.canHumanMove(); }));
        CHECK(s.searchEngineName() == ourEngineName());
        core::MoveList list;
        core::generateLegal(s.position(), list);
        REQUIRE(s.humanMove(list[0]));
    }
    CHECK(s.ply() == 6);
    CHECK(s.takeEngineMessages().empty());
}

TEST_CASE("a failing external engine hands the game to ours and nothing is lost",
          "[engine_client]") {
    const std::string mode = GENERATE("crash", "hang", "illegal", "garbage");
    CAPTURE(mode);
    GameSession s;
    s.setAiSettings({2, false, 1000});
    s.setExternalEngine({fakeEngineCommand(mode), EngineProtocol::Auto, {}, true}, quick());
    s.newGame(start(), PlayMode::PlayRed);
    std::int64_t now = 0;
    REQUIRE(s.humanMove(*core::parseIccs(s.position(), "h2e2")));
    REQUIRE(runUntil(s, now, [&] { return s.ply() == 2; }));
    const auto messages = s.takeEngineMessages();
    REQUIRE(messages.size() == 1);
    CHECK(messages[0].find("engine 'Fake " + mode + "'") == 0);
    CHECK(core::toIccs(s.moves()[0]) == "h2e2"); // the person's move is still there
    CHECK(s.searchEngineName() == ai::AiWorker::kName);
    // The next moves are ours too, without a new message.
    core::MoveList list;
    core::generateLegal(s.position(), list);
    REQUIRE(s.humanMove(list[0]));
    REQUIRE(runUntil(s, now, [&] { return s.ply() == 4; }));
    CHECK(s.takeEngineMessages().empty());
}

TEST_CASE("the external engine reviews a game, and a failing one hands the review to ours",
          "[engine_client]") {
    const bool fails = GENERATE(false, true);
    GameSession s;
    const std::string command = fails ? fakeEngineCommand("crash") : ourEngineCommand();
    s.setExternalEngine({command, EngineProtocol::Auto, {}, false, false, true}, quick());
    s.newGame(start(), PlayMode::TwoPlayers);
    for (const char* m : {"h2e2", "h9g7", "h0g2", "i9h9"})
        REQUIRE(s.humanMove(*core::parseIccs(s.position(), m)));
    std::int64_t now = 0;
    s.startGameReview(2);
    // Named by its program until it has told its name.
    CHECK(s.reviewEngineName() == (fails ? "sh" : "xiangqi-engine"));
    REQUIRE(runUntil(s, now, [&] { return !s.isGameReviewRunning(); }));
    CHECK(s.lineScores().size() == 5);
    const auto messages = s.takeEngineMessages();
    CHECK(messages.size() == (fails ? 1u : 0u));
    CHECK((s.reviewEngineName() == ai::AiWorker::kName) == fails);
}

TEST_CASE("the session names the engine that searches, and drops an old engine's lines",
          "[engine_client]") {
    GameSession s;
    s.setAiSettings({20, false, 1000});
    s.newGame(start(), PlayMode::Analysis);
    std::int64_t now = 0;
    // Our engine analyses; its line is shown under its name.
    REQUIRE(runUntil(s, now, [&] { return s.aiInfo().has_value() && !s.analysis().empty(); }));
    CHECK(s.searchEngineName() == ai::AiWorker::kName);
    // The person switches the analysis to the external engine: the old lines go at once, and
    // the new ones are the external engine's.
    EngineSettings e{ourEngineCommand(), EngineProtocol::Auto, {}, false, true};
    s.setExternalEngine(e, quick());
    CHECK_FALSE(s.aiInfo());
    CHECK(s.analysis().empty());
    REQUIRE(runUntil(s, now, [&] { return s.aiInfo().has_value(); }));
    CHECK(s.searchEngineName() == ourEngineName());
    // Undo: the line was about the position before it.
    REQUIRE(s.humanMove(*core::parseIccs(s.position(), "h2e2")));
    REQUIRE(runUntil(s, now, [&] { return s.aiInfo() && s.aiRoot().key() == s.position().key(); }));
    REQUIRE(s.undo());
    CHECK_FALSE(s.aiInfo());
}

TEST_CASE("engine settings are stored in settings.json", "[engine_client]") {
    Settings s;
    s.engine.command  = "/opt/pikafish/pikafish --x";
    s.engine.protocol = EngineProtocol::Uci;
    s.engine.options  = {{"Pikafish 2024", {{"Hash", "128"}, {"Threads", "2"}}},
                         {"Fairy-Stockfish", {{"Hash", "16"}}}};
    s.engine.opponent = true;
    s.engine.review   = true;
    const auto back   = settingsFromJson(toJson(s));
    REQUIRE(back);
    CHECK(back->engine == s.engine);
    CHECK(back->engine.optionsFor("Fairy-Stockfish") == link::OptionValues{{"Hash", "16"}});
    CHECK(back->engine.optionsFor("Xiangqi").empty());
    // Values saved before they were kept per engine are read under no engine's name.
    const auto old = settingsFromJson(R"({"engine": {"options": {"Hash": "128"}}})");
    REQUIRE(old);
    CHECK(old->engine.optionsFor("") == link::OptionValues{{"Hash", "128"}});
    const auto wrong = settingsFromJson(R"({"engine": {"command": 5}})");
    REQUIRE_FALSE(wrong);
    CHECK(wrong.error().find("command") != std::string::npos);
}

TEST_CASE("Fairy-Stockfish: its a1..i10 moves are converted and legal", "[engine_client]") {
    if (!std::filesystem::exists(kFairyStockfish)) {
        WARN("Fairy-Stockfish is not installed at " << kFairyStockfish << ": test skipped");
        return;
    }
    EngineClient client;
    REQUIRE(client.start(kFairyStockfish));
    CHECK(client.ranks() == RankBase::One);
    REQUIRE(client.findOption("UCI_Variant"));
    core::Game game(start());
    for (int ply = 0; ply < 6 && !game.isOver(); ++ply) {
        const EngineSearch s = client.search(game.startPosition(), game.moves(), depth(6));
        REQUIRE(s.result);
        CAPTURE(ply, core::toIccs(s.result->best));
        REQUIRE(legalIn(game.position(), s.result->best));
        CHECK(s.result->pv.front() == s.result->best);
        REQUIRE(game.forcePlay(s.result->best));
    }
    CHECK(game.moves().size() == 6);
}

#endif
