#include "app/gui/model/external_engine.h"

#include <stdexcept>
#include <utility>

namespace xq::gui {

bool startEngine(EngineClient& client, const EngineConfig& config) {
    if (!client.start(config.command, config.protocol))
        return false;
    for (const auto& [name, value] : config.options) {
        const EngineOption* o = client.findOption(name);
        // Buttons are actions of the dialog, not settings; UCI_Variant stays xiangqi.
        if (!o || o->type == EngineOption::Type::Button || name == "UCI_Variant")
            continue;
        if (!client.setOption(name, value))
            return false;
    }
    return client.sync();
}

ai::PositionSearchFactory externalReviewSearch(EngineConfig config, EngineTimeouts timeouts) {
    return [config = std::move(config), timeouts](std::stop_token stop) -> ai::PositionSearch {
        auto client = std::make_shared<EngineClient>(timeouts);
        if (!startEngine(*client, config))
            throw std::runtime_error(client->error());
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
    : m_client(std::make_unique<EngineClient>(timeouts))
    , m_running(std::make_shared<EngineConfig>())
    , m_worker(ai::ThreadPriority::Normal) {}

ExternalEngine::~ExternalEngine() = default; // the worker stops the search and joins first

void ExternalEngine::configure(EngineConfig config) {
    if (config == m_config)
        return;
    cancel();
    m_config = std::move(config);
    // The old engine ends on the worker thread (quitting takes up to a few hundred ms).
    m_worker.post(
        [this](ai::Worker<Message>::Context&) {
            m_client->stop();
            *m_running = {};
        },
        ai::OnCancel::Keep);
}

void ExternalEngine::collect() {
    for (Message& m : m_worker.poll()) {
        if (auto* info = std::get_if<ai::SearchInfo>(&m))
            m_infos.push_back(std::move(*info));
        else if (auto* r = std::get_if<ai::SearchResult>(&m))
            m_result = std::move(*r);
        else
            m_error = std::move(std::get<Failure>(m).message);
    }
}

void ExternalEngine::start(core::Position start, std::vector<core::Move> moves,
                           ai::SearchLimits limits) {
    cancel();
    m_finish = std::make_shared<std::stop_source>();
    m_worker.post([this, config = m_config, start, moves = std::move(moves), limits,
                   finish = m_finish](ai::Worker<Message>::Context& job) {
        // The engine runs while its configuration stays; a different one, or one that died,
        // is started again here.
        if (!m_client->isRunning() || *m_running != config) {
            *m_running = config;
            if (!startEngine(*m_client, config)) {
                job.send(Failure{m_client->error()});
                return;
            }
        }
        EngineSearch s = m_client->search(
            start, moves, limits, job.stopToken(), [&job](const ai::SearchInfo& i) { job.send(i); },
            finish->get_token());
        if (job.stopRequested())
            return;
        if (s.result)
            job.send(std::move(*s.result));
        else
            job.send(Failure{s.error.empty() ? "the engine gave no move" : s.error});
    });
    m_busy = true;
}

void ExternalEngine::cancel() {
    m_worker.cancel();
    m_infos.clear();
    m_result.reset();
    m_error.reset();
    m_busy = false;
}

void ExternalEngine::moveNow() {
    if (m_busy && m_finish)
        m_finish->request_stop();
}

std::vector<ai::SearchInfo> ExternalEngine::pollInfo() {
    collect();
    return std::exchange(m_infos, {});
}

std::optional<ai::SearchResult> ExternalEngine::poll() {
    collect();
    auto r = std::exchange(m_result, std::nullopt);
    if (r)
        m_busy = false;
    return r;
}

std::optional<std::string> ExternalEngine::pollError() {
    collect();
    auto e = std::exchange(m_error, std::nullopt);
    if (e)
        m_busy = false;
    return e;
}

} // namespace xq::gui
