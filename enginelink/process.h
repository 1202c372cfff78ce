// One engine child process (POSIX) with its stdin and stdout on a socket pair, so that writing
// to an engine that has died returns an error instead of raising SIGPIPE, in a process group of
// its own so that a wrapper script's children go with it. stderr goes to /dev/null.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

namespace xq::link {

using Clock = std::chrono::steady_clock;
// Milliseconds from now to `deadline`, 0 when it has passed.
int remainingMs(Clock::time_point deadline);

class EngineProcess {
public:
    EngineProcess() = default;
    ~EngineProcess() { kill(); }
    EngineProcess(const EngineProcess&)            = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // Starts argv[0] (looked up in PATH) with the arguments. Empty string or the error.
    std::string start(const std::vector<std::string>& argv);
    bool isRunning() const { return m_pid > 0; }
    pid_t pid() const { return m_pid; } // -1 when none runs
    // Sends one line (a newline is added). False when the engine is gone.
    bool writeLine(std::string_view line);
    enum class Read { Line, Timeout, Eof, Woken };
    // Waits up to timeoutMs (< 0: no limit) for a whole line, or until wakeFd becomes readable.
    Read readLine(std::string& line, int timeoutMs, int wakeFd = -1);
    // Sends quit (when given) and waits up to graceMs for the exit, then kills the group;
    // always reaps. Returns how the process ended ("exited with status 1", "killed by signal 9").
    std::string stop(std::string_view quitCommand = {}, int graceMs = 0);
    void kill() { stop(); }
    // Whether the child has exited (reaped), and how, without waiting.
    std::optional<std::string> exitStatus();

private:
    pid_t m_pid = -1;
    int m_fd    = -1;
    std::string m_buffer;
    std::optional<std::string> m_ended;
};

} // namespace xq::link
