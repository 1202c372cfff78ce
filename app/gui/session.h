// GameSession: one game as the person sees it. Owns the core::Game (the truth), the AI worker
// and the review cursor. The UI calls update() once per frame: it polls the worker, re-checks
// every AI move against the current position before playing it, and starts the next search when
// it is the computer's turn. Nothing here blocks: the search runs on the worker's thread.
// No SFML: the tests drive a session directly.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ai/ai_worker.h"
#include "app/gui/settings.h"
#include "core/game.h"

namespace xq::gui {

struct AiSettings {
    int depth        = 6;
    bool useMoveTime = false;
    int moveTimeMs   = 3000;
    ai::SearchLimits limits() const;
};

enum class AiTask { None, Move, Hint, Analyse };

// A move that entered the game, for sounds and animation.
struct MoveEvent {
    core::Move move;
    core::Piece piece    = core::kNoPiece;
    core::Piece captured = core::kNoPiece;
    bool check           = false;
    bool gameOver        = false;
    bool byComputer      = false;
};

class GameSession {
public:
    // Minimum time between a move and the computer's reply being played, so that the person
    // sees the move (and its animation) before the answer lands.
    static constexpr std::int64_t kMinReplyDelayMs = 250;

    GameSession();
    GameSession(const GameSession&)            = delete;
    GameSession& operator=(const GameSession&) = delete;

    void newGame(const core::Position& start, PlayMode mode);
    void loadGame(const core::Game& game, PlayMode mode);
    const core::Game& game() const { return m_game; }
    PlayMode mode() const { return m_mode; }
    void setMode(PlayMode mode);
    void setAiSettings(const AiSettings& s) { m_ai = s; } // from the next search on
    const AiSettings& aiSettings() const { return m_ai; }

    bool isComputerSide(core::Color c) const;
    // The person may move now: game on, not reviewing, and the side to move is theirs.
    bool canHumanMove() const;
    // Plays a person's move if canHumanMove() and the move is legal. Returns whether it did.
    bool humanMove(core::Move m);

    // Once per frame. nowMs: a monotonic clock in milliseconds.
    void update(std::int64_t nowMs);

    // Takes back the person's last move and the reply (to the person's previous turn); cancels a
    // running search. In two-player and analysis modes one move. False when nothing to undo.
    bool undo();
    bool redo();   // replays undone moves up to the person's next turn
    void resign(); // the person's side (the side to move when both or no sides are human)
    void requestHint();
    void moveNow();
    void cancelSearch();
    std::optional<core::Move> hint() const { return m_hint; }

    AiTask aiTask() const { return m_task; }
    bool isThinking() const { return m_task != AiTask::None; }
    // The computer has something to do: a move or hint search, a reply waiting to be played, or
    // its turn has come (the search starts on the next update). Analysis does not count.
    bool isBusy() const;
    // The latest progress of the running (or last) search, and the position it searched.
    const std::optional<ai::SearchInfo>& aiInfo() const { return m_info; }
    const core::Position& aiRoot() const { return m_taskRoot; }

    // Review: show the position after `ply` moves without changing the game.
    bool isReviewing() const { return m_review.has_value(); }
    std::size_t viewPly() const { return m_review ? *m_review : m_game.ply(); }
    void reviewTo(std::size_t ply); // ply >= game ply leaves review mode
    void reviewStep(int delta);
    void reviewHome() { reviewTo(0); }
    void reviewEnd() { reviewTo(m_game.ply()); }
    // Makes the reviewed position the current one: later moves become redo moves.
    void continueFromHere();

    core::Position shownPosition() const;
    core::Move shownLastMove() const;

    std::vector<MoveEvent> takeEvents() { return std::exchange(m_events, {}); }
    // Increases on every change to the game (moves, undo, redo, new game, resignation).
    std::uint64_t changeCount() const { return m_changes; }

private:
    void startTask(AiTask task);
    void playAndRecord(core::Move m, bool byComputer);
    void changed();

    core::Game m_game;
    PlayMode m_mode = PlayMode::PlayRed;
    AiSettings m_ai;
    AiTask m_task = AiTask::None;
    core::Position m_taskRoot;
    core::Key m_analysedKey = 0;
    bool m_analysed         = false;
    std::optional<ai::SearchInfo> m_info;
    std::optional<ai::SearchResult> m_pending; // an AI move waiting for kMinReplyDelayMs
    std::optional<core::Move> m_hint;
    std::optional<std::size_t> m_review;
    std::vector<MoveEvent> m_events;
    std::uint64_t m_changes   = 0;
    std::int64_t m_nowMs      = 0;
    std::int64_t m_lastMoveMs = -1'000'000;
    ai::AiWorker m_worker; // last: destroyed (joined) first
};

} // namespace xq::gui
