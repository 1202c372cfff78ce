// The search: iterative deepening over a principal variation search (negamax alpha-beta) with
// aspiration windows, a transposition table, quiescence over captures (all evasions when in
// check, those that check back only for six plies; losing captures only when the static
// exchange says otherwise), a check extension (for checks that do not lose the checking piece),
// a singular extension with multi-cut, null-move pruning, late-move reductions and pruning,
// killers, history and counter-move / follow-up history. Scores are centipawns for the side to
// move; mate at ply p is kMateScore - p.
//
// Rules inside the tree follow core/game.cpp (judgePosition / judgeCycle): no legal move loses
// (stalemate too); a position repeated inside the search ends the line, one that repeats the
// game's earlier positions ends it at the rule's count (the third occurrence), judged as the game
// judges it over the plies since the first occurrence, under the game's rule set: a side whose
// every move there was a forbidden perpetual attack (check; chase under the Asian and Chinese
// rules, core/chase.h) loses, any other repetition is a draw; the natural move limit is a draw.
#include "ai/search.h"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <mutex>
#include <numeric>
#include <random>

#include "ai/book.h"
#include "ai/evaluate.h"
#include "ai/level.h"
#include "ai/movepick.h"
#include "ai/see.h"
#include "ai/threads.h"
#include "ai/timeman.h"
#include "ai/tt.h"
#include "core/chase.h"
#include "core/movegen.h"
#include "egtb/tablebases.h"

namespace xq::ai {

using core::Color;
using core::Key;
using core::Move;
using core::Piece;
using core::PieceType;
using core::Square;

namespace {

constexpr int kMaxPly    = 128;
constexpr int kInf       = 32000;
constexpr int kMateBound = kMateScore - kMaxPly; // |score| >= this: a mate score
// A win by the opponent's perpetual check: big, but below every mate score.
constexpr int kPerpetualWin = 20000;
constexpr int kDrawScore    = 0;
// Positions with at most this many pieces beside the generals are looked up in the endgame
// tables (when the search has them).
constexpr int kTablebasePieces = 6;

int toTt(int score, int ply) {
    if (score >= kMateBound)
        return score + ply;
    if (score <= -kMateBound)
        return score - ply;
    return score;
}

int fromTt(int score, int ply) {
    if (score >= kMateBound)
        return score - ply;
    if (score <= -kMateBound)
        return score + ply;
    return score;
}

int mateInMoves(int score) {
    if (score >= kMateBound)
        return (kMateScore - score + 1) / 2;
    if (score <= -kMateBound)
        return -(kMateScore + score) / 2;
    return 0;
}

struct LmrTable {
    std::array<std::array<std::int8_t, 64>, 64> r{};
    LmrTable() {
        for (int d = 1; d < 64; ++d)
            for (int m = 1; m < 64; ++m)
                r[d][m] = static_cast<std::int8_t>(0.75 + std::log(d) * std::log(m) / 2.75);
    }
};
const LmrTable kLmr;

// Quiescence plies within which an evasion that gives check is still searched.
constexpr int kQsearchCheckBackPlies = 6;

struct StackEntry {
    Packed psq = 0;
    nn::Accumulator acc; // the network's sums for this node's position, once accReady
    nn::Change change;   // what the move into this node changed (for the lazy update)
    bool accReady = false;
    int eval      = 0;
    core::Undo undo;
    Move move; // the move that led to this node (none after a null move or at the root)
    Move killers[2];
    Move excluded;     // set while this node searches every move but this one (singular test)
    int lastNull = -1; // keys index just after the last null move on the path (scan limit)
};

struct RootMove {
    Move move;
    int score     = -kInf;
    int prevScore = -kInf;
    int selDepth  = 0;
    std::vector<Move> pv;
};

// What a search asks of the helpers: the root (a copy the pool owns: the helpers may still be
// stopping after Searcher::search has returned), the node limit of all threads together (0:
// none) and the depth limit (0: none).
struct HelperJob {
    const core::SearchSnapshot* root = nullptr;
    std::uint64_t nodeLimit          = 0;
    int depth                        = 0;
};

} // namespace

// One search thread: its position, stacks, root moves, histories and evaluation cache; only the
// transposition table is shared. The main thread (id 0) runs the iterative deepening the caller
// sees, with the time, node and depth limits and the reports; helpers (id >= 1) search the same
// root on threads of the pool until the main thread is done, filling the shared table.
struct Searcher::SearchThread {
    using Clock = std::chrono::steady_clock;

    SearchThread(TranspositionTable& table, int threadId)
        : tt(table)
        , id(threadId) {}

    TranspositionTable& tt;
    const int id;
    Impl* pool        = nullptr; // the Searcher's threads, for the node totals
    bool otherThreads = false;   // other threads search with this one
    // The main thread's: set by a helper that has finished an iteration at the depth limit, so
    // that the main thread stops and takes that helper's result.
    const std::atomic<bool>* depthReached = nullptr;
    // Whether this search ends when depthReached is set: with one line only, since a helper
    // searches one line and its result stands for the main thread's only then.
    bool helperEndsSearch = false;
    // A helper's last finished iteration: its depth and best root move, guarded by
    // finishedMutex (the main thread reads them while the helper may still be searching).
    std::mutex finishedMutex;
    int finishedDepth = 0;
    RootMove finishedBest;
    History history;
    static constexpr std::size_t kEvalCacheSize = std::size_t{1} << 15; // 256 KiB
    std::vector<std::uint64_t> evalCache        = std::vector<std::uint64_t>(kEvalCacheSize);
    // This thread's node count as of its last poll (every 2,048 nodes) and at its end, for the
    // main thread's totals while it runs.
    std::atomic<std::uint64_t> publishedNodes{0};

    // Per search.
    core::Position pos;
    core::RuleConfig rules;
    std::vector<Key> keys;
    std::vector<std::uint8_t> checks;
    std::vector<Move> gameMoves; // the game's moves before the root: gameMoves[j-1] led to keys[j]
    std::vector<Move> cycleBuf;  // a repeated cycle's moves, for the chase judge
    int base = 0;
    std::array<StackEntry, kMaxPly + 4> ss{};
    std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> pv{};
    std::array<int, kMaxPly + 1> pvLen{};
    std::vector<RootMove> rootMoves;
    std::uint64_t nodes            = 0;
    std::uint64_t nodeLimit        = 0;
    std::uint64_t threatExtensions = 0;
    std::uint64_t tbHitsAtStart    = 0; // the tables' probe count when this search began
    int selDepth                   = 0;
    int rootDepth                  = 0;
    bool stopped                   = false;
    bool canStop                   = false;
    // The singular test's outcomes (SearchResult::singularExtensions, multiCuts).
    std::uint64_t singularExtensions = 0;
    std::uint64_t multiCuts          = 0;
    StopFlags flags;
    Clock::time_point startTime;
    std::int64_t hardMs = 0; // abort the search at this time (0: none)
    std::int64_t softMs = 0; // start no new iteration after this time (0: none)

