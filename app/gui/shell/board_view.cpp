#include "app/gui/shell/board_view.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "app/gui/shell/theme.h"
#include "app/gui/shell/widgets.h"

namespace xq::gui {

namespace {

const sf::Color kSelect{30, 150, 60};

void addLine(sf::VertexArray& va, PointF a, PointF b, float thickness, sf::Color c) {
    const float dx = b.x - a.x, dy = b.y - a.y;
    const float len = std::sqrt(dx * dx + dy * dy);
    if (len <= 0)
        return;
    // Extend by half the thickness so that joints close, and offset sideways.
    const float ux = dx / len, uy = dy / len, h = thickness / 2;
    const sf::Vector2f p1(a.x - ux * h + uy * h, a.y - uy * h - ux * h);
    const sf::Vector2f p2(a.x - ux * h - uy * h, a.y - uy * h + ux * h);
    const sf::Vector2f p3(b.x + ux * h - uy * h, b.y + uy * h + ux * h);
    const sf::Vector2f p4(b.x + ux * h + uy * h, b.y + uy * h - ux * h);
    for (sf::Vector2f p : {p1, p2, p3, p1, p3, p4})
        va.append(sf::Vertex(p, c));
}

PointF gridPoint(const Layout& l, float col, float row) {
    return {l.grid.x + col * l.cell, l.grid.y + row * l.cell};
}

bool sameGeometry(const Layout& a, const Layout& b) {
    return a.cell == b.cell && a.grid.x == b.grid.x && a.grid.y == b.grid.y
           && a.board.x == b.board.x && a.board.y == b.board.y && a.board.w == b.board.w
           && a.board.h == b.board.h;
}

// sf::Font rasterises every glyph once per character size and keeps it; a window resized through
// many sizes would rasterise and upload the board's and the pieces' glyphs again at each (tens of
// milliseconds for the large CJK ones). Text is therefore set at one of a few sizes, at most 19%
// above the size wanted, and scaled down to it.
unsigned glyphSize(float wanted) {
    static constexpr unsigned kSizes[] = {8,  10, 12, 14, 16, 18,  20,  24,  28,  32,  38,  44,
                                          52, 60, 70, 82, 96, 112, 132, 156, 184, 216, 256, 300};
    for (unsigned s : kSizes)
        if (static_cast<float>(s) >= wanted)
            return s;
    return static_cast<unsigned>(std::ceil(wanted));
}

// A text of `wanted` pixels (before `scale`), set at a cached glyph size.
sf::Text sizedText(const sf::Font& font, const std::string& s, float wanted, sf::Color c) {
    const unsigned size = glyphSize(wanted);
    sf::Text text       = makeText(font, s, size, c);
    const float k       = wanted / static_cast<float>(size);
    text.setScale(k, k);
    return text;
}

void drawCorners(sf::RenderTarget& t, PointF c, float half, float len, float thick, sf::Color col) {
    sf::VertexArray va(sf::Triangles);
    for (int sx : {-1, 1})
        for (int sy : {-1, 1}) {
            const PointF corner{c.x + static_cast<float>(sx) * half,
                                c.y + static_cast<float>(sy) * half};
            addLine(va, corner, {corner.x - static_cast<float>(sx) * len, corner.y}, thick, col);
            addLine(va, corner, {corner.x, corner.y - static_cast<float>(sy) * len}, thick, col);
        }
    t.draw(va);
}

} // namespace

std::string pieceGlyph(core::Piece p, PieceStyle style) {
    using core::PieceType;
    if (style == PieceStyle::Western) {
        switch (core::typeOf(p)) {
        case PieceType::King:
            return "K";
        case PieceType::Advisor:
            return "A";
        case PieceType::Elephant:
            return "E";
        case PieceType::Horse:
            return "H";
        case PieceType::Rook:
            return "R";
        case PieceType::Cannon:
            return "C";
        case PieceType::Pawn:
            return "P";
        case PieceType::None:
            return "";
        }
        return "";
    }
    return core::pieceCharacter(p);
}

void applyLook(BoardDecor& d, const Settings& s) {
    d.style        = s.pieceStyle;
    d.boardTheme   = s.boardTheme;
    d.pieceTheme   = s.pieceTheme;
    d.coordinates  = s.showCoordinates;
    d.lastMoveMark = s.showLastMove;
}

void BoardView::rebuild(const Layout& l) {
    m_lines.clear();
    const sf::Color kLine = boardPalette(m_boardTheme).line;
    const float thin      = std::max(1.0f, std::round(l.cell * 0.025f));
    // 1. Ten ranks across, nine files down (the inner files stop at the river).
    for (int row = 0; row <= 9; ++row)
        addLine(m_lines, gridPoint(l, 0, static_cast<float>(row)),
                gridPoint(l, 8, static_cast<float>(row)), thin, kLine);
    for (int col = 0; col <= 8; ++col) {
        const float c = static_cast<float>(col);
        if (col == 0 || col == 8) {
            addLine(m_lines, gridPoint(l, c, 0), gridPoint(l, c, 9), thin, kLine);
        } else {
            addLine(m_lines, gridPoint(l, c, 0), gridPoint(l, c, 4), thin, kLine);
            addLine(m_lines, gridPoint(l, c, 5), gridPoint(l, c, 9), thin, kLine);
        }
    }
    // 2. The palaces' diagonals (same on both sides: flipping does not move them).
    addLine(m_lines, gridPoint(l, 3, 0), gridPoint(l, 5, 2), thin, kLine);
    addLine(m_lines, gridPoint(l, 5, 0), gridPoint(l, 3, 2), thin, kLine);
    addLine(m_lines, gridPoint(l, 3, 7), gridPoint(l, 5, 9), thin, kLine);
    addLine(m_lines, gridPoint(l, 5, 7), gridPoint(l, 3, 9), thin, kLine);
    // 3. A heavier frame just outside the outer lines.
    const float m = l.cell * 0.12f, thick = std::max(2.0f, std::round(l.cell * 0.06f));
    const PointF tl{l.grid.x - m, l.grid.y - m},
        br{l.grid.x + 8 * l.cell + m, l.grid.y + 9 * l.cell + m};
    addLine(m_lines, tl, {br.x, tl.y}, thick, kLine);
    addLine(m_lines, {br.x, tl.y}, br, thick, kLine);
    addLine(m_lines, br, {tl.x, br.y}, thick, kLine);
    addLine(m_lines, {tl.x, br.y}, tl, thick, kLine);
    // 4. Marks on the cannon and soldier points: small corners, left out at the board's edge.
    const int marks[][2] = {{1, 2}, {7, 2}, {1, 7}, {7, 7}, {0, 3}, {2, 3}, {4, 3},
                            {6, 3}, {8, 3}, {0, 6}, {2, 6}, {4, 6}, {6, 6}, {8, 6}};
    const float g = l.cell * 0.09f, len = l.cell * 0.2f;
    for (const auto& mk : marks) {
        const PointF c = gridPoint(l, static_cast<float>(mk[0]), static_cast<float>(mk[1]));
        for (int sx : {-1, 1}) {
            if ((mk[0] == 0 && sx < 0) || (mk[0] == 8 && sx > 0))
                continue;
            for (int sy : {-1, 1}) {
                const float fx = static_cast<float>(sx), fy = static_cast<float>(sy);
                const PointF corner{c.x + fx * g, c.y + fy * g};
                addLine(m_lines, corner, {corner.x + fx * len, corner.y}, thin, kLine);
                addLine(m_lines, corner, {corner.x, corner.y + fy * len}, thin, kLine);
            }
        }
    }
    m_builtFor = l;
    m_built    = true;
}

void BoardView::renderDoubled(const Layout& l, bool flipped) {
    // In board coordinates at twice the size. (The wood is not drawn here: at twice the size it
    // would only magnify the image, and be most of the pixels under software OpenGL.)
    const auto w = static_cast<unsigned>(l.board.w * kSupersample);
    const auto h = static_cast<unsigned>(l.board.h * kSupersample);
    if (m_doubled.getSize() != sf::Vector2u(w, h) && !m_doubled.create(w, h))
        throw std::runtime_error("cannot create the board texture");
    m_doubled.setSmooth(true);
    m_doubled.setView(sf::View(sf::FloatRect(l.board.x, l.board.y, l.board.w, l.board.h)));
    m_doubled.clear(sf::Color::Transparent);
    m_doubled.draw(m_lines);
    drawLabels(m_doubled, l, flipped, kSupersample); // glyphs set at the doubled size stay sharp
    m_doubled.display();
    m_doubledFlipped = flipped;
}

void BoardView::compose() {
    // The wood at its own size, and the lines and labels scaled down onto it once here rather
    // than in every frame. Drawn onto transparent black, the doubled texture holds colours
    // already multiplied by their alpha, hence the premultiplied blend.
    const Layout& l = m_builtFor;
    const auto w = static_cast<unsigned>(l.board.w), h = static_cast<unsigned>(l.board.h);
    if (m_static.getSize() != sf::Vector2u(w, h) && !m_static.create(w, h))
        throw std::runtime_error("cannot create the board texture");
    m_static.setView(m_static.getDefaultView());
    sf::RectangleShape wood({l.board.w, l.board.h});
    const BoardPalette look = boardPalette(m_boardTheme);
    if (look.woodTexture) {
        wood.setTexture(&m_res.wood);
        wood.setTextureRect({0, 0, static_cast<int>(l.board.w), static_cast<int>(l.board.h)});
    } else {
        wood.setFillColor(look.paper);
    }
    m_static.draw(wood, sf::BlendNone);
    sf::Sprite doubled(m_doubled.getTexture());
    doubled.setScale(1.0f / kSupersample, 1.0f / kSupersample);
    m_static.draw(doubled, sf::BlendMode(sf::BlendMode::One, sf::BlendMode::OneMinusSrcAlpha));
    m_static.display();
    m_staticFor   = l;
    m_staticValid = true;
}

void BoardView::renderAtlas(float r, PieceStyle style, Theme theme) {
    // One cell per Piece value (0..15), each holding the piece with its shadow at twice the size.
    m_atlasCell     = std::ceil(r * 2.5f) * kSupersample;
    const auto side = static_cast<unsigned>(m_atlasCell);
    if (m_atlas.getSize() != sf::Vector2u(side * core::kPieceLimit, side)
        && !m_atlas.create(side * core::kPieceLimit, side))
        throw std::runtime_error("cannot create the piece texture");
    m_atlas.setSmooth(true);
    m_atlas.setView(m_atlas.getDefaultView());
    m_atlas.clear(sf::Color::Transparent);
    for (int p = 1; p < core::kPieceLimit; ++p) {
        const auto piece = static_cast<core::Piece>(p);
        if (core::typeOf(piece) == core::PieceType::None)
            continue;
        const float cx = (static_cast<float>(p) + 0.5f) * m_atlasCell, cy = m_atlasCell / 2;
        drawPiece(m_atlas, piece, {cx, cy}, r * kSupersample, style, theme);
    }
    m_atlas.display();
    m_atlasValid  = true;
    m_atlasRadius = r;
    m_atlasStyle  = style;
    m_atlasTheme  = theme;
}

void BoardView::drawLabels(sf::RenderTarget& t, const Layout& l, bool flipped, float scale) const {
    // River words, upright, in the band between rows 4 and 5.
    const auto riverSize       = static_cast<unsigned>(l.cell * 0.5f);
    const char* const words[4] = {"楚", "河", "汉", "界"};
    const float cols[4]        = {1.5f, 2.5f, 5.5f, 6.5f};
    for (int i = 0; i < 4; ++i) {
        // Set at the doubled size (sharp in the supersampled texture), drawn at board scale.
        sf::Text text = sizedText(m_res.serif, words[i], static_cast<float>(riverSize) * scale,
                                  boardPalette(m_boardTheme).river);
        text.setScale(text.getScale().x / scale, text.getScale().y / scale);
        drawTextCentered(t, text, gridPoint(l, cols[i], 4.5f));
    }
    // File numbers: each side's numbers along its own edge.
    if (!m_coordinates)
        return;
    const sf::Color kLine = boardPalette(m_boardTheme).line;
    const float labelSize = std::floor(std::max(8.0f, l.cell * 0.3f) * scale);
    const core::Color top = flipped ? core::Color::Red : core::Color::Black;
    for (int col = 0; col <= 8; ++col) {
        const int file = flipped ? 8 - col : col;
        sf::Text a     = sizedText(m_res.serif, fileLabel(top, file), labelSize, kLine);
        a.setScale(a.getScale().x / scale, a.getScale().y / scale);
        drawTextCentered(t, a, gridPoint(l, static_cast<float>(col), -0.82f));
        sf::Text b = sizedText(m_res.serif, fileLabel(~top, file), labelSize, kLine);
        b.setScale(b.getScale().x / scale, b.getScale().y / scale);
        drawTextCentered(t, b, gridPoint(l, static_cast<float>(col), 9.82f));
    }
}

void BoardView::drawPiece(sf::RenderTarget& t, core::Piece p, PointF c, float r, PieceStyle style,
                          Theme theme, bool lifted) const {
    if (p == core::kNoPiece)
        return;
    const PiecePalette look = piecePalette(theme);
    const bool red          = core::colorOf(p) == core::Color::Red;
    const sf::Color ink     = red ? look.redInk : look.blackInk;
    if (lifted)
        r *= 1.08f;
    const float shadow = lifted ? r * 0.22f : r * 0.08f;
    sf::CircleShape disc(r, 48);
    disc.setOrigin(r, r);
    disc.setPosition(c.x + shadow * 0.6f, c.y + shadow);
    sf::Color shadowColor = look.shadow;
    if (lifted)
        shadowColor.a = static_cast<sf::Uint8>(shadowColor.a * 3 / 4);
    disc.setFillColor(shadowColor);
    t.draw(disc);
    disc.setPosition(c.x, c.y);
    if (look.woodTexture) {
        disc.setTexture(&m_res.pieceWood);
        const auto side = static_cast<int>(r * 2.4f);
        disc.setTextureRect({static_cast<int>(p) * 13, static_cast<int>(p) * 7, side, side});
    }
    disc.setFillColor(look.disc);
    disc.setOutlineColor(look.edge);
    disc.setOutlineThickness(-std::max(1.0f, r * 0.06f));
    t.draw(disc);
    const float ringR = r * 0.8f;
    sf::CircleShape ring(ringR, 48);
    ring.setOrigin(ringR, ringR);
    ring.setPosition(c.x, c.y);
    ring.setFillColor(sf::Color::Transparent);
    ring.setOutlineColor(ink);
    ring.setOutlineThickness(-std::max(1.0f, r * look.ringWidth));
    t.draw(ring);
    const std::string glyph = pieceGlyph(p, style);
    const float size        = std::floor(style == PieceStyle::Chinese ? r * 1.08f : r * 1.0f);
    sf::Text text =
        sizedText(style == PieceStyle::Chinese ? m_res.serif : m_res.sans, glyph, size, ink);
    if (style == PieceStyle::Western || theme == Theme::Contrast)
        text.setStyle(sf::Text::Bold);
    drawTextCentered(t, text, c);
}

bool BoardView::hasPendingWork() const {
    return m_step != Step::None
           || (m_built && !sameGeometry(m_builtFor, m_wanted)
               && m_wantedSince.getElapsedTime().asMilliseconds() >= kSettleMs);
}

void BoardView::drawArrow(sf::RenderTarget& t, const Layout& l, PointF a, PointF b, float width,
                          sf::Color c) const {
    const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
    if (len <= 0)
        return;
    const float r  = l.cell * 0.45f;
    const float ux = dx / len, uy = dy / len, head = l.cell * (0.26f + 0.14f * width);
    sf::VertexArray va(sf::Triangles);
    addLine(va, {a.x + ux * r * 0.3f, a.y + uy * r * 0.3f}, {b.x - ux * head, b.y - uy * head},
            l.cell * 0.13f * width, c);
    const sf::Vector2f tip(b.x, b.y), base(b.x - ux * head, b.y - uy * head);
    va.append(sf::Vertex(tip, c));
    va.append(sf::Vertex({base.x + uy * head * 0.55f, base.y - ux * head * 0.55f}, c));
    va.append(sf::Vertex({base.x - uy * head * 0.55f, base.y + ux * head * 0.55f}, c));
    t.draw(va);
}

void BoardView::draw(sf::RenderTarget& t, const Layout& l, const core::Position& pos,
                     const BoardDecor& d) {
    // 1. The cached board and pieces (see the header): at most one rebuild step per frame.
    const float r = l.cell * 0.45f;
    if (!sameGeometry(m_wanted, l)) {
        m_wanted = l;
        m_wantedSince.restart();
    }
    if (m_staticValid && (m_boardTheme != d.boardTheme || m_coordinates != d.coordinates))
        m_staticValid = false; // a new board look shows at once, built in full
    m_boardTheme  = d.boardTheme;
    m_coordinates = d.coordinates;
    if (!m_staticValid || !m_atlasValid) { // nothing to show yet: build everything now
        rebuild(l);
        renderDoubled(l, d.flipped);
        compose();
        renderAtlas(r, d.style, d.pieceTheme);
        m_step = Step::None;
    } else if (m_step == Step::Compose) {
        compose();
        m_step = Step::Atlas;
    } else if (m_step == Step::Atlas) {
        if (m_atlasRadius != r)
            renderAtlas(r, d.style, d.pieceTheme);
        m_step = Step::None;
    } else if (!sameGeometry(m_builtFor, l)) {
        if (m_wantedSince.getElapsedTime().asMilliseconds() >= kSettleMs) {
            rebuild(l);
            renderDoubled(l, d.flipped);
            m_step = Step::Compose;
        }
    } else if (m_doubledFlipped != d.flipped) {
        renderDoubled(l, d.flipped);
        m_step = Step::Compose;
    } else if (m_atlasRadius != r) {
        renderAtlas(r, d.style, d.pieceTheme);
    }
    if (m_atlasStyle != d.style || m_atlasTheme != d.pieceTheme) // a new piece look shows at once
        renderAtlas(m_atlasRadius, d.style, d.pieceTheme);
    // The cached board, scaled from its layout to this one while a resize settles, else a plain
    // copy (unfiltered: linear filtering costs software OpenGL several times as much).
    const bool scaled = !sameGeometry(m_staticFor, l);
    if (m_static.isSmooth() != scaled)
        m_static.setSmooth(scaled);
    sf::Sprite board(m_static.getTexture());
    board.setPosition(l.board.x, l.board.y);
    board.setScale(l.board.w / m_staticFor.board.w, l.board.h / m_staticFor.board.h);
    t.draw(board, sf::BlendNone); // opaque wood: nothing under it to blend with
    if (d.review) {
        const float f = std::max(3.0f, l.cell * 0.1f);
        drawRect(t, l.board, sf::Color(40, 90, 170, 28), palette::kReview, f);
    }

    auto centre = [&](core::Square s) { return squareCenter(l, s, d.flipped); };
    // Last move: corner brackets on both points.
    if (d.lastMove && d.lastMoveMark) {
        const sf::Color kLastMove = boardPalette(d.boardTheme).lastMove;
        drawCorners(t, centre(d.lastMove.from()), l.cell * 0.47f, l.cell * 0.16f,
                    std::max(2.0f, l.cell * 0.04f), kLastMove);
        drawCorners(t, centre(d.lastMove.to()), l.cell * 0.47f, l.cell * 0.16f,
                    std::max(2.0f, l.cell * 0.04f), kLastMove);
    }
    // The general in check glows red under its piece.
    if (d.checkSquare) {
        const PointF c = centre(*d.checkSquare);
        for (int i = 3; i >= 1; --i) {
            const float gr = r * (1.0f + 0.12f * static_cast<float>(i));
            sf::CircleShape glow(gr, 48);
            glow.setOrigin(gr, gr);
            glow.setPosition(c.x, c.y);
            glow.setFillColor(sf::Color(230, 30, 20, static_cast<sf::Uint8>(70 + 30 * (3 - i))));
            t.draw(glow);
        }
    }
    // Pieces: quads cut from the cached piece atlas, one draw call for all of them.
    sf::VertexArray quads(sf::Triangles);
    const float half = m_atlasCell / kSupersample / 2 * (r / m_atlasRadius);
    for (int s = 0; s < core::kSquares; ++s) {
        const auto sq       = static_cast<core::Square>(s);
        const core::Piece p = pos.at(sq);
        if (p == core::kNoPiece || (d.hidden && *d.hidden == sq))
            continue;
        const PointF c = centre(sq);
        const float u0 = static_cast<float>(p) * m_atlasCell, u1 = u0 + m_atlasCell;
        const float v1        = m_atlasCell;
        const sf::Vertex v[4] = {{{c.x - half, c.y - half}, {u0, 0}},
                                 {{c.x + half, c.y - half}, {u1, 0}},
                                 {{c.x + half, c.y + half}, {u1, v1}},
                                 {{c.x - half, c.y + half}, {u0, v1}}};
        for (int k : {0, 1, 2, 0, 2, 3})
            quads.append(v[k]);
    }
    t.draw(quads, &m_atlas.getTexture());
    // Selection and legal destinations.
    if (d.selected) {
        const PointF c = centre(*d.selected);
        sf::CircleShape ring(r + 3, 48);
        ring.setOrigin(r + 3, r + 3);
        ring.setPosition(c.x, c.y);
        ring.setFillColor(sf::Color::Transparent);
        ring.setOutlineColor(kSelect);
        ring.setOutlineThickness(std::max(2.0f, l.cell * 0.05f));
        t.draw(ring);
    }
    for (core::Square s : d.targets) {
        const PointF c = centre(s);
        if (pos.at(s) == core::kNoPiece) {
            const float dr = l.cell * 0.11f;
            sf::CircleShape dot(dr, 24);
            dot.setOrigin(dr, dr);
            dot.setPosition(c.x, c.y);
            dot.setFillColor(sf::Color(30, 150, 60, 210));
            t.draw(dot);
        } else {
            sf::CircleShape ring(r + 2, 48);
            ring.setOrigin(r + 2, r + 2);
            ring.setPosition(c.x, c.y);
            ring.setFillColor(sf::Color(30, 150, 60, 40));
            ring.setOutlineColor(sf::Color(30, 150, 60, 230));
            ring.setOutlineThickness(std::max(2.0f, l.cell * 0.045f));
            t.draw(ring);
        }
    }
    // Analysis and review arrows (weakest first, so the best lies on top), then the hint.
    for (const BoardArrow& a : d.arrows)
        if (a.move)
            drawArrow(t, l, centre(a.move.from()), centre(a.move.to()), a.width, a.color);
    if (d.arrow && *d.arrow)
        drawArrow(t, l, centre(d.arrow->from()), centre(d.arrow->to()), 1.0f,
                  sf::Color(30, 110, 220, 190));
    const auto labelSize = static_cast<unsigned>(std::max(9.0f, l.cell * 0.22f));
    std::vector<RectF> placed; // labels already drawn: a later one moves down past them
    for (const BoardArrow& a : d.arrows) {
        if (!a.move || a.label.empty())
            continue;
        const PointF p = centre(a.move.from()), q = centre(a.move.to());
        PointF m{p.x + (q.x - p.x) * 0.55f, p.y + (q.y - p.y) * 0.55f};
        // A one-step arrow is shorter than a label: put the label beside it, off the pieces.
        const float len = std::hypot(q.x - p.x, q.y - p.y);
        if (len < l.cell * 1.6f && len > 0) {
            m.x += (p.y - q.y) / len * l.cell * 0.45f;
            m.y += (q.x - p.x) / len * l.cell * 0.45f;
        }
        const float tw = textWidth(m_res.sans, a.label, labelSize);
        const float lh = m_res.sans.getLineSpacing(labelSize);
        RectF box{m.x - tw / 2 - 3, m.y - lh / 2, tw + 6, lh};
        for (bool moved = true; moved;) {
            moved = false;
            for (const RectF& o : placed)
                if (box.intersects(o)) {
                    box.y = o.bottom() + 1;
                    moved = true;
                }
        }
        placed.push_back(box);
        m.y = box.y + lh / 2;
        drawRect(t, box, sf::Color(255, 255, 255, 225), sf::Color(a.color.r, a.color.g, a.color.b),
                 1);
        sf::Text text = makeText(m_res.sans, a.label, labelSize, sf::Color(20, 30, 50));
        drawTextAt(t, text, box.x + 3, m.y);
    }
    for (const FloatingPiece& f : d.floating)
        drawPiece(t, f.piece, f.pos, r, d.style, d.pieceTheme, f.lifted);
    // Review banner in the middle of the river.
    if (d.review && !d.banner.empty()) {
        const auto size = static_cast<unsigned>(std::max(10.0f, l.cell * 0.24f));
        const std::vector<std::string> lines = wrapText(m_res.sans, d.banner, size, l.cell * 1.7f);
        const float lh                       = m_res.sans.getLineSpacing(size);
        const float h = lh * static_cast<float>(lines.size()) + 6, w = l.cell * 1.9f;
        const PointF c = gridPoint(l, 4, 4.5f);
        drawRect(t, {c.x - w / 2, c.y - h / 2, w, h}, sf::Color(40, 90, 170, 230));
        for (std::size_t i = 0; i < lines.size(); ++i) {
            sf::Text text  = makeText(m_res.sans, lines[i], size, sf::Color::White);
            const float tw = textWidth(m_res.sans, lines[i], size);
            drawTextAt(t, text, c.x - tw / 2,
                       c.y - h / 2 + 3 + lh * (static_cast<float>(i) + 0.5f));
        }
    }
}

} // namespace xq::gui
