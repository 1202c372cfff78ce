#include "app/gui/shell/theme.h"

namespace xq::gui {

BoardPalette boardPalette(Theme t) {
    switch (t) {
    case Theme::Wood:
        return {true, {222, 184, 135}, {70, 40, 18}, {90, 55, 25, 220}, {30, 105, 200}};
    case Theme::Paper: // a printed diagram: ink on off-white paper
        return {false, {248, 244, 232}, {40, 40, 40}, {110, 110, 110}, {30, 105, 200}};
    case Theme::Dark: // slate with light lines, easy on the eyes at night
        return {false, {44, 50, 58}, {170, 178, 188}, {120, 130, 142}, {90, 170, 255}};
    case Theme::Contrast: // black on white, a thick blue for the last move
        return {false, {255, 255, 255}, {0, 0, 0}, {0, 0, 0}, {0, 60, 220}};
    }
    return boardPalette(Theme::Wood);
}

PiecePalette piecePalette(Theme t) {
    switch (t) {
    case Theme::Wood:
        return {true,         {255, 246, 228}, {120, 78, 40}, {182, 28, 20},
                {28, 24, 20}, {0, 0, 0, 80},   0.05f};
    case Theme::Paper:
        return {false,        {255, 255, 255}, {60, 60, 60}, {190, 30, 30},
                {30, 30, 30}, {0, 0, 0, 50},   0.04f};
    case Theme::Dark: // dark discs: Red in a warm light red, Black in light grey
        return {false,          {34, 36, 42}, {150, 156, 166}, {255, 120, 100}, {225, 228, 235},
                {0, 0, 0, 120}, 0.05f};
    case Theme::Contrast:
        return {false, {255, 255, 255}, {0, 0, 0}, {170, 0, 0}, {0, 0, 0}, {0, 0, 0, 90}, 0.08f};
    }
    return piecePalette(Theme::Wood);
}

} // namespace xq::gui