    std::int64_t elapsedMs() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - startTime)
            .count();
    }
    // The nodes of this search on every thread (the others' as last published).
    std::uint64_t totalNodes() const;

    bool pondering() const { return flags.ponder && flags.ponder->load(std::memory_order_relaxed); }

    // 1. Limits: polled every 2048 nodes (stop flags, deadline, the node limit of all threads
    // together, so that no thread runs far past it); this thread's node limit every node.
    // A helper's finish flag is the pool's.
    void checkLimits() {
        if (!canStop)
            return;
        if (nodeLimit && nodes >= nodeLimit)
            stopped = true;
        if ((nodes & 2047) != 0)
            return;
        publishedNodes.store(nodes, std::memory_order_relaxed);
        if ((flags.abort && flags.abort->load(std::memory_order_relaxed))
            || (flags.finish && flags.finish->load(std::memory_order_relaxed))
            || (hardMs > 0 && !pondering() && elapsedMs() >= hardMs)
            || (nodeLimit && otherThreads && totalNodes() >= nodeLimit)
            || (depthReached && helperEndsSearch && depthReached->load(std::memory_order_relaxed)))
            stopped = true;
    }

    // Makes m at ply, keeping the packed score, the key stack and the check flags.
    // Returns whether the move gives check.
    bool doMove(Move m, int ply) {
        ss[ply + 1].psq      = ss[ply].psq + psqDelta(pos, m);
        ss[ply + 1].change   = nn::changeOf(pos, m);
        ss[ply + 1].accReady = false;
        ss[ply + 1].move     = m;
        ss[ply + 1].lastNull = ss[ply].lastNull;
        pos.makeMove(m, ss[ply].undo);
        tt.prefetch(pos.key());
        const bool check = pos.inCheckAfter(m);
        const auto idx   = static_cast<std::size_t>(base + ply + 1);
        keys[idx]        = pos.key();
        checks[idx]      = check;
        return check;
    }
    void undoMove(int ply) { pos.unmakeMove(ss[ply].undo); }

    // The network's sums at ply, brought up from the nearest ply that has them (the root always
    // does). Most nodes are evaluated, so this is usually one update from the parent.
    const nn::Accumulator& accAt(int ply) {
        auto ready = static_cast<std::size_t>(ply);
        while (!ss[ready].accReady)
            --ready;
        for (auto i = ready + 1; i <= static_cast<std::size_t>(ply); ++i) {
            nn::update(ss[i - 1].acc, ss[i].change, ss[i].acc);
            ss[i].accReady = true;
        }
        return ss[static_cast<std::size_t>(ply)].acc;
    }
    // The static evaluation at ply, through a small cache keyed by the position: about a quarter
    // of the evaluations in a search are of positions evaluated before (bench: 108,365 of
    // 386,391), and a hit skips the hand-written terms and the network alike. An entry is the
    // key's upper 48 bits and the 16-bit evaluation; the low bits pick the slot.
    int evaluateAt(int ply) {
        const Key k         = pos.key();
        std::uint64_t& slot = evalCache[static_cast<std::size_t>(k & (kEvalCacheSize - 1))];
        if (((slot ^ k) >> 16) == 0)
            return static_cast<std::int16_t>(slot & 0xFFFF);
        const int e = evaluate(pos, ss[ply].psq, accAt(ply));
        slot        = (k & ~std::uint64_t{0xFFFF}) | static_cast<std::uint16_t>(e);
        return e;
    }

    void doNull(int ply) {
        ss[ply + 1].psq      = ss[ply].psq;
        ss[ply + 1].change   = nn::Change{};
        ss[ply + 1].accReady = false;
        ss[ply + 1].move     = Move{};
        ss[ply + 1].lastNull = base + ply + 1;
        pos.makeNullMove(ss[ply].undo);
        const auto idx = static_cast<std::size_t>(base + ply + 1);
        keys[idx]      = pos.key();
        checks[idx]    = 0;
    }
    void undoNull(int ply) { pos.unmakeNullMove(ss[ply].undo); }

    // Whether the position at ply repeats an earlier one (same side to move, no capture since);
    // if so, `score` gets the cycle's value for the side to move. Only then are the cycle's
    // moves looked at (core::judgeRepetition: checks, and chases unless the rules are Simple).
    bool repetition(int ply, int& score) {
        if (rules.repetitionCount < 2)
            return false;
        const int n  = base + ply;
        const int lo = std::max({0, n - pos.quietPlies(), ss[ply].lastNull});
        const Key k  = keys[static_cast<std::size_t>(n)];
        for (int i = n - 4; i >= lo; i -= 2) {
            if (keys[static_cast<std::size_t>(i)] != k)
                continue;
            // A repetition of a position inside the search tree ends the line: the side that
            // chose the cycle could have left it. A repetition of a position of the game before
            // the root ends it only at the rule's count, as in the game: before that the side to
            // move may simply leave the cycle. (Scoring such a second occurrence as final made
            // the engine "win" by a perpetual check the opponent then just stopped.) At the
            // rule's count the cycle judged is the rules' one: every ply since the first
            // occurrence, not only the last cycle.
            int first = i, count = 2;
            for (int j = i - 2; j >= lo && count < rules.repetitionCount; j -= 2)
                if (keys[static_cast<std::size_t>(j)] == k) {
                    ++count;
                    first = j;
                }
            if (i <= base && count < rules.repetitionCount)
                return false;
            score = cycleScore(first, n, ply);
            return true;
        }
        return false;
    }

    // The value for the side to move at ply of the cycle of plies first+1 .. n (key indices).
    int cycleScore(int first, int n, int ply) {
        if (rules.ruleSet != core::RuleSet::Simple && cycleMoves(first, n)) {
            const core::GameResult r = core::judgeRepetition(pos, cycleBuf, rules.ruleSet);
            if (r.outcome == core::Outcome::Draw || !r.isOver())
                return kDrawScore;
            const bool weWin =
                (r.outcome == core::Outcome::RedWins) == (pos.sideToMove() == Color::Red);
            return weWin ? kPerpetualWin - ply : -kPerpetualWin + ply;
        }
        // Plies first+1 .. n: ply n was made by the opponent, ply n-1 by us, and so on.
        bool themAll = true, usAll = true;
        for (int j = n; j > first; --j) {
            const bool c = checks[static_cast<std::size_t>(j)] != 0;
            if ((n - j) % 2 == 0)
                themAll = themAll && c;
            else
                usAll = usAll && c;
        }
        if (themAll && !usAll)
            return kPerpetualWin - ply;
        if (usAll && !themAll)
            return -kPerpetualWin + ply;
        return kDrawScore;
    }

    // Fills cycleBuf with the moves that led to keys first+1 .. n: the game's moves before the
    // root, the search stack's after it. False when a move is unknown (no game moves given).
    bool cycleMoves(int first, int n) {
        cycleBuf.clear();
        for (int j = first + 1; j <= n; ++j) {
            Move m;
            if (j > base)
                m = ss[static_cast<std::size_t>(j - base)].move;
            else if (static_cast<std::size_t>(j) <= gameMoves.size())
                m = gameMoves[static_cast<std::size_t>(j - 1)];
            if (!m)
                return false;
            cycleBuf.push_back(m);
        }
        return true;
    }

    bool enoughMaterialForNull(Color c) const {
        // Xiangqi zugzwang is real once a side has little more than its defenders: null-move
        // pruning only when it keeps at least two of chariots, horses and cannons.
        return pos.count(c, PieceType::Rook) * 2 + pos.count(c, PieceType::Horse)
                   + pos.count(c, PieceType::Cannon)
               >= 2;
    }

    Move validTtMove(const TtEntry* e, const core::Position::LegalityContext& ctx) const {
        if (!e || !e->move)
            return Move{};
        const Move m = Move::fromRaw(e->move);
        return pos.isPseudoLegal(m) && pos.isLegal(m, ctx) ? m : Move{};
    }

    // The continuation-history rows (contHistory indices) for the moves that led to ply and to
    // ply - 1; -1 at the root and after a null move. Found once per node and passed on.
    ContRows contRows(int ply) const {
        ContRows rows{-1, -1};
        for (int back = 0; back < 2; ++back)
            if (const int at = ply - back; at >= 1) {
                const nn::Change& c = ss[static_cast<std::size_t>(at)].change;
                if (c.piece != core::kNoPiece)
                    rows[static_cast<std::size_t>(back)] = c.piece * core::kSquares + c.to;
            }
        return rows;
    }

    void updatePv(int ply, Move m) {
        pv[ply][ply] = m;
        for (int i = ply + 1; i < pvLen[ply + 1]; ++i)
            pv[ply][i] = pv[ply + 1][i];
        pvLen[ply] = std::max(pvLen[ply + 1], ply + 1);
    }

    int qsearch(int alpha, int beta, int ply, bool inCheck, int qdepth);
    int search(int alpha, int beta, int depth, int ply, bool inCheck, bool cutNode);
    int searchRoot(int alpha, int beta, int depth, std::size_t pvIdx);
    // Sets up the root: position, key stack, search stack, the legal moves. False when there is
    // none.
    bool setupRoot(const core::SearchSnapshot& root, core::MoveList& legalMoves);
    // The root moves in their first order: the table move, then captures, killers, history.
    void orderRootMoves(const core::MoveList& legalMoves);
    // Clears the killers and ages the history for a new search.
    void newSearch();
    // One iteration's search of line pvIdx at depth, with aspiration windows around its last
    // score; the root moves from pvIdx on come out sorted best first.
    void aspirate(int depth, std::size_t pvIdx);
    // Whether a helper leaves out this depth: helper k takes the depths of a pattern of its own
    // (the first helper every other depth), so that the threads spread over neighbouring
    // depths instead of racing through the same one.
    bool skipsDepth(int depth) const {
        const int size = std::bit_width(static_cast<unsigned>(id));
        return id > 0 && (depth + id) / size % 2 == 1;
    }
    SearchResult run(const core::SearchSnapshot& root, const SearchLimits& limits, StopFlags stop,
                     const InfoCallback& onInfo, const std::string& bookPath, std::mt19937_64& rng);
    // The main thread's result after its iterations: the move, lines and node counts, taken
    // from `completed` (the root moves of the last finished iteration, completedDepth), the
    // unfinished iteration's proven better move, or a deeper helper's iteration.
    SearchResult makeResult(const std::vector<RootMove>& completed, int completedDepth,
                            std::size_t multiPv, const InfoCallback& onInfo);
    void runHelper(const HelperJob& job, const std::atomic<bool>& stop,
                   std::atomic<bool>& depthDone);
};

