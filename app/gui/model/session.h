// GameSession: one game as the person sees it. Owns the game (a core::GameTree: the truth), the
// AI worker and the review cursor. The UI calls update() once per frame: it polls the worker,
// re-checks every AI move against the current position before playing it, and starts the next
// search when it is the computer's turn. Nothing here blocks: the search runs on the worker.
// The line being played or viewed is the tree's current line; the tree's cursor on it is where
// play continues (later moves are redo moves), and the review cursor (viewPly) may look back from
// there. A move played while reviewing a past position starts a variation (or replaces the later
// moves, a setting).
// Analysis runs on the shown position when switched on; the whole-game review runs on its own
// worker and writes its verdicts into the tree as comments and NAGs.
// No SFML: the tests drive a session directly.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ai/ai_worker.h"
#include "ai/review.h"
#include "app/gui/model/game_record.h" // the game model's names (GameTree, NodeId)
#include "app/gui/model/review_notes.h"
#include "app/gui/model/settings.h"
#include "app/gui/model/trainer.h"
#include "core/clock.h"
#include "core/game.h"
#include "core/game_tree.h"
#include "core/notation.h"
#include "egtb/tablebases.h"
#include "enginelink/router.h"

namespace xq::gui {

// The computer's search settings; until the person's settings arrive (setAiSettings), the
// settings' defaults, on one thread (the bound's minimum: the same moves on any machine).
struct AiSettings {
    static constexpr int kBookMinDepth = 5; // shallower searches do not use the opening book
    int depth                          = kDepthBound.def;
    bool useMoveTime                   = false;
    int moveTimeMs                     = kMoveTimeBound.def;
    int threads                        = threadsBound().min;
    int level               = kLevelBound.def; // ai/level.h; 0: full strength (depth or time)
    core::Notation notation = core::Notation::Chinese; // of the review's and coach's sentences
    // Think on my time (Settings::thinkOnMyTime): 0 automatic, 1 on, 2 off.
    int thinkOnMyTime = kThinkOnMyTimeBound.def;
    // The limits of the computer's move; hints and analysis pass playing = false and search at
    // full strength whatever the level.
    ai::SearchLimits limits(bool playing = true) const;
};

// How a game is timed: its time control (untimed by default), whether the computer plays on the
// clock (its engine's time management) or by its depth or time per move with only the people's
// clocks running, and whether the game is casual: taking moves back is allowed under a clock
// only then.
struct ClockSettings {
    core::TimeControl control;
    bool computerOnClock                        = true;
    bool casual                                 = false;
    bool operator==(const ClockSettings&) const = default;
};

// The clock settings of new games from the person's settings (an unreadable time control is
// untimed).
ClockSettings clockSettingsOf(const Settings& s);

// Ponder: the computer thinks on the person's time about the reply it expects (after its own
// move's predicted answer); when the person plays that move the search goes on as the move.
enum class AiTask { None, Move, Hint, Analyse, Ponder };

// Analysis lines best first for the side to move: mates it gives (soonest first), then scores,
// then mates it suffers (latest first); equal lines keep their order, lines without a move last.
std::vector<ai::SearchInfo> sortedByScore(std::vector<ai::SearchInfo> lines);

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
    // Under this much time on its clock the computer's reply is played without that pause.
    static constexpr std::int64_t kShortOfTimeMs = 5000;

    GameSession();
    GameSession(const GameSession&)            = delete;
    GameSession& operator=(const GameSession&) = delete;

