// EngineRouter: which engine does what in the desktop game. It owns our engine (AiWorker) and,
// once one is configured, an external engine, and answers "who searches for this use": the
// external engine where the settings give it that use and it has not failed, else ours. A
// failure hands that use and every other to ours until the settings are applied again (the
// person's next change of them tries the engine again).
#pragma once

#include <memory>
#include <string>

#include "ai/ai_worker.h"
#include "ai/review.h"
#include "enginelink/external_engine.h"

namespace xq::link {

enum class EngineUse { Opponent, Analysis, Review };

class EngineRouter {
public:
    // `hashMb`: our engine's hash table.
    explicit EngineRouter(std::size_t hashMb = 64)
        : m_ours(hashMb) {}
    EngineRouter(const EngineRouter&)            = delete;
    EngineRouter& operator=(const EngineRouter&) = delete;

    // New settings: the external engine is (re)configured, a failed one gets another chance.
    // Returns whether the choice of engine for some use may have changed (searches running on
    // the old choice should be started again).
    bool configure(const EngineSettings& settings, EngineTimeouts timeouts = {});
    const EngineSettings& settings() const { return m_settings; }
    // The agent for a use (never null).
    ai::SearchAgent& agentFor(EngineUse use);
    // The external engine failed: ours plays every use until the next configure().
    void failed() { m_failed = true; }
    // The review's position search on the external engine, or empty for ours; with the name of
    // who reviews.
    ai::PositionSearchFactory reviewSearch();
    std::string reviewerName() const;
    ai::AiWorker& ours() { return m_ours; }
    // Cancels the searches of both engines.
    void cancelAll();

private:
    bool externalFor(EngineUse use) const;

    EngineSettings m_settings;
    EngineTimeouts m_timeouts;
    bool m_failed = false;
    std::unique_ptr<ExternalEngine> m_external; // made when an engine is first configured
    ai::AiWorker m_ours;                        // last: destroyed (joined) first
};

} // namespace xq::link
