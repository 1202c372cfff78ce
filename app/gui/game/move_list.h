// The move list in the game screen's panel: the main line in rows of (Red, Black) moves, each row
// followed by the variations of its moves, flowed as tokens (move numbers, moves, parentheses)
// to the list's width. Rows are rebuilt only when the game, the review notes or the look change;
// the shown move is kept in view.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/gui/model/session.h"
#include "app/gui/shell/context.h"
#include "app/gui/shell/widgets.h"

namespace xq::gui {

class MoveList {
public:
    // Draws the list with its title between `top` and `bottom` of the panel.
    void draw(Batch& t, const Context& ctx, const GameSession& session, const Layout& l, float top,
              float bottom, PointF mouse);
    // The move under p, or kNoNode.
    NodeId nodeAt(PointF p) const;
    // The mouse wheel: scrolls when p is over the list; false otherwise.
    bool scroll(PointF p, float delta);

private:
    struct Token {
        std::string text;
        NodeId node = kNoNode;
        float x = 0, w = 0;
        int quality = -1; // ai::MoveQuality of a reviewed move
        bool onLine = false;
    };
    struct Row {
        bool main  = true;
        int number = 0;
        std::vector<Token> tokens; // main rows: [0] Red's move, [1] Black's (node may be none)
    };
    struct Cell {
        RectF rect;
        NodeId node;
    };
    void rebuild(const Context& ctx, const GameSession& session, float width, unsigned size);

    std::vector<Row> m_rows;
    std::uint64_t m_rowsKey = ~0ull;
    int m_scroll            = 0; // in rows
    NodeId m_lastShown      = kNoNode - 1;
    std::vector<Cell> m_cells;
    RectF m_rect;
};

} // namespace xq::gui
