// The colours of the board and piece themes (model/settings.h: Theme). The wood themes use the
// textures in assets/images; the others are flat colours, so they need no file of their own.
// The high-contrast theme keeps every line and glyph at a contrast ratio above 7:1 against what
// is under it (WCAG's AAA level for text), for players who see poorly.
#pragma once

#include <SFML/Graphics/Color.hpp>

#include "app/gui/model/settings.h"

namespace xq::gui {

struct BoardPalette {
    bool woodTexture;   // the wood image under the lines, else `paper`
    sf::Color paper;    // the board's colour when there is no texture
    sf::Color line;     // lines, frame, point marks and file numbers
    sf::Color river;    // the river's words
    sf::Color lastMove; // the corner marks of the last move
};

struct PiecePalette {
    bool woodTexture;   // the wood image on the disc (tinted by `disc`), else a flat disc
    sf::Color disc;     // the disc (a tint over the wood)
    sf::Color edge;     // the disc's outline
    sf::Color redInk;   // Red's ring and glyph
    sf::Color blackInk; // Black's ring and glyph
    sf::Color shadow;
    float ringWidth; // the inner ring's width, relative to the radius
};

BoardPalette boardPalette(Theme t);
PiecePalette piecePalette(Theme t);

} // namespace xq::gui
