#include "app/gui/shell/widgets.h"

#include <cmath>
#include <utility>

#include <SFML/Window/Clipboard.hpp>

namespace xq::gui {

sf::String utf8(const std::string& s) {
    return sf::String::fromUtf8(s.begin(), s.end());
}

std::string toUtf8(const sf::String& s) {
    const auto bytes = s.toUtf8();
    return std::string(bytes.begin(), bytes.end());
}

sf::Text makeText(const sf::Font& font, const std::string& s, unsigned size, sf::Color color) {
    sf::Text text(utf8(s), font, size);
    text.setFillColor(color);
    return text;
}

float textWidth(const sf::Font& font, const std::string& s, unsigned size) {
    float w = 0;
    for (sf::Uint32 c : utf8(s))
        w += font.getGlyph(c, size, false).advance;
    return w;
}

std::vector<std::string> wrapText(const sf::Font& font, const std::string& s, unsigned size,
                                  float maxWidth) {
    constexpr sf::Uint32 kCjk = 0x2E80; // from here on a line may break between any characters
    std::vector<std::string> lines;
    const sf::String all = utf8(s);
    sf::String line;
    float width = 0;
    // Where a Latin word may go to the next line whole: after the line's last space (dropped),
    // or after its last CJK character ("a7" after Chinese text stays together).
    std::size_t lastSpace = sf::String::InvalidPos, afterCjk = sf::String::InvalidPos;
    auto carryFrom = [&](std::size_t from, std::size_t cut) {
        sf::String rest = line.substring(from);
        line            = line.substring(0, cut);
        lines.push_back(toUtf8(line));
        line  = rest;
        width = 0;
        for (sf::Uint32 r : rest)
            width += font.getGlyph(r, size, false).advance;
    };
    for (std::size_t i = 0; i < all.getSize(); ++i) {
        const sf::Uint32 c = all[i];
        if (c == '\n') {
            lines.push_back(toUtf8(line));
            line.clear();
            width     = 0;
            lastSpace = afterCjk = sf::String::InvalidPos;
            continue;
        }
        const float advance = font.getGlyph(c, size, false).advance;
        if (width + advance > maxWidth && !line.isEmpty()) {
            if (c == ' ') { // the break falls on a space: the line ends there, the space goes
                lines.push_back(toUtf8(line));
                line.clear();
                width     = 0;
                lastSpace = afterCjk = sf::String::InvalidPos;
                continue;
            }
            const bool space = lastSpace != sf::String::InvalidPos;
            const bool cjk   = afterCjk != sf::String::InvalidPos && afterCjk > 0;
            if (c < kCjk && space && (!cjk || lastSpace + 1 >= afterCjk))
                carryFrom(lastSpace + 1, lastSpace); // break at the last space
            else if (c < kCjk && cjk && afterCjk < line.getSize())
                carryFrom(afterCjk, afterCjk); // break after the last CJK character
            else {
                lines.push_back(toUtf8(line));
                line.clear();
                width = 0;
            }
            lastSpace = afterCjk = sf::String::InvalidPos;
        }
        if (c == ' ')
            lastSpace = line.getSize();
        line += c;
        width += advance;
        if (c >= kCjk)
            afterCjk = line.getSize();
    }
    if (!line.isEmpty() || lines.empty())
        lines.push_back(toUtf8(line));
    return lines;
}

FittedText fitText(const sf::Font& font, const std::string& s, float maxWidth, float maxHeight,
                   std::initializer_list<unsigned> sizes) {
    FittedText f;
    for (unsigned size : sizes) {
        f.size       = size;
        f.lines      = wrapText(font, s, size, maxWidth);
        f.lineHeight = font.getLineSpacing(size);
        f.height     = f.lineHeight * static_cast<float>(f.lines.size());
        if (f.height <= maxHeight)
            break;
    }
    return f;
}

std::string elide(const sf::Font& font, const std::string& s, unsigned size, float maxWidth) {
    if (textWidth(font, s, size) <= maxWidth)
        return s;
    const float ellipsis = font.getGlyph(0x2026, size, false).advance;
    sf::String out;
    float w = 0;
    for (sf::Uint32 c : utf8(s)) {
        const float a = font.getGlyph(c, size, false).advance;
        if (w + a + ellipsis > maxWidth)
            break;
        out += c;
        w += a;
    }
    out += sf::Uint32{0x2026};
    return toUtf8(out);
}

void drawRect(sf::RenderTarget& t, const RectF& r, sf::Color fill, sf::Color outline,
              float thickness) {
    sf::RectangleShape shape({r.w, r.h});
    shape.setPosition(r.x, r.y);
    shape.setFillColor(fill);
    if (thickness > 0) {
        shape.setOutlineColor(outline);
        shape.setOutlineThickness(-thickness);
    }
    t.draw(shape);
}

void drawTextAt(sf::RenderTarget& t, sf::Text& text, float x, float cy) {
    // SFML puts the first baseline at y + character size. Centre the middle of a typical glyph
    // (about 0.36 em above the baseline for both Latin capitals and CJK) on cy, so that mixed
    // lines share one baseline.
    const auto size = static_cast<float>(text.getCharacterSize());
    text.setPosition(std::round(x), std::round(cy + 0.36f * size - size));
    t.draw(text);
}

void drawTextCentered(sf::RenderTarget& t, sf::Text& text, PointF c) {
    const sf::FloatRect b = text.getLocalBounds();
    text.setOrigin(b.left + b.width / 2, b.top + b.height / 2);
    text.setPosition(std::round(c.x), std::round(c.y));
    t.draw(text);
}

void Batch::quad(const RectF& r, sf::Color c) {
    const sf::Vertex v[4] = {{{r.x, r.y}, c},
                             {{r.right(), r.y}, c},
                             {{r.right(), r.bottom()}, c},
                             {{r.x, r.bottom()}, c}};
    for (int k : {0, 1, 2, 0, 2, 3})
        m_rects.append(v[k]);
}

void Batch::rect(const RectF& r, sf::Color fill, sf::Color outline, float thickness) {
    quad(r, fill);
    if (thickness > 0 && outline.a > 0) {
        const float k = thickness;
        quad({r.x, r.y, r.w, k}, outline);
        quad({r.x, r.bottom() - k, r.w, k}, outline);
        quad({r.x, r.y + k, k, r.h - 2 * k}, outline);
        quad({r.right() - k, r.y + k, k, r.h - 2 * k}, outline);
    }
}

void Batch::text(const sf::Font& font, const sf::String& s, unsigned size, sf::Color color, float x,
                 float cy) {
    sf::VertexArray* va = nullptr;
    for (auto& [key, array] : m_text)
        if (key.first == &font && key.second == size)
            va = &array;
    if (!va) {
        m_text.push_back({{&font, size}, sf::VertexArray(sf::Triangles)});
        va = &m_text.back().second;
    }
    // Baseline as in drawTextAt: sf::Text puts it at y + size.
    const auto fs    = static_cast<float>(size);
    const float base = std::round(cy + 0.36f * fs);
    float pen        = std::round(x);
    for (sf::Uint32 c : s) {
        const sf::Glyph& g = font.getGlyph(c, size, false);
        const float l = pen + g.bounds.left, tp = base + g.bounds.top;
        const float r = l + g.bounds.width, bt = tp + g.bounds.height;
        const auto u0         = static_cast<float>(g.textureRect.left);
        const auto v0         = static_cast<float>(g.textureRect.top);
        const auto u1         = u0 + static_cast<float>(g.textureRect.width);
        const auto v1         = v0 + static_cast<float>(g.textureRect.height);
        const sf::Vertex v[4] = {{{l, tp}, color, {u0, v0}},
                                 {{r, tp}, color, {u1, v0}},
                                 {{r, bt}, color, {u1, v1}},
                                 {{l, bt}, color, {u0, v1}}};
        for (int k : {0, 1, 2, 0, 2, 3})
            va->append(v[k]);
        pen += g.advance;
    }
}

void Batch::draw(sf::RenderTarget& t) const {
    t.draw(m_rects);
    for (const auto& [key, array] : m_text)
        t.draw(array, &key.first->getTexture(key.second));
}

void drawRect(Batch& b, const RectF& r, sf::Color fill, sf::Color outline, float thickness) {
    b.rect(r, fill, outline, thickness);
}

void drawTextAt(Batch& b, sf::Text& text, float x, float cy) {
    b.text(*text.getFont(), text.getString(), text.getCharacterSize(), text.getFillColor(), x, cy);
}

namespace {

// A button's fill and text colours: on, hovered, plain; disabled ones greyed.
std::pair<sf::Color, sf::Color> buttonColors(const Button& b, PointF mouse) {
    const bool hover = b.enabled && b.rect.contains(mouse);
    if (b.on)
        return b.enabled ? std::pair{palette::kButtonOn, palette::kPanelText}
                         : std::pair{palette::kButtonOnDisabled, palette::kDisabledOnText};
    return {hover ? palette::kButtonHover : palette::kButton,
            b.enabled ? palette::kPanelText : palette::kDisabledText};
}

// A label that is too wide for its button is set smaller, down to three quarters of the size,
// and cut ("…") only below that.
std::pair<std::string, unsigned> fitLabel(const sf::Font& font, const std::string& label,
                                          unsigned size, float width) {
    const unsigned smallest = std::max(1u, (size * 3 + 3) / 4);
    for (unsigned s = size; s >= smallest; --s)
        if (textWidth(font, label, s) <= width)
            return {label, s};
    return {elide(font, label, smallest, width), smallest};
}

} // namespace

void drawButton(Batch& batch, const Button& b, const sf::Font& font, unsigned size, PointF mouse) {
    const auto [fill, ink] = buttonColors(b, mouse);
    batch.rect(b.rect, fill, palette::kButtonEdge, 1);
    const auto [label, fitted] = fitLabel(font, b.label, size, b.rect.w - 6);
    const float w              = textWidth(font, label, fitted);
    batch.text(font, utf8(label), fitted, ink, b.rect.x + (b.rect.w - w) / 2,
               b.rect.y + b.rect.h / 2);
}

void drawButton(sf::RenderTarget& t, const Button& b, const sf::Font& font, unsigned size,
                PointF mouse) {
    const auto [fill, ink] = buttonColors(b, mouse);
    drawRect(t, b.rect, fill, palette::kButtonEdge, 1);
    const auto [label, fitted] = fitLabel(font, b.label, size, b.rect.w - 6);
    sf::Text text              = makeText(font, label, fitted, ink);
    const float w              = textWidth(font, label, fitted);
    drawTextAt(t, text, b.rect.x + (b.rect.w - w) / 2, b.rect.y + b.rect.h / 2);
}

int labelsCut(const std::vector<Button>& buttons, const sf::Font& font, unsigned size) {
    int cut = 0;
    for (const Button& b : buttons)
        if (!b.label.empty() && fitLabel(font, b.label, size, b.rect.w - 6).first != b.label)
            ++cut;
    return cut;
}

const Button* buttonAt(const std::vector<Button>& buttons, PointF p) {
    for (const Button& b : buttons)
        if (b.enabled && b.rect.contains(p))
            return &b;
    return nullptr;
}

void drawTooltip(sf::RenderTarget& t, const std::vector<Button>& buttons, const sf::Font& font,
                 unsigned size, PointF mouse, sf::Vector2u windowSize) {
    for (const Button& b : buttons) {
        if (!b.rect.contains(mouse) || b.tooltip.empty())
            continue;
        const float w = textWidth(font, b.tooltip, size) + 12;
        const float h = font.getLineSpacing(size) + 6;
        float x       = std::min(mouse.x + 12, static_cast<float>(windowSize.x) - w - 2);
        float y       = mouse.y + 20;
        if (y + h > static_cast<float>(windowSize.y))
            y = mouse.y - h - 4;
        x = std::max(2.0f, x);
        drawRect(t, {x, y, w, h}, sf::Color(255, 252, 235), palette::kButtonEdge, 1);
        sf::Text text = makeText(font, b.tooltip, size, palette::kPanelText);
        drawTextAt(t, text, x + 6, y + h / 2);
        return;
    }
}

bool TextBox::handleEvent(const sf::Event& e) {
    if (!focused)
        return false;
    if (e.type == sf::Event::KeyPressed && e.key.control && e.key.code == sf::Keyboard::V) {
        std::string pasted = toUtf8(sf::Clipboard::getString());
        for (char& c : pasted)
            if (c == '\n' || c == '\r' || c == '\t')
                c = ' ';
        text += pasted;
        return true;
    }
    if (e.type == sf::Event::KeyPressed && e.key.code == sf::Keyboard::BackSpace) {
        sf::String s = utf8(text);
        if (!s.isEmpty()) {
            s.erase(s.getSize() - 1);
            text = toUtf8(s);
        }
        return true;
    }
    if (e.type == sf::Event::TextEntered && e.text.unicode >= 32 && e.text.unicode != 127) {
        sf::String s = utf8(text);
        s += e.text.unicode;
        text = toUtf8(s);
        return true;
    }
    return false;
}

void TextBox::draw(sf::RenderTarget& t, const RectF& r, const sf::Font& font, unsigned size) const {
    drawRect(t, r, sf::Color::White, focused ? palette::kAccent : palette::kButtonEdge, 1);
    // Show the end of a long text.
    std::string shown = text;
    sf::String s      = utf8(shown);
    while (!s.isEmpty() && textWidth(font, toUtf8(s), size) > r.w - 14)
        s.erase(0);
    shown          = toUtf8(s);
    sf::Text label = makeText(font, shown, size, palette::kPanelText);
    drawTextAt(t, label, r.x + 5, r.y + r.h / 2);
    if (focused) {
        const float x = r.x + 5 + textWidth(font, shown, size) + 1;
        drawRect(t, {x, r.y + 4, 1.5f, r.h - 8}, palette::kPanelText);
    }
}

} // namespace xq::gui
