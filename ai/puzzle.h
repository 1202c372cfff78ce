// Puzzle mode logic (no drawing): the puzzle library and one puzzle being solved. The person
// plays the attacking side; each of their moves is checked with the mate solver: a move that
// keeps a forced mate within the moves left is correct and the defender answers with the reply
// that lasts longest; any other move is wrong, and the reply that refutes it is shown.
// play() and hint() run the solver (puzzles are short: typically milliseconds, bounded by a
// node budget); the desktop game calls them from a worker thread.
#pragma once

#include <string>
#include <vector>

#include "ai/mate_solver.h"
#include "core/game.h"

namespace xq::ai {

struct PuzzleEntry {
    std::string fen;
    int mateIn               = 0;
    bool checksOnly          = false; // a 连将杀: every attacking move gives check
    std::uint64_t difficulty = 0;     // nodes the solver needed: a rough difficulty
    std::string source;
};

// Splits a line of the project's data files on the exact separator " ; " (fields kept as they
// are, empty ones included).
std::vector<std::string> splitFields(const std::string& line);

// Reads the library (lines "FEN ; N ; checks|any ; nodes ; source", '#' comments). Lines that
// do not parse are skipped and described in *errors (with their line numbers) when given.
std::vector<PuzzleEntry> loadPuzzles(const std::string& path,
                                     std::vector<std::string>* errors = nullptr);
std::vector<PuzzleEntry> parsePuzzles(const std::string& text,
                                      std::vector<std::string>* errors = nullptr);
// A puzzle from a FEN alone: solved now to find its length. Fails when no mate within maxMoves.
bool puzzleFromFen(const std::string& fen, int maxMoves, PuzzleEntry& out, std::string& error);

class PuzzleSession {
public:
    enum class Verdict { Correct, Solved, Wrong, Illegal };
    struct Outcome {
        Verdict verdict = Verdict::Illegal;
        core::Move reply;    // the defender's answer (Correct), or the refutation (Wrong)
        std::string message; // English explanation, e.g. "Correct: mate in 2 more"
    };

    explicit PuzzleSession(PuzzleEntry entry, std::uint64_t nodeBudget = 3'000'000);

    const PuzzleEntry& entry() const { return m_entry; }
    const core::Game& played() const { return m_game; } // the moves so far
    core::Color attacker() const { return m_attacker; }
    int movesLeft() const { return m_movesLeft; }
    bool isSolved() const { return m_solved; }
    // After a wrong move: the position is back to before it (the person tries again).
    int mistakes() const { return m_mistakes; }

    // The person's move (attacker to move). Plays it and, when correct, the defender's reply.
    Outcome play(core::Move m);
    // The first move of a mating line from here (none when solved or no mate is found).
    core::Move hint();
    void restart();

private:
    MateLimits limits(int moves, MateMode mode) const;

    PuzzleEntry m_entry;
    std::uint64_t m_budget;
    core::Game m_game;
    core::Color m_attacker = core::Color::Red;
    int m_movesLeft        = 0;
    int m_mistakes         = 0;
    bool m_solved          = false;
};

} // namespace xq::ai
