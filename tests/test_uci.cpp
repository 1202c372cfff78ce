// The UCI engine driven line by line: positions, searches, options, malformed input, perft.
#include <algorithm>
#include <cstdio>
#include <sstream>
#include <thread>
#include <utility>

#include <catch2/catch.hpp>

#include "ai/level.h"
#include "ai/wdl.h"
#include "app/engine/uci.h"
#include "core/fen.h"
#include "core/notation.h"

using namespace xq;

namespace {

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        out.push_back(l);
    return out;
}

std::string lastLineStarting(const std::string& text, const std::string& prefix) {
    std::string found;
    for (const auto& l : lines(text))
        if (l.rfind(prefix, 0) == 0)
            found = l;
    return found;
}

// Sends the lines, waits for any search to finish, returns everything written.
std::string drive(uci::UciEngine& e, std::ostringstream& out,
                  std::initializer_list<std::string_view> input) {
    for (auto l : input)
        e.handleLine(l);
    e.waitForSearch();
    return out.str();
}

} // namespace

TEST_CASE("uci handshake and isready", "[uci]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    const auto text = drive(e, out, {"uci", "isready"});
    CHECK(text.find("uciok") != std::string::npos);
    CHECK(text.find("option name Hash") != std::string::npos);
    CHECK(text.find("readyok") != std::string::npos);
}

TEST_CASE("go depth answers a legal bestmove with info lines", "[uci]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    const auto text = drive(
        e, out,
        {"setoption name OwnBook value false", "position startpos moves h2e2 h9g7", "go depth 5"});
    const auto best = lastLineStarting(text, "bestmove ");
    REQUIRE_FALSE(best.empty());
    auto m = core::parseIccs(e.game().position(), lines(best + " ")[0].substr(9, 4));
    CHECK(m);
    CHECK(text.find("info depth 5 seldepth") != std::string::npos);
    CHECK(text.find(" score cp ") != std::string::npos);
    CHECK(text.find(" nps ") != std::string::npos);
}

TEST_CASE("go nodes, go movetime and the clock all end with a legal bestmove", "[uci]") {
    for (const char* go :
         {"go nodes 5000", "go movetime 50", "go wtime 1000 btime 1000 winc 10 binc 10",
          "go wtime 300 btime 300 movestogo 1", "go mate 1"}) {
        std::ostringstream out;
        uci::UciEngine e(out);
        const auto text =
            drive(e, out, {"setoption name OwnBook value false", "position startpos", go});
        INFO(go);
        const auto best = lastLineStarting(text, "bestmove ");
        REQUIRE(best.size() >= 13);
        CHECK(core::parseIccs(e.game().position(), best.substr(9, 4)));
    }
}

