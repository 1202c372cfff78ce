// The engine link's pieces on their own: the two dialects' lines (our engine's own info lines
// read back exactly), the Hash and Threads steps of the engine dialog, option values kept per
// engine, the promptness of an owner that gives up on an engine hanging at its start, and the
// priority engine processes start at.
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "ai/worker.h"
#include "app/engine/uci.h"
#include "core/fen.h"
#include "core/notation.h"
#include "enginelink/client.h"
#include "enginelink/dialect.h"
#include "enginelink/external_engine.h"
#include "enginelink/process.h"
#include "testdata.h"

using namespace xq;
using namespace xq::link;

namespace {

core::Position startPos() {
    return *core::parseFen(core::kStartFen);
}

std::vector<core::Move> line(const core::Position& from, std::initializer_list<const char*> iccs) {
    std::vector<core::Move> out;
    core::Position pos = from;
    for (const char* m : iccs) {
        out.push_back(*core::parseIccs(pos, m));
        core::Undo u;
        pos.makeMove(out.back(), u);
    }
    return out;
}

} // namespace

TEST_CASE("our engine's info lines read back exactly through the UCI dialect", "[enginelink]") {
    const core::Position root = startPos();
    ai::SearchInfo cp;
    cp.depth            = 12;
    cp.selDepth         = 19;
    cp.multiPvIndex     = 2;
    cp.score            = -37;
    cp.nodes            = 1234567;
    cp.nps              = 987654;
    cp.timeMs           = 1250;
    cp.pv               = line(root, {"h2e2", "h9g7", "h0g2", "i9h9"});
    ai::SearchInfo mate = cp;
    mate.multiPvIndex   = 1;
    mate.mateIn         = -3; // mated in 3: six plies
    mate.score          = -ai::kMateScore + 6;
    mate.pv             = line(root, {"b2e2"});
    for (const ai::SearchInfo& sent : {cp, mate}) {
        const std::string text = uci::formatInfo(sent, true);
        CAPTURE(text);
        std::string garbage;
        const auto back = parseInfoLine(text, root, RankBase::Zero, garbage);
        REQUIRE(back);
        CHECK(garbage.empty());
        CHECK(back->depth == sent.depth);
        CHECK(back->selDepth == sent.selDepth);
        CHECK(back->multiPvIndex == sent.multiPvIndex);
        CHECK(back->score == sent.score);
        CHECK(back->mateIn == sent.mateIn);
        CHECK(back->nodes == sent.nodes);
        CHECK(back->nps == sent.nps);
        CHECK(back->timeMs == sent.timeMs);
        CHECK(back->pv == sent.pv);
    }
    // An info without a score is not progress; a bad number names itself.
    std::string garbage;
    CHECK_FALSE(parseInfoLine("info string hello", root, RankBase::Zero, garbage));
    CHECK_FALSE(parseInfoLine("info depth x score cp 1", root, RankBase::Zero, garbage));
    CHECK(garbage == "info depth 'x'");
    // UCCI's bare score; a pv cut where it stops being legal.
    const auto ucci =
        parseInfoLine("info depth 3 score 31 pv h2e2 h2e2", root, RankBase::Zero, garbage);
    REQUIRE(ucci);
    CHECK(ucci->score == 31);
    CHECK(ucci->pv.size() == 1);
    // A mate count no game can have is clamped to 1000 moves, not overflowed.
    const auto huge = parseInfoLine("info depth 5 score mate -6679214017356322134", root,
                                    RankBase::Zero, garbage);
    REQUIRE(huge);
    CHECK(huge->mateIn == -1000);
    CHECK(huge->score == -ai::kMateScore + 2000);
    const auto far =
        parseInfoLine("info depth 5 score mate 9223372036854775807", root, RankBase::Zero, garbage);
    REQUIRE(far);
    CHECK(far->mateIn == 1000);
    CHECK(far->score == ai::kMateScore - 1999);
}