// What the search threads share, and the helpers' pool (ai/threads.h). A search posts its root
// (copied) to the helpers, and sets their stop flag when the main thread is done (or
// cancelled). Searcher::search returns without waiting for the helpers to notice it: whatever
// touches the table or the search threads next (the next search, clear, resize, the destructor)
// first waits until every helper has finished.
struct Searcher::Impl {
    explicit Impl(std::size_t mb)
        : tt(mb)
        , main(std::make_unique<SearchThread>(tt, 0)) {
        main->pool = this;
    }
    ~Impl() { setHelpers(0); }
    Impl(const Impl&)            = delete;
    Impl& operator=(const Impl&) = delete;

    TranspositionTable tt;
    std::string bookPath;
    egtb::Tablebases* tablebases = nullptr; // this search's (SearchLimits::tablebases)
    std::mt19937_64 rng{std::random_device{}()};
    std::unique_ptr<SearchThread> main;
    std::vector<std::unique_ptr<SearchThread>> helpers; // helpers[i] runs on the pool's thread i
    std::atomic<bool> helpersStop{false};               // the helpers' finish flag
    std::atomic<bool> helperDepthDone{false};           // a helper finished the depth limit
    core::SearchSnapshot jobRoot; // the helpers' root; written only while none runs
    ThreadPool threads;           // declared last: its threads end before the helpers go

    // Ends the pool's threads and starts n new ones (with new search threads); called between
    // searches only.
    void setHelpers(std::size_t n) {
        if (n == helpers.size())
            return;
        waitHelpers();
        threads.resize(0);
        helpers.clear();
        for (std::size_t i = 0; i < n; ++i) {
            helpers.push_back(std::make_unique<SearchThread>(tt, static_cast<int>(i) + 1));
            helpers.back()->pool         = this;
            helpers.back()->otherThreads = true;
        }
        main->otherThreads = n > 0;
        main->depthReached = n > 0 ? &helperDepthDone : nullptr;
        threads.resize(n);
    }

    // Starts the helpers on root (they are idle: search() waited for them first).
    void startHelpers(const core::SearchSnapshot& root, std::uint64_t nodeLimit, int depth) {
        if (helpers.empty())
            return;
        jobRoot = root;
        main->publishedNodes.store(0, std::memory_order_relaxed);
        for (auto& h : helpers) {
            h->publishedNodes.store(0, std::memory_order_relaxed);
            std::lock_guard lock(h->finishedMutex);
            h->finishedDepth = 0;
        }
        helpersStop.store(false, std::memory_order_relaxed);
        helperDepthDone.store(false, std::memory_order_relaxed);
        threads.start([this, work = HelperJob{&jobRoot, nodeLimit, depth}](std::size_t i) {
            helpers[i]->runHelper(work, helpersStop, helperDepthDone);
        });
    }

