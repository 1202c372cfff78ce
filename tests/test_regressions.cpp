// Regression tests for the inputs the fuzzers (fuzz/, tools/fuzz.sh) found: each case feeds the
// exact bytes that broke a parser back to the same parser and checks the clean outcome.
#include <string>
#include <string_view>

#include <catch2/catch.hpp>

#include "core/fen.h"

#ifdef XQ_HAVE_GUI_LOGIC
#include "app/gui/model/game_record.h"
#endif

using namespace xq;

// fuzz_fen, crash-651727dd: the quiet-move count 100000 was accepted and stored in 16 bits, so
// the position said 34464 and toFen wrote that back. Fixed in core/fen.cpp: counters above 65535
// are rejected with a message.
TEST_CASE("FEN counters that do not fit the position are rejected, not wrapped", "[regression]") {
    const std::string input = "3akab2/R2r5/4b4/151Nr/2p1p4/4c1B2/PR7/4B4/4A4/4KA3 r - - 0100000";
    const auto pos          = core::parseFen(input);
    REQUIRE_FALSE(pos);
    CHECK_THAT(pos.error(), Catch::Contains("quiet-move count"));
    CHECK_FALSE(core::parseFenBoard(input));

    const auto full = core::parseFen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 100000 1");
    REQUIRE_FALSE(full);
    CHECK_THAT(full.error(), Catch::Contains("quiet-move count"));
    const auto moveNumber = core::parseFen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 70000");
    REQUIRE_FALSE(moveNumber);
    CHECK_THAT(moveNumber.error(), Catch::Contains("move number"));

    const auto largest = core::parseFen("4k4/9/9/9/9/9/9/9/9/3K5 b - - 65535 65535");
    REQUIRE(largest);
    CHECK(largest->quietPlies() == 65535);
    CHECK(largest->fullmoveNumber() == 65535);
    CHECK(core::toFen(*largest) == "4k4/9/9/9/9/9/9/9/9/3K5 b - - 65535 65535");
}

#ifdef XQ_HAVE_GUI_LOGIC
// fuzz_savefile, crash-0cc39341: a tag line whose name holds a double quote. The first reader of
// saved games took the name up to the first space but the value from the first quote (inside the
// name), so the value read back differently after every save. The saved-game reader now goes
// through core/pgn.h; such a line must be refused with a message or read back as written.
TEST_CASE("saved game: a tag name holding a quote is refused or reads back as written",
          "[regression]") {
    const std::string fuzzed = "[Rede \"Chinese Chess\"]; \"Impossib[Event \"Impossibl"
                               "\xff\xff\xff\xff\xff\xff\xff\xff\"]\n"
                               "[El\xff\xff\xff\xff\xff\xff\xff\xff\"]9/9/9/\xc2/9/9/49K9 //4w\"]\n"
                               "\n1. K5+1 *\n";
    for (const std::string& text : {fuzzed, std::string("[a\"b \"c\"]\n\n*\n")}) {
        INFO(text);
        const auto first = xq::gui::readPgn(text);
        if (!first) {
            CHECK_FALSE(first.error().empty());
            continue;
        }
        const std::string written = xq::gui::writePgn(first->tree.mainGame(), first->tags);
        const auto second         = xq::gui::readPgn(written);
        INFO(written);
        REQUIRE(second);
        for (const auto& [name, value] : first->tags)
            if (name != "Date" && name != "Result" && name != "Format")
                CHECK(second->tags.count(name) == 1);
        CHECK(xq::gui::writePgn(second->tree.mainGame(), second->tags) == written);
    }
}

// fuzz_savefile, crash-d8ef933a: a set-up position whose quiet-move count (4440) is already past
// the natural move limit, then moves. The reader keeps moves played on after a draw the rules
// call final (Game::forcePlay), so the record loads with both moves, and what writePgn writes
// reads back to the same game. (The harness had replayed with Game::play, which refuses them.)
TEST_CASE("saved game: moves after the natural move limit are kept and read back", "[regression]") {
    const std::string input = "% Two gsition\"]\n"
                              "[FEN \"3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/5K3 w - - 4440\"]\n\n"
                              "1. 7++1 {the front soof file 7} K4.5 ";
    const auto rec          = xq::gui::readPgn(input);
    REQUIRE(rec);
    const xq::core::Game game = rec->tree.mainGame();
    CHECK(game.ply() == 2);
    CHECK(game.isOver());
    xq::core::Game replay(game.startPosition(), game.rules());
    CHECK(replay.isOver());
    for (xq::core::Move m : game.moves())
        CHECK(replay.forcePlay(m));
    const std::string written = xq::gui::writePgn(game, rec->tags);
    const auto back           = xq::gui::readPgn(written);
    INFO(written);
    REQUIRE(back);
    CHECK(back->tree.mainGame().moves() == game.moves());
    CHECK(back->tree.mainGame().startPosition() == game.startPosition());
    CHECK(xq::gui::writePgn(back->tree.mainGame(), back->tags) == written);
}
#endif
