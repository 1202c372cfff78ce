// Playing levels: the table's order, the seeded choice among near-equal moves, the node budget,
// and no hanging pieces where the level's own search can see them.
#include <set>
#include <string>

#include <catch2/catch.hpp>

#include "ai/level.h"
#include "ai/search.h"
#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"

using namespace xq;

namespace {

core::Game gameAfter(std::initializer_list<const char*> moves) {
    auto pos = core::parseFen(core::kStartFen);
    REQUIRE(pos);
    core::Game g(*pos);
    for (const char* text : moves) {
        auto m = core::parseIccsSyntax(text);
        REQUIRE(m);
        REQUIRE(g.play(*m));
    }
    return g;
}

ai::SearchResult searchAt(ai::Searcher& s, const core::SearchSnapshot& snap, int level) {
    ai::SearchLimits limits;
    limits.level   = level;
    limits.useBook = false;
    return s.search(snap, limits);
}

// The score (side to move's view) of a full-strength search of `game` to `depth`.
int fullScore(ai::Searcher& s, const core::Game& game, int depth) {
    ai::SearchLimits limits;
    limits.depth   = depth;
    limits.useBook = false;
    return s.search(game.searchSnapshot(), limits).score;
}

} // namespace

TEST_CASE("the level table: more nodes, a smaller margin and a higher Elo at each level",
          "[level]") {
    const auto table = ai::levels();
    REQUIRE(table.size() == static_cast<std::size_t>(ai::kMaxLevel - ai::kMinLevel + 1));
    for (std::size_t i = 1; i < table.size(); ++i) {
        CHECK(table[i].level == table[i - 1].level + 1);
        CHECK(table[i].nodes > table[i - 1].nodes);
        CHECK(table[i].marginCp <= table[i - 1].marginCp);
        CHECK(table[i].elo > table[i - 1].elo);
    }
    CHECK(ai::minLevelElo() == table.front().elo);
    CHECK(ai::maxLevelElo() == table.back().elo);
    for (const auto& spec : table) {
        CHECK(ai::levelForElo(spec.elo) == spec.level);
        CHECK(&ai::levelSpec(spec.level) == &spec);
    }
    CHECK(ai::levelForElo(ai::minLevelElo() - 500) == ai::kMinLevel);
    CHECK(ai::levelForElo(ai::maxLevelElo() + 500) == ai::kMaxLevel);
}

TEST_CASE("a level's limits: its nodes and lines, the caller's when tighter, one thread",
          "[level]") {
    ai::SearchLimits caller;
    caller.threads   = 4;
    const auto& spec = ai::levelSpec(5);
    auto l           = ai::levelLimits(caller, 5);
    CHECK(l.nodes == spec.nodes);
    CHECK(l.multiPv == spec.lines);
    CHECK(l.threads == 1);
    caller.nodes = spec.nodes / 2;
    CHECK(ai::levelLimits(caller, 5).nodes == spec.nodes / 2);
    CHECK(ai::levelLimits(caller, 1).depth == ai::levelSpec(1).depth);
}

TEST_CASE("the choice among root lines: within the margin, never into a mate, a mate played",
          "[level]") {
    std::mt19937_64 rng(7);
    auto line = [](int score, int mateIn = 0) {
        ai::SearchInfo i;
        i.score  = score;
        i.mateIn = mateIn;
        return i;
    };
    const int margin = ai::levelSpec(1).marginCp;
    const std::vector<ai::SearchInfo> lines{line(100), line(100 - margin), line(99 - margin),
                                            line(-29990, -5)};
    std::set<std::size_t> chosen;
    for (int i = 0; i < 400; ++i)
        chosen.insert(ai::chooseLevelLine(lines, 1, rng));
    CHECK(chosen == std::set<std::size_t>{0, 1});
    // A mate for the side to move is played at every level.
    const std::vector<ai::SearchInfo> mating{line(29990, 5), line(29980, 10), line(50)};
    for (int i = 0; i < 100; ++i)
        CHECK(ai::chooseLevelLine(mating, 1, rng) == 0);
    // The strongest level's margin is the narrowest: a line one centipawn beyond it is never
    // played, one within it sometimes.
    const int top = ai::levelSpec(ai::kMaxLevel).marginCp;
    const std::vector<ai::SearchInfo> close{line(20), line(19 - top)};
    for (int i = 0; i < 100; ++i)
        CHECK(ai::chooseLevelLine(close, ai::kMaxLevel, rng) == 0);
    const std::vector<ai::SearchInfo> within{line(20), line(20 - top)};
    std::set<std::size_t> either;
    for (int i = 0; i < 100; ++i)
        either.insert(ai::chooseLevelLine(within, ai::kMaxLevel, rng));
    CHECK(either == std::set<std::size_t>{0, 1});
}

