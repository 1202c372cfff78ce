#include "app/gui/model/engine_client.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "ai/worker.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"

extern char** environ;

namespace xq::gui {

namespace {

using Clock = std::chrono::steady_clock;

std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i])))
            ++i;
        const std::size_t start = i;
        while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i])))
            ++i;
        if (i > start)
            out.push_back(line.substr(start, i - start));
    }
    return out;
}

std::string join(const std::vector<std::string_view>& w, std::size_t from, std::size_t to) {
    std::string out;
    for (std::size_t i = from; i < to && i < w.size(); ++i) {
        if (!out.empty())
            out += ' ';
        out += w[i];
    }
    return out;
}

std::optional<long long> toInt(std::string_view s) {
    long long v        = 0;
    const char* end    = s.data() + s.size();
    const auto [p, ec] = std::from_chars(s.data(), end, v);
    if (ec != std::errc{} || p != end)
        return std::nullopt;
    return v;
}

bool equalsNoCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x))
                      == std::tolower(static_cast<unsigned char>(y));
           });
}

// A line as it may appear in a message: printable, and not too long.
std::string quoted(std::string_view s) {
    std::string out;
    for (char c : s.substr(0, 60))
        out += std::isprint(static_cast<unsigned char>(c)) ? c : '?';
    if (s.size() > 60)
        out += "...";
    return "'" + out + "'";
}

std::string seconds(int ms) {
    const int tenths = (ms + 50) / 100;
    return std::to_string(tenths / 10) + (tenths % 10 ? "." + std::to_string(tenths % 10) : "")
           + " s";
}

int remainingMs(Clock::time_point deadline) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return static_cast<int>(std::clamp<long long>(left, 0, 1'000'000'000));
}

} // namespace

std::string_view protocolKey(EngineProtocol p) {
    switch (p) {
    case EngineProtocol::Uci:
        return "uci";
    case EngineProtocol::Ucci:
        return "ucci";
    case EngineProtocol::Auto:
        break;
    }
    return "auto";
}

bool parseProtocolKey(std::string_view key, EngineProtocol& out) {
    for (EngineProtocol p : {EngineProtocol::Auto, EngineProtocol::Uci, EngineProtocol::Ucci})
        if (protocolKey(p) == key) {
            out = p;
            return true;
        }
    return false;
}

std::string_view optionTypeName(EngineOption::Type t) {
    switch (t) {
    case EngineOption::Type::Spin:
        return "spin";
    case EngineOption::Type::Check:
        return "check";
    case EngineOption::Type::Combo:
        return "combo";
    case EngineOption::Type::Button:
        return "button";
    case EngineOption::Type::String:
        break;
    }
    return "string";
}

std::optional<EngineOption> parseOptionLine(std::string_view line, EngineProtocol protocol) {
    const auto w = words(line);
    if (w.size() < 4 || w[0] != "option")
        return std::nullopt;
    // The keywords that end a field. UCI names may hold spaces ("Clear Hash"); a UCCI name is
    // one word right after "option".
    auto isKeyword = [](std::string_view s) {
        return s == "type" || s == "default" || s == "min" || s == "max" || s == "var";
    };
    EngineOption o;
    std::size_t i = 1;
    if (protocol == EngineProtocol::Ucci) {
        o.name = std::string(w[1]);
        i      = 2;
    } else {
        if (w[1] != "name")
            return std::nullopt;
        std::size_t j = 2;
        while (j < w.size() && w[j] != "type")
            ++j;
        o.name = join(w, 2, j);
        i      = j;
    }
    if (o.name.empty())
        return std::nullopt;
    bool typed = false;
    while (i < w.size()) {
        const std::string_view key = w[i];
        std::size_t j              = i + 1;
        while (j < w.size() && !isKeyword(w[j]))
            ++j;
        const std::string value = join(w, i + 1, j);
        if (key == "type") {
            typed = true;
            if (value == "spin")
                o.type = EngineOption::Type::Spin;
            else if (value == "check")
                o.type = EngineOption::Type::Check;
            else if (value == "combo")
                o.type = EngineOption::Type::Combo;
            else if (value == "button")
                o.type = EngineOption::Type::Button;
            else if (value == "string" || value == "label")
                o.type = EngineOption::Type::String;
            else
                return std::nullopt;
        } else if (key == "default") {
            o.defaultValue = value == "<empty>" ? "" : value;
        } else if (key == "min" || key == "max") {
            const auto v = toInt(value);
            if (!v)
                return std::nullopt;
            (key == "min" ? o.min : o.max) = *v;
        } else if (key == "var") {
            o.vars.push_back(value);
        } else {
            return std::nullopt;
        }
        i = j;
    }
    if (!typed || (o.type == EngineOption::Type::Spin && o.min > o.max))
        return std::nullopt;
    if (o.type == EngineOption::Type::Spin) {
        const auto d   = toInt(o.defaultValue);
        o.defaultValue = std::to_string(std::clamp(d.value_or(o.min), o.min, o.max));
    }
    return o;
}

