// Fuzz target for the desktop game's saved-game reader (app/gui/model/game_record.h, readPgn),
// which reads the autosave and the games folder. Properties: any bytes give a game or an error
// message, never a crash; every move of a game read is legal (Game checks it again); writing the
// game (writePgn) and reading it back gives the same start position, moves and result, and writing
// that again gives the same text.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "app/gui/model/game_record.h"
#include "core/fen.h"
#include "fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xq;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto rec = gui::readPgn(text);
    if (!rec) {
        XQ_CHECK(!rec.error().empty(), text);
        return 0;
    }
    const core::Game game = rec->tree.mainGame();
    // Replaying the moves from the start gives the same final position (each move was legal;
    // forcePlay, as the reader does, since a record may go on after a draw the rules call final).
    core::Game replay(game.startPosition(), game.rules());
    for (core::Move m : game.moves())
        XQ_CHECK(replay.forcePlay(m), core::toIccs(m));
    XQ_CHECK(replay.position() == game.position(), text);

    const std::string written = gui::writePgn(game, rec->tags);
    const auto back           = gui::readPgn(written);
    XQ_CHECK(back.hasValue(), written + "\n-> " + back.error());
    const core::Game g2 = back->tree.mainGame();
    XQ_CHECK(g2.startPosition() == game.startPosition(), written);
    XQ_CHECK(g2.moves() == game.moves(), written);
    XQ_CHECK(g2.result().pgnResult() == game.result().pgnResult(), written);
    XQ_CHECK(g2.isOver() == game.isOver(), written);
    XQ_CHECK(gui::writePgn(g2, back->tags) == written, written);
    return 0;
}
