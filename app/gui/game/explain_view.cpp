#include "app/gui/game/explain_view.h"

#include <cstdlib>

#include "app/gui/model/coach.h"
#include "app/gui/model/i18n.h"
#include "core/movegen.h"
#include "core/notation.h"

namespace xq::gui {

namespace {

// The coach and the threat button search briefly: an answer within a frame or two.
constexpr std::uint64_t kQuickNodes = 25'000;

} // namespace

void ExplainView::requestThreat(const core::Game& game, core::Notation n) {
    m_worker.cancel();
    m_busy     = true;
    m_askedKey = game.position().key();
    m_worker.post([game, n](ai::Worker<ai::Explanation>::Context& job) {
        ai::ExplainOptions options;
        options.nodes    = kQuickNodes;
        options.notation = n;
        ai::Explainer explainer(options);
        ai::Explanation e = explainer.explainThreat(game);
        if (!job.stopRequested())
            job.send(std::move(e));
    });
}

std::optional<ExplainNote> ExplainView::threatNote(core::Key key, Language lang) const {
    if (!m_threat || m_threatKey != key)
        return std::nullopt;
    const ai::ExplainFacts& f = m_threat->facts;
    return ExplainNote{lang == Language::Chinese ? m_threat->chinese : m_threat->english, f.before,
                       f.line};
}

void ExplainView::play(const ExplainNote& note) {
    if (note.line.empty())
        return;
    m_play.emplace();
    m_play->note = note;
}

bool ExplainView::update() {
    bool changed = false;
    for (ai::Explanation& e : m_worker.poll()) {
        m_threat    = std::move(e);
        m_threatKey = m_askedKey;
        m_busy      = false;
        changed     = true;
        // The threat's line plays at once: that is what the person asked to see.
        if (auto note = threatNote(m_threatKey, Language::English))
            play(*note);
    }
    if (m_play) {
        const std::size_t n = m_play->note.line.size();
        const int wait      = m_play->step + 1 >= n ? 2 * kStepMs : kStepMs;
        if (m_play->clock.getElapsedTime().asMilliseconds() >= wait) {
            if (m_play->step >= n)
                m_play.reset();
            else {
                ++m_play->step;
                m_play->clock.restart();
            }
            changed = true;
        }
    }
    return changed;
}

core::Position ExplainView::playPosition() const {
    return m_play ? legalPositionAfter(m_play->note.start, m_play->note.line, m_play->step)
                  : core::Position{};
}

std::optional<std::pair<core::Move, int>> ExplainView::playArrow() const {
    if (!m_play || m_play->step >= m_play->note.line.size())
        return std::nullopt;
    return std::make_pair(m_play->note.line[m_play->step], static_cast<int>(m_play->step) + 1);
}

const ExplainNote* ExplainView::noteAt(PointF p) const {
    for (const auto& [r, note] : m_rects)
        if (r.contains(p))
            return &note;
    return nullptr;
}

} // namespace xq::gui
