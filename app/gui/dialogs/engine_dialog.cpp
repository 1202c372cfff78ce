#include "app/gui/dialogs/engine_dialog.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "ai/worker.h"
#include "app/gui/dialogs/dialog.h"
#include "enginelink/external_engine.h"

namespace xq::gui {

namespace {

// What starting the engine found: its name, protocol, squares and options, or why it failed.
struct Probe {
    std::string name, error;
    EngineProtocol protocol = EngineProtocol::Uci;
    RankBase ranks          = RankBase::Zero;
    std::vector<EngineOption> options;
};

class EngineDialog : public Dialog {
public:
    explicit EngineDialog(Context& ctx)
        : Dialog(ctx)
        , m_client(std::make_shared<link::EngineClient>()) {
        m_command.text    = ctx.settings().engine.command;
        m_command.focused = m_command.text.empty();
        if (!m_command.text.empty())
            startProbe();
    }

    // A probe still waiting on an engine that hangs gives up at once, so closing never waits.
    ~EngineDialog() override { m_client->interrupt(); }

    void update(sf::Time) override {
        for (Probe& p : m_worker.poll()) {
            m_probe    = std::move(p);
            m_starting = false;
            m_first    = 0;
            m_changed  = true;
        }
    }
    bool needsRedraw() override { return std::exchange(m_changed, false) || m_starting; }
    bool isIdle() const override { return !m_starting; }
    std::string scriptState(std::string_view what) const override {
        if (what == "engine-options")
            return m_probe ? std::to_string(m_probe->options.size()) : "";
        if (what == "engine-name")
            return m_probe ? m_probe->name : "";
        if (what == "engine-error")
            return m_probe ? m_probe->error : "";
        return {};
    }

private:
    EngineSettings& engine() { return m_ctx.settings().engine; }
    void changed() {
        m_ctx.post(cmd::SettingsChanged{});
        m_changed = true;
    }

    // Starts the typed command on the worker; the engine stays up for the buttons it offers.
    void startProbe() {
        commitEdit();
        EngineSettings& e = engine();
        if (e.command != m_command.text) {
            e.command = m_command.text.substr(0, static_cast<std::size_t>(kEngineTextBound.max));
            changed();
        }
        m_worker.cancel();
        m_client->interrupt(); // a probe still starting gives up; the next one clears this
        m_probe.reset();
        m_edit.reset();
        m_starting = !e.command.empty();
        if (!m_starting)
            return;
        m_worker.post([client = m_client, settings = e](ai::Worker<Probe>::Context& job) {
            Probe p;
            client->clearInterrupt();
            bool started = false;
            {
                std::stop_callback onStop(job.stopToken(), [&client] { client->interrupt(); });
                started = link::startEngine(*client, settings);
            }
            if (started) {
                p.name     = client->name();
                p.protocol = client->protocol();
                p.ranks    = client->ranks();
                p.options  = client->options();
                // The client keeps it at xiangqi: not the person's to change.
                std::erase_if(p.options,
                              [](const EngineOption& o) { return o.name == "UCI_Variant"; });
            } else {
                p.error = client->error();
            }
            job.send(std::move(p));
        });
    }

    // The option values of the engine shown (kept per engine, by its name).
    link::OptionValues& values() { return engine().options[m_probe ? m_probe->name : ""]; }
    std::string valueOf(const EngineOption& o) {
        for (const auto& [name, value] : values())
            if (name == o.name)
                return validOptionValue(o, value).value_or("");
        return o.defaultValue;
    }
    void setValue(const EngineOption& o, const std::string& value) {
        const std::string v = validOptionValue(o, value).value_or("");
        auto& options       = values();
        auto it             = std::find_if(options.begin(), options.end(),
                                           [&](const auto& nv) { return nv.first == o.name; });
        if (it != options.end())
            it->second = v;
        else if (options.size() < static_cast<std::size_t>(kEngineOptionCountBound.max))
            options.emplace_back(o.name, v);
        changed();
    }
    void commitEdit() {
        if (!m_edit || !m_probe)
            return;
        const auto [index, box] = *m_edit;
        m_edit.reset();
        if (index < m_probe->options.size())
            setValue(m_probe->options[index], box.text);
    }

