#include "app/gui/dialogs/puzzle_list_dialog.h"

#include "app/gui/dialogs/dialog.h"
#include "app/gui/model/puzzle_library.h"
#include "core/fen.h"

namespace xq::gui {

namespace {

// --- puzzles --------------------------------------------------------------------------------

class PuzzleListDialog : public Dialog {
public:
    explicit PuzzleListDialog(Context& ctx)
        : Dialog(ctx) {
        m_fen.focused     = false;
        const int current = ctx.puzzles().progress().current;
        m_scroll          = std::max(0, current - 3);
    }

private:
    void layoutButtons() override {
        PuzzleLibrary& library = m_ctx.puzzles();
        const auto& lib        = library.entries();
        const auto& prog       = library.progress();
        m_title                = tr(Str::PuzzleListTitle, lang()) + "   "
                  + format(tr(Str::PuzzleProgress, lang()),
                           {std::to_string(prog.solvedCount()), std::to_string(lib.size()),
                            std::to_string(prog.mistakeCount())});
        const float s = m_ctx.layout().uiScale, p = pad(), h = rowH();
        placeBox(std::round(560 * s), std::round(560 * s));
        m_buttons.clear();
        const float top = m_box.y + p + h * 1.4f, bottom = m_box.bottom() - 3 * p - 2 * h;
        m_visible = std::max(1, static_cast<int>((bottom - top) / (h + 2)));
        m_count   = static_cast<int>(lib.size());
        m_scroll  = std::clamp(m_scroll, 0, std::max(0, m_count - m_visible));
        // The scrollbar right of the rows: an arrow button at each end, the track between, the
        // thumb showing which part of the list is in view.
        const float barW  = std::round(18 * s);
        const float rowsW = m_box.w - 2 * p - (m_count > m_visible ? barW + 4 : 0);
        const float listH = static_cast<float>(m_visible) * (h + 2) - 2;
        m_track           = {};
        if (m_count > m_visible) {
            const float x = m_box.x + p + rowsW + 4;
            addButton("scroll-up", {x, top, barW, barW}, "", false, m_scroll > 0);
            addButton("scroll-down", {x, top + listH - barW, barW, barW}, "", false,
                      m_scroll < m_count - m_visible);
            m_track = {x, top + barW + 2, barW, listH - 2 * barW - 4};
        }
        for (int i = m_scroll; i < static_cast<int>(lib.size()) && i < m_scroll + m_visible; ++i) {
            const auto& e     = lib[static_cast<std::size_t>(i)];
            const auto it     = prog.puzzles.find(puzzleKey(e.fen));
            const bool solved = it != prog.puzzles.end() && it->second.solved;
            std::string label = format(tr(Str::PuzzleRow, lang()),
                                       {std::to_string(i + 1), std::to_string(e.mateIn)})
                                + "  " + tr(e.checksOnly ? Str::ChecksOnly : Str::AnyMoves, lang())
                                + "  " + shortSource(e.source, lang());
            if (solved)
                label += "   [" + tr(Str::SolvedMark, lang()) + "]";
            addButton("puzzle-" + std::to_string(i),
                      {m_box.x + p, top + static_cast<float>(i - m_scroll) * (h + 2), rowsW, h},
                      label, solved);
        }
        const float bw = std::round(130 * s);
        m_fenRect      = {m_box.x + p, m_box.bottom() - 2 * p - 2 * h, m_box.w - 3 * p - bw, h};
        addButton("fenpuzzle", {m_fenRect.right() + p, m_fenRect.y, bw, h},
                  tr(Str::PuzzleFromFen, lang()));
        addButton("cancel", {m_box.right() - p - bw, m_box.bottom() - p - h, bw, h},
                  tr(Str::Close, lang()));
    }
    void onButton(const std::string& id) override {
        if (id == "scroll-up" || id == "scroll-down") {
            m_scroll += id == "scroll-up" ? -1 : 1;
            return;
        }
        if (id.rfind("puzzle-", 0) == 0) {
            const int i = std::stoi(id.substr(7)); // our own id: "puzzle-" and a number
            close();
            m_ctx.post(cmd::ShowPuzzle{i, {}});
            return;
        }
        if (id == "fenpuzzle") {
            if (!core::parseFen(m_fen.text)) {
                m_fen.focused = true;
                return;
            }
            close();
            m_ctx.post(cmd::ShowPuzzle{-1, m_fen.text});
            return;
        }
        close();
    }
    // The thumb: its share of the track is the share of the list in view.
    RectF thumb() const {
        if (m_track.h <= 0 || m_count <= 0)
            return {};
        const float h   = std::max(m_track.w, m_track.h * static_cast<float>(m_visible)
                                                  / static_cast<float>(m_count));
        const int range = std::max(1, m_count - m_visible);
        return {m_track.x,
                m_track.y
                    + (m_track.h - h) * static_cast<float>(m_scroll) / static_cast<float>(range),
                m_track.w, h};
    }
    // Scrolls so that the thumb's top follows the mouse (dragged by `grab` below it).
    void dragThumb(float y) {
        const RectF t   = thumb();
        const int range = std::max(0, m_count - m_visible);
        if (m_track.h - t.h <= 0)
            return;
        const float f = (y - m_grab - m_track.y) / (m_track.h - t.h);
        m_scroll =
            std::clamp(static_cast<int>(std::lround(f * static_cast<float>(range))), 0, range);
    }
    void onEvent(const sf::Event& e) override {
        if (e.type == sf::Event::MouseWheelScrolled)
            m_scroll -= static_cast<int>(std::round(e.mouseWheelScroll.delta * 3));
        if (e.type == sf::Event::MouseButtonPressed) {
            const PointF at{static_cast<float>(e.mouseButton.x),
                            static_cast<float>(e.mouseButton.y)};
            m_fen.focused = m_fenRect.contains(at);
            const RectF t = thumb();
            if (t.contains(at)) {
                m_dragging = true;
                m_grab     = at.y - t.y;
            } else if (m_track.contains(at)) {
                m_scroll += at.y < t.y ? -m_visible : m_visible; // a page
            }
        }
        if (e.type == sf::Event::MouseButtonReleased)
            m_dragging = false;
        if (e.type == sf::Event::MouseMoved && m_dragging)
            dragThumb(static_cast<float>(e.mouseMove.y));
        if (e.type == sf::Event::KeyPressed && !m_fen.focused) {
            if (e.key.code == sf::Keyboard::Up || e.key.code == sf::Keyboard::Down)
                m_scroll += e.key.code == sf::Keyboard::Up ? -1 : 1;
            if (e.key.code == sf::Keyboard::PageUp || e.key.code == sf::Keyboard::PageDown)
                m_scroll += e.key.code == sf::Keyboard::PageUp ? -m_visible : m_visible;
        }
        if (e.type == sf::Event::KeyPressed && e.key.control && e.key.code == sf::Keyboard::V)
            m_fen.focused = true;
        if (m_fen.focused)
            m_fen.handleEvent(e);
    }
    void draw(sf::RenderTarget& t) override {
        Dialog::draw(t);
        if (m_track.h <= 0)
            return;
        drawRect(t, m_track, sf::Color(236, 228, 214), palette::kButtonEdge, 1);
        drawRect(t, thumb(), m_dragging ? palette::kButtonOn : palette::kButton,
                 palette::kButtonEdge, 1);
        // The arrows on the two end buttons.
        for (const Button& b : m_buttons) {
            if (b.id != "scroll-up" && b.id != "scroll-down")
                continue;
            const float cx = b.rect.x + b.rect.w / 2, cy = b.rect.y + b.rect.h / 2;
            const float r = b.rect.w * 0.28f, dir = b.id == "scroll-up" ? -1.0f : 1.0f;
            sf::ConvexShape arrow(3);
            arrow.setPoint(0, {cx - r, cy - dir * r * 0.5f});
            arrow.setPoint(1, {cx + r, cy - dir * r * 0.5f});
            arrow.setPoint(2, {cx, cy + dir * r * 0.7f});
            arrow.setFillColor(b.enabled ? palette::kPanelText : palette::kDisabledText);
            t.draw(arrow);
        }
    }
    std::string scriptState(std::string_view what) const override {
        if (what == "scroll")
            return std::to_string(m_scroll);
        if (what == "scrollbar")
            return m_track.h > 0 ? "yes" : "no";
        return Dialog::scriptState(what);
    }
    void drawBody(sf::RenderTarget& t) override {
        m_fen.draw(t, m_fenRect, m_ctx.res().sans, m_ctx.fontSize(13));
        if (m_fen.text.empty() && !m_fen.focused) {
            sf::Text hint = makeText(m_ctx.res().sans, "FEN", m_ctx.fontSize(13), palette::kMuted);
            drawTextAt(t, hint, m_fenRect.x + 6, m_fenRect.y + m_fenRect.h / 2);
        }
    }

    TextBox m_fen;
    RectF m_fenRect;
    int m_scroll = 0, m_visible = 1, m_count = 0;
    RectF m_track; // empty when the whole list is in view
    bool m_dragging = false;
    float m_grab    = 0; // where the thumb was grabbed, below its top
};

} // namespace

std::unique_ptr<Screen> makePuzzleListDialog(Context& ctx) {
    return std::make_unique<PuzzleListDialog>(ctx);
}

} // namespace xq::gui