    void newGame(const core::Position& start, PlayMode mode, const ClockSettings& clock = {});
    // A game with variations and notes (a PGN file); plays along its main line to its end,
    // where the tree's result for it stands (a resignation or loss on time read from [Result]).
    // With a clock (a game read back from a PGN with a TimeControl tag): each side's clock from
    // its last [%clk] on the line, or `left` (Red, Black; -1: from the tree) for the side's time
    // when the game was saved; the clocks run from the next update.
    void loadTree(const GameTree& tree, PlayMode mode, const ClockSettings& clock = {},
                  std::array<std::int64_t, 2> left = {-1, -1});
    // The current line up to where play continues: what the screens show and ask about.
    std::size_t ply() const { return m_tree.ply(); }
    const core::Position& position() const { return m_tree.position(); }
    core::Position positionAt(std::size_t ply) const { return m_tree.positionAt(ply); }
    const std::vector<core::Move>& moves() const { return m_tree.moves(); }
    core::GameResult result() const { return m_tree.result(); }
    bool isOver() const { return m_tree.isOver(); }
    bool canUndo() const { return takeBackAllowed() && m_tree.canUndo(); }
    bool canRedo() const { return takeBackAllowed() && m_tree.canRedo(); }
    bool isLegal(core::Move m) const { return m_tree.isLegal(m); } // in position()
    const GameTree& tree() const { return m_tree; }
    // The tree as PGN (moves taken back and not replayed are left out); tags are the caller's.
    core::PgnGame pgn() const;
    PlayMode mode() const { return m_mode; }
    void setMode(PlayMode mode);
    void setAiSettings(const AiSettings& s) { m_ai = s; } // from the next search on
    const AiSettings& aiSettings() const { return m_ai; }

    bool isComputerSide(core::Color c) const;
    // The person may move now: game on, not reviewing, and the side to move is theirs.
    bool canHumanMove() const;
    // Plays a person's move if canHumanMove() and the move is legal. Returns whether it did.
    bool humanMove(core::Move m);
    // The repetition rules' verdict against the side to move if it played m now: a loss at once
    // (the rule's count reached), or a cycle m closes that would lose when repeated ("playing it
    // again loses"). Ongoing when m is not a losing repetition for the mover.
    struct RepetitionRisk {
        core::GameResult verdict; // Ongoing: no risk
        bool atOnce = false;      // the game ends with m; else m only starts the losing cycle
    };
    // A side is warned once per run of repetitions: after it played a move despite a warning,
    // its moves carry no risk until that move is taken back or a capture ends the run.
    RepetitionRisk repetitionRisk(core::Move m) const;
    // humanMove for a move the person was warned about and chose to play.
    bool humanMoveDespiteRisk(core::Move m);
    // The repetition rule set (the settings' choice); the game in progress is judged again.
    void setRuleSet(core::RuleSet rules);
    // The opening book the computer plays from (the assets' book/book.txt).
    void setBookFile(const std::string& path) { m_engines.ours().setBookPath(path); }
    core::RuleSet ruleSet() const { return m_ruleSet; }

    // Once per frame. nowMs: a monotonic clock in milliseconds.
    void update(std::int64_t nowMs);

    // --- Clocks -----------------------------------------------------------------------------
    // The clock runs for the side to move while the game is on, unless the game is reviewed
    // (a past position shown) or paused; a side whose time runs out loses (a draw when the
    // other side has no piece left that can mate).
    const ClockSettings& clockSettings() const { return m_clockSettings; }
    bool timed() const { return !m_clockSettings.control.untimed(); }
    // Side c plays on the clock: a timed game, and a person, or the computer on the clock.
    bool onClock(core::Color c) const;
    // Time left for side c now (the running clock included), in milliseconds.
    std::int64_t clockLeft(core::Color c) const;
    // The side whose clock runs, if one runs now.
    std::optional<core::Color> clockRunning() const;
    // Pauses or resumes the clocks (the puzzles screen pauses the game).
    void setClockPaused(bool paused);
    // Taking moves back (undo, continue from a past position, a move while reviewing) is
    // allowed in untimed or casual games only: a rated timed game stays finished once over
    // (its positions may still be reviewed).
    bool takeBackAllowed() const;

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
    // Whether the computer thinks on the person's time in this game: the setting's choice, or
    // automatically at full strength when the computer plays on a clock. Our engine only.
    bool thinksOnPersonsTime() const;
    // Moves the person played that the computer had pondered on (since the session began).
    int ponderHits() const { return m_ponderHits; }
    bool isThinking() const { return m_task != AiTask::None; }
    // The computer has something to do: a move or hint search, a reply waiting to be played, or
    // its turn has come (the search starts on the next update). Analysis does not count.
    bool isBusy() const;
    // The latest progress of the running (or last) search, and the position it searched. While
    // pondering, the person's position, with the expected move first in the line.
    const std::optional<ai::SearchInfo>& aiInfo() const { return m_info; }
    const core::Position& aiRoot() const { return m_taskRoot; }