std::optional<std::string> validOptionValue(const EngineOption& o, std::string_view value) {
    switch (o.type) {
    case EngineOption::Type::Spin: {
        const auto v = toInt(value);
        const auto d = toInt(o.defaultValue);
        return std::to_string(std::clamp(v ? *v : d.value_or(o.min), o.min, o.max));
    }
    case EngineOption::Type::Check:
        if (equalsNoCase(value, "true") || equalsNoCase(value, "false"))
            return equalsNoCase(value, "true") ? "true" : "false";
        return equalsNoCase(o.defaultValue, "true") ? "true" : "false";
    case EngineOption::Type::Combo:
        for (const std::string& v : o.vars)
            if (equalsNoCase(v, value))
                return v;
        return o.defaultValue;
    case EngineOption::Type::String:
        return std::string(value);
    case EngineOption::Type::Button:
        break;
    }
    return std::nullopt;
}

core::Expected<std::vector<std::string>> splitCommand(std::string_view command) {
    std::vector<std::string> out;
    std::string word;
    bool inWord = false;
    for (std::size_t i = 0; i < command.size(); ++i) {
        const char c = command[i];
        if (c == '\'') {
            const std::size_t end = command.find('\'', i + 1);
            if (end == std::string_view::npos)
                return core::Error{"the engine command has an unclosed ' quote"};
            word.append(command.substr(i + 1, end - i - 1));
            inWord = true;
            i      = end;
        } else if (c == '"') {
            std::size_t j = i + 1;
            for (; j < command.size() && command[j] != '"'; ++j) {
                if (command[j] == '\\' && j + 1 < command.size()
                    && (command[j + 1] == '"' || command[j + 1] == '\\'))
                    ++j;
                word += command[j];
            }
            if (j >= command.size())
                return core::Error{"the engine command has an unclosed \" quote"};
            inWord = true;
            i      = j;
        } else if (c == '\\' && i + 1 < command.size()) {
            word += command[++i];
            inWord = true;
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            if (inWord)
                out.push_back(std::exchange(word, {}));
            inWord = false;
        } else {
            word += c;
            inWord = true;
        }
    }
    if (inWord)
        out.push_back(word);
    return out;
}

std::string engineMoveText(core::Move m, RankBase ranks) {
    if (ranks == RankBase::Zero)
        return core::toIccs(m);
    auto square = [](core::Square s) {
        return std::string(1, static_cast<char>('a' + s % 9)) + std::to_string(s / 9 + 1);
    };
    return square(m.from()) + square(m.to());
}

std::optional<core::Move> parseEngineMove(std::string_view text, RankBase ranks) {
    // A square is a file letter and one or two digits; the ranks are 0..9 or 1..10.
    auto square = [&](std::size_t& i) -> std::optional<core::Square> {
        if (i >= text.size() || text[i] < 'a' || text[i] > 'i')
            return std::nullopt;
        const int file = text[i++] - 'a';
        int rank = 0, digits = 0;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && digits < 2) {
            rank = rank * 10 + (text[i++] - '0');
            ++digits;
        }
        if (digits == 0)
            return std::nullopt;
        if (ranks == RankBase::One)
            --rank;
        if (rank < 0 || rank > 9)
            return std::nullopt;
        return core::makeSquare(file, rank);
    };
    std::size_t i   = 0;
    const auto from = square(i);
    const auto to   = square(i);
    if (!from || !to || i != text.size() || *from == *to)
        return std::nullopt;
    return core::Move(*from, *to);
}

// --- the process ------------------------------------------------------------------------------

