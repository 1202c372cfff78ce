// BoardView: draws a position on the traditional board from const state, never changes it.
// The board lines are built once per layout into a vertex array; pieces, highlights and labels
// are drawn each frame (a few dozen shapes: well under a millisecond).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <SFML/Graphics.hpp>

#include "app/gui/board_geometry.h"
#include "app/gui/resources.h"
#include "app/gui/settings.h"
#include "core/position.h"

namespace xq::gui {

struct FloatingPiece { // a piece drawn off its point: dragged or animated
    core::Piece piece = core::kNoPiece;
    PointF pos;
    bool lifted = false; // dragged: drawn slightly larger with a longer shadow
};

struct BoardDecor {
    bool flipped     = false;
    PieceStyle style = PieceStyle::Chinese;
    std::optional<core::Square> selected;
    std::vector<core::Square> targets; // legal destinations of the selected piece
    core::Move lastMove;
    std::optional<core::Square> checkSquare;
    std::optional<core::Move> arrow;    // hint
    std::optional<core::Square> hidden; // the point whose piece is floating
    std::vector<FloatingPiece> floating;
    std::string banner; // review mode: shown on the board with a coloured frame
    bool review = false;
};

class BoardView {
public:
    explicit BoardView(const Resources& res)
        : m_res(res) {}
    void draw(sf::RenderTarget& t, const Layout& l, const core::Position& pos, const BoardDecor& d);
    // One piece (also used by the editor's tray).
    void drawPiece(sf::RenderTarget& t, core::Piece p, PointF centre, float radius,
                   PieceStyle style, bool lifted = false) const;

private:
    void rebuild(const Layout& l);
    void drawLabels(sf::RenderTarget& t, const Layout& l, bool flipped) const;

    const Resources& m_res;
    sf::VertexArray m_lines{sf::Triangles};
    Layout m_builtFor;
    bool m_built = false;
};

// The character drawn on a piece: 帅仕相马车炮兵 / 将士象马车炮卒, or K A E H R C P.
std::string pieceGlyph(core::Piece p, PieceStyle style);

} // namespace xq::gui
