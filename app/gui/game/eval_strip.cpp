#include "app/gui/game/eval_strip.h"

#include <cmath>
#include <cstdio>

#include "app/gui/game/panel.h"
#include "app/gui/model/i18n.h"
#include "app/gui/model/review_notes.h"
#include "app/gui/shell/widgets.h"

namespace xq::gui {

void EvalStrip::draw(sf::RenderTarget& target, const Context& ctx, const GameSession& session,
                     const Layout& l) {
    const std::vector<int> scores = session.lineScores();
    if (l.strip.h <= 0 || scores.size() < 2) {
        m_graphRect = {};
        return;
    }
    Batch t;
    const auto& sans    = ctx.res().sans;
    const float s       = l.uiScale;
    const unsigned size = static_cast<unsigned>(std::lround(12 * s));
    drawRect(t, l.strip, palette::kPanel);
    // Summary on the right: each side's accuracy and its marks.
    const float sumW = std::round(std::min(l.strip.w * 0.36f, 190 * s));
    const float pad  = std::round(6 * s);
    const RectF graph{l.strip.x + pad, l.strip.y + pad, l.strip.w - sumW - 3 * pad,
                      l.strip.h - 2 * pad};
    m_graphRect         = graph;
    m_graphPlies        = scores.size() - 1;
    const auto stats    = session.lineStats();
    const Language lang = ctx.lang();
    const float sx      = graph.right() + 2 * pad;
    const float lh      = sans.getLineSpacing(size);
    for (int side = 0; side < 2; ++side) {
        const float y0 = graph.y + static_cast<float>(side) * graph.h / 2;
        char acc[32];
        std::snprintf(acc, sizeof acc, " %.0f%%", stats[static_cast<std::size_t>(side)].accuracy);
        const std::string head =
            tr(side == 0 ? Str::Red : Str::Black, lang) + " " + tr(Str::Accuracy, lang) + acc;
        sf::Text h = makeText(sans, elide(sans, head, size, sumW - pad), size,
                              side == 0 ? sf::Color(170, 30, 20) : palette::kPanelText);
        drawTextAt(t, h, sx, y0 + lh * 0.5f);
        float x       = sx;
        const float d = std::round(7 * s);
        for (int q = 0; q < ai::kQualityCount; ++q) {
            const int count =
                stats[static_cast<std::size_t>(side)].counts[static_cast<std::size_t>(q)];
            const std::string label =
                q >= 2 ? std::string(qualityGlyph(static_cast<ai::MoveQuality>(q)))
                             + std::to_string(count)
                       : std::to_string(count);
            drawRect(t, {x, y0 + lh * 1.5f - d / 2, d, d}, kQualityColors[q]);
            x += d + 2;
            sf::Text c = makeText(sans, label, size, palette::kPanelText);
            drawTextAt(t, c, x, y0 + lh * 1.5f);
            x += textWidth(sans, label, size) + std::round(5 * s);
        }
    }
    // The graph: white above (Red better), dark below, the curve, and the marks of bad moves.
    drawRect(t, graph, sf::Color(250, 246, 238), palette::kButtonEdge, 1);
    t.draw(target);
    const std::size_t plies = m_graphPlies;
    const PointF zero       = graphPoint(graph, 0, plies, 0);
    sf::VertexArray area(sf::Triangles);
    sf::VertexArray curve(sf::LineStrip);
    for (std::size_t i = 0; i < scores.size(); ++i) {
        const PointF p = graphPoint(graph, i, plies, scores[i]);
        curve.append(sf::Vertex({p.x, p.y}, sf::Color(40, 40, 40)));
        if (i + 1 < scores.size()) {
            const PointF q = graphPoint(graph, i + 1, plies, scores[i + 1]);
            const sf::Color fill(120, 110, 100, 90);
            for (auto v :
                 {sf::Vector2f(p.x, zero.y), sf::Vector2f(p.x, p.y), sf::Vector2f(q.x, q.y),
                  sf::Vector2f(p.x, zero.y), sf::Vector2f(q.x, q.y), sf::Vector2f(q.x, zero.y)})
                area.append(sf::Vertex(v, fill));
        }
    }
    target.draw(area);
    sf::RectangleShape mid({graph.w, 1});
    mid.setPosition(graph.x, zero.y);
    mid.setFillColor(sf::Color(150, 130, 110));
    target.draw(mid);
    target.draw(curve);
    // The shown ply, and the bad moves as coloured dots.
    const std::size_t view = session.viewPly();
    if (view <= plies) {
        const PointF p = graphPoint(graph, view, plies, scores[view]);
        sf::RectangleShape cursor({std::max(1.0f, s * 1.5f), graph.h});
        cursor.setPosition(p.x - cursor.getSize().x / 2, graph.y);
        cursor.setFillColor(palette::kReview);
        target.draw(cursor);
    }
    const auto& path = session.path();
    for (std::size_t i = 1; i <= plies && i <= path.size(); ++i) {
        const NodeReview* r = session.nodeReview(path[i - 1]);
        if (!r || r->quality < ai::MoveQuality::Inaccuracy)
            continue;
        const PointF p  = graphPoint(graph, i, plies, scores[i]);
        const float rad = std::max(2.0f, 3 * s);
        sf::CircleShape dot(rad, 12);
        dot.setOrigin(rad, rad);
        dot.setPosition(p.x, p.y);
        dot.setFillColor(kQualityColors[static_cast<int>(r->quality)]);
        target.draw(dot);
    }
}

std::optional<std::size_t> EvalStrip::plyAt(const Layout& l, PointF p) const {
    if (m_graphRect.w <= 0 || !l.strip.contains(p))
        return std::nullopt;
    return graphPlyAt(m_graphRect, p.x, m_graphPlies);
}

} // namespace xq::gui
