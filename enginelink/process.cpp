#include "enginelink/process.h"

#include <algorithm>
#include <cerrno>
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

extern char** environ;

namespace xq::link {

int remainingMs(Clock::time_point deadline) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return static_cast<int>(std::clamp<long long>(left, 0, 1'000'000'000));
}

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
    ::setpriority(PRIO_PROCESS, static_cast<id_t>(pid), ai::workerNiceValue());
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

} // namespace xq::link
