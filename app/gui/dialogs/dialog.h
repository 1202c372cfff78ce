// Dialog: the base of the modal screens over the game: a centred box over a dimmed window, with a
// title and buttons rebuilt every frame. Escape closes it. Each dialog is in a file of its own
// and reaches the rest of the program only through its Context (commands, settings, toasts).
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app/gui/model/i18n.h"
#include "app/gui/shell/context.h"
#include "app/gui/shell/screen.h"
#include "app/gui/shell/widgets.h"
#include "app/gui/testing/scriptable.h"

namespace xq::gui {

class Dialog : public Screen, public Scriptable {
public:
    explicit Dialog(Context& ctx)
        : m_ctx(ctx) {}

    void handleEvent(const sf::Event& e) override {
        if (e.type == sf::Event::MouseMoved)
            m_mouse = {static_cast<float>(e.mouseMove.x), static_cast<float>(e.mouseMove.y)};
        if (e.type == sf::Event::KeyPressed && e.key.code == sf::Keyboard::Escape) {
            close();
            return;
        }
        if (e.type == sf::Event::MouseButtonPressed && e.mouseButton.button == sf::Mouse::Left) {
            const PointF p{static_cast<float>(e.mouseButton.x),
                           static_cast<float>(e.mouseButton.y)};
            m_mouse = p;
            layoutButtons();
            if (const Button* b = buttonAt(m_buttons, p)) {
                const std::string id = b->id; // the handler may rebuild m_buttons
                onButton(id);
                return;
            }
        }
        onEvent(e);
    }

    void draw(sf::RenderTarget& t) override {
        const sf::Vector2u ws = m_ctx.windowSize();
        drawRect(t, {0, 0, static_cast<float>(ws.x), static_cast<float>(ws.y)},
                 sf::Color(0, 0, 0, 110));
        layoutButtons();
        drawRect(t, m_box, palette::kPanel, palette::kButtonEdge, 2);
        const unsigned titleSize = m_ctx.fontSize(19);
        sf::Text title = makeText(m_ctx.res().sans, m_title, titleSize, palette::kPanelText);
        drawTextAt(t, title, m_box.x + pad(),
                   m_box.y + pad() + m_ctx.res().sans.getLineSpacing(titleSize) / 2);
        drawBody(t);
        for (const Button& b : m_buttons)
            drawButton(t, b, m_ctx.res().sans, m_ctx.fontSize(15), m_mouse);
    }

    std::optional<PointF> buttonCentre(std::string_view id) const override {
        const_cast<Dialog*>(this)->layoutButtons();
        for (const Button& b : m_buttons)
            if (b.id == id)
                return PointF{b.rect.x + b.rect.w / 2, b.rect.y + b.rect.h / 2};
        return std::nullopt;
    }

    std::string scriptState(std::string_view what) const override {
        if (what == "labels-cut") {
            const_cast<Dialog*>(this)->layoutButtons();
            return std::to_string(labelsCut(m_buttons, m_ctx.res().sans, m_ctx.fontSize(15)));
        }
        return {};
    }

protected:
    float pad() const { return std::round(14 * m_ctx.layout().uiScale); }
    float rowH() const { return std::round(28 * m_ctx.layout().uiScale); }
    Language lang() const { return m_ctx.lang(); }
    void close() { m_ctx.pop(); }
    // Centres a box of the given size (clamped to the window) and returns it.
    void placeBox(float w, float h) {
        const sf::Vector2u ws = m_ctx.windowSize();
        w                     = std::min(w, static_cast<float>(ws.x) - 20);
        h                     = std::min(h, static_cast<float>(ws.y) - 20);
        m_box                 = {std::round((static_cast<float>(ws.x) - w) / 2),
                                 std::round((static_cast<float>(ws.y) - h) / 2), w, h};
    }
    void addButton(std::string id, RectF r, const std::string& label, bool on = false,
                   bool enabled = true) {
        m_buttons.push_back({std::move(id), r, label, "", enabled, on});
    }
    virtual void layoutButtons()                 = 0;
    virtual void onButton(const std::string& id) = 0;
    virtual void onEvent(const sf::Event&) {}
    virtual void drawBody(sf::RenderTarget&) {}

    Context& m_ctx;
    std::string m_title;
    RectF m_box;
    std::vector<Button> m_buttons;
    PointF m_mouse;
};

} // namespace xq::gui
