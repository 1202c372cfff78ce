// The evaluation strip under the board: a graph of the review's scores along the current line
// (Red's view), the shown ply as a cursor, the bad moves as coloured dots, and each side's
// accuracy with the count of each verdict. Shown when the line has review notes.
#pragma once

#include <cstddef>
#include <optional>

#include <SFML/Graphics/RenderTarget.hpp>

#include "app/gui/model/session.h"
#include "app/gui/shell/context.h"

namespace xq::gui {

class EvalStrip {
public:
    void draw(sf::RenderTarget& target, const Context& ctx, const GameSession& session,
              const Layout& l);
    // The ply nearest a click on the graph, when p is on it.
    std::optional<std::size_t> plyAt(const Layout& l, PointF p) const;

private:
    RectF m_graphRect;
    std::size_t m_graphPlies = 0;
};

} // namespace xq::gui
