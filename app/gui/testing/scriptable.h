// Scriptable: what the test-script runner (testing/test_driver.h) may ask of a screen: where a
// button is, what the board shows, named states. A screen implements it next to Screen; the
// runner finds it with dynamic_cast, so screens without it simply answer nothing.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "app/gui/model/board_geometry.h"

namespace xq::gui {

class Scriptable {
public:
    virtual ~Scriptable() = default;
    virtual std::optional<PointF> buttonCentre(std::string_view id) const {
        (void)id;
        return std::nullopt;
    }
    virtual bool isBoardFlipped() const { return false; }
    // The position on the board (FEN), when the screen shows one.
    virtual std::optional<std::string> shownFen() const { return std::nullopt; }
    // A named state ("solved", "reviewed", "ply", ...), empty when unknown.
    virtual std::string scriptState(std::string_view what) const {
        (void)what;
        return {};
    }
    // No search, review or animation running: the script's "idle" waits for this.
    virtual bool isIdle() const { return true; }
    // One word or two for the frame log ("thinking depth=7").
    virtual std::string aiState() const { return {}; }
    // The game as PGN (save-pgn); empty when the screen has no game.
    virtual std::string pgn() const { return {}; }
    // Each point's piece and pixel centre (--dump-board).
    virtual void dumpBoard(std::ostream& out) const { (void)out; }
};

} // namespace xq::gui