    // Tells the helpers to stop (they notice within 2,048 nodes); does not wait.
    void stopHelpers() { helpersStop.store(true, std::memory_order_relaxed); }
    // Stops the helpers and waits until none is searching.
    void waitHelpers() {
        if (helpers.empty())
            return;
        stopHelpers();
        threads.wait();
    }

    // The deepest iteration a helper finished, when it is deeper than `depth` (which it then
    // becomes); for a search of one line, whose helpers search that line too.
    bool deeperHelperBest(int& depth, RootMove& best) {
        bool found = false;
        for (const auto& h : helpers) {
            std::lock_guard lock(h->finishedMutex);
            if (h->finishedDepth > depth) {
                best  = h->finishedBest;
                depth = h->finishedDepth;
                found = true;
            }
        }
        return found;
    }

    // Stops the helpers also when the main search leaves early (an exception).
    struct HelperGuard {
        Impl* impl;
        ~HelperGuard() {
            if (impl)
                impl->stopHelpers();
        }
    };
};

std::uint64_t Searcher::SearchThread::totalNodes() const {
    std::uint64_t total = nodes;
    if (pool) {
        if (id != 0)
            total += pool->main->publishedNodes.load(std::memory_order_relaxed);
        for (const auto& h : pool->helpers)
            if (h->id != id)
                total += h->publishedNodes.load(std::memory_order_relaxed);
    }
    return total;
}

int Searcher::SearchThread::qsearch(int alpha, int beta, int ply, bool inCheck, int qdepth) {
    pvLen[ply] = ply;
    ++nodes;
    checkLimits();
    if (stopped)
        return 0;
    selDepth = std::max(selDepth, ply);
    if (ply >= kMaxPly - 1)
        return evaluateAt(ply);
    if (!pos.hasAttackers(Color::Red) && !pos.hasAttackers(Color::Black))
        return kDrawScore;

    // The static evaluation comes before the table probe: about nine probes in ten miss here,
    // and the evaluation's work overlaps the memory load the parent's prefetch started (probing
    // first stalls on it; measured in docs/STRENGTH.md, "Search speed").
    int best = -kInf, standPat = -kInf;
    if (!inCheck)
        standPat = evaluateAt(ply);

    const bool pvNode = beta - alpha > 1;
    TtEntry ttData;
    const TtEntry* tte = tt.probe(pos.key(), ttData);
    if (tte && !pvNode) {
        const int s = fromTt(tte->score, ply);
        if ((tte->bound() == Bound::Exact) || (tte->bound() == Bound::Lower && s >= beta)
            || (tte->bound() == Bound::Upper && s <= alpha))
            return s;
    }

    if (!inCheck) {
        if (standPat >= beta)
            return standPat;
        alpha = std::max(alpha, standPat);
        best  = standPat;
    }

    const auto ctx    = pos.legalityContext(inCheck);
    const Move ttMove = validTtMove(tte, ctx);
    MovePicker picker(pos, history, ttMove, inCheck ? ss[ply].killers : nullptr, !inCheck,
                      contRows(ply));
    Move m, bestMove;
    int orderScore = 0, legal = 0;
    while (picker.next(m, orderScore)) {
        if (!pos.isLegal(m, ctx))
            continue;
        ++legal;
        // Evasions that check back are followed only a few plies: two sides that keep
        // checking each other with quiet moves would otherwise search every evasion of every
        // check to the ply limit, and a first iteration (which cannot be stopped) would not end.
        if (inCheck && qdepth >= kQsearchCheckBackPlies && pos.at(m.to()) == core::kNoPiece
            && pos.givesCheckQuick(m))
            continue;
        if (!inCheck) {
            // Delta pruning and losing captures: skipped unless they could raise alpha.
            const Piece victim = pos.at(m.to());
            if (standPat + kValueEg[static_cast<int>(core::typeOf(victim))] + 150 <= alpha)
                continue;
            // Captures the ordering holds back as probably losing (isBadCapture) are searched
            // only when the static exchange says they do not lose material.
            if (orderScore < kScoreCapture && !staticExchangeAtLeast(pos, m, 0))
                continue;
        }
        const bool check = doMove(m, ply);
        const int score  = -qsearch(-beta, -alpha, ply + 1, check, qdepth + 1);
        undoMove(ply);
        if (stopped)
            return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha    = score;
                bestMove = m;
                updatePv(ply, m);
                if (score >= beta)
                    break;
            }
        }
    }
    // Quiet checks on the first quiescence ply: xiangqi attacks are mostly checks (horse,
    // cannon, chariot), and a capture-only horizon misses the simplest mating threats.
    if (!inCheck && qdepth == 0 && best < beta && !stopped) {
        core::MoveList quiets;
        core::generate(pos, core::GenKind::Quiets, quiets);
        for (const Move q : quiets) {
            if (!pos.givesCheckQuick(q) || !pos.isLegal(q, ctx))
                continue;
            const bool check = doMove(q, ply);
            const int score  = -qsearch(-beta, -alpha, ply + 1, check, qdepth + 1);
            undoMove(ply);
            if (stopped)
                return 0;
            if (score > best) {
                best = score;
                if (score > alpha) {
                    alpha    = score;
                    bestMove = q;
                    updatePv(ply, q);
                    if (score >= beta)
                        break;
                }
            }
        }
    }
    if (inCheck && legal == 0)
        return -kMateScore + ply;
    // Every evasion checked back past the limit above: the position is judged as it stands.
    if (best == -kInf)
        best = evaluateAt(ply);
    const Bound bound = best >= beta ? Bound::Lower : Bound::Upper;
    tt.store(pos.key(), bestMove, toTt(best, ply), inCheck ? 0 : standPat, 0, bound);
    return best;
}

