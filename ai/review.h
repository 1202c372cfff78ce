// Game review: the engine goes through a finished (or running) game and judges every move by
// the score it lost against the engine's best move. Scores here are centipawns; mates count as
// +/-kReviewMateCp so that losses stay finite. reviewGame is synchronous (run it on a worker
// thread: ReviewWorker does that for the desktop game).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "ai/search.h"
#include "ai/worker.h"
#include "core/game.h"
#include "core/notation.h"

namespace xq::ai {

constexpr int kReviewMateCp = 3000;

enum class MoveQuality : std::uint8_t { Best, Good, Inaccuracy, Mistake, Blunder };
constexpr int kQualityCount = 5;

const char* qualityName(MoveQuality q); // "best", "good", "inaccuracy", "mistake", "blunder"
// The PGN annotation glyph (NAG) for a quality: 0 (none) for best and good, $6 (?!) for an
// inaccuracy, $2 (?) for a mistake, $4 (??) for a blunder.
int qualityNag(MoveQuality q);
// Thresholds on the centipawns a move lost: <= 20 best, <= 60 good, <= 120 inaccuracy,
// <= 300 mistake, more a blunder. A move equal to the engine's choice is always best.
MoveQuality classifyLoss(int lossCp);
// A move judged from the mover's scores before (best move) and after it: by the centipawns it
// lost, but never worse than the winning chance it lost allows (a drop below 0.015 at most good,
// below 0.03 at most an inaccuracy, below 0.06 at most a mistake). Up to about a chariot ahead
// or behind the centipawns decide; far beyond, what keeps the result is no blunder: +2000 to
// +1100 (a chariot given away two chariots up) drops the chance by 0.053, a mistake; +2900 to
// +2000 by 0.006, good. A move into a forced mate that the best move avoids is judged by
// centipawns alone.
MoveQuality classifyMove(int bestScore, int playedScore);
// Centipawns of a search result for the side to move, mates folded into +/-kReviewMateCp (a
// nearer mate a little larger, so that mate in 2 stays better than mate in 5); other scores
// stop 100 short of it.
int reviewScore(const SearchResult& r);

// What the endgame tables say about a move, when both positions have one: it turned a won
// position into a draw or a loss, or a drawn one into a loss.
enum class TablebaseMark : std::uint8_t { None, ThrewWin, ThrewDraw };

// A move explained in words (ai/explain.h): the sentences and the line they describe, from the
// position before the move; empty when the move was not explained.
struct MoveWhy {
    std::string english;
    std::string chinese;
    std::string facts;            // ai::factsText
    std::vector<core::Move> line; // starts with the move explained
    bool empty() const { return english.empty(); }
};

struct MoveReview {
    core::Move played;
    core::Move best;                  // the engine's choice in the position before the move
    std::vector<core::Move> bestLine; // its principal variation
    int bestScore           = 0;      // mover's view, before the move
    int playedScore         = 0;      // mover's view, after the played move
    int loss                = 0;      // bestScore - playedScore, never negative
    MoveQuality quality     = MoveQuality::Best;
    TablebaseMark tablebase = TablebaseMark::None; // a blunder by the tables when set
    // With ReviewOptions::explain, for an inaccuracy, mistake or blunder: what the played move
    // does or allows, and what the better move does.
    MoveWhy whyPlayed;
    MoveWhy whyBest;
};

struct SideSummary {
    std::array<int, kQualityCount> counts{};
    double accuracy = 100.0; // 0..100, from the winning chances each move kept
};

struct GameReview {
    std::vector<MoveReview> moves; // one per ply
    std::vector<int> redScores;    // evaluation from Red's view after ply i (0 = start)
    SideSummary red, black;
    int depth     = 0;
    bool complete = false; // false when stopped before the end
    std::string error;     // why the review ended early when its searches failed (else empty)
};

struct ReviewOptions {
    int depth               = 10; // search depth per position
    std::int64_t movetimeMs = 0;  // alternative limit per position; 0 = none
    std::size_t hashMb      = 32;
    int threads             = 1; // search threads per position (lazy SMP, as in play)
    // Endgame tables on disk (never made by the review): positions with a table are searched
    // with it, and a move that turns a table win into a draw or loss, or a draw into a loss,
    // is marked as such and counted a blunder. nullptr: none.
    egtb::Tablebases* tablebases = nullptr;
    // Explain every inaccuracy, mistake and blunder and the better move (ai/explain.h), with
    // node-limited searches of its own besides the review's (explainNodes per search; 0: the
    // explainer's default).
    bool explain               = false;
    std::uint64_t explainNodes = 0;
    core::Notation notation    = core::Notation::Chinese; // of the sentences' moves
};

// The search of one position of the review: the game up to that position, the limits, a stop
// flag. Our engine's Searcher by default; another engine may be plugged in (a failure throws).
using PositionSearch =
    std::function<SearchResult(const core::Game&, const SearchLimits&, const std::atomic<bool>*)>;
// Makes a PositionSearch on the review's own thread; the token is the review job's stop token.
using PositionSearchFactory = std::function<PositionSearch(std::stop_token)>;

// Reviews the moves of `game` from its start. `progress(done, total)` is called after each
// position (from the calling thread). Stops early (complete = false) when *stop becomes true.
GameReview reviewGame(const core::Game& game, const ReviewOptions& options,
                      const std::atomic<bool>* stop                 = nullptr,
                      const std::function<void(int, int)>& progress = {});
// The same with each position searched by `search`.
GameReview reviewGame(const core::Game& game, const ReviewOptions& options,
                      const PositionSearch& search, const std::atomic<bool>* stop = nullptr,
                      const std::function<void(int, int)>& progress = {});

// Accuracy (0..100) of one move from the scores before and after it, mover's view.
double moveAccuracy(int bestScore, int playedScore);

// Runs reviewGame on a worker thread for the UI: start() returns at once, poll once per frame.
// Only the owning (UI) thread calls the member functions.
class ReviewWorker {
public:
    ReviewWorker()                               = default;
    ~ReviewWorker()                              = default; // the worker stops the review and joins
    ReviewWorker(const ReviewWorker&)            = delete;
    ReviewWorker& operator=(const ReviewWorker&) = delete;

    // Starts reviewing a copy of `game`; a review still running is cancelled first. With a
    // factory the positions are searched by what it makes (an exception it throws ends the
    // review with GameReview::error set), else by our engine.
    void start(const core::Game& game, ReviewOptions options, PositionSearchFactory factory = {});
    // Stops the review and discards it; does not wait for the thread.
    void cancel();
    bool isBusy() const { return m_busy; }
    // (positions done, positions in all), as of the last poll().
    std::pair<int, int> progress() const { return m_progress; }
    // The finished review, once; also takes the progress reports.
    std::optional<GameReview> poll();

private:
    using Progress = std::pair<int, int>;
    using Message  = std::variant<Progress, GameReview>;

    std::pair<int, int> m_progress{0, 0}; // UI thread only
    bool m_busy = false;                  // UI thread only
    Worker<Message> m_worker;             // last: joined first
};

} // namespace xq::ai
