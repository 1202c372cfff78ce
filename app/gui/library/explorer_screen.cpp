// The opening explorer: a box over the panel, beside the board, listing every move played from
// the shown position in the games database (found by Zobrist key, so transpositions count),
// with the number of games, Red's score and the players of the latest game. A click plays the
// move on the board and the box follows; Left takes the shown position one move back; Escape
// closes it.
#include <cmath>
#include <memory>

#include <spdlog/spdlog.h>

#include "app/gui/library/library_screen.h"
#include "app/gui/model/game_record.h"
#include "app/gui/shell/widgets.h"
#include "app/gui/testing/scriptable.h"
#include "app/library/games_db.h"
#include "core/fen.h"

namespace xq::gui {

namespace {

struct Words {
    const char* en;
    const char* zh;
};
constexpr Words kTitle{"Opening explorer", "开局统计"};
constexpr Words kHeads[] = {
    {"Move", "着法"}, {"Games", "局数"}, {"Red's score", "红方得分"}, {"Latest game", "最近对局"}};
constexpr Words kNone{"No game of the database reaches this position.",
                      "对局库中没有对局走到这个局面。"};
constexpr Words kHelp{"Click a move to play it.  Left: back.  Esc: close.",
                      "点击着法即可走棋。左方向键：后退。Esc：关闭。"};
constexpr Words kClose{"Close", "关闭"};

std::string say(const Words& w, Language l) {
    return l == Language::Chinese ? w.zh : w.en;
}

struct State {
    core::Position pos;
    std::vector<library::MoveStat> moves;
    std::string error;
};

class ExplorerScreen final : public Screen, public Scriptable {
public:
    ExplorerScreen(Context& ctx, const core::Position& pos)
        : m_ctx(ctx)
        , m_state(std::make_shared<State>()) {
        show(pos);
    }

    void handleEvent(const sf::Event& e) override {
        if (e.type == sf::Event::MouseMoved)
            m_mouse = {static_cast<float>(e.mouseMove.x), static_cast<float>(e.mouseMove.y)};
        if (e.type == sf::Event::KeyPressed) {
            if (e.key.code == sf::Keyboard::Escape || e.key.code == sf::Keyboard::X) {
                m_ctx.pop();
            } else if (e.key.code == sf::Keyboard::Left) {
                step(core::Move(), 1);
            }
            return;
        }
        if (e.type == sf::Event::MouseButtonPressed && e.mouseButton.button == sf::Mouse::Left) {
            const PointF p{static_cast<float>(e.mouseButton.x),
                           static_cast<float>(e.mouseButton.y)};
            layout();
            if (const Button* b = buttonAt(m_buttons, p)) {
                if (b->id == "close") {
                    m_ctx.pop();
                } else if (b->id.rfind("move-", 0) == 0) {
                    const auto i = static_cast<std::size_t>(std::stoul(b->id.substr(5)));
                    if (i < m_state->moves.size())
                        step(m_state->moves[i].move, 0);
                }
            }
        }
    }

    void draw(sf::RenderTarget& t) override {
        layout();
        const Language lang  = m_ctx.lang();
        const auto& font     = m_ctx.res().sans;
        const unsigned small = m_ctx.fontSize(12);
        Batch b;
        drawRect(b, m_box, palette::kPanel, palette::kButtonEdge, 2);
        sf::Text title = makeText(font, say(kTitle, lang), m_ctx.fontSize(17), palette::kPanelText);
        drawTextAt(b, title, m_box.x + m_pad, m_box.y + m_pad + m_rowH / 2);
        for (std::size_t c = 0; c < 4; ++c) {
            sf::Text header = makeText(font, say(kHeads[c], lang), small, palette::kMuted);
            drawTextAt(b, header, m_colX[c], m_box.y + m_pad + m_rowH * 1.6f);
        }
        if (!m_state->error.empty() || m_state->moves.empty()) {
            const std::string msg = m_state->error.empty() ? say(kNone, lang) : m_state->error;
            float y               = m_box.y + m_pad + m_rowH * 2.8f;
            for (const auto& line : wrapText(font, msg, small, m_box.w - 2 * m_pad)) {
                sf::Text tx = makeText(font, line, small, palette::kPanelText);
                drawTextAt(b, tx, m_box.x + m_pad, y);
                y += m_rowH * 0.8f;
            }
        }
        for (const Button& btn : m_buttons)
            drawButton(b, btn, font, small, m_mouse);
        for (const Row& r : m_rows)
            for (std::size_t c = 0; c < 4; ++c) {
                sf::Text cell = makeText(font, r.cells[c], small, palette::kPanelText);
                drawTextAt(b, cell, m_colX[c], r.cy);
            }
        float y = m_box.bottom() - m_pad - m_rowH * 1.6f;
        for (const auto& line : wrapText(font, say(kHelp, lang), small, m_box.w - 2 * m_pad)) {
            sf::Text tx = makeText(font, line, small, palette::kMuted);
            drawTextAt(b, tx, m_box.x + m_pad, y);
            y += m_rowH * 0.7f;
        }
        b.draw(t);
    }

