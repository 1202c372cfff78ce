#include "app/gui/dialogs/new_game_dialog.h"

#include "app/gui/dialogs/dialog.h"
#include "core/fen.h"

namespace xq::gui {

namespace {

// --- new game -------------------------------------------------------------------------------

class NewGameDialog : public Dialog {
public:
    NewGameDialog(Context& ctx, const std::string& fen)
        : Dialog(ctx) {
        m_mode = ctx.settings().mode;
        if (!fen.empty()) {
            m_fen.text = fen;
            m_fromFen  = true;
        }
    }

private:
    void layoutButtons() override {
        m_title       = tr(Str::NewGameTitle, lang());
        const float s = m_ctx.layout().uiScale, p = pad(), h = rowH();
        placeBox(std::round(460 * s), p * 3 + h * 9.5f);
        m_buttons.clear();
        const float w                          = m_box.w - 2 * p;
        float y                                = m_box.y + p + h * 1.4f;
        const std::pair<PlayMode, Str> modes[] = {{PlayMode::PlayRed, Str::ModePlayRed},
                                                  {PlayMode::PlayBlack, Str::ModePlayBlack},
                                                  {PlayMode::TwoPlayers, Str::ModeTwoPlayers},
                                                  {PlayMode::ComputerBoth, Str::ModeComputerBoth},
                                                  {PlayMode::Analysis, Str::ModeAnalysis}};
        const float half                       = (w - p / 2) / 2;
        for (int i = 0; i < 5; ++i) {
            const float x = m_box.x + p + static_cast<float>(i % 2) * (half + p / 2);
            addButton("mode-" + std::string(modeName(modes[i].first)), {x, y, half, h},
                      tr(modes[i].second, lang()), m_mode == modes[i].first);
            if (i % 2 == 1)
                y += h + p / 2;
        }
        y += h + p;
        addButton("initial", {m_box.x + p, y, half, h}, tr(Str::StartFromInitial, lang()),
                  !m_fromFen);
        addButton("fen", {m_box.x + p + half + p / 2, y, half, h}, tr(Str::StartFromFen, lang()),
                  m_fromFen);
        m_fenRect      = {m_box.x + p, y + h + p / 2, w, h};
        m_errorY       = m_fenRect.bottom() + p / 2;
        const float bw = std::round(120 * s);
        addButton("start", {m_box.right() - p - 2 * bw - p / 2, m_box.bottom() - p - h, bw, h},
                  tr(Str::Start, lang()));
        addButton("cancel", {m_box.right() - p - bw, m_box.bottom() - p - h, bw, h},
                  tr(Str::Cancel, lang()));
    }
    void onButton(const std::string& id) override {
        if (id.rfind("mode-", 0) == 0) {
            parseModeName(id.substr(5), m_mode);
        } else if (id == "initial") {
            m_fromFen = false;
        } else if (id == "fen") {
            m_fromFen = true;
        } else if (id == "cancel") {
            close();
        } else if (id == "start") {
            start();
        }
    }
    void start() {
        core::Position pos = *core::parseFen(core::kStartFen);
        if (m_fromFen) {
            auto parsed = core::parseFen(m_fen.text);
            if (!parsed) {
                m_error = format(tr(Str::IllegalPosition, lang()), {parsed.error()});
                return;
            }
            pos = *parsed;
        }
        m_ctx.settings().mode = m_mode;
        m_ctx.post(cmd::SettingsChanged{});
        m_ctx.post(cmd::NewGame{pos, m_mode});
        close();
    }
    void onEvent(const sf::Event& e) override {
        if (e.type == sf::Event::MouseButtonPressed
            && m_fenRect.contains(
                {static_cast<float>(e.mouseButton.x), static_cast<float>(e.mouseButton.y)}))
            m_fromFen = true;
        if (e.type == sf::Event::KeyPressed && e.key.code == sf::Keyboard::Enter) {
            start();
            return;
        }
        if (m_fromFen && m_fen.handleEvent(e))
            m_error.clear();
    }
    void drawBody(sf::RenderTarget& t) override {
        m_fen.focused = m_fromFen;
        m_fen.draw(t, m_fenRect, m_ctx.res().sans, m_ctx.fontSize(13));
        if (!m_error.empty()) {
            const unsigned size = m_ctx.fontSize(13);
            const auto lines    = wrapText(m_ctx.res().sans, m_error, size, m_box.w - 2 * pad());
            const float lh      = m_ctx.res().sans.getLineSpacing(size);
            for (std::size_t i = 0; i < lines.size() && i < 2; ++i) {
                sf::Text text = makeText(m_ctx.res().sans, lines[i], size, palette::kError);
                drawTextAt(t, text, m_box.x + pad(),
                           m_errorY + lh * (static_cast<float>(i) + 0.5f));
            }
        }
    }

    PlayMode m_mode;
    bool m_fromFen = false;
    TextBox m_fen;
    RectF m_fenRect;
    float m_errorY = 0;
    std::string m_error;
};

} // namespace

std::unique_ptr<Screen> makeNewGameDialog(Context& ctx, const std::string& fen) {
    return std::make_unique<NewGameDialog>(ctx, fen);
}

} // namespace xq::gui
