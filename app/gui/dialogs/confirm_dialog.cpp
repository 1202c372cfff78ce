#include "app/gui/dialogs/confirm_dialog.h"

#include "app/gui/dialogs/dialog.h"

namespace xq::gui {

namespace {

// --- yes / no -------------------------------------------------------------------------------

class ConfirmDialog : public Dialog {
public:
    ConfirmDialog(Context& ctx, std::string question, std::string yes, std::string no,
                  std::function<void()> onYes, std::function<void()> onNo)
        : Dialog(ctx)
        , m_yes(std::move(yes))
        , m_no(std::move(no))
        , m_onYes(std::move(onYes))
        , m_onNo(std::move(onNo))
        , m_question(std::move(question)) {}

private:
    void layoutButtons() override {
        // A short question on one line; a long one (a rule's verdict) wrapped in a wider box.
        const float s       = m_ctx.layout().uiScale;
        const unsigned size = m_ctx.fontSize(19);
        const float width   = std::clamp(textWidth(m_ctx.res().sans, m_question, size) + 3 * pad(),
                                         std::round(420 * s), std::round(640 * s));
        m_lines             = wrapText(m_ctx.res().sans, m_question, size, width - 2 * pad());
        const float lh      = m_ctx.res().sans.getLineSpacing(size);
        placeBox(width, pad() * 3 + lh * static_cast<float>(m_lines.size()) + rowH() * 1.4f);
        m_buttons.clear();
        const float bw = std::round(130 * s);
        addButton("yes",
                  {m_box.right() - pad() - 2 * bw - pad() / 2, m_box.bottom() - pad() - rowH(), bw,
                   rowH()},
                  m_yes);
        addButton("no", {m_box.right() - pad() - bw, m_box.bottom() - pad() - rowH(), bw, rowH()},
                  m_no);
    }
    // Enter gives the "yes" answer; Escape (the base dialog) closes with neither.
    void onEvent(const sf::Event& e) override {
        if (e.type == sf::Event::KeyPressed && e.key.code == sf::Keyboard::Enter)
            onButton("yes");
    }
    void onButton(const std::string& id) override {
        if (id == "yes" && m_onYes)
            m_onYes();
        if (id == "no" && m_onNo)
            m_onNo();
        close();
    }
    void drawBody(sf::RenderTarget& t) override {
        const unsigned size = m_ctx.fontSize(19);
        const float lh      = m_ctx.res().sans.getLineSpacing(size);
        for (std::size_t i = 0; i < m_lines.size(); ++i) {
            sf::Text text = makeText(m_ctx.res().sans, m_lines[i], size, palette::kPanelText);
            drawTextAt(t, text, m_box.x + pad(),
                       m_box.y + pad() + lh * (static_cast<float>(i) + 0.5f));
        }
    }
    std::string m_yes, m_no;
    std::function<void()> m_onYes, m_onNo;
    std::string m_question;
    std::vector<std::string> m_lines;
};

} // namespace

std::unique_ptr<Screen> makeConfirmDialog(Context& ctx, const std::string& question,
                                          const std::string& yes, const std::string& no,
                                          std::function<void()> onYes, std::function<void()> onNo) {
    return std::make_unique<ConfirmDialog>(ctx, question, yes, no, std::move(onYes),
                                           std::move(onNo));
}

} // namespace xq::gui