std::string EngineProcess::start(const std::vector<std::string>& argv) {
    stop();
    m_ended.reset();
    m_buffer.clear();
    if (argv.empty())
        return "no command";
    int sv[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
        return std::string("cannot make a socket pair: ") + std::strerror(errno);
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attr;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, sv[1], 0);
    posix_spawn_file_actions_adddup2(&actions, sv[1], 1);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawnattr_init(&attr);
    sigset_t defaults, none;
    sigemptyset(&defaults);
    for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD})
        sigaddset(&defaults, sig);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, static_cast<short>(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF
                                                       | POSIX_SPAWN_SETSIGMASK));
    std::vector<char*> args;
    for (const std::string& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid     = -1;
    const int err = ::posix_spawnp(&pid, args[0], &actions, &attr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    ::close(sv[1]);
    if (err != 0) {
        ::close(sv[0]);
        return std::strerror(err);
    }
    // The engine searches at the priority of our own search threads, so the window stays smooth.
    ::setpriority(PRIO_PROCESS, static_cast<id_t>(pid), ai::kWorkerNice);
    m_pid = pid;
    m_fd  = sv[0];
    ::fcntl(m_fd, F_SETFL, ::fcntl(m_fd, F_GETFL) | O_NONBLOCK);
    return {};
}

bool EngineProcess::writeLine(std::string_view line) {
    if (m_fd < 0)
        return false;
    std::string data(line);
    data += '\n';
    std::size_t sent = 0;
    while (sent < data.size()) {
        const ssize_t n = ::send(m_fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
        if (n > 0) {
            sent += static_cast<std::size_t>(n);
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            // An engine that reads nothing for a second while we write is hung.
            pollfd p{m_fd, POLLOUT, 0};
            if (::poll(&p, 1, 1000) <= 0)
                return false;
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            return false;
        }
    }
    return true;
}

EngineProcess::Read EngineProcess::readLine(std::string& line, int timeoutMs, int wakeFd) {
    // A line longer than this is garbage: it is handed over as a line of its own.
    constexpr std::size_t kMaxLine = 64 * 1024;
    const auto deadline = Clock::now() + std::chrono::milliseconds(std::max(timeoutMs, 0));
    for (;;) {
        const std::size_t nl = m_buffer.find('\n');
        if (nl != std::string::npos || m_buffer.size() >= kMaxLine
            || (m_fd < 0 && !m_buffer.empty())) {
            const std::size_t end = nl == std::string::npos ? m_buffer.size() : nl;
            line.assign(m_buffer, 0, end);
            m_buffer.erase(0, std::min(m_buffer.size(), end + 1));
            if (!line.empty() && line.back() == '\r')
                line.pop_back();
            return Read::Line;
        }
        if (m_fd < 0)
            return Read::Eof;
        pollfd fds[2]  = {{m_fd, POLLIN, 0}, {wakeFd, POLLIN, 0}};
        const int wait = timeoutMs < 0 ? -1 : remainingMs(deadline);
        const int r    = ::poll(fds, wakeFd >= 0 ? 2 : 1, wait);
        if (r < 0 && errno == EINTR)
            continue;
        if (r == 0)
            return Read::Timeout;
        if (wakeFd >= 0 && (fds[1].revents & POLLIN))
            return Read::Woken;
        char chunk[4096];
        const ssize_t n = ::read(m_fd, chunk, sizeof chunk);
        if (n > 0) {
            m_buffer.append(chunk, static_cast<std::size_t>(n));
        } else if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
            ::close(m_fd); // the engine closed its output: what is left in the buffer is read
            m_fd = -1;
        }
    }
}

std::optional<std::string> EngineProcess::exitStatus() {
    if (m_pid <= 0)
        return m_ended;
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(m_pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0
        || info.si_pid == 0)
        return std::nullopt;
    if (info.si_code == CLD_EXITED)
        return "exited with status " + std::to_string(info.si_status);
    return std::string("killed by signal ") + std::to_string(info.si_status) + " ("
           + strsignal(info.si_status) + ")";
}

std::string EngineProcess::stop(std::string_view quitCommand, int graceMs) {
    if (m_pid <= 0)
        return m_ended.value_or("");
    if (!quitCommand.empty())
        writeLine(quitCommand);
    // Wait for the exit without reaping: while the leader is a zombie its pid, and so its
    // process group's id, cannot be reused, and the group can be killed safely.
    const auto deadline            = Clock::now() + std::chrono::milliseconds(graceMs);
    std::optional<std::string> how = exitStatus();
    while (!how && Clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        how = exitStatus();
    }
    ::killpg(m_pid, SIGKILL); // the engine if it is still running, and any helper it started
    int status = 0;
    while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!how)
        how = WIFSIGNALED(status) ? "killed"
                                  : "exited with status " + std::to_string(WEXITSTATUS(status));
    m_pid = -1;
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd    = -1;
    m_ended = how;
    m_buffer.clear();
    return *how;
}

