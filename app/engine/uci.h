// The UCI protocol for xiangqi-engine, with ICCS moves as Pikafish writes them ("h2e2").
// UciEngine reads one line at a time and writes replies to an output stream, so tests can drive
// it without a process. A malformed line prints "info string <reason>" and changes nothing.
#pragma once

#include "core/game.h"

#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace xq::uci {

class UciEngine {
public:
    explicit UciEngine(std::ostream& out);
    ~UciEngine();
    UciEngine(const UciEngine&)            = delete;
    UciEngine& operator=(const UciEngine&) = delete;

    // Handles one input line. Returns false after "quit".
    bool handleLine(std::string_view line);
    // Runs the loop on a stream until "quit" or end of input.
    void run(std::istream& in);

    const core::Game& game() const { return m_game; }

private:
    void cmdPosition(const std::vector<std::string>& words);
    void cmdGo(const std::vector<std::string>& words);
    void cmdDisplay();
    void cmdPerft(int depth);
    void info(const std::string& text);

    std::ostream& m_out;
    core::Game m_game;
};

}  // namespace xq::uci
