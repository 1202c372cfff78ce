// xiangqi-convert run as a program: every shared game file converted to PGN reads back as the
// independent reader read it (tests/data/formats/reference.json); exit status 0/1/2; XQF out.
#ifdef XQ_CONVERT_BIN

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "core/fen.h"
#include "core/game_formats.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "testdata.h"

using namespace xq::core;

namespace {

const std::string kDir = xq::test::dataPath("formats/");

struct Run {
    int status = -1;
    std::string out, err;
};

std::string quote(const std::string& s) {
    std::string q = "'";
    for (char c : s)
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

Run run(const std::string& args) {
    const auto errFile =
        std::filesystem::temp_directory_path() / ("xq-convert-err-" + std::to_string(::getpid()));
    const std::string cmd = quote(XQ_CONVERT_BIN) + " " + args + " 2>" + quote(errFile.string());
    Run r;
    FILE* p = ::popen(cmd.c_str(), "r");
    REQUIRE(p != nullptr);
    char buf[65536];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0)
        r.out.append(buf, n);
    const int st = ::pclose(p);
    r.status     = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    r.err        = slurp(errFile.string());
    std::filesystem::remove(errFile);
    return r;
}

std::string shortFen(const Position& p) {
    const std::string f = toFen(p);
    return f.substr(0, f.find(' ') + 2);
}

} // namespace

TEST_CASE("xiangqi-convert writes every shared file's games as the reference reads them",
          "[convert]") {
    const nlohmann::json ref = nlohmann::json::parse(slurp(kDir + "reference.json"));
    std::string args;
    std::vector<nlohmann::json> expected;
    for (const auto& [file, games] : ref.items()) {
        args += " " + quote(kDir + file);
        for (const auto& g : games)
            expected.push_back(g);
    }
    const Run r = run(args);
    CHECK(r.status == 0);
    CHECK(r.err == "");
    auto games = readPgnGames(r.out);
    REQUIRE(games.error() == "");
    REQUIRE(games->size() == expected.size());
    CHECK(games->size() == 47);
    for (std::size_t i = 0; i < games->size(); ++i) {
        INFO("game " << i + 1);
        const PgnGame& g = (*games)[i];
        CHECK(shortFen(g.start) == expected[i]["fen"].get<std::string>());
        std::vector<std::string> main;
        for (const auto& m : g.moves())
            main.push_back(toIccs(m.move));
        CHECK(main == expected[i]["main"].get<std::vector<std::string>>());
        CHECK(countLines(g.main) == expected[i]["lines"].get<std::size_t>());
        // Set-up positions carry their FEN tag.
        CHECK((g.tag("FEN").empty() == (shortFen(g.start) == shortFen(PgnGame().start))));
    }
}

TEST_CASE("xiangqi-convert: a damaged file gives exit 1 and the others are still converted",
          "[convert]") {
    const auto dir =
        std::filesystem::temp_directory_path() / ("xq-convert-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string bad = (dir / "cut.xqf").string();
    { std::ofstream(bad, std::ios::binary) << slurp(kDir + "test.xqf").substr(0, 1100); }
    const Run r = run(quote(kDir + "save.xqf") + " " + quote(bad) + " " + quote(kDir + "test.cbr")
                      + " --notation chinese");
    CHECK(r.status == 1);
    CHECK(r.err.rfind("xiangqi-convert: " + bad + ": byte ", 0) == 0);
    auto games = readPgnGames(r.out);
    REQUIRE(games.hasValue());
    CHECK(games->size() == 2);
    CHECK(r.out.find("[Format \"Chinese\"]") != std::string::npos);
    CHECK(r.out.find("炮二平五") != std::string::npos);

    SECTION("usage errors give 2") {
        CHECK(run("--to jpg " + quote(kDir + "save.xqf")).status == 2);
        CHECK(run("").status == 2);
    }
    SECTION("a library into a folder of XQF files") {
        const Run x = run("--to xqf -o " + quote((dir / "out").string()) + " "
                          + quote(kDir + "1989年龙化杯象棋名师邀请赛35局.CBL"));
        CHECK(x.status == 0);
        std::size_t files = 0;
        for (const auto& e : std::filesystem::directory_iterator(dir / "out"))
            files += e.path().extension() == ".xqf";
        CHECK(files == 36);
        const GameFileResult one =
            readGameFile((dir / "out" / "1989年龙化杯象棋名师邀请赛35局-1.xqf").string());
        REQUIRE(one.error == "");
        CHECK(one.games[0].tag("Red") == "徐天红");
        CHECK(one.games[0].moves().size() == 60);
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("xiangqi-convert's man page names every option of its --help", "[convert]") {
    const Run help = run("--help");
    CHECK(help.status == 0);
    const std::string man = slurp(xq::test::sourcePath("packaging/man/xiangqi-convert.6.in"));
    REQUIRE(!man.empty());
    std::istringstream words(help.out);
    std::string word;
    int options = 0;
    while (words >> word) {
        const std::size_t dashes = word.find("--"); // "-o,--output" too
        if (dashes == std::string::npos)
            continue;
        word = word.substr(dashes);
        word = word.substr(0, word.find_first_of(",=["));
        // The man page writes a hyphen as "\-".
        std::string troff;
        for (char c : word)
            troff += c == '-' ? std::string("\\-") : std::string(1, c);
        INFO(word);
        CHECK(man.find(troff) != std::string::npos);
        ++options;
    }
    CHECK(options >= 4); // --notation, --to, --output, --help
}

#endif