    std::optional<PointF> buttonCentre(std::string_view id) const override {
        const_cast<ExplorerScreen*>(this)->layout();
        for (const Button& b : m_buttons)
            if (b.id == id)
                return PointF{b.rect.x + b.rect.w / 2, b.rect.y + b.rect.h / 2};
        return std::nullopt;
    }
    std::string scriptState(std::string_view what) const override {
        if (what == "explorer-moves")
            return std::to_string(m_state->moves.size());
        return {};
    }
    std::optional<std::string> shownFen() const override { return core::toFen(m_state->pos); }

private:
    void show(const core::Position& pos) {
        m_state->pos = pos;
        m_state->moves.clear();
        m_state->error.clear();
        auto db = library::GamesDb::open(m_ctx.paths().data / "games.sqlite");
        if (!db) {
            m_state->error = db.error();
            spdlog::error("explorer: {}", db.error());
            return;
        }
        m_state->moves = (*db)->movesFrom(pos.key());
    }

    // Asks the game screen to play `m` (or go `back` moves back) and to tell the position.
    void step(core::Move m, int back) {
        std::weak_ptr<State> weak = m_state;
        Context* ctx              = &m_ctx;
        ExplorerScreen* self      = this;
        m_ctx.post(cmd::ExplorerStep{m, back, [weak, ctx, self](const core::Position& pos) {
                                         (void)ctx;
                                         if (auto s = weak.lock())
                                             self->show(pos);
                                     }});
    }

    void layout() {
        const Layout l = m_ctx.layout();
        const float s  = l.uiScale;
        m_pad          = std::round(10 * s);
        m_rowH         = std::round(26 * s);
        m_box          = {l.panel.x + 4, l.panel.y + 4, l.panel.w - 8, l.panel.h - 8};
        m_buttons.clear();
        m_rows.clear();
        const Language lang = m_ctx.lang();
        const float bw      = std::round(80 * s);
        m_buttons.push_back({"close",
                             {m_box.right() - m_pad - bw, m_box.y + m_pad, bw, m_rowH},
                             say(kClose, lang),
                             "Esc"});
        const float top        = m_box.y + m_pad + m_rowH * 2.3f;
        const float bottom     = m_box.bottom() - m_pad - m_rowH * 2.2f;
        const int rows         = std::max(1, static_cast<int>((bottom - top) / (m_rowH + 2)));
        const core::Notation n = m_ctx.settings().notation;
        const auto& font       = m_ctx.res().sans;
        const unsigned small   = m_ctx.fontSize(12);
        // Columns: the move, the games, Red's score, the latest game.
        const float x0      = m_box.x + m_pad + 6;
        m_colX[0]           = x0;
        m_colX[1]           = x0 + std::round(90 * s);
        m_colX[2]           = m_colX[1] + std::round(56 * s);
        m_colX[3]           = m_colX[2] + std::round(70 * s);
        const float latestW = m_box.right() - m_pad - 6 - m_colX[3];
        for (std::size_t i = 0; i < m_state->moves.size() && static_cast<int>(i) < rows; ++i) {
            const library::MoveStat& st = m_state->moves[i];
            const double score          = st.redScore();
            std::string latest          = st.latestRed.empty() && st.latestBlack.empty()
                                              ? std::string("-")
                                              : st.latestRed + " - " + st.latestBlack;
            if (!st.latestDate.empty())
                latest += " (" + st.latestDate + ")";
            const RectF r{m_box.x + m_pad, top + static_cast<float>(i) * (m_rowH + 2),
                          m_box.w - 2 * m_pad, m_rowH};
            m_buttons.push_back({"move-" + std::to_string(i), r, "", ""});
            m_rows.push_back(
                {{moveText(m_state->pos, st.move, n), std::to_string(st.games),
                  score < 0 ? std::string("-")
                            : std::to_string(static_cast<int>(std::lround(score * 100))) + "%",
                  elide(font, latest, small, latestW)},
                 r.y + r.h / 2});
        }
    }

    struct Row {
        std::string cells[4];
        float cy = 0;
    };

    Context& m_ctx;
    std::shared_ptr<State> m_state;
    std::vector<Row> m_rows;
    float m_colX[4]{};
    std::vector<Button> m_buttons;
    PointF m_mouse;
    RectF m_box;
    float m_pad = 10, m_rowH = 26;
};

} // namespace

std::unique_ptr<Screen> makeExplorerScreen(Context& ctx, const core::Position& pos) {
    return std::make_unique<ExplorerScreen>(ctx, pos);
}

} // namespace xq::gui