TEST_CASE("go infinite waits for stop", "[uci]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    e.handleLine("setoption name OwnBook value false");
    e.handleLine("position startpos");
    e.handleLine("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    CHECK(e.isSearching());
    e.handleLine("isready"); // answered during the search
    e.handleLine("stop");
    CHECK_FALSE(e.isSearching());
    const auto text = out.str();
    CHECK(text.find("readyok") != std::string::npos);
    const auto best = lastLineStarting(text, "bestmove ");
    REQUIRE(best.size() >= 13);
    CHECK(core::parseIccs(e.game().position(), best.substr(9, 4)));
}

TEST_CASE("quit during a search returns promptly", "[uci]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    e.handleLine("position startpos");
    e.handleLine("go infinite");
    CHECK_FALSE(e.handleLine("quit"));
    CHECK_FALSE(e.isSearching());
}

TEST_CASE("reading input flushes no stream: one bestmove for each go", "[uci]") {
    // std::cin comes tied to std::cout: every read would flush the output on the reading thread,
    // outside the engine's output lock, while the search thread writes, and a line flushed by
    // both threads at once is sent twice (a second "bestmove" answers the next "go" with a stale
    // move). The engine unties its input, so reading flushes nothing.
    struct CountingBuf : std::stringbuf {
        int flushes = 0;
        int sync() override {
            ++flushes;
            return std::stringbuf::sync();
        }
    } tiedBuf;
    std::ostream tied(&tiedBuf);
    std::string input = "uci\nisready\n";
    for (int i = 0; i < 20; ++i)
        input += "position startpos\ngo nodes 300\nisready\n";
    std::istringstream in(input);
    in.tie(&tied);
    std::ostringstream out;
    uci::UciEngine e(out);
    e.run(in);
    CHECK(tiedBuf.flushes == 0);
    CHECK(in.tie() == nullptr);
    const auto all = lines(out.str());
    CHECK(std::count_if(all.begin(), all.end(),
                        [](const std::string& l) { return l.rfind("bestmove ", 0) == 0; })
          == 20);
}

TEST_CASE("bestmove (none) without a legal move", "[uci]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    const auto text =
        drive(e, out, {"position fen 3k5/4P4/9/9/9/9/9/9/9/5K3 b - - 0 1", "go depth 3"});
    CHECK(lastLineStarting(text, "bestmove") == "bestmove (none)");
}

TEST_CASE("a single legal move is answered", "[uci]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    const auto text =
        drive(e, out, {"position fen R4k3/9/9/9/9/9/9/9/9/3K5 b - - 0 1", "go movetime 20"});
    CHECK(lastLineStarting(text, "bestmove").substr(0, 13) == "bestmove f9f8");
}

TEST_CASE("malformed lines say why and leave the position unchanged", "[uci]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    e.handleLine("position startpos moves h2e2");
    const std::string fen = core::toFen(e.game().position());
    for (const char* bad :
         {"position", "position fen", "position fen xyz", "position startpos moves h2e2 zz99",
          "position startpos moves h2h9 a0a1", "position startpos junk", "go depth x", "go depth 0",
          "go movetime", "go nodes -5", "go sideways 3", "setoption",
          "setoption name Hash value lots", "setoption name MultiPV value 9",
          "setoption name OwnBook value maybe", "setoption name Nonsense value 1", "bench 0",
          "flibbertigibbet", "go perft x"}) {
        INFO(bad);
        out.str("");
        e.handleLine(bad);
        e.waitForSearch();
        CHECK(out.str().rfind("info string ", 0) == 0);
        CHECK(core::toFen(e.game().position()) == fen);
    }
}

TEST_CASE("setoption MultiPV prints one info line per pv", "[uci]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    const auto text = drive(e, out,
                            {"setoption name MultiPV value 3", "setoption name OwnBook value false",
                             "position startpos", "go depth 4"});
    CHECK(text.find("info depth 4 seldepth") != std::string::npos);
    CHECK(text.find(" multipv 3 ") != std::string::npos);
    CHECK_FALSE(lastLineStarting(text, "bestmove ").empty());
}

TEST_CASE("go perft prints a divide and the total", "[uci]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    const auto text = drive(e, out, {"position startpos", "go perft 2"});
    CHECK(text.find("a0a1: 44") != std::string::npos);
    CHECK(text.find("Nodes searched: 1920") != std::string::npos);
}

TEST_CASE("bench is deterministic and ends with its two summary lines", "[uci]") {
    std::ostringstream out1, out2;
    uci::UciEngine a(out1), b(out2);
    const auto n1 = a.bench(5);
    const auto n2 = b.bench(5);
    CHECK(n1 == n2);
    const auto l = lines(out1.str());
    REQUIRE(l.size() >= 2);
    CHECK(l[l.size() - 2] == "Nodes searched: " + std::to_string(n1));
    CHECK(l.back().rfind("Nodes/second: ", 0) == 0);
    CHECK(out1.str().find("is invalid") == std::string::npos);
}

TEST_CASE("go mate N proves the mate with the df-pn+ solver", "[uci]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    const auto text =
        drive(e, out, {"position fen 2bR5/3P1k3/4r1P2/9/9/9/9/9/4r4/3K5 w - - 0 1", "go mate 3"});
    CHECK(lastLineStarting(text, "info depth 3 score mate 2").find("pv g7g8") != std::string::npos);
    CHECK(lastLineStarting(text, "bestmove ") == "bestmove g7g8");
    // No mate within one move from the start position: proved, and a legal move is still given.
    std::ostringstream out2;
    uci::UciEngine e2(out2);
    const auto none = drive(e2, out2, {"position startpos", "go mate 1"});
    CHECK(none.find("info string no mate in 1") != std::string::npos);
    CHECK(lastLineStarting(none, "bestmove ").size() == 13);
}