    void layoutButtons() override {
        m_title        = tr(Str::EngineTitle, lang());
        const float sc = m_ctx.layout().uiScale, p = pad(), h = rowH();
        const sf::Vector2u ws = m_ctx.windowSize();
        placeBox(std::round(720 * sc), static_cast<float>(ws.y) - 40);
        m_buttons.clear();
        m_labels.clear();
        const Language l = lang();
        m_labelW         = std::round(130 * sc);
        const float x0 = m_box.x + p + m_labelW, w = m_box.right() - p - x0;
        float y                 = m_box.y + p + h * 1.4f;
        const EngineSettings& e = engine();
        // 1. The command and Start.
        const float bw = std::round(110 * sc);
        m_labels.emplace_back(tr(Str::EngineCommand, l), y);
        m_commandRect = {x0, y, w - bw - p / 2, h};
        addButton("start", {m_commandRect.right() + p / 2, y, bw, h}, tr(Str::EngineStartButton, l),
                  false, !m_starting);
        y += h + p / 2;
        // 2. The protocol.
        m_labels.emplace_back(tr(Str::EngineProtocolLabel, l), y);
        const std::pair<EngineProtocol, std::string> protocols[] = {
            {EngineProtocol::Auto, tr(Str::EngineAuto, l)},
            {EngineProtocol::Uci, "UCI"},
            {EngineProtocol::Ucci, "UCCI"}};
        float cw = (w - p) / 3;
        for (int i = 0; i < 3; ++i)
            addButton("p-" + std::string(protocolKey(protocols[i].first)),
                      {x0 + static_cast<float>(i) * (cw + p / 2), y, cw, h}, protocols[i].second,
                      e.protocol == protocols[i].first);
        y += h + p / 2;
        // 3. Where it plays.
        m_labels.emplace_back(tr(Str::EngineUseLabel, l), y);
        addButton("u-opponent", {x0, y, cw, h}, tr(Str::EngineOpponent, l), e.opponent);
        addButton("u-analysis", {x0 + cw + p / 2, y, cw, h}, tr(Str::EngineAnalysis, l),
                  e.analysis);
        addButton("u-review", {x0 + 2 * (cw + p / 2), y, cw, h}, tr(Str::EngineReview, l),
                  e.review);
        y += h + p / 2;
        // 4. What the engine said, or why it failed (two lines).
        m_statusY = y;
        y += 2 * h;
        // 5. The options, a page at a time.
        const std::size_t count = m_probe ? m_probe->options.size() : 0;
        const float listBottom  = m_box.bottom() - p - h - p;
        m_perPage               = static_cast<std::size_t>(
            std::max(1.0f, std::floor((listBottom - (y + h + p / 2)) / (h + p / 4))));
        m_optionsY = y;
        if (count > 0) {
            const float sw = std::round(40 * sc);
            addButton("page-up", {m_box.right() - p - 2 * sw - p / 2 - bw - p / 2, y, sw, h}, "<",
                      false, m_first > 0);
            addButton("page-down", {m_box.right() - p - sw - bw - p / 2, y, sw, h}, ">", false,
                      m_first + m_perPage < count);
            addButton("defaults", {m_box.right() - p - bw, y, bw, h}, tr(Str::EngineDefaults, l));
        }
        y += h + p / 2;
        m_rows.clear();
        for (std::size_t i = m_first; i < count && i < m_first + m_perPage; ++i) {
            const EngineOption& o = m_probe->options[i];
            const std::string id  = "o-" + std::to_string(i);
            const std::string v   = valueOf(o);
            m_rows.emplace_back(o.name, y);
            const float fx = m_box.x + p + std::round(240 * sc), fw = m_box.right() - p - fx;
            const float sw      = std::round(40 * sc);
            const unsigned size = m_ctx.fontSize(15);
            switch (o.type) {
            case EngineOption::Type::Spin:
                addButton(id + "-minus", {fx, y, sw, h}, "-", false, v != std::to_string(o.min));
                addButton(id + "-value", {fx + sw + p / 4, y, fw - 2 * sw - p / 2, h}, v);
                addButton(id + "-plus", {fx + fw - sw, y, sw, h}, "+", false,
                          v != std::to_string(o.max));
                break;
            case EngineOption::Type::Check:
                addButton(id + "-toggle", {fx, y, fw, h}, tr(v == "true" ? Str::On : Str::Off, l),
                          v == "true");
                break;
            case EngineOption::Type::Combo:
                addButton(id + "-cycle", {fx, y, fw, h},
                          elide(m_ctx.res().sans, v + "  (" + std::to_string(o.vars.size()) + ")",
                                size, fw - 12));
                break;
            case EngineOption::Type::String:
                addButton(id + "-text", {fx, y, fw, h},
                          elide(m_ctx.res().sans, v.empty() ? "-" : v, size, fw - 12));
                break;
            case EngineOption::Type::Button:
                addButton(id + "-press", {fx, y, fw, h}, tr(Str::EnginePress, l));
                break;
            }
            if (m_edit && m_edit->first == i)
                m_editRect = m_buttons.back().rect;
            if (m_edit && m_edit->first == i && o.type == EngineOption::Type::Spin)
                m_editRect = m_buttons[m_buttons.size() - 2].rect;
            y += h + p / 4;
        }
        addButton("close", {m_box.right() - p - bw, m_box.bottom() - p - h, bw, h},
                  tr(Str::Close, l));
    }

