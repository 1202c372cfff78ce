// The position editor: the board with a piece tray in the panel. Left click places the tray's
// piece (or picks up a board piece to drag), right click removes, dropping off the board removes.
// "Play" validates with the rules core and opens the new-game dialog with the position's FEN.
#include "app/gui/editor/editor_screen.h"

#include <cmath>

#include "app/gui/model/i18n.h"
#include "app/gui/shell/board_view.h"
#include "app/gui/shell/widgets.h"
#include "app/gui/testing/scriptable.h"
#include "core/fen.h"

namespace xq::gui {

namespace {

using core::Color;
using core::PieceType;

class EditorScreen : public Screen, public Scriptable {
public:
    EditorScreen(Context& ctx, const core::Position& start, bool flipped)
        : m_ctx(ctx)
        , m_view(ctx.res())
        , m_pos(start)
        , m_flipped(flipped) {}

    bool isBoardFlipped() const override { return m_flipped; }
    bool coversWindow() const override { return true; }
    bool needsRedraw() override { return m_view.hasPendingWork(); } // a rebuild after a resize
    std::optional<std::string> shownFen() const override { return core::toFen(m_pos); }
    std::optional<PointF> buttonCentre(std::string_view id) const override {
        for (const Button& b : m_buttons)
            if (b.id == id)
                return PointF{b.rect.x + b.rect.w / 2, b.rect.y + b.rect.h / 2};
        return std::nullopt;
    }

    void handleEvent(const sf::Event& e) override {
        const Layout l = m_ctx.layout();
        if (e.type == sf::Event::MouseMoved) {
            m_mouse = {static_cast<float>(e.mouseMove.x), static_cast<float>(e.mouseMove.y)};
            if (m_dragFrom && !m_dragging
                && std::hypot(m_mouse.x - m_press.x, m_mouse.y - m_press.y) > 5)
                m_dragging = true;
            return;
        }
        if (e.type == sf::Event::KeyPressed && e.key.code == sf::Keyboard::Escape) {
            m_ctx.pop();
            return;
        }
        if (e.type == sf::Event::MouseButtonPressed) {
            const PointF p{static_cast<float>(e.mouseButton.x),
                           static_cast<float>(e.mouseButton.y)};
            m_mouse       = p;
            const auto sq = squareAt(l, p, m_flipped);
            if (e.mouseButton.button == sf::Mouse::Right) {
                if (sq)
                    edit([&] { m_pos.remove(*sq); });
                else
                    m_brush = core::kNoPiece;
                return;
            }
            if (e.mouseButton.button != sf::Mouse::Left)
                return;
            if (sq) {
                if (m_brush != core::kNoPiece) {
                    const core::Piece brush = m_brush;
                    edit([&] { m_pos.put(*sq, m_pos.at(*sq) == brush ? core::kNoPiece : brush); });
                } else if (m_pos.at(*sq) != core::kNoPiece) {
                    m_dragFrom = sq;
                    m_press    = p;
                }
                return;
            }
            buildButtons(l);
            if (const Button* b = buttonAt(m_buttons, p))
                onButton(b->id);
            return;
        }
        if (e.type == sf::Event::MouseButtonReleased && e.mouseButton.button == sf::Mouse::Left) {
            if (m_dragFrom && m_dragging) {
                const auto to = squareAt(
                    l, {static_cast<float>(e.mouseButton.x), static_cast<float>(e.mouseButton.y)},
                    m_flipped);
                const core::Square from = *m_dragFrom;
                edit([&] {
                    const core::Piece p = m_pos.at(from);
                    m_pos.remove(from);
                    if (to)
                        m_pos.put(*to, p); // off the board: removed
                });
            }
            m_dragFrom.reset();
            m_dragging = false;
        }
    }

    void draw(sf::RenderTarget& t) override {
        const Layout l = m_ctx.layout();
        BoardDecor d;
        d.flipped = m_flipped;
        applyLook(d, m_ctx.settings());
        if (m_dragging && m_dragFrom) {
            d.hidden = m_dragFrom;
            d.floating.push_back({m_pos.at(*m_dragFrom), m_mouse, true});
        }
        m_view.draw(t, l, m_pos, d);
        drawPanel(t, l);
    }

private:
    template <class F> void edit(F f) {
        f();
        m_error.clear();
    }

