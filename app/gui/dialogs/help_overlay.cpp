#include "app/gui/dialogs/help_overlay.h"

#include "app/gui/dialogs/dialog.h"

namespace xq::gui {

namespace {

// --- help -----------------------------------------------------------------------------------

class HelpOverlay : public Dialog {
public:
    using Dialog::Dialog;

private:
    void layoutButtons() override {
        m_title             = tr(Str::HelpTitle, lang());
        const float s       = m_ctx.layout().uiScale;
        const unsigned size = m_ctx.fontSize(14);
        m_lines = wrapText(m_ctx.res().sans, tr(Str::HelpText, lang()), size, std::round(440 * s));
        const float lh = m_ctx.res().sans.getLineSpacing(size);
        placeBox(std::round(480 * s),
                 pad() * 4 + rowH() * 2.4f + lh * static_cast<float>(m_lines.size()));
        m_buttons.clear();
        const float bw = std::round(120 * s);
        addButton("close",
                  {m_box.right() - pad() - bw, m_box.bottom() - pad() - rowH(), bw, rowH()},
                  tr(Str::Close, lang()));
    }
    void onButton(const std::string&) override { close(); }
    void onEvent(const sf::Event& e) override {
        if (e.type == sf::Event::KeyPressed || e.type == sf::Event::MouseButtonPressed)
            close();
    }
    void drawBody(sf::RenderTarget& t) override {
        const unsigned size = m_ctx.fontSize(14);
        const float lh      = m_ctx.res().sans.getLineSpacing(size);
        const float top     = m_box.y + pad() + rowH() * 1.4f;
        const float availH  = m_box.bottom() - pad() * 2 - rowH() - top;
        for (std::size_t i = 0; i < m_lines.size(); ++i) {
            if (lh * static_cast<float>(i + 1) > availH)
                break;
            sf::Text text = makeText(m_ctx.res().sans, m_lines[i], size, palette::kPanelText);
            drawTextAt(t, text, m_box.x + pad(), top + lh * (static_cast<float>(i) + 0.5f));
        }
    }
    std::vector<std::string> m_lines;
};

} // namespace

std::unique_ptr<Screen> makeHelpOverlay(Context& ctx) {
    return std::make_unique<HelpOverlay>(ctx);
}

} // namespace xq::gui