TEST_CASE("the dialects' go, setoption, position and bestmove lines", "[enginelink]") {
    ai::SearchLimits l;
    l.movetime = 100;
    CHECK(goLine(EngineProtocol::Uci, l, core::Color::Red) == "go movetime 100");
    CHECK(goLine(EngineProtocol::Ucci, l, core::Color::Red) == "go time 100 movestogo 1");
    ai::SearchLimits clock;
    clock.time[0]      = 60000;
    clock.time[1]      = 55000;
    clock.increment[0] = 600;
    clock.increment[1] = 600;
    CHECK(goLine(EngineProtocol::Uci, clock, core::Color::Black)
          == "go wtime 60000 btime 55000 winc 600 binc 600");
    CHECK(goLine(EngineProtocol::Ucci, clock, core::Color::Black)
          == "go time 55000 increment 600 opptime 60000 oppincrement 600");
    ai::SearchLimits depth;
    depth.depth = 7;
    depth.nodes = 5000;
    CHECK(goLine(EngineProtocol::Uci, depth, core::Color::Red) == "go depth 7 nodes 5000");
    CHECK(setOptionLine(EngineProtocol::Uci, "Clear Hash", std::nullopt)
          == "setoption name Clear Hash");
    CHECK(setOptionLine(EngineProtocol::Uci, "Hash", "64") == "setoption name Hash value 64");
    CHECK(setOptionLine(EngineProtocol::Ucci, "hashsize", "64") == "setoption hashsize 64");
    CHECK(greetingOk(EngineProtocol::Ucci) == "ucciok");
    const core::Position root = startPos();
    CHECK(positionLine(root, line(root, {"h2e2", "h9g7"}), RankBase::One)
          == "position fen " + core::toFen(root) + " moves h3e3 h10g8");
    const BestMoveLine b = parseBestMoveLine("bestmove h3e3 ponder h10g8", RankBase::One);
    CHECK(b.best == core::parseIccsSyntax("h2e2").value());
    CHECK(b.ponder == core::parseIccsSyntax("h9g7").value());
    CHECK_FALSE(parseBestMoveLine("bestmove (none)", RankBase::Zero).best);
}

TEST_CASE("spin steps follow the option's range", "[enginelink]") {
    const EngineOption hash{"Hash", EngineOption::Type::Spin, "16", 1, 33554432, {}};
    CHECK(spinStepValue(hash, 64, true) == 128);
    CHECK(spinStepValue(hash, 64, false) == 32);
    CHECK(spinStepValue(hash, 1, false) == 1);
    CHECK(spinStepValue(hash, 33554432, true) == 33554432);
    CHECK(spinStepValue(hash, 20000000, true) == 33554432);
    const EngineOption threads{"Threads", EngineOption::Type::Spin, "1", 1, 512, {}};
    CHECK(spinStepValue(threads, 1, true) == 2);
    CHECK(spinStepValue(threads, 3, true) == 6);
    const EngineOption elo{"UCI_Elo", EngineOption::Type::Spin, "1350", 500, 2850, {}};
    CHECK(spinStepValue(elo, 1350, true) == 1400);
    CHECK(spinStepValue(elo, 520, false) == 500);
    const EngineOption skill{"Skill Level", EngineOption::Type::Spin, "20", -20, 20, {}};
    CHECK(spinStepValue(skill, 20, false) == 19);
    CHECK(spinStepValue(skill, 20, true) == 20);
}

TEST_CASE("option values are sent only to the engine they were set for", "[enginelink]") {
    EngineSettings s;
    s.command              = test::fakeEngineCommand("hash");
    s.options["Other one"] = {{"Hash", "48"}};
    ai::SearchLimits limits;
    limits.movetime = 50;
    {
        EngineClient client;
        REQUIRE(startEngine(client, s));
        const EngineSearch r = client.search(startPos(), {}, limits);
        REQUIRE(r.result);
        CHECK(r.result->depth == 16); // the fake engine's default Hash: the other's 48 not sent
    }
    s.options["Fake hash"] = {{"Hash", "32"}};
    EngineClient client;
    REQUIRE(startEngine(client, s));
    const EngineSearch r = client.search(startPos(), {}, limits);
    REQUIRE(r.result);
    CHECK(r.result->depth == 32);
}