int Searcher::SearchThread::search(int alpha, int beta, int depth, int ply, bool inCheck,
                                   bool cutNode) {
    if (depth <= 0)
        return qsearch(alpha, beta, ply, inCheck, 0);
    pvLen[ply] = ply;
    ++nodes;
    checkLimits();
    if (stopped)
        return 0;
    selDepth          = std::max(selDepth, ply);
    const bool pvNode = beta - alpha > 1;
    StackEntry& e     = ss[static_cast<std::size_t>(ply)];
    if (ply >= kMaxPly - 1)
        return evaluateAt(ply);

    // 1. The rules: repetition cycles, the natural move limit, no attackers left.
    int ruleScore = 0;
    if (repetition(ply, ruleScore))
        return ruleScore;
    if (rules.moveLimitPlies > 0 && pos.quietPlies() >= rules.moveLimitPlies)
        return core::hasLegalMove(pos) ? kDrawScore : -kMateScore + ply;
    if (!pos.hasAttackers(Color::Red) && !pos.hasAttackers(Color::Black))
        return kDrawScore;
    // An endgame table on disk knows the exact result (without the repetition rules, which the
    // lines above already applied to this line).
    if (ply > 0 && pool && pool->tablebases && egtb::piecesBeside(pos) <= kTablebasePieces)
        if (const auto v = pool->tablebases->probe(pos))
            return v->wdl == egtb::Wdl::Draw  ? kDrawScore
                   : v->wdl == egtb::Wdl::Win ? kMateScore - ply - v->dtm
                                              : -kMateScore + ply + v->dtm;
    // 2. Mate distance pruning.
    alpha = std::max(alpha, -kMateScore + ply);
    beta  = std::min(beta, kMateScore - ply - 1);
    if (alpha >= beta)
        return alpha;

    // 3. Transposition table. A singular test searches this node again without its table move:
    // the table's entry is this node's own, so it neither cuts nor is overwritten.
    const Move excluded = e.excluded;
    TtEntry ttData;
    const TtEntry* tte = excluded ? nullptr : tt.probe(pos.key(), ttData);
    if (tte && !pvNode && tte->depth >= depth) {
        const int s = fromTt(tte->score, ply);
        if ((tte->bound() == Bound::Exact) || (tte->bound() == Bound::Lower && s >= beta)
            || (tte->bound() == Bound::Upper && s <= alpha))
            return s;
    }
    const auto ctx    = pos.legalityContext(inCheck);
    const Move ttMove = validTtMove(tte, ctx);
    // A node searched as a principal variation, now or before (its table entry says so): its
    // late moves are reduced a ply less.
    const bool ttPv = pvNode || (tte && tte->wasPv());

    // 4. Static evaluation.
    int eval = -kInf;
    if (!inCheck)
        eval = tte ? tte->eval : evaluateAt(ply);
    e.eval               = eval;
    const bool improving = !inCheck && ply >= 2 && eval > ss[ply - 2].eval;
    const Color us       = pos.sideToMove();
    const bool extend    = ply < 2 * rootDepth; // extensions stop at twice the root depth

    bool mateThreat = false;
    if (!pvNode && !inCheck && !excluded) {
        // 5. Reverse futility pruning: far above beta at low depth.
        if (depth <= 4 && eval - 110 * (depth - improving) >= beta && std::abs(beta) < kMateBound)
            return eval;
        // 6. Null move: give the opponent a free move; if we still beat beta, cut.
        if (depth >= 3 && eval >= beta && e.move && enoughMaterialForNull(us)) {
            const int r = 3 + depth / 3 + std::min(3, (eval - beta) / 200);
            doNull(ply);
            const int score = -search(-beta, -beta + 1, depth - 1 - r, ply + 1, false, !cutNode);
            undoNull(ply);
            if (stopped)
                return 0;
            if (score >= beta)
                return score >= kMateBound ? beta : score;
            // Passing gets us mated: the opponent threatens mate, so look one ply deeper.
            mateThreat = score <= -kMateBound;
        }
    }
    if (mateThreat && extend) {
        ++depth;
        ++threatExtensions;
    }
    // 7. Internal iterative reduction: without a table move, search a little shallower.
    if (!ttMove && depth >= 5 && !excluded)
        --depth;

    // 8. Singular extension: when every other move falls well short of the table move's score
    // at half the depth, the table move is the only one and is searched a ply deeper. When
    // even the others beat beta, two moves refute this node and it is cut at once (multi-cut).
    int singularExt = 0;
    if (tte && ttMove && depth >= 8 && tte->depth >= depth - 3 && tte->bound() != Bound::Upper
        && ply > 0) {
        const int ttScore = fromTt(tte->score, ply);
        if (std::abs(ttScore) < kPerpetualWin - kMaxPly) {
            const int singularBeta = ttScore - 2 * depth;
            e.excluded             = ttMove;
            const int score =
                search(singularBeta - 1, singularBeta, (depth - 1) / 2, ply, inCheck, cutNode);
            e.excluded = Move{};
            if (stopped)
                return 0;
            if (score < singularBeta && extend) {
                singularExt = 1;
                ++singularExtensions;
            } else if (score >= singularBeta && singularBeta >= beta) {
                ++multiCuts;
                return singularBeta;
            }
        }
    }

    // 9. The moves: table move, captures by MVV-LVA, killers, history.
    MovePicker picker(pos, history, ttMove, e.killers, false, contRows(ply));
    const ContRows& rows = picker.rows;
    core::MoveList quietsTried; // the first 64 quiet moves searched (not initialised)
    int quietCount = 0;
    int best = -kInf, legal = 0, orderScore = 0;
    Move m, bestMove;
    const int oldAlpha = alpha;
    while (picker.next(m, orderScore)) {
        if (m == excluded || !pos.isLegal(m, ctx))
            continue;
        tt.prefetch(pos.keyAfter(m));
        ++legal;
        const bool capture = pos.at(m.to()) != core::kNoPiece;
        const bool quiet   = !capture;
        const bool killer  = orderScore == kScoreKiller1 || orderScore == kScoreKiller2;
        const Piece moved  = pos.at(m.from());
        // Asked by the pruning below and by the check extension: computed once per move.
        const bool givesCheck = pos.givesCheckQuick(m);

        // 10. Pruning of late quiet moves at low depth (never when mated scores are at stake).
        if (!pvNode && !inCheck && quiet && !killer && best > -kMateBound && m != ttMove) {
            // Both conditions only grow truer as the loop goes on (more quiets tried, alpha
            // higher), so once a quiet move is pruned every later quiet that gives no check is.
            const int lmpLimit = (3 + depth * depth) / (improving ? 1 : 2) + 2;
            if (((depth <= 4 && quietCount >= lmpLimit)
                 || (depth <= 3 && eval + 90 + 90 * depth <= alpha))
                && !givesCheck) {
                picker.quietsUnordered = true;
                continue;
            }
        }
        // 10b. At low depth, a move whose static exchange loses more than the depth can win
        // back is not searched: captures may lose up to 140 cp a ply (a horse's worth from
        // depth 2, never a chariot's), quiet moves 20 cp times the depth squared. Checks are
        // always searched: pruning losing checks too measured about -50 Elo (docs/STRENGTH.md).
        if (depth <= 6 && !inCheck && best > -kMateBound && !givesCheck) {
            const int margin = capture ? 140 * depth : 20 * depth * depth;
            if (!staticExchangeAtLeast(pos, m, -margin))
                continue;
        }
        // Only checks that do not simply lose the checking piece (static exchange >= 0) are
        // extended at step 11: a sacrificial check is still searched, just not more deeply.
        const bool extendable = extend && givesCheck && staticExchangeAtLeast(pos, m, 0);

        const bool check = doMove(m, ply);
        if (quiet && quietCount < 64) {
            quietsTried.add(m);
            ++quietCount;
        }
        // 11. Check extension, or the singular one.
        const int checkExt = check && extendable ? 1 : 0;
        const int newDepth = depth - 1 + (m == ttMove ? std::max(singularExt, checkExt) : checkExt);
        int score          = 0;
        // 12. Late-move reductions, then the principal variation search re-searches.
        if (depth >= 3 && legal > 1 + pvNode && quiet && !check && !inCheck) {
            int r = kLmr.r[std::min(depth, 63)][std::min(legal, 63)];
            r += cutNode;
            r -= ttPv;
            r -= killer;
            r -= history.quietScore(moved, m.to(), rows) / 10000;
            r     = std::clamp(r, 0, newDepth - 1);
            score = -search(-alpha - 1, -alpha, newDepth - r, ply + 1, check, true);
            if (score > alpha && r > 0)
                score = -search(-alpha - 1, -alpha, newDepth, ply + 1, check, !cutNode);
        } else if (!pvNode || legal > 1) {
            score = -search(-alpha - 1, -alpha, newDepth, ply + 1, check, !cutNode);
        }
        if (pvNode && (legal == 1 || (score > alpha && score < beta)))
            score = -search(-beta, -alpha, newDepth, ply + 1, check, false);
        undoMove(ply);
        if (stopped)
            return 0;

        if (score > best) {
            best = score;
            if (score > alpha) {
                bestMove = m;
                alpha    = score;
                if (pvNode)
                    updatePv(ply, m);
                if (score >= beta) {
                    // 13. A cutoff: reward the quiet move, punish the quiets tried before it.
                    if (quiet) {
                        if (e.killers[0] != m) {
                            e.killers[1] = e.killers[0];
                            e.killers[0] = m;
                        }
                        // Linear in the depth, so that the shallow cutoffs, where most
                        // are found, teach the history as much as the deep ones.
                        const int bonus = std::min(170 * depth - 120, 1600);
                        for (int i = 0; i < quietCount - 1; ++i) {
                            const Move q = quietsTried[static_cast<std::size_t>(i)];
                            history.update(pos.at(q.from()), q.to(), -bonus, rows);
                        }
                        history.update(moved, m.to(), bonus, rows);
                    }
                    break;
                }
            }
        }
    }
    // 14. No legal move: lost, whether in check or not (stalemate loses in xiangqi).
    if (legal == 0)
        return -kMateScore + ply;

    const Bound bound = best >= beta       ? Bound::Lower
                        : alpha > oldAlpha ? Bound::Exact
                                           : Bound::Upper;
    if (!excluded)
        tt.store(pos.key(), bestMove, toTt(best, ply), inCheck ? 0 : eval, depth, bound, ttPv);
    return best;
}