    // Moves while reviewing: the person may play either side from the shown position. The move
    // becomes a variation (or, with variations off, replaces the later moves) and play goes on
    // from it. A move that is already in the tree there just follows it.
    bool canReviewMove() const;
    bool reviewMove(core::Move m, bool asVariation);

    // The tree node of the shown position (the root at ply 0), and the current line's nodes.
    NodeId shownNode() const;
    const std::vector<NodeId>& path() const { return m_tree.line(); }
    // The node that moves taken back start from (left out of the move list and the PGN).
    NodeId redoNode() const;
    // Shows a node of the tree: its line becomes the current one, reviewed at that node.
    void selectNode(NodeId id);
    bool promoteVariation(NodeId id);
    bool deleteVariation(NodeId id);

    // Analysis: the engine analyses the shown position continuously with `lines` best lines.
    void setAnalysis(bool on);
    bool analysisOn() const { return m_analysisOn || m_mode == PlayMode::Analysis; }
    void setAnalysisLines(int lines);
    int analysisLines() const { return m_lines; }
    // The latest line of each rank, from the analysed position, best score first (the lines
    // come from different depths as the search deepens, so their ranks may disagree).
    std::vector<ai::SearchInfo> analysis() const { return sortedByScore(m_analysis); }
    bool analysisShown() const; // the analysis lines belong to the shown position

    // Endgame tables in the analysis. The shown position's table when the analysis is on, the
    // position has at most kTableOnRequestPieces pieces beside the generals and its table is
    // not on disk (nullopt otherwise, and while a table is being made). makeTable() makes it
    // (with the tables one capture away) on a thread of its own; the analysis starts again
    // with it when it is done. A table that cannot be made is said once by takeTableError().
    static constexpr int kTableOnRequestPieces = 3;
    std::optional<egtb::Material> missingTable();
    bool makeTable();
    bool tableMaking() const { return m_tableMaker.busy(); }
    // The table being made now (its name) and the fraction done.
    std::pair<std::string, double> tableProgress() const {
        return {m_tableMaker.current(), m_tableMaker.fraction()};
    }
    std::string takeTableError() { return std::exchange(m_tableError, {}); }

    // The engines (an empty command: ours everywhere; else the external engine where the
    // settings say). When the external engine fails, takeEngineMessages() says why, the task
    // goes on with our engine, and so do the next ones until this is called again (the game
    // screen does on every change of the settings, so the person's next change tries the
    // engine again). A change of engine cancels the searches it concerns and clears their
    // lines. The timeouts are for tests.
    void setExternalEngine(const EngineSettings& settings, link::EngineTimeouts timeouts = {});
    std::vector<std::string> takeEngineMessages() { return std::exchange(m_engineMessages, {}); }
    // Who runs (or last ran) the search and the review: "Xiangqi engine" (ours) or the
    // external engine's name; empty before the first.
    std::string searchEngineName() const { return m_agent ? m_agent->name() : std::string(); }
    const std::string& reviewEngineName() const { return m_reviewer; }

    // Game review of the current line (up to where play continues).
    void startGameReview(int depth);
    void cancelGameReview();
    bool isGameReviewRunning() const { return m_reviewWorker.isBusy(); }
    std::pair<int, int> gameReviewProgress() const { return m_reviewWorker.progress(); }
    // What the running (or last) review was started with.
    const ai::ReviewOptions& gameReviewOptions() const { return m_reviewOptions; }
    // Milliseconds the last finished review took (0 if none).
    std::int64_t lastReviewMs() const { return m_reviewMs; }
    // The review notes of a node (from a review or read from a PGN comment).
    const NodeReview* nodeReview(NodeId id) const;
    // Notes along the current line from the start: the graph's scores (Red's view, one per
    // ply, [0] = the start) while they are continuous, and per-side statistics.
    std::vector<int> lineScores() const;
    std::array<SideStats, 2> lineStats() const;
    // Increases when review notes change (for redraws).
    std::uint64_t notesVersion() const { return m_notesVersion; }

    // Review: show the position after `ply` moves without changing the game.
    bool isReviewing() const { return m_review.has_value(); }
    std::size_t viewPly() const { return m_review ? *m_review : m_tree.ply(); }
    void reviewTo(std::size_t ply); // ply >= game ply leaves review mode
    void reviewStep(int delta);
    void reviewHome() { reviewTo(0); }
    void reviewEnd() { reviewTo(m_tree.ply()); }
    // Makes the reviewed position the current one: later moves become redo moves.
    void continueFromHere();