TEST_CASE("eval prints the static evaluation from both points of view", "[uci]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    // Red is a chariot up; Black to move.
    const auto text = drive(
        e, out,
        {"position fen 1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b", "eval"});
    const auto line = lastLineStarting(text, "Evaluation: ");
    REQUIRE_FALSE(line.empty());
    int stm = 0, red = 0;
    REQUIRE(std::sscanf(line.c_str(), "Evaluation: %d (side to move), %d (Red)", &stm, &red) == 2);
    CHECK(red > 700);
    CHECK(stm == -red);
}

TEST_CASE("uci offers UCI_LimitStrength, UCI_Elo over the levels' range, Level and Seed",
          "[uci][level]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    const auto text = drive(e, out, {"uci"});
    CHECK(text.find("option name UCI_LimitStrength type check default false\n")
          != std::string::npos);
    CHECK(text.find("option name UCI_Elo type spin default " + std::to_string(ai::maxLevelElo())
                    + " min " + std::to_string(ai::minLevelElo()) + " max "
                    + std::to_string(ai::maxLevelElo()) + "\n")
          != std::string::npos);
    CHECK(text.find("option name Level type spin default 0 min 0 max "
                    + std::to_string(ai::kMaxLevel) + "\n")
          != std::string::npos);
    CHECK(text.find("option name Seed type spin default 0 min 0 max 2147483647\n")
          != std::string::npos);
}

namespace {

// The bestmove and the last info line's node count of "go" at the engine's settings.
std::pair<std::string, long long> levelMove(std::initializer_list<std::string_view> options) {
    std::ostringstream out;
    uci::UciEngine e(out);
    for (auto o : options)
        e.handleLine(o);
    const auto text = drive(e, out,
                            {"setoption name OwnBook value false", "setoption name Seed value 9",
                             "ucinewgame", "position startpos moves h2e2 h9g7", "go"});
    const auto info = lastLineStarting(text, "info depth");
    const auto at   = info.find(" nodes ");
    REQUIRE(at != std::string::npos);
    return {lastLineStarting(text, "bestmove "), std::stoll(info.substr(at + 7))};
}

} // namespace

TEST_CASE("UCI_Elo plays its level, interpolated between two, only with UCI_LimitStrength",
          "[uci][level]") {
    const auto& three  = ai::levelSpec(3);
    const auto atThree = levelMove({"setoption name UCI_LimitStrength value true",
                                    "setoption name UCI_Elo value " + std::to_string(three.elo)});
    const auto byLevel = levelMove({"setoption name Level value 3"});
    CHECK(atThree.first == byLevel.first);
    CHECK(atThree.second == byLevel.second);
    CHECK(atThree.second <= static_cast<long long>(three.nodes) + 64);
    // Between levels 5 and 6: more nodes than level 5 searches, fewer than level 6.
    const int mid      = (ai::levelSpec(5).elo + ai::levelSpec(6).elo) / 2;
    const auto between = levelMove({"setoption name UCI_LimitStrength value true",
                                    "setoption name UCI_Elo value " + std::to_string(mid)});
    const auto spec    = ai::levelSpecAt(ai::fractionalLevelForElo(mid));
    CHECK(between.second > static_cast<long long>(ai::levelSpec(5).nodes));
    CHECK(between.second <= static_cast<long long>(spec.nodes) + 64);
    CHECK(spec.nodes < ai::levelSpec(6).nodes);
    // Without UCI_LimitStrength the Elo is not applied: "go depth 6" searches 6 plies.
    std::ostringstream out;
    uci::UciEngine e(out);
    const auto text =
        drive(e, out,
              {"setoption name UCI_LimitStrength value false",
               "setoption name UCI_Elo value " + std::to_string(three.elo),
               "setoption name OwnBook value false", "position startpos", "go depth 6"});
    CHECK(text.find("info depth 6 ") != std::string::npos);
}

