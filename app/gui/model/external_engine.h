// ExternalEngine: an external UCI/UCCI engine (EngineClient) run on a worker thread for the
// desktop game, with the same start / poll / cancel shape as our own ai::AiWorker so that the
// session can use either. The engine process is started by the first search after configure()
// and kept for the next ones. A failure (the engine cannot start, crashes, hangs, answers
// garbage or an illegal move) ends the search with a message from pollError(); the caller goes
// on with our own engine. Only the owning (UI) thread calls the member functions.
#pragma once

#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <variant>
#include <vector>

#include "ai/review.h"
#include "ai/search_types.h"
#include "ai/worker.h"
#include "app/gui/model/engine_client.h"
#include "core/position.h"

namespace xq::gui {

// What starts an engine and how it is set up: from the settings (EngineSettings).
struct EngineConfig {
    std::string command;
    EngineProtocol protocol = EngineProtocol::Auto;
    std::vector<std::pair<std::string, std::string>> options; // name, value; set in this order
    bool operator==(const EngineConfig&) const = default;
};

// Starts an engine with `config` on the calling thread: the client's start() and every option
// the engine knows (the others are skipped: an engine replaced by another keeps working).
bool startEngine(EngineClient& client, const EngineConfig& config);

// A position search of the game review that runs on the external engine: each review starts an
// engine process of its own (the review runs on its own thread). Throws std::runtime_error with
// the engine's message when it fails.
ai::PositionSearchFactory externalReviewSearch(EngineConfig config, EngineTimeouts timeouts = {});

class ExternalEngine {
public:
    explicit ExternalEngine(EngineTimeouts timeouts = {});
    ~ExternalEngine();
    ExternalEngine(const ExternalEngine&)            = delete;
    ExternalEngine& operator=(const ExternalEngine&) = delete;

    // The engine for the next searches; a different one is started by the next search.
    void configure(EngineConfig config);
    const EngineConfig& config() const { return m_config; }
    // Searches the position after `moves` from `start`; a search still running is cancelled.
    void start(core::Position start, std::vector<core::Move> moves, ai::SearchLimits limits);
    void cancel();
    void moveNow();
    bool isBusy() const { return m_busy; }
    std::vector<ai::SearchInfo> pollInfo();
    std::optional<ai::SearchResult> poll();
    // Why the current search ended without a move, once; the search is over then.
    std::optional<std::string> pollError();

private:
    struct Failure {
        std::string message;
    };
    using Message = std::variant<ai::SearchInfo, ai::SearchResult, Failure>;
    void collect();

    EngineConfig m_config;
    std::unique_ptr<EngineClient> m_client;  // used by the worker thread only
    std::shared_ptr<EngineConfig> m_running; // the config m_client runs: worker thread only
    std::shared_ptr<std::stop_source> m_finish;
    std::vector<ai::SearchInfo> m_infos; // UI thread only, like the members below
    std::optional<ai::SearchResult> m_result;
    std::optional<std::string> m_error;
    bool m_busy = false;
    ai::Worker<Message> m_worker; // last: joined before the client goes away
};

} // namespace xq::gui
