// BoardView: draws a position on the traditional board from const state, never changes it.
// The board (wood, lines, labels) and the pieces are rendered once per layout and style into
// textures at twice the size and drawn scaled down, which anti-aliases them and keeps a frame to
// a handful of draw calls (software OpenGL under Xvfb pays per call). Rebuilding them costs tens
// of milliseconds under software OpenGL, so while the window is being resized the old textures
// are drawn scaled to the new size, and once the size has not changed for kSettleMs they are
// rebuilt one step per frame: lines and labels, then the board, then the pieces (hasPendingWork()
// asks for those frames). A flip takes the same steps (for two frames the file numbers are the
// old ones); only the very first draw builds everything at once.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <SFML/Graphics.hpp>

#include "app/gui/model/board_geometry.h"
#include "app/gui/model/settings.h"
#include "app/gui/shell/resources.h"
#include "core/position.h"

namespace xq::gui {

struct FloatingPiece { // a piece drawn off its point: dragged or animated
    core::Piece piece = core::kNoPiece;
    PointF pos;
    bool lifted = false; // dragged: drawn slightly larger with a longer shadow
};

struct BoardArrow {
    core::Move move;
    sf::Color color;
    float width = 1;   // relative to the hint arrow's
    std::string label; // drawn in a small box along the arrow (a score)
};

struct BoardDecor {
    bool flipped      = false;
    PieceStyle style  = PieceStyle::Chinese;
    Theme boardTheme  = Theme::Wood;
    Theme pieceTheme  = Theme::Wood;
    bool coordinates  = true; // file numbers along the edges
    bool lastMoveMark = true; // corner marks on lastMove's points
    std::optional<core::Square> selected;
    std::vector<core::Square> targets; // legal destinations of the selected piece
    core::Move lastMove;
    std::optional<core::Square> checkSquare;
    std::optional<core::Move> arrow;    // hint
    std::vector<BoardArrow> arrows;     // analysis lines, the better move; drawn first to last
    std::optional<core::Square> hidden; // the point whose piece is floating
    std::vector<FloatingPiece> floating;
    std::string banner; // review mode: shown on the board with a coloured frame
    bool review = false;
};

// The person's choices of look (piece style, themes, coordinates, last-move marks) into `d`.
void applyLook(BoardDecor& d, const Settings& s);

class BoardView {
public:
    explicit BoardView(const Resources& res)
        : m_res(res) {}
    void draw(sf::RenderTarget& t, const Layout& l, const core::Position& pos, const BoardDecor& d);
    // One piece (also used by the editor's tray).
    void drawPiece(sf::RenderTarget& t, core::Piece p, PointF centre, float radius,
                   PieceStyle style, Theme theme, bool lifted = false) const;
    // A rebuild of the cached textures is due or under way: the screen should draw again.
    bool hasPendingWork() const;

private:
    static constexpr float kSupersample = 2;   // cached textures are drawn at twice the size
    static constexpr int kSettleMs      = 150; // a new size must last this long to be rebuilt for

    enum class Step { None, Compose, Atlas }; // the rebuild step due in the next frame

    void rebuild(const Layout& l);
    void renderDoubled(const Layout& l, bool flipped); // lines and labels at twice the size
    void compose();                                    // the wood and those, at 1x

    void renderAtlas(float radius, PieceStyle style, Theme theme);
    void drawLabels(sf::RenderTarget& t, const Layout& l, bool flipped, float scale) const;
    void drawArrow(sf::RenderTarget& t, const Layout& l, PointF a, PointF b, float width,
                   sf::Color c) const;

    const Resources& m_res;
    sf::VertexArray m_lines{sf::Triangles};
    Layout m_builtFor; // the layout of m_lines and m_doubled
    bool m_built = false;
    Layout m_wanted;             // the latest layout asked for while the textures are for another
    sf::Clock m_wantedSince;     // when m_wanted last changed
    Step m_step = Step::None;    // the next step of a rebuild under way
    sf::RenderTexture m_doubled; // lines and labels at twice the size, on transparent black
    bool m_doubledFlipped = false;
    sf::RenderTexture m_static; // wood, lines and labels for m_staticFor: a plain copy per frame
    Layout m_staticFor;
    bool m_staticValid = false;
    sf::RenderTexture m_atlas; // every piece, one cell per Piece value
    float m_atlasCell       = 0;
    float m_atlasRadius     = 0;
    PieceStyle m_atlasStyle = PieceStyle::Chinese;
    Theme m_atlasTheme      = Theme::Wood;
    // The board's look the lines, labels and board texture were made with.
    Theme m_boardTheme = Theme::Wood;
    bool m_coordinates = true;
    bool m_atlasValid  = false;
};

// The character drawn on a piece: 帅仕相马车炮兵 / 将士象马车炮卒, or K A E H R C P.
std::string pieceGlyph(core::Piece p, PieceStyle style);

} // namespace xq::gui