    void onButton(const std::string& id) override {
        if (id.rfind("o-", 0) != 0 || id.find("-value") == std::string::npos)
            commitEdit();
        m_command.focused = false;
        EngineSettings& e = engine();
        m_changed         = true;
        if (id == "close") {
            close();
        } else if (id == "start") {
            startProbe();
        } else if (id.rfind("p-", 0) == 0) {
            parseProtocolKey(id.substr(2), e.protocol);
            changed();
        } else if (id == "u-opponent" || id == "u-analysis" || id == "u-review") {
            bool& use = id == "u-opponent"   ? e.opponent
                        : id == "u-analysis" ? e.analysis
                                             : e.review;
            use       = !use;
            changed();
        } else if (id == "page-up") {
            m_first -= std::min(m_first, m_perPage);
        } else if (id == "page-down") {
            m_first += m_perPage;
        } else if (id == "defaults") {
            if (m_probe)
                e.options.erase(m_probe->name);
            changed();
        } else if (id.rfind("o-", 0) == 0 && m_probe) {
            const std::size_t dash = id.find('-', 2);
            const std::size_t i    = std::stoul(id.substr(2, dash - 2));
            const std::string what = id.substr(dash + 1);
            if (i >= m_probe->options.size())
                return;
            const EngineOption& o = m_probe->options[i];
            const std::string v   = valueOf(o);
            if (what == "minus" || what == "plus") {
                setValue(o, std::to_string(link::spinStepValue(o, std::stoll(v), what == "plus")));
            } else if (what == "toggle") {
                setValue(o, v == "true" ? "false" : "true");
            } else if (what == "cycle" && !o.vars.empty()) {
                auto it = std::find(o.vars.begin(), o.vars.end(), v);
                setValue(o,
                         it == o.vars.end() || it + 1 == o.vars.end() ? o.vars.front() : *(it + 1));
            } else if (what == "value" || what == "text") {
                TextBox box;
                box.text = v;
                m_edit   = {i, box};
            } else if (what == "press") {
                // The engine started here gets the press (a "Clear Hash" of the running game's
                // engine happens when that engine is restarted).
                m_worker.post([client = m_client, name = o.name](ai::Worker<Probe>::Context&) {
                    client->setOption(name);
                });
            }
        }
    }

    void onEvent(const sf::Event& e) override {
        m_changed = true;
        if (e.type == sf::Event::MouseButtonPressed) {
            const PointF at{static_cast<float>(e.mouseButton.x),
                            static_cast<float>(e.mouseButton.y)};
            if (m_commandRect.contains(at)) {
                commitEdit();
                m_command.focused = true;
            }
            return;
        }
        if (e.type == sf::Event::KeyPressed && e.key.code == sf::Keyboard::Enter) {
            if (m_edit)
                commitEdit();
            else if (m_command.focused)
                startProbe();
            return;
        }
        if (e.type == sf::Event::MouseWheelScrolled && m_probe) {
            if (e.mouseWheelScroll.delta > 0)
                m_first -= std::min<std::size_t>(m_first, 1);
            else if (m_first + m_perPage < m_probe->options.size())
                ++m_first;
            return;
        }
        if (m_edit)
            m_edit->second.handleEvent(e);
        else if (m_command.focused)
            m_command.handleEvent(e);
    }

