#include "enginelink/external_engine.h"

#include <stdexcept>

namespace xq::link {

const OptionValues& EngineSettings::optionsFor(const std::string& name) const {
    static const OptionValues none;
    const auto it = options.find(name);
    return it == options.end() ? none : it->second;
}

bool startEngine(EngineClient& client, const EngineSettings& settings) {
    if (!client.start(settings.command, settings.protocol))
        return false;
    for (const auto& [name, value] : settings.optionsFor(client.name())) {
        const EngineOption* o = client.findOption(name);
        // Buttons are actions of the dialog, not settings; UCI_Variant stays xiangqi.
        if (!o || o->type == EngineOption::Type::Button || name == "UCI_Variant")
            continue;
        if (!client.setOption(name, value))
            return false;
    }
    return client.sync();
}

ai::PositionSearchFactory externalReviewSearch(EngineSettings settings, EngineTimeouts timeouts) {
    return [settings = std::move(settings), timeouts](std::stop_token stop) -> ai::PositionSearch {
        auto client = std::make_shared<EngineClient>(timeouts);
        {
            std::stop_callback onStop(stop, [&client] { client->interrupt(); });
            if (!startEngine(*client, settings))
                throw std::runtime_error(client->error());
        }
        return [client, stop](const core::Game& game, const ai::SearchLimits& limits,
                              const std::atomic<bool>*) {
            EngineSearch s = client->search(game.startPosition(), game.moves(), limits, stop);
            if (!s.result && !s.error.empty())
                throw std::runtime_error(s.error);
            return s.result.value_or(ai::SearchResult{});
        };
    };
}

ExternalEngine::ExternalEngine(EngineTimeouts timeouts)
    : m_client(std::make_shared<EngineClient>(timeouts))
    , m_running(std::make_shared<EngineSettings>()) {}

// The client is interrupted before the mailbox's worker is joined: a start, handshake or
// search waiting on the engine gives up at once.
ExternalEngine::~ExternalEngine() {
    m_client->interrupt();
}

std::string ExternalEngine::name() const {
    std::lock_guard lock(m_nameMutex);
    if (!m_name.empty())
        return m_name;
    const auto argv     = splitCommand(m_settings.command);
    std::string program = argv && !argv->empty() ? argv->front() : m_settings.command;
    if (const std::size_t slash = program.rfind('/'); slash != std::string::npos)
        program.erase(0, slash + 1);
    return program;
}

void ExternalEngine::configure(const EngineSettings& settings) {
    if (settings.sameEngine(m_settings))
        return;
    cancel();
    // A start still waiting on the old engine gives up now; the next job clears the flag.
    m_client->interrupt();
    m_settings = settings;
    {
        std::lock_guard lock(m_nameMutex);
        m_name.clear();
    }
    // The old engine ends on the worker thread (quitting takes up to a few hundred ms).
    m_mailbox.postSetting([client = m_client, running = m_running](auto&) {
        client->clearInterrupt();
        client->stop();
        *running = {};
    });
}

void ExternalEngine::start(const ai::SearchTask& task) {
    m_finish = std::make_shared<std::stop_source>();
    m_mailbox.startSearch([this, client = m_client, running = m_running, settings = m_settings,
                           task, finish = m_finish](ai::Worker<ai::SearchMessage>::Context& job) {
        // The engine runs while its settings stay; a different one, or one that died, is
        // started again here. A cancel or the owner's destruction interrupts the start.
        if (!client->isRunning() || !running->sameEngine(settings)) {
            *running = settings;
            client->clearInterrupt();
            bool started = false;
            {
                std::stop_callback onStop(job.stopToken(), [&client] { client->interrupt(); });
                started = startEngine(*client, settings);
            }
            if (!started) {
                *running = {};
                if (!job.stopRequested())
                    job.send(ai::SearchFailure{client->error()});
                return;
            }
            std::lock_guard lock(m_nameMutex);
            m_name = client->name();
        }
        EngineSearch s = client->search(
            task.start, task.moves, task.limits, job.stopToken(),
            [&job](const ai::SearchInfo& i) { job.send(i); }, finish->get_token());
        if (job.stopRequested())
            return;
        if (s.result)
            job.send(std::move(*s.result));
        else
            job.send(ai::SearchFailure{s.error.empty() ? "the engine gave no move" : s.error});
    });
}

void ExternalEngine::moveNow() {
    if (m_mailbox.isBusy() && m_finish)
        m_finish->request_stop();
}

} // namespace xq::link