int Searcher::SearchThread::searchRoot(int alpha, int beta, int depth, std::size_t pvIdx) {
    pvLen[0] = 0;
    ++nodes;
    int best = -kInf;
    for (std::size_t i = pvIdx; i < rootMoves.size(); ++i)
        rootMoves[i].score = -kInf;
    // Odd-numbered helpers take the moves after the first in the reverse order: the two threads
    // then refute different root moves at the same time and meet in the middle, each finding
    // the other's finished moves in the table, instead of searching the same moves one after
    // the other (measured in docs/STRENGTH.md, "Time to a fixed depth").
    const std::size_t count = rootMoves.size() - pvIdx;
    const bool reversed     = id % 2 == 1;
    for (std::size_t step = 0; step < count; ++step) {
        const std::size_t i = step == 0 || !reversed ? pvIdx + step : rootMoves.size() - step;
        RootMove& rm        = rootMoves[i];
        selDepth            = 0;
        const bool check    = doMove(rm.move, 0);
        const int newDepth  = depth - 1 + (check ? 1 : 0);
        int score           = 0;
        if (i == pvIdx) {
            score = -search(-beta, -alpha, newDepth, 1, check, false);
        } else {
            score = -search(-alpha - 1, -alpha, newDepth, 1, check, true);
            if (score > alpha && score < beta)
                score = -search(-beta, -alpha, newDepth, 1, check, false);
        }
        undoMove(0);
        if (stopped)
            break;
        if (score > best)
            best = score;
        // Moves that fail low keep -kInf, so the stable sort leaves them in their old order.
        if (i == pvIdx || score > alpha) {
            rm.score    = score;
            rm.selDepth = selDepth;
            rm.pv.assign(1, rm.move);
            for (int k = 1; k < pvLen[1]; ++k)
                rm.pv.push_back(pv[1][k]);
            if (score > alpha) {
                alpha = score;
                if (score >= beta)
                    break;
            }
        }
    }
    return best;
}

bool Searcher::SearchThread::setupRoot(const core::SearchSnapshot& root,
                                       core::MoveList& legalMoves) {
    pos   = root.root;
    rules = root.rules;
    // The key stack: the game's earlier positions, then one slot per search ply.
    keys.assign(root.keys.begin(), root.keys.end());
    checks.assign(root.gaveCheck.begin(), root.gaveCheck.end());
    gameMoves.assign(root.moves.begin(), root.moves.end());
    if (keys.empty() || keys.back() != pos.key() || checks.size() != keys.size()) {
        keys.assign(1, pos.key());
        checks.assign(1, pos.isInCheck());
    }
    if (gameMoves.size() + 1 != keys.size())
        gameMoves.clear();
    base = static_cast<int>(keys.size()) - 1;
    keys.resize(keys.size() + kMaxPly + 4);
    checks.resize(keys.size());
    for (auto& s : ss)
        s = StackEntry{};
    ss[0].psq = psqScore(pos);
    nn::refresh(pos, ss[0].acc);
    ss[0].accReady = true;

    rootMoves.clear();
    legalMoves.clear();
    core::generateLegal(pos, legalMoves);
    return !legalMoves.empty();
}

void Searcher::SearchThread::orderRootMoves(const core::MoveList& legalMoves) {
    ScoredMoves sm;
    sm.moves = legalMoves;
    TtEntry ttData;
    scoreMoves(pos, history, sm, validTtMove(tt.probe(pos.key(), ttData), pos.legalityContext()),
               ss[0].killers, contRows(0));
    Move m;
    int s = 0;
    while (sm.pick(m, s))
        rootMoves.push_back(RootMove{m, -kInf, -kInf, 0, {m}});
}

void Searcher::SearchThread::newSearch() {
    for (auto& s : ss)
        s.killers[0] = s.killers[1] = Move{};
    history.age();
}