    static constexpr PieceType kTray[7] = {
        PieceType::King, PieceType::Advisor, PieceType::Elephant, PieceType::Horse,
        PieceType::Rook, PieceType::Cannon,  PieceType::Pawn};

    struct Geo {
        float x, w, pad, rowH, gap, trayY, traySize, sideY, toolsY, helpY, errorY, doneY;
    };
    Geo geo(const Layout& l) const {
        const float s = l.uiScale;
        Geo g{};
        g.pad      = std::round(10 * s);
        g.w        = std::min(l.panel.w - 2 * g.pad, std::round(440 * s));
        g.x        = l.panel.x + std::round((l.panel.w - g.w) / 2);
        g.rowH     = std::round(26 * s);
        g.gap      = std::round(4 * s);
        g.traySize = std::floor(g.w / 7);
        g.trayY    = g.pad + std::round(34 * s);
        g.sideY    = g.trayY + 2 * g.traySize + g.pad;
        g.toolsY   = g.sideY + g.rowH + g.gap * 2;
        g.helpY    = g.toolsY + g.rowH + g.pad;
        g.errorY   = g.helpY + std::round(48 * s);
        g.doneY    = l.panel.bottom() - g.pad - g.rowH;
        return g;
    }

    void buildButtons(const Layout& l) {
        const Geo g       = geo(l);
        const Language lg = m_ctx.lang();
        m_buttons.clear();
        const float labelW = std::round(g.w * 0.34f);
        const float half   = (g.w - labelW - g.gap) / 2;
        const bool red     = m_pos.sideToMove() == Color::Red;
        m_buttons.push_back(
            {"side-red", {g.x + labelW, g.sideY, half, g.rowH}, tr(Str::Red, lg), "", true, red});
        m_buttons.push_back({"side-black",
                             {g.x + labelW + half + g.gap, g.sideY, half, g.rowH},
                             tr(Str::Black, lg),
                             "",
                             true,
                             !red});
        const float third = (g.w - 2 * g.gap) / 3;
        m_buttons.push_back(
            {"clear", {g.x, g.toolsY, third, g.rowH}, tr(Str::Clear, lg), "", true, false});
        m_buttons.push_back({"reset",
                             {g.x + third + g.gap, g.toolsY, third, g.rowH},
                             tr(Str::Reset, lg),
                             "",
                             true,
                             false});
        m_buttons.push_back({"flip",
                             {g.x + 2 * (third + g.gap), g.toolsY, third, g.rowH},
                             tr(Str::Flip, lg),
                             "F",
                             true,
                             false});
        m_buttons.push_back(
            {"done", {g.x, g.doneY, third, g.rowH}, tr(Str::EditorDone, lg), "", true, false});
        m_buttons.push_back({"puzzle",
                             {g.x + third + g.gap, g.doneY, third, g.rowH},
                             tr(Str::Puzzles, lg),
                             tr(Str::PuzzleFromFen, lg),
                             true,
                             false});
        m_buttons.push_back({"cancel",
                             {g.x + 2 * (third + g.gap), g.doneY, third, g.rowH},
                             tr(Str::Cancel, lg),
                             "Esc",
                             true,
                             false});
        for (int c = 0; c < 2; ++c)
            for (int i = 0; i < 7; ++i) {
                const core::Piece p = core::makePiece(static_cast<Color>(c), kTray[i]);
                m_buttons.push_back(
                    {"tray-" + std::to_string(p),
                     {g.x + static_cast<float>(i) * g.traySize,
                      g.trayY + static_cast<float>(c) * g.traySize, g.traySize, g.traySize},
                     "",
                     "",
                     true,
                     m_brush == p});
            }
    }

