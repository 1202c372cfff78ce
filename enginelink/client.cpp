#include "enginelink/client.h"

#include <algorithm>
#include <fcntl.h>
#include <unistd.h>

#include "core/fen.h"
#include "enginelink/dialect.h"

namespace xq::link {

EngineClient::EngineClient(EngineTimeouts timeouts)
    : m_timeouts(timeouts) {
    if (::pipe2(m_wake, O_CLOEXEC | O_NONBLOCK) != 0)
        m_wake[0] = m_wake[1] = -1;
}

EngineClient::~EngineClient() {
    stop();
    for (int fd : m_wake)
        if (fd >= 0)
            ::close(fd);
}

void EngineClient::stop() {
    m_process.stop(m_interrupted ? std::string_view{} : "quit",
                   m_interrupted ? 0 : m_timeouts.quitMs);
}

void EngineClient::interrupt() {
    m_interrupted = true;
    if (m_wake[1] >= 0) {
        const char c                     = 1;
        [[maybe_unused]] const ssize_t n = ::write(m_wake[1], &c, 1);
    }
}

void EngineClient::clearInterrupt() {
    m_interrupted = false;
    drainWake();
}

void EngineClient::drainWake() {
    char buf[64];
    while (m_wake[0] >= 0 && ::read(m_wake[0], buf, sizeof buf) > 0) {
    }
}

EngineProcess::Read EngineClient::read(std::string& line, int timeoutMs) {
    if (m_interrupted)
        return EngineProcess::Read::Woken;
    const auto r = m_process.readLine(line, timeoutMs, m_wake[0]);
    if (r == EngineProcess::Read::Woken)
        drainWake(); // interrupt(), or a search's stop token: the caller looks which
    return r;
}

bool EngineClient::fail(std::string what) {
    m_error = "engine '" + (m_name.empty() ? m_program : m_name) + "': " + std::move(what);
    m_process.stop({}, 0);
    return false;
}

const EngineOption* EngineClient::findOption(std::string_view name) const {
    for (const EngineOption& o : m_options)
        if (equalsNoCase(o.name, name))
            return &o;
    return nullptr;
}

bool EngineClient::waitFor(std::string_view token, int timeoutMs, const char* what) {
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
    std::string line;
    for (;;) {
        switch (read(line, remainingMs(deadline))) {
        case EngineProcess::Read::Line:
            if (words(line).size() == 1 && words(line)[0] == token)
                return true;
            break;
        case EngineProcess::Read::Timeout:
            return fail(std::string("no ") + std::string(token) + " within " + seconds(timeoutMs)
                        + " after " + what);
        case EngineProcess::Read::Woken:
            if (m_interrupted)
                return fail("interrupted while waiting for " + std::string(token));
            break;
        case EngineProcess::Read::Eof:
            return fail("stopped after " + std::string(what) + " ("
                        + m_process.stop({}, m_timeouts.quitMs) + ")");
        }
    }
}

EngineClient::Handshake EngineClient::handshake(EngineProtocol p) {
    m_protocol = p;
    m_options.clear();
    const std::string ok = greetingOk(p);
    if (!m_process.writeLine(greetingLine(p)))
        return Handshake::Gone;
    const auto deadline = Clock::now() + std::chrono::milliseconds(m_timeouts.handshakeMs);
    std::string line;
    for (;;) {
        switch (read(line, remainingMs(deadline))) {
        case EngineProcess::Read::Line: {
            const auto w = words(line);
            if (w.size() == 1 && w[0] == ok)
                return Handshake::Ok;
            if (w.size() >= 3 && w[0] == "id" && w[1] == "name")
                m_name = join(w, 2, w.size());
            else if (!w.empty() && w[0] == "option")
                if (auto o = parseOptionLine(line, p))
                    m_options.push_back(std::move(*o));
            break;
        }
        case EngineProcess::Read::Timeout:
            return Handshake::Timeout;
        case EngineProcess::Read::Woken:
            if (!m_interrupted)
                break;
            [[fallthrough]];
        case EngineProcess::Read::Eof:
            return Handshake::Gone;
        }
    }
}

bool EngineClient::start(std::string_view command, EngineProtocol protocol) {
    stop();
    m_error.clear();
    m_name.clear();
    m_options.clear();
    m_multiPv       = 0;
    const auto argv = splitCommand(command);
    m_program       = argv && !argv->empty() ? argv->front() : std::string(command);
    if (const std::size_t slash = m_program.rfind('/'); slash != std::string::npos)
        m_program.erase(0, slash + 1);
    if (!argv)
        return fail(argv.error());
    if (argv->empty())
        return fail("no command given");
    if (std::string err = m_process.start(*argv); !err.empty())
        return fail("cannot start " + quoted(argv->front()) + ": " + err);
    // 1. The handshake. Auto tries UCI first: a UCCI engine ignores "uci" (or answers that it
    //    does not know it) and then gets "ucci".
    Handshake h = Handshake::Timeout;
    if (protocol != EngineProtocol::Ucci)
        h = handshake(EngineProtocol::Uci);
    if (h == Handshake::Timeout && protocol != EngineProtocol::Uci)
        h = handshake(EngineProtocol::Ucci);
    if (h != Handshake::Ok) {
        if (h == Handshake::Gone && m_interrupted)
            return fail("interrupted during the handshake");
        if (h == Handshake::Gone)
            return fail("stopped during the handshake (" + m_process.stop({}, m_timeouts.quitMs)
                        + ")");
        const std::string expected = protocol == EngineProtocol::Auto   ? "uciok or ucciok"
                                     : protocol == EngineProtocol::Ucci ? "ucciok"
                                                                        : "uciok";
        return fail("no " + expected + " within " + seconds(m_timeouts.handshakeMs)
                    + ": not a UCI or UCCI engine?");
    }
    // 2. Xiangqi where the engine plays several variants; milliseconds where UCCI offers them.
    if (const EngineOption* v = findOption("UCI_Variant")) {
        if (v->type == EngineOption::Type::Combo
            && std::none_of(v->vars.begin(), v->vars.end(),
                            [](const std::string& s) { return s == "xiangqi"; }))
            return fail("does not play xiangqi (its UCI_Variant has no 'xiangqi')");
        setOption("UCI_Variant", "xiangqi");
    }
    if (m_protocol == EngineProtocol::Ucci && findOption("usemillisec"))
        setOption("usemillisec", "true");
    if (const EngineOption* book = findOption("OwnBook"))
        m_ownBook = m_ownBookSent = validOptionValue(*book, book->defaultValue).value_or("");
    if (!sync())
        return false;
    m_ranks = detectRanks();
    return isRunning() && sync();
}

bool EngineClient::setOption(std::string_view name, std::string_view value) {
    const EngineOption* o = findOption(name);
    if (!o) {
        m_error = "engine '" + m_name + "' has no option " + quoted(name);
        return false;
    }
    const std::optional<std::string> v = validOptionValue(*o, value);
    if (equalsNoCase(o->name, "OwnBook") && v)
        m_ownBook = m_ownBookSent = *v;
    return sendOption(*o, v);
}

bool EngineClient::sendOption(const EngineOption& o, const std::optional<std::string>& v) {
    if (!m_process.writeLine(setOptionLine(m_protocol, o.name, v)))
        return fail("stopped (" + m_process.stop({}, m_timeouts.quitMs) + ")");
    if (equalsNoCase(o.name, "MultiPV") && v)
        m_multiPv = static_cast<int>(toInt(*v).value_or(1));
    return true;
}

bool EngineClient::sync() {
    if (!m_process.writeLine("isready"))
        return fail("stopped (" + m_process.stop({}, m_timeouts.quitMs) + ")");
    return waitFor("readyok", m_timeouts.readyMs, "isready");
}

bool EngineClient::newGame() {
    if (m_protocol != EngineProtocol::Ucci && !m_process.writeLine("ucinewgame"))
        return fail("stopped (" + m_process.stop({}, m_timeouts.quitMs) + ")");
    return sync();
}

// Engines write ranks 0..9 or 1..10. A one-ply search from the start position tells which: at
// the start every legal move read with the other numbering starts on an empty point or on a
// rank that does not exist. UCCI fixes 0..9.
RankBase EngineClient::detectRanks() {
    const RankBase guess = findOption("UCI_Variant") ? RankBase::One : RankBase::Zero;
    if (m_protocol == EngineProtocol::Ucci)
        return RankBase::Zero;
    const core::Position start = *core::parseFen(core::kStartFen);
    if (!m_process.writeLine("position fen " + core::toFen(start))
        || !m_process.writeLine("go depth 1"))
        return guess;
    const auto deadline = Clock::now() + std::chrono::milliseconds(m_timeouts.handshakeMs);
    std::string line;
    while (read(line, remainingMs(deadline)) == EngineProcess::Read::Line) {
        const auto w = words(line);
        if (w.size() < 2 || w[0] != "bestmove")
            continue;
        for (RankBase r : {RankBase::Zero, RankBase::One})
            if (auto m = parseEngineMove(w[1], r);
                m && start.isPseudoLegal(*m) && start.isLegal(*m))
                return r;
        return guess;
    }
    m_process.writeLine("stop");
    return guess;
}

} // namespace xq::link
