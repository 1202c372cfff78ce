#include "app/gui/dialogs/open_dialog.h"

#include <filesystem>

#include "app/gui/dialogs/dialog.h"
#include "app/gui/model/game_record.h"

namespace xq::gui {

namespace {

// --- open a saved game ----------------------------------------------------------------------

class OpenDialog : public Dialog {
public:
    explicit OpenDialog(Context& ctx)
        : Dialog(ctx) {
        std::error_code ec;
        for (const auto& entry : std::filesystem::directory_iterator(ctx.paths().games(), ec))
            if (entry.is_regular_file(ec) && entry.path().extension() == ".pgn")
                m_files.push_back(entry.path());
        std::sort(m_files.begin(), m_files.end(), std::greater<>()); // newest (by name) first
        for (const auto& f : m_files) {
            std::string info;
            if (auto text = readFile(f)) {
                auto rec = readPgn(*text);
                if (rec) {
                    const core::Game main = rec->tree.mainGame();
                    info = std::to_string(main.ply()) + " plies  " + main.result().pgnResult();
                } else {
                    info = "(" + rec.error() + ")";
                }
            }
            m_info.push_back(info);
        }
    }

private:
    void layoutButtons() override {
        m_title       = tr(Str::OpenTitle, lang());
        const float s = m_ctx.layout().uiScale, p = pad(), h = rowH();
        placeBox(std::round(520 * s), std::round(480 * s));
        m_buttons.clear();
        const float top = m_box.y + p + h * 1.4f, bottom = m_box.bottom() - 2 * p - h;
        m_visible = std::max(1, static_cast<int>((bottom - top) / (h + 2)));
        m_scroll =
            std::clamp(m_scroll, 0, std::max(0, static_cast<int>(m_files.size()) - m_visible));
        for (int i = m_scroll; i < static_cast<int>(m_files.size()) && i < m_scroll + m_visible;
             ++i) {
            const float y = top + static_cast<float>(i - m_scroll) * (h + 2);
            addButton("file-" + std::to_string(i), {m_box.x + p, y, m_box.w - 2 * p, h},
                      m_files[static_cast<std::size_t>(i)].stem().string() + "    "
                          + m_info[static_cast<std::size_t>(i)]);
        }
        const float bw = std::round(120 * s);
        addButton("cancel", {m_box.right() - p - bw, m_box.bottom() - p - h, bw, h},
                  tr(Str::Cancel, lang()));
    }
    void onButton(const std::string& id) override {
        if (id.rfind("file-", 0) == 0) {
            const auto i = static_cast<std::size_t>(std::stoul(id.substr(5)));
            if (i < m_files.size())
                m_ctx.post(cmd::OpenFile{m_files[i]});
        }
        close();
    }
    void onEvent(const sf::Event& e) override {
        if (e.type == sf::Event::MouseWheelScrolled)
            m_scroll -= static_cast<int>(std::round(e.mouseWheelScroll.delta * 2));
    }
    void drawBody(sf::RenderTarget& t) override {
        if (!m_files.empty())
            return;
        sf::Text text = makeText(m_ctx.res().sans, tr(Str::NoSavedGames, lang()),
                                 m_ctx.fontSize(15), palette::kMuted);
        drawTextAt(t, text, m_box.x + pad(), m_box.y + pad() + rowH() * 2);
    }

    std::vector<std::filesystem::path> m_files;
    std::vector<std::string> m_info;
    int m_scroll = 0, m_visible = 1;
};

} // namespace

std::unique_ptr<Screen> makeOpenDialog(Context& ctx) {
    return std::make_unique<OpenDialog>(ctx);
}

} // namespace xq::gui
