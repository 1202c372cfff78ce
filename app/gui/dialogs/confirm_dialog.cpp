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
        , m_onNo(std::move(onNo)) {
        m_title = std::move(question);
    }

private:
    void layoutButtons() override {
        const float s = m_ctx.layout().uiScale;
        placeBox(std::max(std::round(420 * s),
                          textWidth(m_ctx.res().sans, m_title, m_ctx.fontSize(19)) + 3 * pad()),
                 pad() * 3 + rowH() * 2.4f);
        m_buttons.clear();
        const float bw = std::round(130 * s);
        addButton("yes",
                  {m_box.right() - pad() - 2 * bw - pad() / 2, m_box.bottom() - pad() - rowH(), bw,
                   rowH()},
                  m_yes);
        addButton("no", {m_box.right() - pad() - bw, m_box.bottom() - pad() - rowH(), bw, rowH()},
                  m_no);
    }
    void onButton(const std::string& id) override {
        if (id == "yes" && m_onYes)
            m_onYes();
        if (id == "no" && m_onNo)
            m_onNo();
        close();
    }
    std::string m_yes, m_no;
    std::function<void()> m_onYes, m_onNo;
};

} // namespace

std::unique_ptr<Screen> makeConfirmDialog(Context& ctx, const std::string& question,
                                          const std::string& yes, const std::string& no,
                                          std::function<void()> onYes, std::function<void()> onNo) {
    return std::make_unique<ConfirmDialog>(ctx, question, yes, no, std::move(onYes),
                                           std::move(onNo));
}

} // namespace xq::gui
