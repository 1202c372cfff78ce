// The game screen's panel geometry and colours, shared by the panel, the move list and the
// evaluation strip: vertical positions computed once from the layout, so that drawing and
// hit-testing agree. The search area grows with the number of analysis lines; the variation
// row and the review note appear when needed.
#pragma once

#include <SFML/Graphics/Color.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

#include "ai/review.h"
#include "app/gui/model/board_geometry.h"

namespace xq::gui {

struct PanelGeo {
    float x, w, pad, rowH, gap, lineH;
    float modeY, statusY, clockY, clockH, aiY, infoY, buttonsY, reviewY, varY, noteY, listY;
    unsigned font, small, big, button;
};

constexpr int kButtonRows = 7;

// clockRow: a timed game shows the two clocks under the status. statusH: the status text's
// height when it needs more than the usual two lines.
PanelGeo panelGeo(const Layout& l, int infoLines = 3, bool varRow = false, int noteLines = 0,
                  bool clockRow = false, float statusH = 0);
// The status area's usual height (two lines of the large size).
float statusAreaHeight(const Layout& l);

// The marks of the review's verdicts: best, good, inaccuracy, mistake, blunder.
inline const sf::Color kQualityColors[ai::kQualityCount] = {
    {40, 150, 70}, {120, 170, 130}, {220, 160, 20}, {230, 110, 20}, {200, 30, 30}};

// A loudspeaker; with sound off, a red cross instead of the waves.
void drawSpeaker(sf::RenderTarget& t, const RectF& r, bool on);

} // namespace xq::gui