void Searcher::SearchThread::aspirate(int depth, std::size_t pvIdx) {
    int delta = 20;
    int prev  = rootMoves[pvIdx].prevScore;
    int alpha = -kInf, beta = kInf;
    if (depth >= 5 && std::abs(prev) < kMateBound) {
        alpha = std::max(prev - delta, -kInf);
        beta  = std::min(prev + delta, kInf);
    }
    for (;;) {
        const int score = searchRoot(alpha, beta, depth, pvIdx);
        std::stable_sort(rootMoves.begin() + static_cast<std::ptrdiff_t>(pvIdx), rootMoves.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        if (stopped)
            break;
        if (score <= alpha) {
            beta  = (alpha + beta) / 2;
            alpha = std::max(score - delta, -kInf);
        } else if (score >= beta) {
            beta = std::min(score + delta, kInf);
        } else {
            break;
        }
        delta += delta;
        if (delta > 1000) {
            alpha = -kInf;
            beta  = kInf;
        }
    }
}

// A helper: iterative deepening over its own depths with one line until the pool's stop flag
// (set when the main thread is done or cancelled) or the node limit of all threads; the main
// worker takes its last finished iteration when that is deeper than its own.
void Searcher::SearchThread::runHelper(const HelperJob& job, const std::atomic<bool>& stop,
                                       std::atomic<bool>& depthDone) {
    startTime          = Clock::now();
    flags              = StopFlags{nullptr, &stop};
    nodes              = 0;
    threatExtensions   = 0;
    singularExtensions = 0;
    multiCuts          = 0;
    stopped            = false;
    canStop            = true;
    hardMs = softMs = 0;
    nodeLimit       = job.nodeLimit;
    core::MoveList legalMoves;
    if (setupRoot(*job.root, legalMoves)) {
        orderRootMoves(legalMoves);
        newSearch();
        const int maxDepth = job.depth > 0 ? job.depth : kMaxDepth;
        for (int depth = 1; depth <= maxDepth && !stopped; ++depth) {
            if (skipsDepth(depth) && depth < maxDepth)
                continue;
            rootDepth = depth;
            for (auto& rm : rootMoves)
                rm.prevScore = rm.score;
            aspirate(depth, 0);
            if (stopped)
                break;
            std::lock_guard lock(finishedMutex);
            finishedDepth = depth;
            finishedBest  = rootMoves[0];
        }
        if (job.depth > 0 && finishedDepth >= job.depth)
            depthDone.store(true, std::memory_order_relaxed);
    }
    publishedNodes.store(nodes, std::memory_order_relaxed);
}

SearchResult Searcher::SearchThread::run(const core::SearchSnapshot& root,
                                         const SearchLimits& limits, StopFlags stop,
                                         const InfoCallback& onInfo, const std::string& bookPath,
                                         std::mt19937_64& rng) {
    startTime = Clock::now();
    SearchResult result;
    result.rootKey     = root.root.key();
    flags              = stop;
    nodes              = 0;
    threatExtensions   = 0;
    singularExtensions = 0;
    multiCuts          = 0;
    stopped            = false;
    canStop            = false;

    core::MoveList legalMoves;
    if (!setupRoot(root, legalMoves)) {
        result.score = -kMateScore;
        result.depth = 0;
        return result;
    }

    // The opening book, when allowed.
    if (limits.useBook) {
        if (const Move bm = bookMove(pos, bookPath, rng); bm && legalMoves.contains(bm)) {
            result.best     = bm;
            result.fromBook = true;
            result.pv       = {bm};
            return result;
        }
    }

    // An endgame table answers the root with its move and the exact distance to mate.
    if (pool && pool->tablebases && egtb::piecesBeside(pos) <= kTablebasePieces) {
        const std::uint64_t hits0 = pool->tablebases->hits();
        if (const auto tb = pool->tablebases->best(pos); tb && legalMoves.contains(tb->move)) {
            const int d          = tb->verdict.dtm;
            result.best          = tb->move;
            result.fromTablebase = true;
            result.score         = tb->verdict.wdl == egtb::Wdl::Draw  ? kDrawScore
                                   : tb->verdict.wdl == egtb::Wdl::Win ? kMateScore - d
                                                                       : -kMateScore + d;
            result.mateIn        = mateInMoves(result.score);
            result.pv            = {tb->move};
            result.depth         = 1;
            result.tbHits        = pool->tablebases->hits() - hits0;
            result.timeMs        = elapsedMs();
            SearchInfo info;
            info.depth     = 1;
            info.score     = result.score;
            info.mateIn    = result.mateIn;
            info.timeMs    = result.timeMs;
            info.tbHits    = result.tbHits;
            info.tablebase = true;
            info.pv        = result.pv;
            result.lines.push_back(info);
            if (onInfo)
                onInfo(info);
            return result;
        }
    }
    tbHitsAtStart = pool && pool->tablebases ? pool->tablebases->hits() : 0;

    // Root order before the first iteration: the table move, then captures.
    orderRootMoves(legalMoves);

    // Time: a hard deadline (abort) and a soft one (no new iteration).
    const TimeBudget budget = timeBudget(limits, pos.sideToMove());
    hardMs                  = budget.hardMs;
    softMs                  = budget.softMs;
    const bool timed        = hardMs > 0;
    nodeLimit               = limits.nodes;
    const int maxDepth      = limits.depth > 0 ? std::clamp(limits.depth, 1, kMaxDepth) : kMaxDepth;
    const std::size_t multiPv = std::min<std::size_t>(
        static_cast<std::size_t>(std::clamp(limits.multiPv, 1, kMaxMultiPv)), rootMoves.size());

    helperEndsSearch = multiPv == 1;
    tt.newSearch();
    newSearch();
    // The helpers start now that the table's generation is set, and stop before the result is
    // made, so that it counts their nodes.
    Impl::HelperGuard helpers{pool};
    if (pool)
        pool->startHelpers(root, limits.nodes, limits.depth > 0 ? maxDepth : 0);

    int completedDepth = 0;
    std::vector<RootMove> completed; // the root moves after the last finished iteration
    for (int depth = 1; depth <= maxDepth; ++depth) {
        rootDepth = depth;
        canStop   = depth > 1; // depth 1 always finishes: there is always a searched move
        for (auto& rm : rootMoves)
            rm.prevScore = rm.score;
        for (std::size_t pvIdx = 0; pvIdx < multiPv && !stopped; ++pvIdx)
            aspirate(depth, pvIdx);
        if (stopped)
            break;
        // The lines searched one after another can disagree slightly: report them best first.
        std::stable_sort(rootMoves.begin(),
                         rootMoves.begin() + static_cast<std::ptrdiff_t>(multiPv),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        completedDepth = depth;
        completed      = rootMoves;

        // Report every line of this iteration.
        if (onInfo) {
            const std::int64_t ms     = elapsedMs();
            const std::uint64_t total = totalNodes();
            for (std::size_t i = 0; i < multiPv; ++i) {
                SearchInfo info;
                info.depth    = depth;
                info.selDepth = std::max(completed[i].selDepth, depth);
                info.score    = completed[i].score;
                info.mateIn   = mateInMoves(completed[i].score);
                info.nodes    = total;
                info.timeMs   = ms;
                info.nps      = static_cast<std::uint64_t>(
                    total * 1000 / static_cast<std::uint64_t>(std::max<std::int64_t>(ms, 1)));
                info.multiPvIndex = static_cast<int>(i) + 1;
                info.pv           = completed[i].pv;
                if (pool && pool->tablebases)
                    info.tbHits = pool->tablebases->hits() - tbHitsAtStart;
                onInfo(info);
            }
        }

        const int best = completed[0].score;
        if (timed && !pondering()) {
            if (softMs > 0 && softMs < hardMs && elapsedMs() >= softMs)
                break;
            if (rootMoves.size() == 1 && depth >= 4)
                break;
            if (std::abs(best) >= kMateBound && depth >= 2 * (kMateScore - std::abs(best)) + 4)
                break;
        }
        if (nodeLimit && totalNodes() >= nodeLimit)
            break;
    }
    if (pool)
        pool->stopHelpers(); // they stop on their own; the next search waits for them
    return makeResult(completed, completedDepth, multiPv, onInfo);
}

SearchResult Searcher::SearchThread::makeResult(const std::vector<RootMove>& completed,
                                                int completedDepth, std::size_t multiPv,
                                                const InfoCallback& onInfo) {
    // The result: the last finished iteration, or a better move proven in the unfinished one;
    // for a single line, the deepest iteration a helper finished when that is deeper.
    SearchResult result;
    result.rootKey         = keys[static_cast<std::size_t>(base)];
    const RootMove* bestRm = &completed[0];
    int depthDone          = completedDepth;
    if (stopped && rootMoves[0].score > -kInf && rootMoves[0].pv.size() >= 1) {
        bestRm = &rootMoves[0];
    }
    RootMove helperBest;
    const bool fromHelper = pool && multiPv == 1 && pool->deeperHelperBest(depthDone, helperBest);
    if (fromHelper)
        bestRm = &helperBest;
    result.best   = bestRm->move;
    result.score  = bestRm->score;
    result.mateIn = mateInMoves(bestRm->score);
    result.pv     = bestRm->pv;
    if (result.pv.size() >= 2)
        result.ponder = result.pv[1];
    result.depth              = depthDone;
    result.threatExtensions   = threatExtensions;
    result.singularExtensions = singularExtensions;
    result.multiCuts          = multiCuts;
    // The helpers' counts as of their last poll (they may still be stopping).
    result.threadNodes.push_back(nodes);
    if (pool)
        for (const auto& h : pool->helpers)
            result.threadNodes.push_back(h->publishedNodes.load(std::memory_order_relaxed));
    result.nodes =
        std::accumulate(result.threadNodes.begin(), result.threadNodes.end(), std::uint64_t{0});
    result.timeMs = elapsedMs();
    if (pool && pool->tablebases)
        result.tbHits = pool->tablebases->hits() - tbHitsAtStart;
    for (std::size_t i = 0; i < multiPv; ++i) {
        const RootMove& line = fromHelper ? *bestRm : completed[i];
        SearchInfo info;
        info.depth        = depthDone;
        info.selDepth     = line.selDepth;
        info.score        = line.score;
        info.mateIn       = mateInMoves(line.score);
        info.nodes        = result.nodes;
        info.timeMs       = result.timeMs;
        info.multiPvIndex = static_cast<int>(i) + 1;
        info.tbHits       = result.tbHits;
        info.pv           = line.pv;
        result.lines.push_back(std::move(info));
    }
    // The last report shows the line played.
    if (fromHelper && onInfo) {
        SearchInfo info = result.lines[0];
        info.selDepth   = std::max(info.selDepth, info.depth);
        info.nps        = static_cast<std::uint64_t>(
            result.nodes * 1000
            / static_cast<std::uint64_t>(std::max<std::int64_t>(result.timeMs, 1)));
        onInfo(info);
    }
    return result;
}

Searcher::Searcher(std::size_t hashMb)
    : m_impl(std::make_unique<Impl>(hashMb)) {}
Searcher::~Searcher() = default;
void Searcher::setHashSize(std::size_t mb) {
    m_impl->waitHelpers();
    m_impl->tt.resize(mb);
}

void Searcher::clear() {
    m_impl->waitHelpers();
    m_impl->tt.clear();
    m_impl->main->history.clear();
    for (auto& h : m_impl->helpers)
        h->history.clear();
}

void Searcher::setBookPath(std::string path) {
    m_impl->bookPath = std::move(path);
}

void Searcher::setSeed(std::uint64_t seed) {
    m_impl->rng.seed(seed);
}

SearchResult Searcher::search(const core::SearchSnapshot& root, const SearchLimits& limits,
                              StopFlags stop, const InfoCallback& onInfo) {
    m_impl->waitHelpers(); // the last search's helpers may still be stopping
    m_impl->tablebases = limits.level <= 0 ? limits.tablebases : nullptr;
    if (limits.level <= 0) {
        m_impl->setHelpers(
            static_cast<std::size_t>(std::clamp(limits.threads, 1, kMaxThreads) - 1));
        return m_impl->main->run(root, limits, stop, onInfo, m_impl->bookPath, m_impl->rng);
    }
    // A level: its search, then its pick among the root lines; the caller sees its own
    // number of lines, and last the line played.
    const SearchLimits levelled = levelLimits(limits, limits.level);
    const int shown             = std::clamp(limits.multiPv, 1, kMaxMultiPv);
    InfoCallback shownOnly;
    if (onInfo)
        shownOnly = [&](const SearchInfo& info) {
            if (info.multiPvIndex <= shown)
                onInfo(info);
        };
    m_impl->setHelpers(0);
    SearchResult r =
        m_impl->main->run(root, levelled, stop, shownOnly, m_impl->bookPath, m_impl->rng);
    const std::size_t pick = chooseLevelLine(r.lines, limits.level, m_impl->rng);
    if (pick > 0 && !r.lines[pick].pv.empty()) {
        const SearchInfo& line = r.lines[pick];
        r.best                 = line.pv[0];
        r.ponder               = line.pv.size() >= 2 ? line.pv[1] : Move{};
        r.score                = line.score;
        r.mateIn               = line.mateIn;
        r.pv                   = line.pv;
        if (onInfo) {
            SearchInfo played   = line;
            played.multiPvIndex = 1;
            onInfo(played);
        }
    }
    if (r.lines.size() > static_cast<std::size_t>(shown))
        r.lines.resize(static_cast<std::size_t>(shown));
    return r;
}

} // namespace xq::ai