TEST_CASE("a level's moves repeat with the same Seed", "[uci][level]") {
    const auto a = levelMove({"setoption name Level value 2"});
    const auto b = levelMove({"setoption name Level value 2"});
    CHECK(a == b);
    REQUIRE(a.first.size() >= 13);
}

TEST_CASE("bad strength options say what is wrong and change nothing", "[uci][level]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    const auto text =
        drive(e, out,
              {"setoption name UCI_Elo value " + std::to_string(ai::minLevelElo() - 1),
               "setoption name UCI_LimitStrength value maybe", "setoption name Level value 11",
               "setoption name Seed value -1"});
    CHECK(text.find("UCI_Elo needs a rating from " + std::to_string(ai::minLevelElo()))
          != std::string::npos);
    CHECK(text.find("UCI_LimitStrength needs true or false, not 'maybe'") != std::string::npos);
    CHECK(text.find("Level needs a number from 0 (full strength) to 10, not '11'")
          != std::string::npos);
    CHECK(text.find("Seed needs a number") != std::string::npos);
}

TEST_CASE("the uci reply is the option table, in order, and nothing else", "[uci][options]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    const auto text    = drive(e, out, {"uci"});
    const auto elo     = std::to_string(ai::maxLevelElo());
    const auto threads = std::to_string(
        std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, ai::kMaxThreads));
    CHECK(lines(text)
          == std::vector<std::string>{
              "id name Xiangqi 0.1",
              "id author the Xiangqi developers",
              "option name Hash type spin default 64 min 1 max 4096",
              "option name Threads type spin default 1 min 1 max " + threads,
              "option name OwnBook type check default true",
              "option name MultiPV type spin default 1 min 1 max 5",
              "option name BookFile type string default <empty>",
              "option name Clear Hash type button",
              "option name Repetition type combo default Asian var Asian var Chinese var Simple",
              "option name UCI_LimitStrength type check default false",
              "option name UCI_Elo type spin default " + elo + " min "
                  + std::to_string(ai::minLevelElo()) + " max " + elo,
              "option name Level type spin default 0 min 0 max 10",
              "option name Seed type spin default 0 min 0 max 2147483647",
              "option name TablebasePath type string default <empty>",
              "option name UseTablebases type check default true",
              "option name Ponder type check default false",
              "option name UCI_ShowWDL type check default false",
              "uciok",
          });
    REQUIRE(e.options().size() == 15);
    CHECK(declaration(e.options()[0]) == "option name Hash type spin default 64 min 1 max 4096");
}

TEST_CASE("setoption checks the value against the table and says what is wrong", "[uci][options]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    const std::pair<const char*, const char*> cases[] = {
        {"setoption name Hash value lots",
         "info string Hash needs a size in MiB from 1 to 4096, not 'lots'\n"},
        {"setoption name Hash value 0",
         "info string Hash needs a size in MiB from 1 to 4096, not '0'\n"},
        {"setoption name Hash", "info string Hash needs a size in MiB from 1 to 4096, not ''\n"},
        {"setoption name MultiPV value 6",
         "info string MultiPV needs a number from 1 to 5, not '6'\n"},
        {"setoption name OwnBook value maybe",
         "info string OwnBook needs true or false, not 'maybe'\n"},
        {"setoption name Repetition value Korean",
         "info string Repetition needs Asian, Chinese or Simple, not 'Korean'\n"},
        {"setoption name Level value 11",
         "info string Level needs a number from 0 (full strength) to 10, not '11'\n"},
        {"setoption name Seed value -1",
         "info string Seed needs a number from 0 (from the system) to 2147483647, not '-1'\n"},
        {"setoption name Nonsense value 1", "info string unknown option 'Nonsense'\n"},
        {"setoption name Hash Size value 8", "info string unknown option 'Hash Size'\n"},
        {"setoption Hash value 8", "info string setoption needs 'name <option> value <value>'\n"},
        // Good values, names in any case: no reply.
        {"setoption name hash value 8", ""},
        {"setoption name MULTIPV value 5", ""},
        {"setoption name ownbook value FALSE", ""},
        {"setoption name repetition value chinese", ""},
        {"setoption name Clear Hash", ""},
        {"setoption name BookFile value <empty>", ""},
        {"setoption name UCI_Variant value xiangqi", ""},
    };
    for (const auto& [line, reply] : cases) {
        INFO(line);
        out.str("");
        e.handleLine(line);
        CHECK(out.str() == reply);
    }
    // The good values took effect: five lines per iteration, no book, the Chinese rules.
    const auto text =
        drive(e, out, {"position startpos moves h2e2 h9g7", "go depth 2", "ucinewgame"});
    CHECK(text.find("multipv 5 ") != std::string::npos);
    CHECK(text.find("book move") == std::string::npos);
    CHECK(e.game().rules().ruleSet == core::RuleSet::Chinese);
}