    void onButton(const std::string& id) {
        if (id.rfind("tray-", 0) == 0) {
            const auto p = static_cast<core::Piece>(std::stoi(id.substr(5)));
            m_brush      = m_brush == p ? core::kNoPiece : p;
        } else if (id == "side-red") {
            edit([&] { m_pos.setSideToMove(Color::Red); });
        } else if (id == "side-black") {
            edit([&] { m_pos.setSideToMove(Color::Black); });
        } else if (id == "clear") {
            edit([&] { m_pos.clear(); });
        } else if (id == "reset") {
            edit([&] { m_pos = *core::parseFen(core::kStartFen); });
        } else if (id == "flip") {
            m_flipped = !m_flipped;
        } else if (id == "cancel") {
            m_ctx.pop();
        } else if (id == "done" || id == "puzzle") {
            // Leaving validates: the rules core says what is wrong.
            const std::string problem = core::validatePosition(m_pos);
            auto parsed               = core::parseFen(core::toFen(m_pos));
            if (!problem.empty() || !parsed) {
                m_error = format(tr(Str::IllegalPosition, m_ctx.lang()),
                                 {problem.empty() ? parsed.error() : problem});
                return;
            }
            m_ctx.pop();
            if (id == "puzzle")
                m_ctx.post(cmd::ShowPuzzle{-1, core::toFen(*parsed)});
            else
                m_ctx.post(cmd::ShowNewGame{core::toFen(*parsed)});
        }
    }

    void drawPanel(sf::RenderTarget& t, const Layout& l) {
        const Geo g       = geo(l);
        const auto& sans  = m_ctx.res().sans;
        const unsigned fs = m_ctx.fontSize(15);
        drawRect(t, l.panel, palette::kPanel);
        drawRect(t, {l.panel.x, 0, 1, l.panel.h}, palette::kButtonEdge);
        sf::Text title = makeText(sans, tr(Str::EditorTitle, m_ctx.lang()), m_ctx.fontSize(19),
                                  palette::kPanelText);
        drawTextAt(t, title, g.x, g.pad + std::round(12 * l.uiScale));
        buildButtons(l);
        for (const Button& b : m_buttons) {
            if (b.id.rfind("tray-", 0) == 0) {
                if (b.on)
                    drawRect(t, b.rect, palette::kHighlight, palette::kAccent, 2);
                else if (b.rect.contains(m_mouse))
                    drawRect(t, b.rect, palette::kButtonHover);
                const auto p = static_cast<core::Piece>(std::stoi(b.id.substr(5)));
                m_view.drawPiece(t, p, {b.rect.x + b.rect.w / 2, b.rect.y + b.rect.h / 2},
                                 b.rect.w * 0.42f, m_ctx.settings().pieceStyle,
                                 m_ctx.settings().pieceTheme);
                continue;
            }
            drawButton(t, b, sans, fs, m_mouse);
        }
        sf::Text side = makeText(sans, tr(Str::SideToMove, m_ctx.lang()), fs, palette::kPanelText);
        drawTextAt(t, side, g.x, g.sideY + g.rowH / 2);
        const unsigned small = m_ctx.fontSize(13);
        const float lh       = sans.getLineSpacing(small);
        auto lines           = wrapText(sans, tr(Str::EditorHelp, m_ctx.lang()), small, g.w);
        for (std::size_t i = 0; i < lines.size() && i < 3; ++i) {
            sf::Text text = makeText(sans, lines[i], small, palette::kMuted);
            drawTextAt(t, text, g.x, g.helpY + lh * (static_cast<float>(i) + 0.5f));
        }
        if (!m_error.empty()) {
            auto err = wrapText(sans, m_error, small, g.w);
            const auto maxLines =
                static_cast<std::size_t>(std::max(1.0f, (g.doneY - g.errorY - g.pad) / lh));
            for (std::size_t i = 0; i < err.size() && i < maxLines; ++i) {
                sf::Text text = makeText(sans, err[i], small, palette::kError);
                drawTextAt(t, text, g.x, g.errorY + lh * (static_cast<float>(i) + 0.5f));
            }
        }
    }

    Context& m_ctx;
    BoardView m_view;
    core::Position m_pos;
    bool m_flipped;
    core::Piece m_brush = core::kNoPiece;
    std::optional<core::Square> m_dragFrom;
    bool m_dragging = false;
    PointF m_press, m_mouse;
    std::vector<Button> m_buttons;
    std::string m_error;
};

} // namespace

std::unique_ptr<Screen> makeEditorScreen(Context& ctx, const core::Position& start, bool flipped) {
    return std::make_unique<EditorScreen>(ctx, start, flipped);
}

} // namespace xq::gui
