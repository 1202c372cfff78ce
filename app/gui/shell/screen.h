// Screen: one layer of the interface (the game, the editor, a dialog). The App keeps a stack;
// only the top screen gets events, every screen is updated and drawn bottom to top, and pushes
// and pops take effect between frames so that no screen is destroyed inside its own handler.
// What test scripts ask of a screen is in testing/scriptable.h, not here.
#pragma once

#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/System/Time.hpp>
#include <SFML/Window/Event.hpp>

#include "app/gui/shell/commands.h"

namespace xq::gui {

class Screen {
public:
    virtual ~Screen()                            = default;
    virtual void handleEvent(const sf::Event& e) = 0;
    virtual void update(sf::Time dt) { (void)dt; }
    virtual void draw(sf::RenderTarget& t) = 0;
    // A screen of its own over the whole window (editor, puzzles), not a dialog over the game.
    virtual bool coversWindow() const { return false; }
    // The share of the window's height this screen keeps for a strip under the board.
    virtual float stripFraction() const { return 0; }
    // Applies a command another screen posted; false when it is not this screen's to apply.
    virtual bool apply(const Command& c) {
        (void)c;
        return false;
    }
    // Whether the screen looks different from its last draw for reasons other than input events
    // (the App redraws after every event anyway): animation, search progress, a computer move.
    virtual bool needsRedraw() { return false; }
    // Something happened (input anywhere, a dialog closed): drop any cached drawing.
    virtual void invalidate() {}
    // A screen over the whole window came above this one, or the last such screen left (the
    // game's clocks stop while the person is in the editor or the puzzles).
    virtual void setCovered(bool covered) { (void)covered; }
};

} // namespace xq::gui
