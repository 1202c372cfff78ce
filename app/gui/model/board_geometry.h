// Window layout and the mapping between board points and pixels, as pure functions so that the
// tests can check them without a window. The board sits on the left and keeps its proportions
// (8 x 9 cells between the outer lines plus margins for the file numbers); the side
// panel takes the rest of the width. Unflipped, Red is at the bottom: file 0 ('a', Red's left)
// is the leftmost column and rank 9 the top row. Flipped turns the board by 180 degrees.
#pragma once

#include <optional>
#include <string>

#include "core/types.h"

namespace xq::gui {

struct PointF {
    float x = 0, y = 0;
};

struct RectF {
    float x = 0, y = 0, w = 0, h = 0;
    bool contains(PointF p) const { return p.x >= x && p.x < x + w && p.y >= y && p.y < y + h; }
    float right() const { return x + w; }
    float bottom() const { return y + h; }
    bool intersects(const RectF& o) const {
        return x < o.right() && o.x < right() && y < o.bottom() && o.y < bottom();
    }
};

struct Layout {
    RectF board;       // the wooden board, margins included
    RectF panel;       // the side panel
    float cell = 0;    // distance between neighbouring points
    PointF grid;       // pixel of the top-left point (column 0, row 0)
    float uiScale = 1; // text scale for the panel: 1 at 600 pixels of height
    RectF strip;       // under the board when asked for (the evaluation graph), else empty
};

constexpr float kMinPanelWidth = 250;

// Layout for a window of the given size in pixels (any size; tiny windows give tiny boards).
Layout computeLayout(float width, float height);
// The same with a strip of about `stripFraction` of the height under the board (the board gets
// smaller, the panel wider).
Layout computeLayout(float width, float height, float stripFraction);

// Screen column (0..8, left to right) and row (0..9, top to bottom) of a square.
int screenColumn(core::Square s, bool flipped);
int screenRow(core::Square s, bool flipped);
PointF squareCenter(const Layout& l, core::Square s, bool flipped);
// The point under a pixel: the nearest point if the pixel is within half a cell of it.
std::optional<core::Square> squareAt(const Layout& l, PointF p, bool flipped);

// File numbers as printed on the board: Red counts 一..九 from its right (file 8 is 一),
// Black counts 1..9 from its right (file 0 is 1).
std::string fileLabel(core::Color side, int file);

} // namespace xq::gui
