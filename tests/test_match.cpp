// xiangqi-match: its command line, openings and statistics (exact values for known inputs), and
// whole matches against fake engines that crash, hang, answer garbage or play an illegal move
// (each loses its games and the match goes on), a perpetual chase judged by core and written
// into the PGN, an interrupted match that still writes what was played, and a match resumed from
// part of its PGN that ends exactly as the whole match.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include <catch2/catch.hpp>

#include "app/match/options.h"
#include "app/match/stats.h"
#include "app/match/tournament.h"
#include "core/fen.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "testdata.h"

using namespace xq;
using namespace xq::match;

namespace {

MatchConfig config(std::vector<std::string> args) {
    auto c = parseArguments(args);
    REQUIRE(c);
    return *c;
}

std::string readFile(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

struct TempFile {
    std::filesystem::path path;
    explicit TempFile(const std::string& name)
        : path(std::filesystem::temp_directory_path()
               / (name + "-" + std::to_string(::getpid()) + ".pgn")) {
        std::filesystem::remove(path);
    }
    ~TempFile() { std::filesystem::remove(path); }
};

} // namespace

TEST_CASE("match command lines are read as cutechess-cli reads them", "[match]") {
    const MatchConfig c = config({"-engine",
                                  "cmd=/opt/a b",
                                  "name=A",
                                  "option.Hash=64",
                                  "tc=40/60+0.6",
                                  "-engine",
                                  "cmd=b",
                                  "proto=ucci",
                                  "st=0.1",
                                  "-each",
                                  "option.Threads=1",
                                  "depth=9",
                                  "-games",
                                  "10",
                                  "-rounds",
                                  "3",
                                  "-concurrency",
                                  "2",
                                  "-rules",
                                  "chinese",
                                  "-sprt",
                                  "elo0=0",
                                  "elo1=10",
                                  "alpha=0.05",
                                  "beta=0.1",
                                  "-resign",
                                  "movecount=3",
                                  "score=600",
                                  "-draw",
                                  "movenumber=40",
                                  "movecount=8",
                                  "score=10",
                                  "-tournament",
                                  "gauntlet",
                                  "-movelimit",
                                  "200"});
    REQUIRE(c.engines.size() == 2);
    CHECK(c.engines[0].command == "/opt/a b");
    CHECK(c.engines[0].options == link::OptionValues{{"Threads", "1"}, {"Hash", "64"}});
    REQUIRE(c.engines[0].clock);
    CHECK(c.engines[0].clock->movesPerPeriod == 40);
    CHECK(c.engines[0].clock->baseMs == 60000);
    CHECK(c.engines[0].clock->incrementMs == 600);
    CHECK(c.engines[0].depth == 9);
    CHECK(c.engines[0].limitText() == "tc=40/60+0.6 depth=9");
    CHECK(c.engines[1].name == "b");
    CHECK(c.engines[1].protocol == link::EngineProtocol::Ucci);
    CHECK(c.engines[1].moveTimeMs == 100);
    CHECK((c.games == 10 && c.rounds == 3 && c.concurrency == 2 && c.gauntlet));
    CHECK(c.rules.ruleSet == core::RuleSet::Chinese);
    CHECK(c.rules.moveLimitPlies == 200);
    REQUIRE(c.sprt);
    CHECK((c.sprt->elo1 == 10 && c.sprt->beta == 0.1));
    CHECK((c.adjudication.resignMoves == 3 && c.adjudication.resignScore == 600));
    CHECK((c.adjudication.drawMoveNumber == 40 && c.adjudication.drawMoves == 8
           && c.adjudication.drawScore == 10));

    auto error = [](std::vector<std::string> args) {
        auto parsed = parseArguments(args);
        return parsed ? std::string("no error") : parsed.error();
    };
    CHECK(error({"-engine", "cmd=a", "st=1"}) == "give two or more -engine");
    CHECK(error({"-engine", "cmd=a", "-engine", "cmd=b", "st=1"})
          == "engine 'a' has no limit: give st=, tc=, depth= or nodes= (to it or to -each)");
    CHECK(error({"-engine", "cmd=a", "st=0", "-engine", "cmd=b"})
          == "'st=0': st is a time per move in seconds, more than 0");
    CHECK(error({"-engine", "cmd=a", "tc=40/x", "-engine", "cmd=b"})
          == "'tc=40/x': the time is SECONDS or MINUTES:SECONDS");
    CHECK(error({"-rules", "european"}) == "'-rules european': asian, chinese or simple");
    CHECK(error({"-games", "0"}) == "'-games 0': a whole number from 1 to 1000000");
    CHECK(error({"-sprt", "elo0=5", "elo1=0"}) == "'-sprt': elo1 must be more than elo0");
    CHECK(error({"-bogus"}) == "'-bogus': unknown option (see -help)");
    CHECK(parseMatchClock("1:30+1").value().baseMs == 90000);
}

TEST_CASE("a node-limited match with too few openings warns that its games repeat", "[match]") {
    const MatchConfig nodes =
        config({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "nodes=250000", "-games", "400"});
    CHECK(repeatedGamesWarning(nodes, 16)
          == "warning: 400 games a pairing from 16 openings: engines limited by nodes or depth "
             "replay the same game for the same opening and colours, so at most 32 games differ; "
             "give -openings a file of at least 200 openings (tools/bench/make_openings.py)");
    CHECK(repeatedGamesWarning(nodes, 200).empty());
    // Without a file every game starts from the standard position: two differ.
    const MatchConfig depth =
        config({"-engine", "cmd=a", "depth=6", "-engine", "cmd=b", "depth=7", "-rounds", "2"});
    CHECK(repeatedGamesWarning(depth, 0).find("4 games a pairing from 1 openings")
          != std::string::npos);
    // Time makes every game its own: no warning, whatever the openings.
    const MatchConfig timed =
        config({"-engine", "cmd=a", "nodes=1000", "-engine", "cmd=b", "st=0.1", "-games", "400"});
    CHECK(repeatedGamesWarning(timed, 1).empty());
    // A level picks among good moves at random, and threads race: their games differ anyway.
    const MatchConfig level = config({"-engine", "cmd=a", "option.Level=3", "-engine", "cmd=b",
                                      "option.Level=4", "-each", "nodes=100000", "-games", "200"});
    CHECK(repeatedGamesWarning(level, 16).empty());
    const MatchConfig threads = config({"-engine", "cmd=a", "option.Threads=2", "-engine", "cmd=b",
                                        "-each", "nodes=100000", "-games", "200"});
    CHECK(repeatedGamesWarning(threads, 16).empty());
    const MatchConfig full = config({"-engine", "cmd=a", "option.Level=0", "-engine", "cmd=b",
                                     "option.Threads=1", "-each", "nodes=100000", "-games", "200"});
    CHECK(!repeatedGamesWarning(full, 16).empty());
}

TEST_CASE("the openings for node-limited matches are 1,873 different lines of 8 plies", "[match]") {
    const auto o = readOpenings(test::dataPath("openings-sprt.txt"));
    REQUIRE(o);
    REQUIRE(o->size() == 1873);
    std::set<std::vector<std::uint16_t>> lines;
    for (const Opening& opening : *o) {
        CHECK(opening.moves.size() == 8);
        std::vector<std::uint16_t> line;
        for (const auto m : opening.moves)
            line.push_back(m.raw());
        lines.insert(line);
    }
    CHECK(lines.size() == 1873);
    const MatchConfig sprt =
        config({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "nodes=250000", "-games", "3746"});
    CHECK(repeatedGamesWarning(sprt, o->size()).empty());
}

TEST_CASE("openings are move lists or FENs, with labels", "[match]") {
    const auto o = parseOpenings("# comment\n"
                                 "h2e2 h9g7 ; central cannon\n"
                                 "\n"
                                 "5k3/9/9/2n6/9/9/9/R8/9/3K5 w moves a2c2\n");
    REQUIRE(o);
    REQUIRE(o->size() == 2);
    CHECK((*o)[0].moves.size() == 2);
    CHECK((*o)[0].label == "central cannon");
    CHECK(core::toFen((*o)[1].start) == "5k3/9/9/2n6/9/9/9/R8/9/3K5 w - - 0 1");
    CHECK(core::toIccs((*o)[1].moves.at(0)) == "a2c2");
    const auto bad = parseOpenings("h2e2\nh2e2 h2e2\n");
    REQUIRE_FALSE(bad);
    CHECK(bad.error().rfind("line 2: move 'h2e2'", 0) == 0);
}

TEST_CASE("Elo, its interval, pentanomial counts and the SPRT", "[match]") {
    CHECK(eloFromScore(0.5) == 0);
    CHECK(eloFromScore(0.75) == Approx(190.848501887865));
    CHECK(scoreFromElo(190.848501887865) == Approx(0.75));
    const Wdl r{40, 25, 35};
    CHECK(r.score() == 0.525);
    const EloEstimate e = eloEstimate(r);
    CHECK(e.elo == Approx(17.386277512436145));
    CHECK(e.low == Approx(-41.701937995730745));
    CHECK(e.high == Approx(77.50703360733341));
    Penta p;
    p.counts = {3, 10, 20, 12, 5};
    CHECK(p.pairs() == 50);
    const EloEstimate pe = eloEstimate(p);
    CHECK(pe.elo == Approx(20.87120466602867));
    CHECK(pe.low == Approx(-28.9260196738566));
    CHECK(pe.high == Approx(71.54609464128548));
    const SprtSpec spec{0, 5, 0.05, 0.05};
    const SprtState s = sprt(spec, r, p);
    CHECK(s.llr == Approx(0.14261850666034412));
    CHECK(s.lower == Approx(-2.9444389791664403));
    CHECK(s.upper == Approx(2.9444389791664403));
    CHECK(s.verdict == SprtState::Verdict::Continue);
    CHECK(sprt(spec, r, Penta{}).llr == Approx(0.08240398251575733)); // from the games
    CHECK(describe(s) == "llr 0.14, bounds [-2.94, 2.94]: continue");
    // A clear result decides: 120 pairs with 1.5 points on average.
    Penta strong;
    strong.counts = {0, 10, 20, 60, 30};
    CHECK(sprt(spec, {}, strong).verdict == SprtState::Verdict::H1);
    Penta weak;
    weak.counts = {30, 60, 20, 10, 0};
    CHECK(sprt(spec, {}, weak).verdict == SprtState::Verdict::H0);
    Penta add;
    add.add(0);
    add.add(1.5);
    add.add(2);
    CHECK(add.counts == std::array<int, 5>{1, 0, 0, 1, 1});
}

TEST_CASE("an engine that crashes, hangs or cheats loses its games and the match goes on",
          "[match]") {
    auto [mode, kind] = GENERATE(table<std::string, std::string>({
        {"crash", "crash"},
        {"hang", "hang"},
        {"garbage", "illegal move"},
        {"illegal", "illegal move"},
    }));
    CAPTURE(mode);
    TempFile pgn("xq-match-" + mode);
    MatchConfig c = config({"-engine", "cmd=" + test::ourEngineCommand(), "name=ours", "-engine",
                            "cmd=" + test::fakeEngineCommand(mode), "name=fake", "-each", "st=0.05",
                            "-games", "4", "-timemargin", "200", "-pgnout", pgn.path.string()});
    std::ostringstream log;
    Tournament t(c, {}, log);
    t.run({});
    CAPTURE(log.str());
    CHECK(t.finishedGames() == 4);
    CHECK(t.endings() == std::map<std::string, int>{{kind, 4}});
    const PairingStats& p = t.pairings().at(0);
    CHECK((p.wdl.wins == 4 && p.wdl.draws == 0 && p.wdl.losses == 0));
    CHECK(p.penta.counts == std::array<int, 5>{0, 0, 0, 0, 2});
    // Restarted after every failure, and every game is in the PGN with why it ended.
    CHECK(count(log.str(), "Engine fake failed; it is started again") == 4);
    const std::string json = t.json();
    CHECK(json.find("{\"engines\": [\"ours\", \"fake\"],\n \"stats\": {\"wins\": 4, \"draws\": 0, "
                    "\"losses\": 0, \"score\": 1.0000},\n \"endings\": {\""
                    + kind + "\": 4},\n \"unfinished\": 0,")
          == 0);
    CHECK(count(json, "\"kind\": \"" + kind + "\"") == 4);
    const std::string text = readFile(pgn.path);
    CHECK(count(text, "[Event \"xiangqi-match\"]") == 4);
    CHECK(count(text, "loses: engine 'Fake " + mode + "'") == 4);
    CHECK(count(text, mode == "hang"    ? "[Termination \"stalled connection\"]"
                      : mode == "crash" ? "[Termination \"abandoned\"]"
                                        : "[Termination \"rules infraction\"]")
          == 4);
}

TEST_CASE("a perpetual chase is judged by core and named in the PGN", "[match]") {
    TempFile pgn("xq-match-chase");
    MatchConfig c = config({"-engine", "cmd=" + test::fakeEngineCommand("cycle"), "name=R",
                            "-engine", "cmd=" + test::fakeEngineCommand("cycle"), "name=B", "-each",
                            "st=0.05", "-games", "1", "-pgnout", pgn.path.string()});
    auto openings = parseOpenings("5k3/9/9/2n6/9/9/9/R8/9/3K5 w\n");
    REQUIRE(openings);
    SECTION("Asian rules: the chasing side loses") {
        std::ostringstream log;
        Tournament t(c, *openings, log);
        t.run({});
        CHECK(t.endings() == std::map<std::string, int>{{"perpetual chase", 1}});
        const std::string text = readFile(pgn.path);
        CHECK(text.find("[Result \"0-1\"]") != std::string::npos);
        CHECK(text.find("[Termination \"rules infraction\"]") != std::string::npos);
        CHECK(text.find("Red loses: the chariot on a2 chased the unprotected horse on a7 in every "
                        "move of the repetition}")
              != std::string::npos);
    }
    SECTION("simple rules: only perpetual check loses, so it is a draw") {
        c.rules.ruleSet = core::RuleSet::Simple;
        std::ostringstream log;
        Tournament t(c, *openings, log);
        t.run({});
        CHECK(t.endings() == std::map<std::string, int>{{"repetition draw", 1}});
        CHECK(readFile(pgn.path).find("[Result \"1/2-1/2\"]") != std::string::npos);
    }
}

TEST_CASE("an interrupted match writes the games in progress", "[match]") {
    TempFile pgn("xq-match-stop");
    const MatchConfig c = config({"-engine", "cmd=" + test::ourEngineCommand(), "name=A", "-engine",
                                  "cmd=" + test::ourEngineCommand(), "name=B", "-each", "st=0.05",
                                  "option.OwnBook=false", "-games", "2", "-concurrency", "2",
                                  "-pgnout", pgn.path.string()});
    std::ostringstream log;
    Tournament t(c, {}, log);
    std::stop_source stop;
    std::jthread interrupter([&stop] {
        std::this_thread::sleep_for(std::chrono::milliseconds(600));
        stop.request_stop();
    });
    t.run(stop.get_token());
    CHECK(t.finishedGames() == 0);
    const std::string text = readFile(pgn.path);
    CHECK(count(text, "[Result \"*\"]") == 2);
    CHECK(count(text, "[Termination \"unterminated\"]") == 2);
    CHECK(count(text, "the match was interrupted") == 2);
    CHECK(count(log.str(), "interrupted after") == 2);
}

TEST_CASE("a resumed match plays only the games its PGN lacks and ends as the whole match",
          "[match]") {
    // Node-limited engines on one thread play the same game for the same opening and colours,
    // so a match resumed from part of its PGN must end with exactly the whole match's table.
    TempFile whole("xq-match-whole"), part("xq-match-part");
    auto args = [](const std::string& pgn, const std::string& redName) {
        const std::string other  = redName == "A" ? "B" : "A";
        const std::string engine = "cmd=" + test::ourEngineCommand();
        return std::vector<std::string>{"-engine",         engine,
                                        "name=" + redName, "nodes=3000",
                                        "-engine",         engine,
                                        "name=" + other,   "nodes=1500",
                                        "-each",           "option.OwnBook=false",
                                        "-games",          "6",
                                        "-openings",       "file=" + test::dataPath("openings.txt"),
                                        "-pgnout",         pgn,
                                        "-resume"};
    };
    auto openings = readOpenings(test::dataPath("openings.txt"));
    REQUIRE(openings);
    std::ostringstream log1;
    Tournament full(config(args(whole.path.string(), "A")), *openings, log1);
    full.run(std::stop_source().get_token());
    REQUIRE(full.finishedGames() == 6);

    // The part: game 4 interrupted ("*"), games 3 and 5 never written.
    auto games = core::readPgnFile(whole.path.string());
    REQUIRE(games);
    REQUIRE(games->size() == 6);
    std::vector<core::PgnGame> kept;
    for (core::PgnGame g : *games) {
        const std::string round = g.tag("Round");
        if (round == "3" || round == "5")
            continue;
        if (round == "4") {
            g.result = "*";
            g.setTag("Result", "*");
        }
        kept.push_back(g);
    }
    {
        std::ofstream out(part.path, std::ios::binary);
        out << core::writePgnGames(kept, core::Notation::Iccs);
    }
    auto partGames = core::readPgnFile(part.path.string());
    REQUIRE(partGames);
    std::ostringstream log2;
    Tournament resumed(config(args(part.path.string(), "A")), *openings, log2);
    REQUIRE(resumed.resume(*partGames).empty());
    CHECK(resumed.resumedGames() == 3);
    resumed.run(std::stop_source().get_token());
    // On a failure, the logs and the games show which game went another way, and why.
    INFO("the whole match:\n" << log1.str() << readFile(whole.path));
    INFO("the resumed match:\n" << log2.str() << readFile(part.path));
    CHECK(resumed.finishedGames() == 6);
    CHECK(resumed.table() == full.table());
    CHECK(resumed.endings() == full.endings());
    const std::string played = log2.str();
    CHECK(count(played, "Resumed: 3 finished games counted, 3 to play") == 1);
    CHECK(count(played, "Finished game ") == 3);
    for (const char* n : {"3", "4", "5"})
        CHECK(count(played, std::string("Finished game ") + n + " ") == 1);
    // The file now holds every game with a result once, and the interrupted game 4 as well.
    auto after = core::readPgnFile(part.path.string());
    REQUIRE(after);
    std::multiset<std::string> finished;
    for (const core::PgnGame& g : *after)
        if (g.result != "*")
            finished.insert(g.tag("Round"));
    CHECK(finished == std::multiset<std::string>{"1", "2", "3", "4", "5", "6"});
    CHECK(after->size() == 7);

    // Another match's file: the colours of its engines differ, so nothing is counted.
    Tournament other(config(args(part.path.string(), "B")), *openings, log2);
    CHECK(other.resume(*partGames) == "game 1 (A vs B): this match plays it as B vs A");
    CHECK(other.resumedGames() == 0);
    // -resume needs the file it goes on with.
    CHECK(
        parseArguments({"-engine", "cmd=x", "st=1", "-engine", "cmd=y", "st=1", "-resume"}).error()
        == "-resume goes on with the games of -pgnout FILE: give -pgnout");
}

TEST_CASE("the man page describes every option and key of xiangqi-match -help", "[match]") {
    const std::string man =
        readFile(std::filesystem::path(XQ_SOURCE_DIR) / "packaging/man/xiangqi-match.6.in");
    REQUIRE_FALSE(man.empty());
    std::istringstream help(usage());
    int options = 0, keys = 0;
    for (std::string line; std::getline(help, line);) {
        std::istringstream words(line);
        std::string first;
        words >> first;
        if (line.rfind("  -", 0) == 0) {
            // "-games N" is written ".BI \-games " in the page, "-help" as ".B \-help".
            CAPTURE(first);
            CHECK((man.find("\\" + first + " ") != std::string::npos
                   || man.find("\\" + first + "\n") != std::string::npos));
            ++options;
        } else if (line.rfind("  ", 0) == 0 && first.find('=') != std::string::npos) {
            // "option.NAME=VALUE" is ".BI option. NAME = VALUE": the key up to its first
            // '.' or '=' starts a line of the page.
            const std::string key = first.substr(0, first.find_first_of(".="));
            CAPTURE(key);
            CHECK((man.find("\n.BI " + key) != std::string::npos
                   || man.find("\n.BR " + key) != std::string::npos));
            ++keys;
        }
    }
    CHECK(options == 16);
    CHECK(keys == 7);
}

TEST_CASE("scores adjudicate games, and engines play on a clock", "[match]") {
    TempFile pgn("xq-match-adjudicate");
    SECTION("a side whose score stays low for the moves given resigns") {
        // Every score is at or below 10000: the first engine to move resigns after one move.
        const MatchConfig c =
            config({"-engine", "cmd=" + test::ourEngineCommand(), "name=A", "-engine",
                    "cmd=" + test::ourEngineCommand(), "name=B", "-each", "depth=2",
                    "option.OwnBook=false", "-games", "2", "-resign", "movecount=1", "score=-10000",
                    "-pgnout", pgn.path.string()});
        std::ostringstream log;
        Tournament t(c, {}, log);
        t.run({});
        CHECK(t.endings() == std::map<std::string, int>{{"resign adjudication", 2}});
        const PairingStats& p = t.pairings().at(0);
        CHECK((p.wdl.wins == 1 && p.wdl.losses == 1)); // Red resigned in both games
        const std::string text = readFile(pgn.path);
        CHECK(count(text, "[Result \"0-1\"]") == 2);
        CHECK(count(text, "[Termination \"adjudication\"]") == 2);
        CHECK(count(text, "Red resigns: its score stayed at or below 10000 for 1 moves") == 2);
    }
    SECTION("on a clock, drawn by the scores from move 2 on") {
        const MatchConfig c =
            config({"-engine", "cmd=" + test::ourEngineCommand(), "name=A", "-engine",
                    "cmd=" + test::ourEngineCommand(), "name=B", "-each", "tc=40/5+0.05",
                    "option.OwnBook=false", "-games", "1", "-draw", "movenumber=2", "movecount=3",
                    "score=10000", "-pgnout", pgn.path.string()});
        std::ostringstream log;
        Tournament t(c, {}, log);
        t.run({});
        CHECK(t.endings() == std::map<std::string, int>{{"draw adjudication", 1}});
        const std::string text = readFile(pgn.path);
        CHECK(text.find("[TimeControl \"tc=40/5+0.05\"]") != std::string::npos);
        CHECK(text.find("[Result \"1/2-1/2\"]") != std::string::npos);
        CHECK(text.find("Draw by adjudication: both scores within 10000 for 3 plies")
              != std::string::npos);
        // Four plies (move 2 reached after three adjudicated plies), each with its search.
        CHECK(count(text, "}") == 4);
    }
}
