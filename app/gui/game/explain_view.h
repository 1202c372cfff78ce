// The game screen's explanations: the review's sentences and the opponent's threat as notes in
// the panel that play their line on the board as arrows, one move after the other, when
// clicked; the threat is found on a worker thread (button and key T). The coach's question
// before a person's move is in app/gui/model/coach.h.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <SFML/System/Clock.hpp>

#include "ai/explain.h"
#include "ai/worker.h"
#include "app/gui/model/board_geometry.h"
#include "app/gui/model/settings.h"
#include "core/game.h"

namespace xq::gui {

// A sentence of the panel's note and the line it speaks of, from the position `start`.
struct ExplainNote {
    std::string text;
    core::Position start;
    std::vector<core::Move> line;
};

// A line being played on the board: the moves shown so far and since when the last one shows.
struct ExplainPlay {
    ExplainNote note;
    std::size_t step = 0;
    sf::Clock clock;
};

class ExplainView {
public:
    // How long each move of a played line is shown (the last one stays twice as long).
    static constexpr int kStepMs = 900;

    // Looks for what the side not to move threatens in `game`'s position, off the UI thread.
    void requestThreat(const core::Game& game, core::Notation n);
    bool threatBusy() const { return m_busy; }
    // The threat found for the position with this key, as a note in `lang`.
    std::optional<ExplainNote> threatNote(core::Key key, Language lang) const;

    void play(const ExplainNote& note);
    void stopPlaying() { m_play.reset(); }
    bool playing() const { return m_play.has_value(); }
    // Once per frame: takes a finished threat and advances a played line. True when what is
    // shown changed.
    bool update();
    // While a line plays: the position reached so far and the next move's arrow (none at the
    // end of the line) with its number in the line.
    core::Position playPosition() const;
    std::optional<std::pair<core::Move, int>> playArrow() const;

    // Where the notes were drawn (for clicks); a click on one plays its line.
    void setNoteRects(std::vector<std::pair<RectF, ExplainNote>> rects) {
        m_rects = std::move(rects);
    }
    const ExplainNote* noteAt(PointF p) const;
    // The k-th note's place (test scripts click it as "button note0", "note1", ...).
    std::optional<RectF> noteRect(std::size_t k) const {
        return k < m_rects.size() ? std::optional<RectF>(m_rects[k].first) : std::nullopt;
    }

private:
    // Declared outside the class, so that clang sees its member initialisers for optional<Play>.
    using Play = ExplainPlay;
    ai::Worker<ai::Explanation> m_worker;
    bool m_busy           = false;
    core::Key m_askedKey  = 0; // the position the running or last request is about
    core::Key m_threatKey = 0;
    std::optional<ai::Explanation> m_threat;
    std::optional<Play> m_play;
    std::vector<std::pair<RectF, ExplainNote>> m_rects;
};

} // namespace xq::gui
