// Screen: one layer of the interface (the game, the editor, a dialog). The App keeps a stack;
// only the top screen gets events, every screen is updated and drawn bottom to top, and pushes
// and pops take effect between frames so that no screen is destroyed inside its own handler.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/System/Time.hpp>
#include <SFML/Window/Event.hpp>

#include "app/gui/model/board_geometry.h"

namespace xq::gui {

class Screen {
public:
    virtual ~Screen()                            = default;
    virtual void handleEvent(const sf::Event& e) = 0;
    virtual void update(sf::Time dt) { (void)dt; }
    virtual void draw(sf::RenderTarget& t) = 0;
    // For test scripts: where a button is, and whether the board is shown flipped.
    virtual std::optional<PointF> buttonCentre(std::string_view id) const {
        (void)id;
        return std::nullopt;
    }
    virtual bool isBoardFlipped() const { return false; }
    // A screen of its own over the whole window (editor, puzzles), not a dialog over the game.
    virtual bool coversWindow() const { return false; }
    // For test scripts: the position on the board (FEN), when the screen shows one.
    virtual std::optional<std::string> shownFen() const { return std::nullopt; }
    // For test scripts: a named state ("solved", "reviewed", ...), empty when unknown.
    virtual std::string scriptState(std::string_view what) const {
        (void)what;
        return {};
    }
    // Whether the screen looks different from its last draw for reasons other than input events
    // (the App redraws after every event anyway): animation, search progress, a computer move.
    virtual bool needsRedraw() { return false; }
    // Something happened (input anywhere, a dialog closed): drop any cached drawing.
    virtual void invalidate() {}
};

} // namespace xq::gui
