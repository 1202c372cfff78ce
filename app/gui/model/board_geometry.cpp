#include "app/gui/model/board_geometry.h"

#include <algorithm>
#include <cmath>

namespace xq::gui {

Layout computeLayout(float width, float height) {
    Layout l;
    // The board needs 10 x 11.5 cells: 8 x 9 between the outer lines, one cell of margin at the
    // sides and 1.25 at the top and bottom, where the file numbers go.
    const float cell = std::max(1.0f, std::min(height / 11.5f, (width - kMinPanelWidth) / 10.0f));
    l.cell           = std::floor(cell);
    const float bw = l.cell * 10, bh = std::round(l.cell * 11.5f);
    l.board   = {0, std::floor((height - bh) / 2), bw, bh};
    l.grid    = {l.board.x + l.cell, l.board.y + std::round(l.cell * 1.25f)};
    l.panel   = {bw, 0, std::max(0.0f, width - bw), height};
    l.uiScale = std::clamp(std::min(height / 600.0f, l.panel.w / 250.0f), 0.75f, 1.6f);
    return l;
}

Layout computeLayout(float width, float height, float stripFraction) {
    if (stripFraction <= 0)
        return computeLayout(width, height);
    const float stripH = std::round(std::clamp(height * stripFraction, 50.0f, 200.0f));
    Layout l           = computeLayout(width, std::max(1.0f, height - stripH));
    l.board.y          = std::floor((height - stripH - l.board.h) / 2);
    l.grid             = {l.board.x + l.cell, l.board.y + std::round(l.cell * 1.25f)};
    l.panel            = {l.board.w, 0, std::max(0.0f, width - l.board.w), height};
    l.strip   = {0, l.board.bottom(), l.board.w, std::min(stripH, height - l.board.bottom())};
    l.uiScale = std::clamp(std::min(height / 600.0f, l.panel.w / 250.0f), 0.75f, 1.6f);
    return l;
}

int screenColumn(core::Square s, bool flipped) {
    return flipped ? 8 - core::fileOf(s) : core::fileOf(s);
}

int screenRow(core::Square s, bool flipped) {
    return flipped ? core::rankOf(s) : 9 - core::rankOf(s);
}

PointF squareCenter(const Layout& l, core::Square s, bool flipped) {
    return {l.grid.x + static_cast<float>(screenColumn(s, flipped)) * l.cell,
            l.grid.y + static_cast<float>(screenRow(s, flipped)) * l.cell};
}

std::optional<core::Square> squareAt(const Layout& l, PointF p, bool flipped) {
    if (l.cell <= 0)
        return std::nullopt;
    const float fx = (p.x - l.grid.x) / l.cell, fy = (p.y - l.grid.y) / l.cell;
    const int col = static_cast<int>(std::lround(fx)), row = static_cast<int>(std::lround(fy));
    if (col < 0 || col > 8 || row < 0 || row > 9)
        return std::nullopt;
    if (std::abs(fx - static_cast<float>(col)) > 0.5f
        || std::abs(fy - static_cast<float>(row)) > 0.5f)
        return std::nullopt;
    const int file = flipped ? 8 - col : col;
    const int rank = flipped ? row : 9 - row;
    return core::makeSquare(file, rank);
}

std::string fileLabel(core::Color side, int file) {
    static const char* const kChinese[9] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
    if (file < 0 || file > 8)
        return {};
    if (side == core::Color::Red)
        return kChinese[8 - file];
    return std::to_string(file + 1);
}

} // namespace xq::gui