    core::Position shownPosition() const;
    core::Move shownLastMove() const;

    std::vector<MoveEvent> takeEvents() { return std::exchange(m_events, {}); }
    // Increases on every change to the game (moves, undo, redo, new game, resignation).
    std::uint64_t changeCount() const { return m_changes; }

private:
    void startTask(AiTask task);
    void startAnalysis();
    void playAndRecord(core::Move m, bool byComputer);
    void changed();
    void readNotes(); // m_notes from the tree's comments
    // The clocks as the current line's [%clk] records leave them at the cursor.
    void restoreClocks(std::array<std::int64_t, 2> left = {-1, -1});
    // Starts, pauses or switches the clock as the game's state asks; a flag ends the game.
    void updateClock();
    // The computer's limits for a move: on the clock, the clock's times instead of depth;
    // `level`: the playing level applies (our engine's moves).
    ai::SearchLimits moveLimits(bool level = true) const;
    ai::SearchLimits moveLimits(bool level, core::Color side) const;
    // Starts pondering on m_ponderMove when the setting and the position allow it.
    bool startPonder();
    void applyReview(const ai::GameReview& r, const std::vector<NodeId>& nodes);
    void startSearch(link::EngineUse use, const core::SearchSnapshot& snapshot, std::size_t ply,
                     const ai::SearchLimits& limits);
    void engineFailed(std::string message);

    GameTree m_tree;
    // The node of the last move played despite a repetition warning, and its mover.
    NodeId m_riskAccepted        = kNoNode;
    core::Color m_riskAcceptedBy = core::Color::Red;
    ClockSettings m_clockSettings;
    core::GameClock m_clock;
    bool m_clockPaused = false;
    PlayMode m_mode    = PlayMode::PlayRed;
    bool m_analysisOn  = false;
    int m_lines        = kAnalysisLinesBound.def;
    std::vector<ai::SearchInfo> m_analysis;
    std::uint64_t m_analysisTarget = 0; // (key, ply) of the analysed position
    bool m_analysisDone            = false;
    std::map<NodeId, NodeReview> m_notes;
    std::uint64_t m_notesVersion = 0;
    std::vector<NodeId> m_reviewNodes; // the line the running review judges
    std::int64_t m_reviewStartMs = 0, m_reviewMs = 0;
    AiSettings m_ai;
    core::RuleSet m_ruleSet = core::RuleSet::Asian;
    AiTask m_task           = AiTask::None;
    core::Position m_taskRoot;
    std::optional<ai::SearchInfo> m_info;
    std::optional<ai::SearchResult> m_pending; // an AI move waiting for kMinReplyDelayMs
    core::Move m_ponderMove;   // the person's reply the computer's last move expects
    core::Move m_ponderedMove; // the move the running ponder search assumes
    std::optional<ai::SearchResult> m_ponderResult; // a ponder search that ended before the move
    int m_ponderHits = 0;
    std::optional<core::Move> m_hint;
    std::optional<std::size_t> m_review;
    std::vector<MoveEvent> m_events;
    std::uint64_t m_changes   = 0;
    std::int64_t m_nowMs      = -1; // the last update's time; -1 before the first
    std::int64_t m_lastMoveMs = -1'000'000;
    ai::SearchAgent* m_agent  = nullptr; // who runs (or last ran) the task: one of m_engines'
    std::string m_reviewer;              // who runs (or last ran) the review
    core::Game m_reviewGame; // what the running review judges, to start it again with our engine
    ai::ReviewOptions m_reviewOptions;
    std::vector<std::string> m_engineMessages;
    // The endgame tables in the XDG cache directory, read by our engine's searches and the
    // review; before the workers, which use them until they are joined.
    egtb::Tablebases m_tablebases{egtb::Tablebases::defaultDirectory()};
    TableMaker m_tableMaker; // declared after m_tablebases: its thread ends first
    bool m_tableStarted = false;
    std::string m_tableError;
    ai::ReviewWorker m_reviewWorker;
    link::EngineRouter m_engines; // last: destroyed (joined) first
};

} // namespace xq::gui