// --- the client ---------------------------------------------------------------------------------

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
    m_process.stop("quit", m_timeouts.quitMs);
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
        switch (m_process.readLine(line, remainingMs(deadline))) {
        case EngineProcess::Read::Line:
            if (words(line).size() == 1 && words(line)[0] == token)
                return true;
            break;
        case EngineProcess::Read::Timeout:
            return fail(std::string("no ") + std::string(token) + " within " + seconds(timeoutMs)
                        + " after " + what);
        case EngineProcess::Read::Eof:
        case EngineProcess::Read::Woken:
            return fail("stopped after " + std::string(what) + " ("
                        + m_process.stop({}, m_timeouts.quitMs) + ")");
        }
    }
}

EngineClient::Handshake EngineClient::handshake(EngineProtocol p) {
    m_protocol = p;
    m_options.clear();
    const bool ucci      = p == EngineProtocol::Ucci;
    const char* greeting = ucci ? "ucci" : "uci";
    const std::string ok = ucci ? "ucciok" : "uciok";
    if (!m_process.writeLine(greeting))
        return Handshake::Gone;
    const auto deadline = Clock::now() + std::chrono::milliseconds(m_timeouts.handshakeMs);
    std::string line;
    for (;;) {
        switch (m_process.readLine(line, remainingMs(deadline))) {
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
        case EngineProcess::Read::Eof:
        case EngineProcess::Read::Woken:
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
    std::string line;
    if (m_protocol == EngineProtocol::Ucci)
        line = "setoption " + o.name + (v ? " " + *v : "");
    else
        line = "setoption name " + o.name + (v ? " value " + *v : "");
    if (!m_process.writeLine(line))
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
    while (m_process.readLine(line, remainingMs(deadline)) == EngineProcess::Read::Line) {
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

std::string EngineClient::goCommand(const ai::SearchLimits& l, core::Color side) const {
    const int us = core::index(side), them = 1 - us;
    std::string go = "go";
    if (m_protocol == EngineProtocol::Ucci) {
        if (l.infinite)
            return "go depth infinite";
        if (l.movetime > 0)
            return "go time " + std::to_string(l.movetime) + " movestogo 1";
        if (l.time[0] > 0 || l.time[1] > 0) {
            go += " time " + std::to_string(l.time[us]);
            go += l.movesToGo > 0 ? " movestogo " + std::to_string(l.movesToGo)
                                  : " increment " + std::to_string(l.increment[us]);
            go += " opptime " + std::to_string(l.time[them]);
            go += l.movesToGo > 0 ? " oppmovestogo " + std::to_string(l.movesToGo)
                                  : " oppincrement " + std::to_string(l.increment[them]);
            return go;
        }
    } else {
        if (l.infinite)
            return "go infinite";
        if (l.movetime > 0)
            return "go movetime " + std::to_string(l.movetime);
        if (l.time[0] > 0 || l.time[1] > 0) {
            go += " wtime " + std::to_string(l.time[0]) + " btime " + std::to_string(l.time[1]);
            go += " winc " + std::to_string(l.increment[0]) + " binc "
                  + std::to_string(l.increment[1]);
            if (l.movesToGo > 0)
                go += " movestogo " + std::to_string(l.movesToGo);
            return go;
        }
    }
    if (l.depth > 0)
        go += " depth " + std::to_string(l.depth);
    if (l.nodes > 0)
        go += " nodes " + std::to_string(l.nodes);
    return go == "go" ? "go depth 10" : go;
}

std::optional<ai::SearchInfo> EngineClient::parseInfo(std::string_view line,
                                                      const core::Position& root,
                                                      std::string& garbage) const {
    const auto w = words(line);
    ai::SearchInfo info;
    bool scored = false;
    for (std::size_t i = 1; i < w.size(); ++i) {
        const std::string_view key = w[i];
        if (key == "string")
            return std::nullopt;
        auto number = [&](auto& field) {
            if (i + 1 >= w.size())
                return false;
            const auto v = toInt(w[++i]);
            if (!v) {
                garbage = "info " + std::string(key) + " " + quoted(w[i]);
                return false;
            }
            field = static_cast<std::remove_reference_t<decltype(field)>>(*v);
            return true;
        };
        if (key == "depth" || key == "seldepth" || key == "multipv" || key == "nodes"
            || key == "nps" || key == "time") {
            long long v = 0;
            if (!number(v))
                return std::nullopt;
            if (key == "depth")
                info.depth = static_cast<int>(v);
            else if (key == "seldepth")
                info.selDepth = static_cast<int>(v);
            else if (key == "multipv")
                info.multiPvIndex = static_cast<int>(std::max(1LL, v));
            else if (key == "nodes")
                info.nodes = static_cast<std::uint64_t>(std::max(0LL, v));
            else if (key == "nps")
                info.nps = static_cast<std::uint64_t>(std::max(0LL, v));
            else
                info.timeMs = v;
        } else if (key == "score") {
            // UCI: "score cp 31" / "score mate -3"; UCCI: "score 31".
            long long v = 0;
            if (i + 1 < w.size() && (w[i + 1] == "cp" || w[i + 1] == "mate")) {
                const bool mate = w[++i] == "mate";
                if (!number(v))
                    return std::nullopt;
                if (mate) {
                    info.mateIn = static_cast<int>(v);
                    const int plies =
                        v > 0 ? static_cast<int>(2 * v - 1) : static_cast<int>(-2 * v);
                    info.score = v > 0 ? ai::kMateScore - plies : -ai::kMateScore + plies;
                } else {
                    info.score = static_cast<int>(std::clamp(v, -20000LL, 20000LL));
                }
            } else {
                if (!number(v))
                    return std::nullopt;
                info.score = static_cast<int>(std::clamp(v, -20000LL, 20000LL));
            }
            scored = true;
        } else if (key == "pv") {
            // The line as far as it is legal.
            core::Position pos = root;
            for (std::size_t j = i + 1; j < w.size(); ++j) {
                const auto m = parseEngineMove(w[j], m_ranks);
                if (!m || !pos.isPseudoLegal(*m) || !pos.isLegal(*m))
                    break;
                core::Undo u;
                pos.makeMove(*m, u);
                info.pv.push_back(*m);
            }
            break;
        }
    }
    if (!scored)
        return std::nullopt;
    return info;
}

EngineSearch EngineClient::search(const core::Position& start, const std::vector<core::Move>& moves,
                                  const ai::SearchLimits& limits, std::stop_token stop,
                                  const std::function<void(const ai::SearchInfo&)>& onInfo,
                                  std::stop_token finishNow) {
    EngineSearch out;
    if (!isRunning()) {
        out.error = m_error.empty() ? "engine '" + m_name + "' is not running" : m_error;
        return out;
    }
    core::Position root  = start;
    std::string position = "position fen " + core::toFen(start);
    if (!moves.empty())
        position += " moves";
    for (core::Move m : moves) {
        if (!root.isPseudoLegal(m) || !root.isLegal(m)) {
            out.error = "the game handed to the engine has an illegal move";
            return out;
        }
        core::Undo u;
        root.makeMove(m, u);
        position += " " + engineMoveText(m, m_ranks);
    }
    ai::SearchResult result;
    result.rootKey = root.key();
    if (!core::hasLegalMove(root)) {
        out.result = result; // nothing to search: no move, as our engine answers
        return out;
    }
    const EngineOption* multiPv = findOption("MultiPV");
    if (multiPv && limits.multiPv != m_multiPv)
        sendOption(*multiPv, validOptionValue(*multiPv, std::to_string(limits.multiPv)));
    // A search that must not answer from a book (analysis, the review) turns the standard
    // OwnBook option off for its time; the person's value comes back for the next game move.
    if (const EngineOption* book = findOption("OwnBook");
        book && book->type == EngineOption::Type::Check) {
        const std::string want = limits.useBook ? m_ownBook : "false";
        if (want != m_ownBookSent) {
            sendOption(*book, want);
            m_ownBookSent = want;
        }
    }
    const std::string go = goCommand(limits, root.sideToMove());
    if (!m_process.writeLine(position) || !m_process.writeLine(go)) {
        fail("stopped (" + m_process.stop({}, 0) + ")");
        out.error = m_error;
        return out;
    }
    // How long the engine has for its bestmove.
    std::optional<Clock::time_point> deadline;
    int allowedMs = 0;
    if (!limits.infinite) {
        allowedMs = m_timeouts.depthCapMs;
        if (limits.movetime > 0)
            allowedMs = static_cast<int>(limits.movetime) + m_timeouts.graceMs;
        else if (limits.time[0] > 0 || limits.time[1] > 0)
            allowedMs = static_cast<int>(std::min<std::int64_t>(
                            limits.time[core::index(root.sideToMove())], 100'000'000))
                        + m_timeouts.graceMs;
        deadline = Clock::now() + std::chrono::milliseconds(allowedMs);
    }
    // A stop request (cancel, move now, the owner's destruction) wakes the read at once.
    const int wakeFd = m_wake[1];
    auto wake        = [wakeFd] {
        if (wakeFd >= 0) {
            const char c                     = 1;
            [[maybe_unused]] const ssize_t n = ::write(wakeFd, &c, 1);
        }
    };
    std::stop_callback onStop(stop, wake);
    std::stop_callback onFinish(finishNow, wake);
    bool stopSent = false;
    std::vector<ai::SearchInfo> lines;
    std::string line, lastOther, garbage;
    auto sendStop = [&] {
        if (stopSent)
            return;
        stopSent = true;
        m_process.writeLine("stop");
        deadline = Clock::now() + std::chrono::milliseconds(m_timeouts.stopMs);
    };
    for (;;) {
        if (stop.stop_requested() || finishNow.stop_requested())
            sendStop();
        const int wait = deadline ? remainingMs(*deadline) : -1;
        switch (m_process.readLine(line, wait, m_wake[0])) {
        case EngineProcess::Read::Woken: {
            char buf[64];
            while (::read(m_wake[0], buf, sizeof buf) > 0) {
            }
            continue;
        }
        case EngineProcess::Read::Timeout:
            if (stopSent)
                fail("did not stop within " + seconds(m_timeouts.stopMs) + " of 'stop'");
            else
                fail("no bestmove within " + seconds(allowedMs) + " of '" + go + "'"
                     + (lastOther.empty() ? "" : " (its last line: " + quoted(lastOther) + ")"));
            out.error = m_error;
            return out;
        case EngineProcess::Read::Eof:
            fail("stopped during a search (" + m_process.stop({}, m_timeouts.quitMs) + ")");
            out.error = m_error;
            return out;
        case EngineProcess::Read::Line:
            break;
        }
        const auto w = words(line);
        if (w.empty())
            continue;
        if (w[0] == "info") {
            if (auto info = parseInfo(line, root, garbage)) {
                const auto k = static_cast<std::size_t>(std::clamp(info->multiPvIndex, 1, 64) - 1);
                if (lines.size() <= k)
                    lines.resize(k + 1);
                lines[k] = *info;
                if (onInfo && !stop.stop_requested())
                    onInfo(*info);
            }
            continue;
        }
        if (w[0] == "nobestmove") {
            fail("answered 'nobestmove' in a position with legal moves (" + core::toFen(root)
                 + ")");
            out.error = m_error;
            return out;
        }
        if (w[0] != "bestmove") {
            lastOther = line;
            continue;
        }
        if (stop.stop_requested())
            return out; // cancelled: nobody wants the move
        const auto best = w.size() >= 2 ? parseEngineMove(w[1], m_ranks) : std::nullopt;
        if (!best) {
            fail("sent a move it cannot mean: " + quoted(line));
            out.error = m_error;
            return out;
        }
        if (!root.isPseudoLegal(*best) || !root.isLegal(*best)) {
            fail("played the illegal move " + std::string(w[1]) + " in " + core::toFen(root));
            out.error = m_error;
            return out;
        }
        result.best = *best;
        if (w.size() >= 4 && w[2] == "ponder")
            if (auto p = parseEngineMove(w[3], m_ranks))
                result.ponder = *p;
        if (!lines.empty()) {
            const ai::SearchInfo& top = lines.front();
            result.score              = top.score;
            result.mateIn             = top.mateIn;
            result.depth              = top.depth;
            result.nodes              = top.nodes;
            result.timeMs             = top.timeMs;
            result.pv                 = top.pv;
        }
        if (result.pv.empty() || result.pv.front() != result.best)
            result.pv = {result.best};
        std::erase_if(lines, [](const ai::SearchInfo& i) { return i.depth == 0 && i.pv.empty(); });
        result.lines = std::move(lines);
        out.result   = std::move(result);
        return out;
    }
}

} // namespace xq::gui
