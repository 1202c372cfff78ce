#include "app/gui/dialogs/new_game_dialog.h"

#include "app/gui/dialogs/dialog.h"
#include "core/clock.h"
#include "core/fen.h"

namespace xq::gui {

namespace {

// The time controls offered with one click; any other is typed in the box.
constexpr const char* kPresets[] = {"untimed", "5+3", "10 min", "15+10", "40/20"};

// The box shows "untimed" in the interface's language and reads it back in either.
std::string shownTimeControl(const std::string& text, Language lang) {
    const auto tc = core::parseTimeControl(text);
    return tc && tc->untimed() ? tr(Str::Untimed, lang) : text;
}

core::Expected<core::TimeControl> readTimeControl(const std::string& text) {
    for (Language l : {Language::English, Language::Chinese})
        if (text == tr(Str::Untimed, l))
            return core::parseTimeControl("untimed");
    return core::parseTimeControl(text);
}

class NewGameDialog : public Dialog {
public:
    NewGameDialog(Context& ctx, const std::string& fen)
        : Dialog(ctx) {
        const Settings& s = ctx.settings();
        m_mode            = s.mode;
        m_time.text       = shownTimeControl(s.timeControl, ctx.lang());
        m_onClock         = s.computerOnClock;
        m_casual          = s.casual;
        m_fen.focused     = false;
        m_time.focused    = false;
        if (!fen.empty()) {
            m_fen.text    = fen;
            m_fromFen     = true;
            m_fen.focused = true;
        }
    }

private:
    void layoutButtons() override {
        m_title       = tr(Str::NewGameTitle, lang());
        const float s = m_ctx.layout().uiScale, p = pad(), h = rowH();
        placeBox(std::round(500 * s), p * 5 + h * 14.4f);
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
        m_fenRect = {m_box.x + p, y + h + p / 2, w, h};
        // The time control: presets, the box (a preset fills it), the computer and casual.
        y       = m_fenRect.bottom() + p;
        m_timeY = y + h * 0.4f;
        y += h * 0.8f + p / 2;
        const auto current = readTimeControl(m_time.text);
        const float pw     = (w - 4 * (p / 2)) / 5;
        for (int i = 0; i < 5; ++i) {
            const auto preset = *core::parseTimeControl(kPresets[i]);
            std::string label = core::formatTimeControl(preset);
            if (i == 0)
                label = tr(Str::Untimed, lang());
            else if (preset.incrementMs == 0 && preset.movesPerPeriod == 0)
                label =
                    format(tr(Str::MinutesGame, lang()), {std::to_string(preset.baseMs / 60'000)});
            addButton("time-" + std::to_string(i),
                      {m_box.x + p + static_cast<float>(i) * (pw + p / 2), y, pw, h}, label,
                      current && *current == preset);
        }
        y += h + p / 2;
        m_otherW         = std::round(w * 0.22f);
        m_timeRect       = {m_box.x + p + m_otherW, y, w - m_otherW, h};
        m_hintY          = m_timeRect.bottom() + h * 0.45f;
        y                = m_timeRect.bottom() + h * 0.9f + p / 2;
        const bool timed = current && !current->untimed();
        addButton("computer-clock", {m_box.x + p, y, half, h}, tr(Str::ComputerOnClock, lang()),
                  m_onClock, timed);
        addButton("casual", {m_box.x + p + half + p / 2, y, half, h}, tr(Str::CasualGame, lang()),
                  m_casual, timed);
        m_errorY       = y + h + p / 2;
        const float bw = std::round(120 * s);
        addButton("start", {m_box.right() - p - 2 * bw - p / 2, m_box.bottom() - p - h, bw, h},
                  tr(Str::Start, lang()));
        addButton("cancel", {m_box.right() - p - bw, m_box.bottom() - p - h, bw, h},
                  tr(Str::Cancel, lang()));
    }
    void onButton(const std::string& id) override {
        m_error.clear();
        if (id.rfind("mode-", 0) == 0) {
            parseModeName(id.substr(5), m_mode);
        } else if (id == "initial") {
            m_fromFen = false;
            focus(nullptr);
        } else if (id == "fen") {
            m_fromFen = true;
            focus(&m_fen);
        } else if (id.rfind("time-", 0) == 0) {
            const auto i = static_cast<std::size_t>(std::stoi(id.substr(5)));
            m_time.text  = shownTimeControl(
                 core::formatTimeControl(*core::parseTimeControl(kPresets[i])), lang());
            focus(nullptr);
        } else if (id == "computer-clock") {
            m_onClock = !m_onClock;
        } else if (id == "casual") {
            m_casual = !m_casual;
        } else if (id == "cancel") {
            close();
        } else if (id == "start") {
            start();
        }
    }
    void focus(TextBox* box) {
        m_fen.focused  = box == &m_fen;
        m_time.focused = box == &m_time;
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
        const auto tc = readTimeControl(m_time.text);
        if (!tc) {
            m_error = format(tr(Str::TimeControlError, lang()), {tc.error()});
            return;
        }
        Settings& s       = m_ctx.settings();
        s.mode            = m_mode;
        s.timeControl     = core::formatTimeControl(*tc);
        s.computerOnClock = m_onClock;
        s.casual          = m_casual;
        m_ctx.post(cmd::SettingsChanged{});
        m_ctx.post(cmd::NewGame{pos, m_mode});
        close();
    }
    void onEvent(const sf::Event& e) override {
        if (e.type == sf::Event::MouseButtonPressed) {
            const PointF at{static_cast<float>(e.mouseButton.x),
                            static_cast<float>(e.mouseButton.y)};
            if (m_fenRect.contains(at)) {
                m_fromFen = true;
                focus(&m_fen);
            } else if (m_timeRect.contains(at)) {
                focus(&m_time);
            }
        }
        if (e.type == sf::Event::KeyPressed && e.key.code == sf::Keyboard::Enter) {
            start();
            return;
        }
        if (m_fen.handleEvent(e) || m_time.handleEvent(e))
            m_error.clear();
    }
    void drawBody(sf::RenderTarget& t) override {
        const auto& font    = m_ctx.res().sans;
        const unsigned size = m_ctx.fontSize(13);
        m_fen.draw(t, m_fenRect, font, size);
        sf::Text label = makeText(font, tr(Str::TimeControlLabel, lang()), m_ctx.fontSize(15),
                                  palette::kPanelText);
        drawTextAt(t, label, m_box.x + pad(), m_timeY);
        sf::Text other = makeText(font, tr(Str::TimeControlOther, lang()), size, palette::kMuted);
        drawTextAt(t, other, m_box.x + pad(), m_timeRect.y + m_timeRect.h / 2);
        m_time.draw(t, m_timeRect, font, size);
        sf::Text hint = makeText(
            font, elide(font, tr(Str::TimeControlHint, lang()), m_ctx.fontSize(12), m_timeRect.w),
            m_ctx.fontSize(12), palette::kMuted);
        drawTextAt(t, hint, m_timeRect.x, m_hintY);
        if (!m_error.empty()) {
            const auto lines = wrapText(font, m_error, size, m_box.w - 2 * pad());
            const float lh   = font.getLineSpacing(size);
            for (std::size_t i = 0; i < lines.size() && i < 2; ++i) {
                sf::Text text = makeText(font, lines[i], size, palette::kError);
                drawTextAt(t, text, m_box.x + pad(),
                           m_errorY + lh * (static_cast<float>(i) + 0.5f));
            }
        }
    }

    std::string scriptState(std::string_view what) const override {
        return what == "time-control" ? m_time.text : Dialog::scriptState(what);
    }

    PlayMode m_mode;
    bool m_fromFen = false;
    bool m_onClock = true;
    bool m_casual  = false;
    TextBox m_fen;
    TextBox m_time;
    RectF m_fenRect, m_timeRect;
    float m_errorY = 0, m_timeY = 0, m_hintY = 0, m_otherW = 0;
    std::string m_error;
};

} // namespace

std::unique_ptr<Screen> makeNewGameDialog(Context& ctx, const std::string& fen) {
    return std::make_unique<NewGameDialog>(ctx, fen);
}

} // namespace xq::gui
