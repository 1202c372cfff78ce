#include "enginelink/router.h"

namespace xq::link {

bool EngineRouter::configure(const EngineSettings& settings, EngineTimeouts timeouts) {
    const bool wasFailed = std::exchange(m_failed, false);
    if (m_external && settings == m_settings)
        return wasFailed;
    m_settings = settings;
    m_timeouts = timeouts;
    if (!m_external)
        m_external = std::make_unique<ExternalEngine>(timeouts);
    m_external->configure(settings);
    return true;
}

bool EngineRouter::externalFor(EngineUse use) const {
    if (!m_external || m_failed || m_settings.command.empty())
        return false;
    switch (use) {
    case EngineUse::Opponent:
        return m_settings.opponent;
    case EngineUse::Analysis:
        return m_settings.analysis;
    case EngineUse::Review:
        return m_settings.review;
    }
    return false;
}

ai::SearchAgent& EngineRouter::agentFor(EngineUse use) {
    if (externalFor(use))
        return *m_external;
    return m_ours;
}

ai::PositionSearchFactory EngineRouter::reviewSearch() {
    if (!externalFor(EngineUse::Review))
        return {};
    return externalReviewSearch(m_settings, m_timeouts);
}

std::string EngineRouter::reviewerName() const {
    return externalFor(EngineUse::Review) ? m_external->name() : m_ours.name();
}

void EngineRouter::cancelAll() {
    m_ours.cancel();
    if (m_external)
        m_external->cancel();
}

} // namespace xq::link
