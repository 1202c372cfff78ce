#include "app/gui/game/move_list.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "app/gui/game/panel.h"
#include "app/gui/model/game_record.h"
#include "app/gui/model/i18n.h"

namespace xq::gui {

void MoveList::rebuild(const Context& ctx, const GameSession& session, float width, unsigned size) {
    const GameTree& tree        = session.tree();
    const NodeId redo           = session.redoNode();
    const auto& sans            = ctx.res().sans;
    const core::Notation n      = ctx.settings().notation;
    const core::Color startSide = tree.start().sideToMove();
    const int firstMove         = tree.start().fullmoveNumber();
    const auto& path            = session.path();
    const std::size_t tip       = session.ply();
    auto onLine                 = [&](NodeId id) {
        const auto d = static_cast<std::size_t>(tree.depth(id));
        return d >= 1 && d <= tip && d <= path.size() && path[d - 1] == id;
    };
    auto firstChild = [&](NodeId id) {
        for (NodeId c : tree.node(id).children)
            if (c != redo)
                return c;
        return kNoNode;
    };
    auto isRed  = [&](int ply) { return ((ply - 1) % 2 == 0) == (startSide == core::Color::Red); };
    auto number = [&](int ply) {
        return firstMove + (ply - 1 + (startSide == core::Color::Black ? 1 : 0)) / 2;
    };
    auto moveToken = [&](NodeId id, const core::Position& before) {
        Token tk;
        tk.node   = id;
        tk.text   = moveText(before, tree.node(id).move, n);
        tk.onLine = onLine(id);
        if (const NodeReview* r = session.nodeReview(id)) {
            tk.quality = static_cast<int>(r->quality);
            tk.text += qualityGlyph(r->quality);
        }
        return tk;
    };
    auto after = [&](core::Position pos, NodeId id) {
        core::Undo u;
        pos.makeMove(tree.node(id).move, u);
        return pos;
    };
    // A variation as tokens, nested variations in parentheses inside it.
    std::function<void(NodeId, core::Position, std::vector<Token>&)> variation =
        [&](NodeId v, core::Position pos, std::vector<Token>& out) {
            out.push_back({"(", kNoNode});
            bool first = true;
            for (NodeId id = v; id != kNoNode; id = firstChild(id)) {
                const int ply = tree.depth(id);
                if (isRed(ply))
                    out.push_back({std::to_string(number(ply)) + ".", kNoNode});
                else if (first)
                    out.push_back({std::to_string(number(ply)) + "...", kNoNode});
                out.push_back(moveToken(id, pos));
                if (!first)
                    for (NodeId alt : tree.node(tree.node(id).parent).children)
                        if (alt != id && alt != redo)
                            variation(alt, pos, out);
                pos   = after(pos, id);
                first = false;
            }
            out.push_back({")", kNoNode});
        };
    // Flows tokens into rows of the given width; "(" sticks to the next token, ")" to the last.
    const float space = textWidth(sans, " ", size);
    auto flow         = [&](std::vector<Token> tokens) {
        Row row;
        row.main = false;
        float x  = 0;
        for (std::size_t i = 0; i < tokens.size(); ++i) {
            Token& tk           = tokens[i];
            tk.w                = textWidth(sans, tk.text, size);
            const bool glueLeft = tk.text == ")" || (i > 0 && tokens[i - 1].text == "(");
            const float gap     = glueLeft || row.tokens.empty() ? 0 : space;
            if (!row.tokens.empty() && x + gap + tk.w > width && !glueLeft) {
                m_rows.push_back(std::move(row));
                row      = {};
                row.main = false;
                x        = 0;
            } else {
                x += gap;
            }
            tk.x = x;
            x += tk.w;
            row.tokens.push_back(std::move(tk));
        }
        if (!row.tokens.empty())
            m_rows.push_back(std::move(row));
    };
    m_rows.clear();
    // The main line in rows of two, each row followed by the variations of its moves.
    core::Position pos = tree.start();
    Row row;
    std::vector<std::vector<Token>> pending;
    for (NodeId id = firstChild(GameTree::kRoot); id != kNoNode; id = firstChild(id)) {
        const int ply  = tree.depth(id);
        const bool red = isRed(ply);
        if (red || row.tokens.empty()) {
            if (!row.tokens.empty()) {
                m_rows.push_back(std::move(row));
                for (auto& v : pending)
                    flow(std::move(v));
                pending.clear();
            }
            row        = {};
            row.number = number(ply);
            row.tokens.resize(2);
        }
        row.tokens[red ? 0 : 1] = moveToken(id, pos);
        for (NodeId alt : tree.node(tree.node(id).parent).children)
            if (alt != id && alt != redo) {
                std::vector<Token> v;
                variation(alt, pos, v);
                pending.push_back(std::move(v));
            }
        pos = after(pos, id);
    }
    if (!row.tokens.empty()) {
        m_rows.push_back(std::move(row));
        for (auto& v : pending)
            flow(std::move(v));
    }
}

void MoveList::draw(Batch& t, const Context& ctx, const GameSession& session, const Layout& l,
                    float top, float bottom, PointF mouse) {
    const PanelGeo g = panelGeo(l);
    const auto& sans = ctx.res().sans;
    sf::Text title   = makeText(sans, tr(Str::Moves, ctx.lang()), g.small, palette::kMuted);
    const float lh   = std::round(sans.getLineSpacing(g.font) * 1.15f);
    drawTextAt(t, title, g.x, top + lh * 0.4f);
    top += lh;
    m_rect = {g.x, top, g.w, std::max(0.0f, bottom - top)};
    drawRect(t, m_rect, sf::Color(255, 252, 245), palette::kButtonEdge, 1);
    m_cells.clear();
    const float numW   = textWidth(sans, "000.", g.font) + 6;
    const float cellW  = (g.w - numW - 8) / 2;
    const float indent = std::round(18 * l.uiScale);
    // Rebuild the rows only when the game, the notes or the look changed.
    const std::uint64_t key = session.changeCount() * 1000003u + session.notesVersion() * 7919u
                              + static_cast<std::uint64_t>(ctx.settings().notation) * 31u
                              + static_cast<std::uint64_t>(g.w) * 65537u + g.small;
    if (key != m_rowsKey) {
        rebuild(ctx, session, g.w - indent - 10, g.small);
        m_rowsKey = key;
    }
    const int rows    = static_cast<int>(m_rows.size());
    const int visible = std::max(1, static_cast<int>((m_rect.h - 4) / lh));
    // Keep the shown move in view when it changes.
    const NodeId shown = session.shownNode();
    if (shown != m_lastShown) {
        m_lastShown = shown;
        int found   = shown == GameTree::kRoot ? 0 : -1;
        for (int r = 0; r < rows && found < 0; ++r)
            for (const Token& tk : m_rows[static_cast<std::size_t>(r)].tokens)
                if (tk.node == shown)
                    found = r;
        if (found >= 0) {
            if (found < m_scroll)
                m_scroll = found;
            if (found >= m_scroll + visible)
                m_scroll = found - visible + 1;
        }
    }
    m_scroll      = std::clamp(m_scroll, 0, std::max(0, rows - visible));
    auto drawMark = [&](const Token& tk, float x, float cy) {
        if (tk.quality < 0)
            return;
        const float d = std::round(6 * l.uiScale);
        drawRect(t, {x, cy - d / 2, d, d}, kQualityColors[tk.quality]);
    };
    for (int r = m_scroll; r < rows && r < m_scroll + visible; ++r) {
        const Row& row = m_rows[static_cast<std::size_t>(r)];
        const float y  = top + 2 + static_cast<float>(r - m_scroll) * lh;
        if (row.main) {
            sf::Text num =
                makeText(sans, std::to_string(row.number) + ".", g.font, palette::kMuted);
            drawTextAt(t, num, g.x + 4, y + lh / 2);
            for (int side = 0; side < 2; ++side) {
                const Token& tk = row.tokens[static_cast<std::size_t>(side)];
                if (tk.node == kNoNode)
                    continue;
                const RectF cell{g.x + numW + static_cast<float>(side) * cellW, y, cellW - 2, lh};
                if (tk.node == shown)
                    drawRect(t, cell, palette::kHighlight);
                else if (cell.contains(mouse))
                    drawRect(t, cell, sf::Color(240, 232, 215));
                const float markW = tk.quality >= 0 ? std::round(9 * l.uiScale) : 0;
                drawMark(tk, cell.x + 3, y + lh / 2);
                sf::Color ink = side == 0 ? sf::Color(170, 30, 20) : palette::kPanelText;
                if (!tk.onLine)
                    ink.a = 150;
                sf::Text text =
                    makeText(sans, elide(sans, tk.text, g.font, cellW - 8 - markW), g.font, ink);
                drawTextAt(t, text, cell.x + 4 + markW, y + lh / 2);
                m_cells.push_back({cell, tk.node});
            }
            continue;
        }
        // A variation row: indented, smaller, in blue.
        const float x0 = g.x + indent;
        for (const Token& tk : row.tokens) {
            sf::Color ink = tk.node == kNoNode ? palette::kMuted
                            : tk.onLine        ? palette::kReview
                                               : sf::Color(70, 110, 170);
            const RectF cell{x0 + tk.x - 1, y + 1, tk.w + 2, lh - 2};
            if (tk.node != kNoNode) {
                if (tk.node == shown)
                    drawRect(t, cell, palette::kHighlight);
                else if (cell.contains(mouse))
                    drawRect(t, cell, sf::Color(232, 236, 246));
                m_cells.push_back({cell, tk.node});
            }
            if (tk.quality >= 0)
                ink = kQualityColors[tk.quality];
            sf::Text text = makeText(sans, tk.text, g.small, ink);
            drawTextAt(t, text, x0 + tk.x, y + lh / 2);
        }
    }
    // A thin scroll indicator when the list is longer than the box.
    if (rows > visible) {
        const float h = m_rect.h * static_cast<float>(visible) / static_cast<float>(rows);
        const float y =
            m_rect.y
            + (m_rect.h - h) * static_cast<float>(m_scroll) / static_cast<float>(rows - visible);
        drawRect(t, {m_rect.right() - 5, y, 4, h}, palette::kButtonEdge);
    }
}

NodeId MoveList::nodeAt(PointF p) const {
    for (const Cell& c : m_cells)
        if (c.rect.contains(p))
            return c.node;
    return kNoNode;
}

bool MoveList::scroll(PointF p, float delta) {
    if (!m_rect.contains(p))
        return false;
    m_scroll -= static_cast<int>(std::round(delta * 2));
    return true;
}

} // namespace xq::gui