TEST_CASE("a level's move comes from its seed: the same seed gives the same move, others vary",
          "[level]") {
    const auto snap = gameAfter({"h2e2", "h9g7"}).searchSnapshot();
    ai::Searcher s(16);
    std::set<std::uint16_t> moves;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        s.clear();
        s.setSeed(seed);
        const auto first = searchAt(s, snap, 2);
        s.clear();
        s.setSeed(seed);
        const auto again = searchAt(s, snap, 2);
        CHECK(first.best == again.best);
        moves.insert(first.best.raw());
    }
    CHECK(moves.size() >= 2);
}

TEST_CASE("a level keeps to its node budget and reports the caller's lines only", "[level]") {
    const auto snap = gameAfter({"c3c4", "b9c7"}).searchSnapshot();
    ai::Searcher s(16);
    s.setSeed(3);
    for (int level : {4, 7}) {
        std::vector<ai::SearchInfo> reported;
        ai::SearchLimits limits;
        limits.level   = level;
        limits.useBook = false;
        const auto r =
            s.search(snap, limits, {}, [&](const ai::SearchInfo& i) { reported.push_back(i); });
        CHECK(r.nodes <= ai::levelSpec(level).nodes + 64);
        CHECK(r.lines.size() == 1);
        REQUIRE(!reported.empty());
        for (const auto& i : reported)
            CHECK(i.multiPvIndex == 1);
        // The last report is the line played.
        REQUIRE(!reported.back().pv.empty());
        CHECK(reported.back().pv.front() == r.best);
    }
}

TEST_CASE("from level 3 no move leaves a chariot's worth to be taken", "[level]") {
    // Self-play from several openings with several seeds: each move of a level is checked by a
    // full-strength search (quiescence included) of 3 plies before it and 2 after it, which
    // sees a piece left en prise and a simple fork. A level may miss a deeper tactic or choose a
    // move a little worse, never give away a chariot.
    const std::initializer_list<const char*> openings[] = {
        {"h2e2", "h9g7"}, {"c3c4", "g6g5"}, {"b2e2", "b9c7", "b0c2"}, {"h0g2", "c6c5"}};
    constexpr int kChariotLoss = 700; // below a chariot (about 950 cp), above a cannon or horse
    ai::Searcher player(16), judge(16);
    int checked = 0;
    for (int level : {3, 5, 8}) {
        std::uint64_t seed = 100;
        for (const auto& opening : openings) {
            core::Game game = gameAfter(opening);
            player.clear();
            player.setSeed(++seed);
            for (int ply = 0; ply < 24 && !game.result().isOver(); ++ply) {
                const auto r = searchAt(player, game.searchSnapshot(), level);
                REQUIRE(r.best);
                const int before = fullScore(judge, game, 3);
                core::Game after = game;
                REQUIRE(after.play(r.best));
                if (after.result().isOver())
                    break;
                const int afterScore = -fullScore(judge, after, 2);
                INFO("level " << level << " played " << core::toIccs(r.best) << " in "
                              << core::toFen(game.position()) << ": " << before << " -> "
                              << afterScore);
                CHECK(before - afterScore < kChariotLoss);
                ++checked;
                game = std::move(after);
            }
        }
    }
    CHECK(checked > 200);
}

