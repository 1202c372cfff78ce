// Puzzle mode without a window: the library of puzzles with the person's progress, owned by the
// shell so that any screen reaches it through the context; the person's progress (solved puzzles
// and mistakes, kept as JSON in the config directory next to the settings), short source names for
// the list, and the PuzzleRunner that runs ai::PuzzleSession's solver calls on a worker thread so
// that the render loop never waits for them (the UI polls once per frame, as with the AI worker).
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ai/puzzle.h"
#include "ai/worker.h"
#include "app/gui/model/settings.h"
#include "core/result.h"

namespace xq::gui {

struct PuzzleRecord {
    bool solved                                = false;
    int mistakes                               = 0;
    bool operator==(const PuzzleRecord&) const = default;
};

struct PuzzleProgress {
    std::map<std::string, PuzzleRecord> puzzles;      // by puzzleKey()
    int current                                  = 0; // the library index last opened (0-based)
    bool operator==(const PuzzleProgress&) const = default;

    int solvedCount() const;
    int mistakeCount() const;
};

// The key of a puzzle: its FEN's board and side to move (move counters do not matter).
std::string puzzleKey(const std::string& fen);
std::string toJson(const PuzzleProgress& p);
core::Expected<PuzzleProgress> puzzleProgressFromJson(std::string_view text);
struct LoadedPuzzleProgress {
    PuzzleProgress progress;
    std::string problem; // a corrupt file: set aside, defaults returned
};
LoadedPuzzleProgress loadPuzzleProgress(const std::filesystem::path& file);
std::string savePuzzleProgress(const std::filesystem::path& file, const PuzzleProgress& p);

// "适情雅趣 No.163", "master game 1198", "engine game", ... for the list.
std::string shortSource(const std::string& source, Language lang);

class PuzzleRunner {
public:
    enum class Kind { None, Play, Hint, Load };
    struct Reply {
        Kind kind = Kind::None;
        ai::PuzzleSession::Outcome outcome; // Play
        core::Move hint;                    // Hint
        bool loaded = false;                // Load: a puzzle was made from the FEN
        std::string error;                  // Load: why not
    };

    PuzzleRunner()  = default;
    ~PuzzleRunner() = default; // the worker joins (a solver call runs to its node budget)
    PuzzleRunner(const PuzzleRunner&)            = delete;
    PuzzleRunner& operator=(const PuzzleRunner&) = delete;

    // Starts a puzzle at once (no solving needed). Ignored while busy.
    bool open(const ai::PuzzleEntry& entry);
    // Requests for the worker thread; each returns false (and does nothing) while busy.
    bool play(core::Move m);
    bool hint();
    bool loadFen(const std::string& fen, int maxMoves);
    bool restart();
    bool busy() const { return m_busy; }
    // The finished request, once.
    std::optional<Reply> poll();
    // The puzzle being solved; only while not busy.
    const ai::PuzzleSession* session() const { return m_busy ? nullptr : m_session.get(); }

private:
    // A reply, and for Load the puzzle made from the FEN (the UI adopts it in poll()).
    struct Answer {
        Reply reply;
        std::shared_ptr<ai::PuzzleSession> made;
    };
    template <class F> bool launch(F work);

    std::shared_ptr<ai::PuzzleSession> m_session; // UI thread; the job holds its own copy
    bool m_busy = false;                          // UI thread only
    ai::Worker<Answer> m_worker;                  // last: joined first
};

// The shipped puzzles, the person's progress and the runner of the puzzle being solved. The
// library file and the progress file are read on first use; problems reading them (a missing
// library, a corrupt progress file set aside) are kept for the shell to show.
class PuzzleLibrary {
public:
    PuzzleLibrary(std::filesystem::path libraryFile, std::filesystem::path progressFile);

    const std::vector<ai::PuzzleEntry>& entries();
    PuzzleProgress& progress();
    // Writes the progress file (atomically); problems are kept like the reading ones.
    void saveProgress();
    PuzzleRunner& runner() { return m_runner; }
    // Messages for the person since the last call (errors only).
    std::vector<std::string> takeProblems() { return std::exchange(m_problems, {}); }

private:
    std::filesystem::path m_libraryFile, m_progressFile;
    std::optional<std::vector<ai::PuzzleEntry>> m_entries;
    std::optional<PuzzleProgress> m_progress;
    std::vector<std::string> m_problems;
    PuzzleRunner m_runner;
};

} // namespace xq::gui