namespace {

uci::UciOption option(const char* name, uci::UciOption::Type type, long long min = 0,
                      long long max = 0, std::vector<std::string> vars = {}) {
    uci::UciOption o;
    o.name = name;
    o.type = type;
    o.min  = min;
    o.max  = max;
    o.vars = std::move(vars);
    return o;
}

} // namespace

TEST_CASE("checkValue normalises a good value for apply", "[uci][options]") {
    using Type       = uci::UciOption::Type;
    const auto combo = option("Repetition", Type::Combo, 0, 0, {"Asian", "Chinese", "Simple"});
    std::string v    = "sImPlE";
    long long n      = 0;
    CHECK(uci::checkValue(combo, v, n).empty());
    CHECK(v == "Simple");
    v = "Korean";
    CHECK(uci::checkValue(combo, v, n)
          == "Repetition needs Asian, Chinese or Simple, not 'Korean'");
    const auto check = option("OwnBook", Type::Check);
    v                = "TRUE";
    CHECK(uci::checkValue(check, v, n).empty());
    CHECK(v == "true");
    CHECK(n == 1);
    const auto spin = option("Hash", Type::Spin, 1, 4096);
    v               = "4096";
    CHECK(uci::checkValue(spin, v, n).empty());
    CHECK(n == 4096);
    v = "4097";
    CHECK(uci::checkValue(spin, v, n) == "Hash needs a number from 1 to 4096, not '4097'");
    v = "12abc";
    CHECK(uci::checkValue(spin, v, n) == "Hash needs a number from 1 to 4096, not '12abc'");
    const auto text = option("BookFile", Type::String);
    v               = "<empty>";
    CHECK(uci::checkValue(text, v, n).empty());
    CHECK(v.empty());
    v = "my book.txt";
    CHECK(uci::checkValue(text, v, n).empty());
    CHECK(v == "my book.txt");
}

TEST_CASE("uci offers Ponder and UCI_ShowWDL", "[uci][ponder][wdl]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    const auto text = drive(e, out, {"uci"});
    CHECK(text.find("option name Ponder type check default false\n") != std::string::npos);
    CHECK(text.find("option name UCI_ShowWDL type check default false\n") != std::string::npos);
    const auto bad = drive(e, out, {"setoption name UCI_ShowWDL value yes"});
    CHECK(bad.find("UCI_ShowWDL needs true or false, not 'yes'") != std::string::npos);
}