TEST_CASE("an engine that hangs at its start is given up at once", "[enginelink]") {
    using std::chrono::milliseconds;
    using std::chrono::steady_clock;
    const auto fiveSeconds = std::chrono::seconds(5);
    // Without the interrupt each owner below waits for the handshake's timeouts: 10 s for
    // uciok, then 10 s for ucciok. A bound of 5 s tells "returns" from "after the timeouts".
    SECTION("an external engine destroyed while its engine starts") {
        auto engine = std::make_unique<ExternalEngine>();
        EngineSettings s;
        s.command = test::fakeEngineCommand("startup");
        engine->configure(s);
        engine->start({{}, startPos(), {}, {}});
        std::this_thread::sleep_for(milliseconds(200));
        CHECK(engine->isBusy());
        const auto t0 = steady_clock::now();
        engine.reset();
        CHECK(steady_clock::now() - t0 < fiveSeconds);
    }
    SECTION("an external engine configured for another engine while the first starts") {
        ExternalEngine engine;
        EngineSettings s;
        s.command = test::fakeEngineCommand("startup");
        engine.configure(s);
        engine.start({{}, startPos(), {}, {}});
        std::this_thread::sleep_for(milliseconds(200));
        s.command     = test::fakeEngineCommand("hash");
        const auto t0 = steady_clock::now();
        engine.configure(s);
        ai::SearchLimits limits;
        limits.movetime = 50;
        engine.start({{}, startPos(), {}, limits});
        std::optional<ai::SearchResult> r;
        while (!r && engine.isBusy() && steady_clock::now() - t0 < std::chrono::seconds(30)) {
            std::this_thread::sleep_for(milliseconds(10));
            r = engine.poll();
        }
        REQUIRE(r);
        CHECK(core::toIccs(r->best) == "h2e2");
        CHECK(engine.name() == "Fake hash");
        CHECK(steady_clock::now() - t0 < fiveSeconds);
    }
    SECTION("a client interrupted from another thread during the handshake") {
        EngineClient client;
        std::jthread other([&client] {
            std::this_thread::sleep_for(milliseconds(200));
            client.interrupt();
        });
        const auto t0 = steady_clock::now();
        CHECK_FALSE(client.start(test::fakeEngineCommand("startup")));
        CHECK(steady_clock::now() - t0 < fiveSeconds);
        CHECK(client.error() == "engine 'sh': interrupted during the handshake");
        CHECK_FALSE(client.isRunning());
    }
}

TEST_CASE("engines start kWorkerNice below the program and never above it", "[enginelink]") {
    // The nice value of a started process, read while it runs.
    auto startedNice = [] {
        EngineProcess p;
        REQUIRE(p.start({"sleep", "5"}).empty());
        errno           = 0;
        const int value = getpriority(PRIO_PROCESS, static_cast<id_t>(p.pid()));
        REQUIRE(errno == 0);
        p.stop();
        return value;
    };
    errno           = 0;
    const int own   = getpriority(PRIO_PROCESS, static_cast<id_t>(getpid()));
    const int lower = std::min(19, own + ai::kWorkerNice);
    CHECK(startedNice() == lower);
    // From a worker thread that lowered itself: the same value, not lowered twice.
    int fromWorker = -100;
    std::thread([&] {
        ai::lowerCurrentThreadPriority();
        fromWorker = startedNice();
    }).join();
    CHECK(fromWorker == lower);
    // A program started at nice 15 (`nice -n 15 xiangqi-match ...`) starts its engines at 19,
    // not at 10 above it: a child process of ours plays that program and exits with the value.
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        (void)setpriority(PRIO_PROCESS, static_cast<id_t>(getpid()), 15);
        EngineProcess p;
        if (!p.start({"sleep", "5"}).empty())
            _exit(100);
        errno       = 0;
        const int n = getpriority(PRIO_PROCESS, static_cast<id_t>(p.pid()));
        p.stop();
        _exit(errno == 0 ? n : 101);
    }
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 19);
}