    void drawBody(sf::RenderTarget& t) override {
        const sf::Font& font = m_ctx.res().sans;
        const unsigned size  = m_ctx.fontSize(15);
        const float p = pad(), h = rowH();
        auto label = [&](const std::string& s, float x, float y, float maxW, sf::Color c) {
            sf::Text text = makeText(font, elide(font, s, size, maxW), size, c);
            drawTextAt(t, text, x, y + h / 2);
        };
        for (const auto& [text, y] : m_labels)
            label(text, m_box.x + p, y, m_labelW - 6, palette::kPanelText);
        m_command.draw(t, m_commandRect, font, m_ctx.fontSize(13));
        // Status: starting, the engine's description, its error, or what to do.
        const Language l = lang();
        std::string status;
        sf::Color colour = palette::kMuted;
        if (m_starting) {
            status = format(tr(Str::EngineStarting, l), {engine().command});
        } else if (m_probe && !m_probe->error.empty()) {
            status = m_probe->error;
            colour = palette::kError;
        } else if (m_probe) {
            status =
                format(tr(Str::EngineReady, l),
                       {m_probe->name, m_probe->protocol == EngineProtocol::Ucci ? "UCCI" : "UCI",
                        m_probe->ranks == RankBase::One ? "a1..i10" : "a0..i9",
                        std::to_string(m_probe->options.size())});
        } else {
            status = tr(Str::EngineHelp, l);
        }
        const unsigned small = m_ctx.fontSize(13);
        const auto lines     = wrapText(font, status, small, m_box.w - 2 * p);
        const float lh       = font.getLineSpacing(small);
        for (std::size_t i = 0; i < lines.size() && i < 2; ++i) {
            sf::Text text = makeText(font, lines[i], small, colour);
            drawTextAt(t, text, m_box.x + p, m_statusY + lh * (static_cast<float>(i) + 0.5f));
        }
        if (m_probe && !m_probe->options.empty()) {
            const std::size_t count = m_probe->options.size();
            const std::size_t last  = std::min(count, m_first + m_perPage);
            label(
                tr(Str::EngineOptionsLabel, l) + "   "
                    + format(tr(Str::EnginePage, l), {std::to_string(m_first + 1),
                                                      std::to_string(last), std::to_string(count)}),
                m_box.x + p, m_optionsY, m_box.w / 2, palette::kPanelText);
        }
        for (const auto& [name, y] : m_rows)
            label(name, m_box.x + p + 8, y, std::round(230 * m_ctx.layout().uiScale),
                  palette::kPanelText);
    }

    void draw(sf::RenderTarget& t) override {
        Dialog::draw(t);
        if (m_edit) {
            m_edit->second.focused = true;
            m_edit->second.draw(t, m_editRect, m_ctx.res().sans, m_ctx.fontSize(13));
        }
    }

    TextBox m_command;
    RectF m_commandRect, m_editRect;
    std::optional<std::pair<std::size_t, TextBox>> m_edit; // the option typed into
    std::optional<Probe> m_probe;
    bool m_starting     = false;
    bool m_changed      = true;
    std::size_t m_first = 0, m_perPage = 1; // the first option shown, and how many fit
    float m_labelW = 0, m_statusY = 0, m_optionsY = 0;
    std::vector<std::pair<std::string, float>> m_labels;    // row label, y
    std::vector<std::pair<std::string, float>> m_rows;      // option name, y
    std::shared_ptr<link::EngineClient> m_client;           // used on the worker thread only
    ai::Worker<Probe> m_worker{ai::ThreadPriority::Normal}; // last: joined first
};

} // namespace

std::unique_ptr<Screen> makeEngineDialog(Context& ctx) {
    return std::make_unique<EngineDialog>(ctx);
}

} // namespace xq::gui
