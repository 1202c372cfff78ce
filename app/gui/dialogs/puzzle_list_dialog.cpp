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
        m_scroll  = std::clamp(m_scroll, 0, std::max(0, static_cast<int>(lib.size()) - m_visible));
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
            addButton(
                "puzzle-" + std::to_string(i),
                {m_box.x + p, top + static_cast<float>(i - m_scroll) * (h + 2), m_box.w - 2 * p, h},
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
    void onEvent(const sf::Event& e) override {
        if (e.type == sf::Event::MouseWheelScrolled)
            m_scroll -= static_cast<int>(std::round(e.mouseWheelScroll.delta * 3));
        if (e.type == sf::Event::MouseButtonPressed)
            m_fen.focused = m_fenRect.contains(
                {static_cast<float>(e.mouseButton.x), static_cast<float>(e.mouseButton.y)});
        if (e.type == sf::Event::KeyPressed && e.key.control && e.key.code == sf::Keyboard::V)
            m_fen.focused = true;
        if (m_fen.focused)
            m_fen.handleEvent(e);
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
    int m_scroll = 0, m_visible = 1;
};

} // namespace

std::unique_ptr<Screen> makePuzzleListDialog(Context& ctx) {
    return std::make_unique<PuzzleListDialog>(ctx);
}

} // namespace xq::gui
