// An external engine as a SearchAgent: EngineClient run on a worker thread, with the same
// start / poll / cancel shape as our own ai::AiWorker. The process is started by the first
// search after configure() and kept for the next ones. A failure (the engine cannot start,
// crashes, hangs, answers garbage or an illegal move) ends the search with a message from
// pollError(). Destroying it, or configuring another engine, never waits on a silent engine:
// the client is interrupted, so even an engine that hangs at start is gone at once.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "ai/review.h"
#include "ai/search_agent.h"
#include "enginelink/client.h"

namespace xq::link {

using OptionValues = std::vector<std::pair<std::string, std::string>>; // name, value; in order

// The engine settings, one struct for the settings file, the dialog, the router and the match
// runner: how an external engine starts, the option values set for each engine (by its "id
// name", so that one engine's Hash is not sent to the next), and where it plays instead of ours.
struct EngineSettings {
    std::string command; // empty: no external engine
    EngineProtocol protocol = EngineProtocol::Auto;
    std::map<std::string, OptionValues> options;          // by engine name
    bool opponent                                = false; // plays the computer's moves
    bool analysis                                = false; // analysis and hints
    bool review                                  = false; // the game review
    bool operator==(const EngineSettings&) const = default;
    // The option values for the engine called `name` (none set: empty).
    const OptionValues& optionsFor(const std::string& name) const;
    // The same engine process would serve both (command, protocol and option values agree).
    bool sameEngine(const EngineSettings& o) const {
        return command == o.command && protocol == o.protocol && options == o.options;
    }
};

// Starts an engine on the calling thread: the client's start(), then every option value set
// for that engine's name that it knows (the others are skipped), then isready.
bool startEngine(EngineClient& client, const EngineSettings& settings);

// A position search of the game review that runs on the external engine: each review starts an
// engine process of its own (the review runs on its own thread). Throws std::runtime_error with
// the engine's message when it fails.
ai::PositionSearchFactory externalReviewSearch(EngineSettings settings,
                                               EngineTimeouts timeouts = {});

class ExternalEngine : public ai::SearchAgent {
public:
    explicit ExternalEngine(EngineTimeouts timeouts = {});
    ~ExternalEngine() override;
    ExternalEngine(const ExternalEngine&)            = delete;
    ExternalEngine& operator=(const ExternalEngine&) = delete;

    // The engine for the next searches; a different one is started by the next search.
    void configure(const EngineSettings& settings);
    // The engine's id name once it has started, before that the program's name.
    std::string name() const override;
    void start(const ai::SearchTask& task) override;
    void cancel() override { m_mailbox.cancel(); }
    void moveNow() override;
    bool isBusy() const override { return m_mailbox.isBusy(); }
    std::vector<ai::SearchInfo> pollInfo() override { return m_mailbox.pollInfo(); }
    std::optional<ai::SearchResult> poll() override { return m_mailbox.poll(); }
    std::optional<std::string> pollError() override { return m_mailbox.pollError(); }

private:
    EngineSettings m_settings;
    std::shared_ptr<EngineClient> m_client;    // used by the worker thread (interrupt(): any)
    std::shared_ptr<EngineSettings> m_running; // what m_client runs: worker thread only
    std::shared_ptr<std::stop_source> m_finish;
    mutable std::mutex m_nameMutex;
    std::string m_name;                                      // guarded by m_nameMutex
    ai::SearchMailbox m_mailbox{ai::ThreadPriority::Normal}; // last: joined first
};

} // namespace xq::link
