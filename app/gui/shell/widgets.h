// Small immediate-mode widgets for the panel and dialogs: text helpers (UTF-8 in, wrapped to a
// width), push buttons with tooltips, and a one-line text box. Screens rebuild their buttons
// from the current layout every frame, so nothing here keeps pixel positions across resizes.
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include <SFML/Graphics.hpp>

#include "app/gui/model/board_geometry.h"

namespace xq::gui {

namespace palette {
inline const sf::Color kPanel{246, 239, 226};
inline const sf::Color kPanelText{40, 30, 20};
inline const sf::Color kMuted{110, 95, 80};
inline const sf::Color kAccent{170, 40, 30};
inline const sf::Color kButton{226, 210, 184};
inline const sf::Color kButtonHover{238, 222, 196};
inline const sf::Color kButtonEdge{150, 120, 85};
inline const sf::Color kButtonOn{196, 150, 95};
inline const sf::Color kDisabledText{160, 150, 140};
// A switch that is on but cannot be changed now: a paler "on" with darker text, still legible.
inline const sf::Color kButtonOnDisabled{218, 194, 160};
inline const sf::Color kDisabledOnText{100, 86, 72};
inline const sf::Color kHighlight{250, 215, 140};
inline const sf::Color kReview{40, 90, 170};
inline const sf::Color kError{180, 30, 30};
} // namespace palette

sf::String utf8(const std::string& s);
std::string toUtf8(const sf::String& s);
sf::Text makeText(const sf::Font& font, const std::string& s, unsigned size, sf::Color color);
float textWidth(const sf::Font& font, const std::string& s, unsigned size);
// Splits at spaces where possible and between CJK characters otherwise; honours '\n'.
std::vector<std::string> wrapText(const sf::Font& font, const std::string& s, unsigned size,
                                  float maxWidth);
// Text fitted into a box: wrapped at the first of the sizes (largest first) whose lines fit the
// height; when none does, wrapped at the last size, taller than the box (`height` says how tall).
struct FittedText {
    unsigned size = 0;
    std::vector<std::string> lines;
    float lineHeight = 0;
    float height     = 0;
};
FittedText fitText(const sf::Font& font, const std::string& s, float maxWidth, float maxHeight,
                   std::initializer_list<unsigned> sizes);
// Cuts the text (adding "…") so it fits.
std::string elide(const sf::Font& font, const std::string& s, unsigned size, float maxWidth);
void drawRect(sf::RenderTarget& t, const RectF& r, sf::Color fill,
              sf::Color outline = sf::Color::Transparent, float thickness = 0);
// Draws text with its left edge at x, vertically centred on cy.
void drawTextAt(sf::RenderTarget& t, sf::Text& text, float x, float cy);
void drawTextCentered(sf::RenderTarget& t, sf::Text& text, PointF centre);

// Collects rectangles and text and draws them in a few calls: all rectangles, then the text of
// each font and size (software OpenGL pays per draw call, and the panel has hundreds of items).
// Text goes on top of every rectangle, so add only layers that do not overlap text with boxes.
class Batch {
public:
    void rect(const RectF& r, sf::Color fill, sf::Color outline = sf::Color::Transparent,
              float thickness = 0);
    // Same placement as drawTextAt.
    void text(const sf::Font& font, const sf::String& s, unsigned size, sf::Color color, float x,
              float cy);
    void draw(sf::RenderTarget& t) const;

private:
    void quad(const RectF& r, sf::Color c);
    sf::VertexArray m_rects{sf::Triangles};
    std::vector<std::pair<std::pair<const sf::Font*, unsigned>, sf::VertexArray>> m_text;
};

void drawRect(Batch& b, const RectF& r, sf::Color fill, sf::Color outline = sf::Color::Transparent,
              float thickness = 0);
void drawTextAt(Batch& b, sf::Text& text, float x, float cy);

struct Button {
    std::string id;
    RectF rect;
    std::string label;
    std::string tooltip;
    bool enabled = true;
    bool on      = false; // a selected option in a group
};

void drawButton(sf::RenderTarget& t, const Button& b, const sf::Font& font, unsigned size,
                PointF mouse);
void drawButton(Batch& batch, const Button& b, const sf::Font& font, unsigned size, PointF mouse);
// The enabled button under p, or nullptr.
const Button* buttonAt(const std::vector<Button>& buttons, PointF p);
// How many of the buttons' labels drawButton must cut ("…") at this size (tests look for none).
int labelsCut(const std::vector<Button>& buttons, const sf::Font& font, unsigned size);
void drawTooltip(sf::RenderTarget& t, const std::vector<Button>& buttons, const sf::Font& font,
                 unsigned size, PointF mouse, sf::Vector2u windowSize);

// A one-line text field: typing, Backspace, Ctrl+V paste.
struct TextBox {
    std::string text;
    bool focused = true;
    // Returns true when the event changed the text.
    bool handleEvent(const sf::Event& e);
    void draw(sf::RenderTarget& t, const RectF& r, const sf::Font& font, unsigned size) const;
};

} // namespace xq::gui
