// Endgame tables: the index, the files (checksum, damage, regeneration) and the verdicts. Every
// table made here is checked for consistency with its own moves, against a fresh full-width
// search on random positions, and its short mates against the df-pn solver. Only tiny tables
// are made (a second or two in all), in a temporary directory.
#include <array>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include <catch2/catch.hpp>

#include "ai/mate_solver.h"
#include "ai/review.h"
#include "app/engine/uci.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "egtb/command.h"
#include "egtb/endings.h"
#include "egtb/tablebases.h"

using namespace xq;
using egtb::Material;
using egtb::Verdict;
using egtb::Wdl;

namespace {

// A fresh directory under the system's temporary directory, removed at the end.
struct TempDir {
    std::filesystem::path path;
    explicit TempDir(const std::string& name) {
        path = std::filesystem::temp_directory_path()
               / (name + "-" + std::to_string(std::random_device{}()));
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

Material mat(const char* s) {
    auto m = Material::parse(s);
    REQUIRE(m);
    return *m;
}

// Checks every legal entry of the table against its moves: a win in N has a move into a loss
// in N-1 and none into a shorter loss; a loss in N has only moves into wins, the longest N-1
// (no move at all for N = 0); a draw has no move into a loss and one into a draw. Returns the
// number of entries checked.
std::uint64_t checkConsistent(egtb::Tablebases& tb, const egtb::Table& t) {
    std::uint64_t checked = 0;
    core::Position pos;
    for (std::uint64_t i = 0; i < t.size(); ++i) {
        const auto v = egtb::verdictOf(t.code(i));
        if (!v)
            continue;
        REQUIRE(t.layout().decode(i, pos));
        const auto list = tb.moveVerdicts(pos);
        REQUIRE(list);
        int shortestLoss = 1 << 20, longestWin = -1;
        bool anyDraw = false, allWins = true;
        for (const auto& [m, r] : *list) {
            if (r.wdl == Wdl::Loss)
                shortestLoss = std::min(shortestLoss, r.dtm);
            if (r.wdl == Wdl::Draw)
                anyDraw = true;
            if (r.wdl == Wdl::Win)
                longestWin = std::max(longestWin, r.dtm);
            else
                allWins = false;
        }
        INFO(t.material().name() << " " << core::toFen(pos));
        switch (v->wdl) {
        case Wdl::Win:
            REQUIRE(shortestLoss == v->dtm - 1);
            break;
        case Wdl::Loss:
            REQUIRE(allWins);
            REQUIRE(longestWin == v->dtm - 1); // -1 == -1 when there is no move
            break;
        case Wdl::Draw:
            REQUIRE(shortestLoss == (1 << 20));
            REQUIRE(anyDraw);
            break;
        }
        ++checked;
    }
    return checked;
}

// Full-width alpha-beta with mate scores only: the exact mate distance when a mate (either way)
// lies within `depth` plies, 0 otherwise. Knows nothing of tables.
constexpr int kMate = 1000;
int mateSearch(core::Position& p, int depth, int ply, int alpha, int beta) {
    core::MoveList ml;
    core::generateLegal(p, ml);
    if (ml.empty())
        return -(kMate - ply);
    if (depth == 0)
        return 0;
    int best = -kMate - 1;
    for (const auto m : ml) {
        core::Undo u;
        p.makeMove(m, u);
        const int v = -mateSearch(p, depth - 1, ply + 1, -beta, -alpha);
        p.unmakeMove(u);
        best  = std::max(best, v);
        alpha = std::max(alpha, best);
        if (alpha >= beta)
            break;
    }
    return best;
}

// The verdict a search to `depth` plies proves: a win or loss of its length, or nothing.
std::optional<Verdict> searchVerdict(core::Position pos, int depth) {
    const int v = mateSearch(pos, depth, 0, -kMate - 1, kMate + 1);
    if (v > 0)
        return Verdict{Wdl::Win, kMate - v};
    if (v < 0)
        return Verdict{Wdl::Loss, kMate + v};
    return std::nullopt;
}

} // namespace

TEST_CASE("egtb: material signatures parse, print and pick one colour", "[egtb]") {
    CHECK(mat("KRkaabb").name() == "KRkaabb");
    CHECK(mat("KHkeeaa").name() == "KNkaabb");
    CHECK(mat("KAABBkr").canonical().name() == "KRkaabb");
    CHECK(mat("KRkaabb").isCanonical());
    CHECK_FALSE(mat("KAABBkr").isCanonical());
    CHECK(mat("KRkaabb").pieces() == 5);
    std::string why;
    CHECK_FALSE(Material::parse("KRkx", &why));
    CHECK(why == "unknown piece letter 'x' at position 4 of \"KRkx\"");
    CHECK_FALSE(Material::parse("KRRRk", &why));
    CHECK(why == "too many R in \"KRRRk\"");
    CHECK_FALSE(Material::parse("Rk", &why));
    CHECK(why == "\"Rk\" needs exactly one K and one k");
    // KRk: capturing the chariot leaves Kk.
    const auto kids = mat("KRkab").captureChildren();
    std::vector<std::string> names;
    for (const auto& k : kids)
        names.push_back(k.name());
    CHECK(names
          == std::vector<std::string>{"KAB"
                                      "k",
                                      "KRkb", "KRka"});
    // Every ending with up to three pieces: each canonical once.
    const auto all = egtb::allEndings(3);
    CHECK(all.size() == 225); // 444 ordered pairs of sides, 6 of them symmetric
    CHECK(egtb::allEndings(1).size() == 6);
}

TEST_CASE("egtb: the index decodes to positions that index back to themselves", "[egtb]") {
    const egtb::Layout layout(mat("KCPkab"));
    CHECK(layout.size() == 2ULL * 54 * 90 * 55 * 5 * 7);
    std::mt19937_64 rng(7);
    core::Position pos;
    int decoded = 0;
    for (int n = 0; n < 20000; ++n) {
        const std::uint64_t i = rng() % layout.size();
        if (!layout.decode(i, pos))
            continue;
        ++decoded;
        REQUIRE(layout.index(pos, false) == i);
        // The same placement with colours exchanged is found through flip.
        core::Position f;
        f.clear();
        for (int s = 0; s < core::kSquares; ++s)
            if (const auto p = pos.at(static_cast<core::Square>(s)))
                f.put(core::flipRank(static_cast<core::Square>(s)),
                      core::makePiece(~core::colorOf(p), core::typeOf(p)));
        f.setSideToMove(~pos.sideToMove());
        REQUIRE(layout.index(f, true) == i);
    }
    CHECK(decoded > 15000);
    // The mirror image (Red's general on file f) has the index of the position itself.
    auto a = core::parseFen("3k5/9/9/9/4P4/9/9/9/4c4/5K3 w");
    auto b = core::parseFen("5k3/9/9/9/4P4/9/9/9/4c4/3K5 w");
    REQUIRE(a);
    REQUIRE(b);
    const egtb::Layout l2(mat("KCkp"));
    CHECK(l2.index(*a, true) == l2.index(*b, true));
}

TEST_CASE("egtb: made tables are consistent, agree with a search and the mate solver", "[egtb]") {
    TempDir dir("xq-egtb-test");
    egtb::Tablebases tb(dir.path);
    std::vector<egtb::MadeTable> made;
    std::string why;
    for (const char* m : {"KRk", "KNk", "KPk", "KCAk", "KRka"})
        REQUIRE(tb.ensure(mat(m), {}, &why, &made));
    std::vector<std::string> names;
    for (const auto& t : made)
        names.push_back(t.name);
    // Each table is made once, after the tables one capture away.
    CHECK(names
          == std::vector<std::string>{"Kk", "KRk", "KNk", "KPk", "KCk", "KAk", "KCAk", "KRka"});

    // Known figures (the generator is deterministic).
    auto figures = [&](const char* name) {
        for (const auto& t : made)
            if (t.name == name)
                return t.stats;
        FAIL("no table " << name);
        return egtb::TableStats{};
    };
    CHECK(figures("KRk").legal == 5832);
    CHECK(figures("KRk").wins == 2556);
    CHECK(figures("KRk").longestMate == 4);
    CHECK(figures("Kk").wins == 0);
    CHECK(figures("KRka").longestMate == 10);

    for (const auto& t : made) {
        auto table = tb.find(mat(t.name.c_str()));
        REQUIRE(table);
        CHECK(checkConsistent(tb, *table) == t.stats.legal);
    }

    // 1,000 random positions of each table against a full-width search of up to 5 plies: a
    // mate within reach has the table's length exactly, none is found where the table has none.
    std::mt19937_64 rng(44);
    for (const char* name : {"KRk", "KNk", "KPk", "KCAk", "KRka"}) {
        auto table = tb.find(mat(name));
        REQUIRE(table);
        int tried = 0, mates = 0;
        core::Position pos;
        while (tried < 1000) {
            const std::uint64_t i = rng() % table->size();
            const auto v          = egtb::verdictOf(table->code(i));
            if (!v)
                continue;
            REQUIRE(table->layout().decode(i, pos));
            ++tried;
            const int depth  = 5;
            const auto found = searchVerdict(pos, depth);
            INFO(name << " " << core::toFen(pos));
            if (v->wdl != Wdl::Draw && v->dtm <= depth) {
                ++mates;
                REQUIRE(found);
                CHECK(*found == *v);
            } else {
                CHECK_FALSE(found);
            }
        }
        CHECK(mates > 0);
    }

    // Every win of KRk (mates in one or two) proved by df-pn in exactly that many moves.
    {
        auto table = tb.find(mat("KRk"));
        core::Position pos;
        int proved = 0;
        for (std::uint64_t i = 0; i < table->size(); ++i) {
            const auto v = egtb::verdictOf(table->code(i));
            if (!v || v->wdl != Wdl::Win)
                continue;
            REQUIRE(table->layout().decode(i, pos));
            ai::MateLimits limits;
            limits.maxMoves    = (v->dtm + 1) / 2;
            limits.algorithm   = ai::MateAlgorithm::DfPn;
            limits.ttMegabytes = 1;
            const auto r       = ai::solveMate(pos, limits);
            INFO(core::toFen(pos));
            REQUIRE(r.status == ai::MateStatus::Proven);
            REQUIRE(r.mateIn == (v->dtm + 1) / 2);
            ++proved;
        }
        CHECK(proved == 2556);
    }
}

TEST_CASE("egtb: probing names the verdict and the table's move", "[egtb]") {
    TempDir dir("xq-egtb-probe");
    egtb::Tablebases tb(dir.path);
    REQUIRE(tb.ensure(mat("KRk")));
    // Ra8 leaves the general only e9, and Rf8 then stalemates it (a loss in xiangqi).
    auto pos = core::parseFen("5k3/9/9/9/9/9/9/9/9/R2K5 w");
    REQUIRE(pos);
    const auto v = tb.probe(*pos);
    REQUIRE(v);
    CHECK(*v == Verdict{Wdl::Win, 3});
    const auto best = tb.best(*pos);
    REQUIRE(best);
    CHECK(core::toIccs(best->move) == "a0a8");
    // The same with colours exchanged is found in the same table.
    auto flipped = core::parseFen("r2k5/9/9/9/9/9/9/9/9/5K3 b");
    REQUIRE(flipped);
    CHECK(*tb.probe(*flipped) == Verdict{Wdl::Win, 3});
    CHECK(core::toIccs(tb.best(*flipped)->move) == "a9a1");
    // No table: no verdict, and find() never makes one.
    auto other = core::parseFen("3k5/9/9/9/9/9/9/9/4N4/4K4 w");
    REQUIRE(other);
    CHECK_FALSE(tb.probe(*other));
    CHECK_FALSE(std::filesystem::exists(tb.fileOf(mat("KNk"))));
}

TEST_CASE("egtb: two makers of one table at once both get a sound table, no file left over",
          "[egtb]") {
    // The game's analysis, the trainer and xiangqi-egtb each have their own Tablebases and may
    // make the same table at the same time: each writes a file of its own and renames it.
    TempDir dir("xq-egtb-race");
    std::array<std::string, 4> why;
    std::array<bool, 4> ok{};
    {
        std::vector<std::jthread> makers;
        for (std::size_t i = 0; i < ok.size(); ++i)
            makers.emplace_back([&, i] {
                egtb::Tablebases tb(dir.path);
                ok[i] = tb.ensure(mat("KRkaa"), {}, &why[i]) != nullptr;
            });
    }
    for (std::size_t i = 0; i < ok.size(); ++i) {
        INFO(why[i]);
        CHECK(ok[i]);
    }
    std::string err;
    const auto t = egtb::Table::load(dir.path / "KRkaa.xqtb", mat("KRkaa"), &err);
    REQUIRE(t);
    const auto st = egtb::countTable(*t);
    CHECK(st.legal == 50'157);
    CHECK(st.wins == 22'938);
    CHECK(st.longestMate == 20);
    int files = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir.path)) {
        CHECK(e.path().extension() == ".xqtb");
        ++files;
    }
    CHECK(files == 6); // KRkaa, KRka, KRk, KAAk, KAk, Kk
}

TEST_CASE("egtb: a damaged or truncated table is never used and is made anew", "[egtb]") {
    TempDir dir("xq-egtb-damage");
    const auto file = [&] {
        egtb::Tablebases tb(dir.path);
        REQUIRE(tb.ensure(mat("KRk")));
        return tb.fileOf(mat("KRk"));
    }();
    const auto size = std::filesystem::file_size(file);
    {
        std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(1000);
        char c = 0;
        f.read(&c, 1);
        f.seekp(1000);
        c = static_cast<char>(c ^ 1);
        f.write(&c, 1);
    }
    std::string why;
    CHECK_FALSE(egtb::Table::load(file, mat("KRk"), &why));
    CHECK(why.ends_with(": checksum mismatch (damaged)"));
    {
        egtb::Tablebases tb(dir.path);
        CHECK_FALSE(tb.find(mat("KRk")));
        std::vector<egtb::MadeTable> made;
        REQUIRE(tb.ensure(mat("KRk"), {}, &why, &made));
        REQUIRE(made.size() == 1);
        CHECK(made[0].name == "KRk");
    }
    REQUIRE(egtb::Table::load(file, mat("KRk"), &why));
    std::filesystem::resize_file(file, size - 10);
    CHECK_FALSE(egtb::Table::load(file, mat("KRk"), &why));
    CHECK(why.ends_with(": truncated"));
    CHECK_FALSE(egtb::Table::load(dir.path / "none.xqtb", mat("KRk"), &why));
    CHECK(why.ends_with(": missing"));
}

TEST_CASE("egtb: xiangqi-egtb makes, lists and probes tables", "[egtb]") {
    TempDir dir("xq-egtb-cmd");
    std::ostringstream out, err;
    const std::string d = dir.path.string();
    REQUIRE(egtb::runCommand({"--dir", d, "--quiet", "gen", "KRk"}, out, err) == 0);
    CHECK(out.str().find(
              "KRk                9720        5832        2556          66        3210       4")
          != std::string::npos);
    out.str("");
    REQUIRE(egtb::runCommand({"--dir", d, "probe", "5k3/9/9/9/9/9/9/9/9/R2K5", "w"}, out, err)
            == 0);
    CHECK(out.str().starts_with("tb win dtm=3 best=a0a8\n"));
    out.str("");
    CHECK(egtb::runCommand({"--dir", d, "probe", "3k5/9/9/9/9/9/9/9/4N4/4K4 w"}, out, err) == 1);
    CHECK(out.str().starts_with("tb none"));
    out.str("");
    CHECK(egtb::runCommand({"--dir", d, "info"}, out, err) == 0);
    CHECK(out.str().find(
              "KRk                9720        5832        2556          66        3210       4\n")
          != std::string::npos);
    err.str("");
    CHECK(egtb::runCommand({"--dir", d, "gen", "KQk"}, out, err) == 2);
    CHECK(err.str() == "xiangqi-egtb: unknown piece letter 'Q' at position 2 of \"KQk\"\n");
    err.str("");
    CHECK(egtb::runCommand({"--dir", d, "probe", "9/9 w"}, out, err) == 2);
    CHECK(err.str().starts_with("xiangqi-egtb: "));
}

namespace {

std::vector<std::string> linesOf(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        out.push_back(l);
    return out;
}

// Sends the lines to the engine, waits for its search, returns what it wrote since `from`.
std::string engineSays(uci::UciEngine& e, std::ostringstream& out,
                       std::initializer_list<std::string> input) {
    const auto from = out.str().size();
    for (const auto& l : input)
        e.handleLine(l);
    e.waitForSearch();
    return out.str().substr(from);
}

} // namespace

TEST_CASE("egtb: the engine answers from tables on disk and never makes one", "[egtb][uci]") {
    TempDir dir("xq-egtb-uci");
    std::ostringstream out;
    uci::UciEngine e(out);
    const std::string kr = "position fen 5k3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1";
    CHECK(engineSays(e, out, {"setoption name TablebasePath value " + dir.path.string(), kr, "tb"})
          == "tb none\n");
    CHECK(engineSays(e, out, {"go depth 3"}).find("tbhits") == std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir.path / "KRk.xqtb"));
    {
        egtb::Tablebases tb(dir.path);
        REQUIRE(tb.ensure(mat("KRka")));
    }
    // The path is read again when set (a new table directory, or tables made meanwhile).
    e.handleLine("setoption name TablebasePath value " + dir.path.string());
    CHECK(engineSays(e, out, {kr, "tb"}) == "tb win dtm=3 best=a0a8\n");
    // At the root: the table's move with the exact mate, no search.
    auto said = linesOf(engineSays(e, out, {"go depth 9"}));
    REQUIRE(said.size() == 2);
    CHECK(said[0].starts_with("info depth 1 seldepth 0 score mate 2 nodes 0 "));
    CHECK(said[0].ends_with(" pv a0a8"));
    CHECK(said[1] == "bestmove a0a8");
    // The loser's side: mated in 2 moves (4 plies), the longest defence.
    said = linesOf(engineSays(
        e, out, {"position fen 5k3/9/9/9/9/9/9/9/R8/3K5 b - - 0 1", "tb", "go depth 3"}));
    REQUIRE(said.size() == 3);
    CHECK(said[0].starts_with("tb loss dtm="));
    CHECK(said[1].find(" score mate -") != std::string::npos);
    // In the tree: KRkaa has no table, the positions after an advisor is taken (KRka) do.
    said = linesOf(engineSays(
        e, out, {"position fen 3ak4/4a4/9/9/9/9/9/9/4R4/3K5 w - - 0 1", "tb", "go depth 4"}));
    CHECK(said[0] == "tb none");
    CHECK(said.back().starts_with("bestmove "));
    CHECK(said[said.size() - 2].find(" tbhits ") != std::string::npos);
    // UseTablebases false: neither tb nor the search use them.
    said = linesOf(
        engineSays(e, out, {"setoption name UseTablebases value false", kr, "tb", "go depth 3"}));
    CHECK(said[0] == "tb none");
    CHECK(said[1].starts_with("info depth 1 seldepth "));
    CHECK(said[1].find("tbhits") == std::string::npos);
    CHECK(engineSays(e, out, {"setoption name UseTablebases value maybe"})
          == "info string UseTablebases needs true or false, not 'maybe'\n");
    // The option list names both options.
    const auto uciReply = engineSays(e, out, {"uci"});
    CHECK(uciReply.find("option name TablebasePath type string default <empty>\n")
          != std::string::npos);
    CHECK(uciReply.find("option name UseTablebases type check default true\n")
          != std::string::npos);
}

TEST_CASE("egtb: the review marks a move that throws a table win away", "[egtb][review]") {
    TempDir dir("xq-egtb-review");
    egtb::Tablebases tb(dir.path);
    REQUIRE(tb.ensure(mat("KRka")));
    auto table = tb.find(mat("KRka"));
    // The first Red-to-move win in the table with a move into a draw, and its best move.
    core::Position pos;
    std::optional<core::Move> drawing, best;
    for (std::uint64_t i = 0; i < table->layout().perSide() && !drawing; ++i) {
        const auto v = egtb::verdictOf(table->code(i));
        if (!v || v->wdl != Wdl::Win || v->dtm < 5 || !table->layout().decode(i, pos))
            continue;
        const auto list = tb.moveVerdicts(pos);
        REQUIRE(list);
        for (const auto& [m, r] : *list)
            if (r.wdl == Wdl::Draw)
                drawing = m;
        best = tb.best(pos)->move;
    }
    REQUIRE(drawing);
    ai::ReviewOptions options;
    options.depth      = 3;
    options.tablebases = &tb;
    core::Game thrown(pos);
    REQUIRE(thrown.play(*drawing));
    auto r = ai::reviewGame(thrown, options);
    REQUIRE(r.moves.size() == 1);
    CHECK(r.moves[0].tablebase == ai::TablebaseMark::ThrewWin);
    CHECK(r.moves[0].quality == ai::MoveQuality::Blunder);
    CHECK(r.moves[0].best == *best); // the search at the root answers with the table's move
    core::Game kept(pos);
    REQUIRE(kept.play(*best));
    r = ai::reviewGame(kept, options);
    REQUIRE(r.moves.size() == 1);
    CHECK(r.moves[0].tablebase == ai::TablebaseMark::None);
    CHECK(r.moves[0].quality == ai::MoveQuality::Best);
    // Without tables the same move is judged by the search alone: no table mark.
    options.tablebases = nullptr;
    r                  = ai::reviewGame(thrown, options);
    CHECK(r.moves[0].tablebase == ai::TablebaseMark::None);
}

TEST_CASE("egtb: every KRka win, mates in one to five, proved by df-pn in exactly its length",
          "[egtb][mate]") {
    TempDir dir("xq-egtb-dfpn");
    egtb::Tablebases tb(dir.path);
    auto table = tb.ensure(mat("KRka"));
    REQUIRE(table);
    core::Position pos;
    std::array<int, 6> proved{};
    for (std::uint64_t i = 0; i < table->size(); ++i) {
        const auto v = egtb::verdictOf(table->code(i));
        if (!v || v->wdl != Wdl::Win)
            continue;
        REQUIRE(table->layout().decode(i, pos));
        const int moves = (v->dtm + 1) / 2;
        REQUIRE(moves <= 5);
        ai::MateLimits limits;
        limits.maxMoves    = moves;
        limits.algorithm   = ai::MateAlgorithm::DfPn;
        limits.ttMegabytes = 1;
        const auto r       = ai::solveMate(pos, limits);
        INFO(core::toFen(pos) << " table: mate in " << moves);
        REQUIRE(r.status == ai::MateStatus::Proven);
        REQUIRE(r.mateIn == moves); // proved in N and refuted in N-1 (the solver deepens)
        ++proved[static_cast<std::size_t>(moves)];
    }
    CHECK(proved[1] + proved[2] + proved[3] + proved[4] + proved[5] == 12195);
    CHECK(proved[5] > 0);
}