TEST_CASE("UCI_ShowWDL adds the model's win, draw and loss per mille to every score",
          "[uci][wdl]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    const auto plain =
        drive(e, out,
              {"setoption name OwnBook value false", "position startpos moves h2e2", "go depth 4"});
    CHECK(plain.find(" wdl ") == std::string::npos);
    std::ostringstream out2;
    uci::UciEngine e2(out2);
    const auto text =
        drive(e2, out2,
              {"setoption name OwnBook value false", "setoption name UCI_ShowWDL value true",
               "position fen 3ak4/4a4/9/9/9/9/9/4R4/9/3K5 w - - 0 1", "go depth 4"});
    int infos = 0;
    for (const auto& l : lines(text)) {
        if (l.rfind("info depth", 0) != 0)
            continue;
        ++infos;
        int cp = 0, w = 0, d = 0, lo = 0;
        const auto at = l.find(" score cp ");
        REQUIRE(at != std::string::npos);
        REQUIRE(std::sscanf(l.c_str() + at, " score cp %d wdl %d %d %d", &cp, &w, &d, &lo) == 4);
        // One chariot: material 4.
        const ai::Wdl model = ai::wdlFromScore(cp, 0, 4);
        CHECK(w == model.win);
        CHECK(d == model.draw);
        CHECK(lo == model.loss);
        CHECK(w + d + lo == 1000);
    }
    CHECK(infos == 4);
    CHECK(text.find("info string") == std::string::npos);
    // A mate found is a certain win.
    std::ostringstream out3;
    uci::UciEngine e3(out3);
    const auto mate =
        drive(e3, out3,
              {"setoption name UCI_ShowWDL value true",
               "position fen 2bR5/3P1k3/4r1P2/9/9/9/9/9/4r4/3K5 w - - 0 1", "go depth 5"});
    CHECK(lastLineStarting(mate, "info depth 5").find(" score mate ") != std::string::npos);
    CHECK(lastLineStarting(mate, "info depth 5").find(" wdl 1000 0 0 ") != std::string::npos);
}

TEST_CASE("go ponder holds the clock back until ponderhit", "[uci][ponder]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    e.handleLine("setoption name OwnBook value false");
    e.handleLine("position startpos moves h2e2 h9g7");
    // The clock gives about 20 ms for this move; pondering goes on well past it.
    e.handleLine("go ponder wtime 600 btime 600");
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
    // Still searching, so no bestmove yet (the stream is read only once the search has ended:
    // the search thread writes to it).
    CHECK(e.isSearching());
    e.handleLine("isready");
    e.handleLine("ponderhit");
    // 250 ms pondered are more than the move's time: it answers at once.
    e.waitForSearch();
    const auto text = out.str();
    CHECK(text.find("readyok") != std::string::npos);
    const auto best = lastLineStarting(text, "bestmove ");
    REQUIRE(best.size() >= 13);
    CHECK(core::parseIccs(e.game().position(), best.substr(9, 4)));
}

TEST_CASE("stop during a ponder search answers with the best move so far", "[uci][ponder]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    e.handleLine("setoption name OwnBook value false");
    e.handleLine("position startpos moves c3c4");
    e.handleLine("go ponder wtime 60000 btime 60000 winc 1000 binc 1000");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    CHECK(e.isSearching());
    e.handleLine("stop");
    CHECK_FALSE(e.isSearching());
    const auto best = lastLineStarting(out.str(), "bestmove ");
    REQUIRE(best.size() >= 13);
    CHECK(core::parseIccs(e.game().position(), best.substr(9, 4)));
    // A ponderhit after the search has ended changes nothing.
    e.handleLine("ponderhit");
    CHECK(lastLineStarting(out.str(), "bestmove ") == best);
}

TEST_CASE("a ponder search that ends on its own answers only at ponderhit", "[uci][ponder]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    for (const char* l : {"setoption name OwnBook value false", "ucinewgame",
                          "position startpos moves h2e2 h9g7", "go ponder nodes 3000"})
        e.handleLine(l);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    // Still searching, so no bestmove yet (the stream is read only after waitForSearch).
    CHECK(e.isSearching());
    e.handleLine("ponderhit");
    e.waitForSearch();
    const auto pondered = lastLineStarting(out.str(), "bestmove ");
    // The same search as without ponder: one thread, the same nodes, the same move.
    std::ostringstream out2;
    uci::UciEngine e2(out2);
    const auto plain = drive(e2, out2,
                             {"setoption name OwnBook value false", "ucinewgame",
                              "position startpos moves h2e2 h9g7", "go nodes 3000"});
    CHECK(pondered == lastLineStarting(plain, "bestmove "));
    REQUIRE(pondered.size() >= 13);
}

TEST_CASE("a ponderhit without a ponder search is ignored", "[uci][ponder]") {
    std::ostringstream out;
    uci::UciEngine e(out);
    const auto text = drive(e, out, {"ponderhit", "isready"});
    CHECK(text == "readyok\n");
}
