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
        m_title       = tr(Str::HelpTitle, lang());
        const float s = m_ctx.layout().uiScale;
        // The largest size, down to 9 points, at which every line fits the window's height.
        const float maxH = static_cast<float>(m_ctx.windowSize().y) - 20;
        auto height      = [&](unsigned size) {
            return pad() * 4 + rowH() * 2.4f
                   + m_ctx.res().sans.getLineSpacing(size) * static_cast<float>(m_lines.size());
        };
        m_size = m_ctx.fontSize(14);
        for (;; --m_size) {
            m_lines =
                wrapText(m_ctx.res().sans, tr(Str::HelpText, lang()), m_size, std::round(440 * s));
            if (height(m_size) <= maxH || m_size <= 9)
                break;
        }
        placeBox(std::round(480 * s), height(m_size));
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
        const unsigned size = m_size;
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
    unsigned m_size = 14;
};

} // namespace

std::unique_ptr<Screen> makeHelpOverlay(Context& ctx) {
    return std::make_unique<HelpOverlay>(ctx);
}

} // namespace xq::gui