TEST_CASE("a fractional level lies between its two rows: nodes geometric, margin and lines "
          "linear",
          "[level]") {
    for (int i = ai::kMinLevel; i <= ai::kMaxLevel; ++i) {
        const auto at = ai::levelSpecAt(i);
        CHECK(at.nodes == ai::levelSpec(i).nodes);
        CHECK(at.marginCp == ai::levelSpec(i).marginCp);
        CHECK(at.lines == ai::levelSpec(i).lines);
        CHECK(at.depth == ai::levelSpec(i).depth);
    }
    // Halfway from level 5 (3,300 nodes, margin 67) to 6 (5,350, 53): the geometric mean.
    const auto half = ai::levelSpecAt(5.5);
    CHECK(half.nodes == 4'202);
    CHECK(half.marginCp == 60);
    CHECK(half.lines == 4);
    CHECK(half.depth == 0);
    // Halfway from level 6 (margin 53) to 7 (42): 47.5 rounds away from zero.
    CHECK(ai::levelSpecAt(6.5).marginCp == 48);
    // A quarter from level 9 (21,800, 3 lines, 27) to 10 (36,000, 2 lines, 20): 2.75 lines
    // round to 3. Halfway, 2.5 rounds away from zero, to 3; past it the upper row's 2 apply.
    const auto q = ai::levelSpecAt(9.25);
    CHECK(q.nodes == 24'713);
    CHECK(q.lines == 3);
    CHECK(q.marginCp == 25);
    CHECK(ai::levelSpecAt(9.5).lines == 3);
    CHECK(ai::levelSpecAt(9.75).lines == 2);
    // Between levels 1 and 2 the upper row's depth limit applies.
    CHECK(ai::levelSpecAt(1.5).depth == 2);
    CHECK(ai::levelSpecAt(1.5).nodes == 551);
    // Out of range: the end rows.
    CHECK(ai::levelSpecAt(0.2).nodes == ai::levelSpec(1).nodes);
    CHECK(ai::levelSpecAt(12.0).nodes == ai::levelSpec(10).nodes);
    // Every step of a tenth adds nodes and takes margin away.
    for (int k = 10; k < 100; ++k) {
        const auto a = ai::levelSpecAt(k / 10.0), b = ai::levelSpecAt((k + 1) / 10.0);
        CHECK(b.nodes > a.nodes);
        CHECK(b.marginCp <= a.marginCp);
    }
}

TEST_CASE("UCI_Elo's level: interpolated between the two levels around the rating", "[level]") {
    for (const auto& spec : ai::levels())
        CHECK(ai::fractionalLevelForElo(spec.elo) == Approx(spec.level));
    const auto& five = ai::levelSpec(5);
    const auto& six  = ai::levelSpec(6);
    const int mid    = (five.elo + six.elo) / 2;
    CHECK(ai::fractionalLevelForElo(mid)
          == Approx(5.0 + static_cast<double>(mid - five.elo) / (six.elo - five.elo)));
    CHECK(ai::levelSpecAt(ai::fractionalLevelForElo(mid)).elo == mid);
    CHECK(ai::fractionalLevelForElo(ai::minLevelElo() - 300) == ai::kMinLevel);
    CHECK(ai::fractionalLevelForElo(ai::maxLevelElo() + 300) == ai::kMaxLevel);
    // A search at a fractional level keeps to the interpolated budget.
    const auto snap = gameAfter({"h2e2", "h9g7"}).searchSnapshot();
    ai::Searcher s(16);
    s.setSeed(5);
    ai::SearchLimits limits;
    limits.level   = 6.5;
    limits.useBook = false;
    const auto r   = s.search(snap, limits);
    CHECK(r.nodes <= ai::levelSpecAt(6.5).nodes + 64);
    CHECK(r.nodes > ai::levelSpec(6).nodes);
}
