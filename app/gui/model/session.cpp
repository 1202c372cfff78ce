#include "app/gui/model/session.h"

#include <algorithm>

#include "core/fen.h"
#include "core/movegen.h"

namespace xq::gui {

ai::SearchLimits AiSettings::limits(bool playing) const {
    ai::SearchLimits l;
    if (playing && level > 0) {
        // The level's own node limit replaces the depth and the time; it plays from the book
        // as it did when its strength was measured.
        l.level   = level;
        l.threads = threads;
        return l;
    }
    if (useMoveTime)
        l.movetime = moveTimeMs;
    else
        l.depth = depth;
    // The book holds moves of depth-11 searches: the easiest levels play their own moves.
    l.useBook = useMoveTime || depth >= kBookMinDepth;
    l.threads = threads;
    return l;
}

std::vector<ai::SearchInfo> sortedByScore(std::vector<ai::SearchInfo> lines) {
    auto rank = [](const ai::SearchInfo& i) -> long long {
        constexpr long long kMate = 1'000'000'000;
        if (i.pv.empty())
            return -4 * kMate;
        if (i.mateIn > 0)
            return kMate - i.mateIn;
        if (i.mateIn < 0)
            return -kMate - i.mateIn;
        return i.score;
    };
    std::stable_sort(
        lines.begin(), lines.end(),
        [&](const ai::SearchInfo& a, const ai::SearchInfo& b) { return rank(a) > rank(b); });
    return lines;
}

GameSession::GameSession()
    : m_tree(*core::parseFen(core::kStartFen))
    , m_engines(32) {}

void GameSession::newGame(const core::Position& start, PlayMode mode, const ClockSettings& clock) {
    cancelSearch();
    cancelGameReview();
    m_tree          = GameTree(start, core::RuleConfig{.ruleSet = m_ruleSet});
    m_riskAccepted  = kNoNode;
    m_clockSettings = clock;
    m_clockPaused   = false;
    restoreClocks();
    m_mode = mode;
    m_review.reset();
    m_hint.reset();
    m_notes.clear();
    ++m_notesVersion;
    m_engines.ours().clearHash();
    changed();
}

void GameSession::loadTree(const GameTree& tree, PlayMode mode, const ClockSettings& clock,
                           std::array<std::int64_t, 2> left) {
    cancelSearch();
    cancelGameReview();
    m_tree         = tree;
    m_riskAccepted = kNoNode;
    m_tree.setRules(core::RuleConfig{.ruleSet = m_ruleSet});
    m_mode = mode;
    m_review.reset();
    m_hint.reset();
    m_tree.selectLine(GameTree::kRoot, SIZE_MAX);
    m_clockSettings = clock;
    m_clockPaused   = false;
    restoreClocks(left);
    readNotes();
    changed();
}

void GameSession::setRuleSet(core::RuleSet rules) {
    if (rules == m_ruleSet)
        return;
    m_ruleSet            = rules;
    core::RuleConfig cfg = m_tree.rules();
    cfg.ruleSet          = rules;
    m_tree.setRules(cfg);
    changed();
}

GameSession::RepetitionRisk GameSession::repetitionRisk(core::Move m) const {
    if (!m_tree.isLegal(m) || m_tree.isOver())
        return {};
    const core::Game played = m_tree.playedGame();
    const core::Color mover = m_tree.position().sideToMove();
    if (m_riskAccepted != kNoNode && m_riskAcceptedBy == mover && m_tree.valid(m_riskAccepted)) {
        const auto& line      = m_tree.line();
        const std::size_t ply = m_tree.ply();
        const auto d          = static_cast<std::size_t>(m_tree.depth(m_riskAccepted));
        if (d >= 1 && d <= ply && line[d - 1] == m_riskAccepted
            && ply - d <= static_cast<std::size_t>(m_tree.position().quietPlies()))
            return {};
    }
    auto losesFor = [mover](const core::GameResult& r) {
        return r.isRepetitionLoss() && r.detail.violator == mover;
    };
    if (const core::GameResult now = played.resultIfPlayed(m); losesFor(now))
        return {now, true};
    if (const core::GameResult later = played.cycleVerdictIfPlayed(m); losesFor(later))
        return {later, false};
    return {};
}

core::PgnGame GameSession::pgn() const {
    const NodeId redo = redoNode();
    core::PgnGame out = m_tree.toPgn(redo);
    // The main line as written (moves taken back left out) and its result: the rules' verdict,
    // or the tree's adjudication where that line ends (the cursor's, or the main line's end).
    core::Game main(m_tree.start(), m_tree.rules());
    std::vector<NodeId> mainNodes;
    for (NodeId n = GameTree::kRoot;;) {
        NodeId next = kNoNode;
        for (NodeId c : m_tree.node(n).children)
            if (c != redo) {
                next = c;
                break;
            }
        if (next == kNoNode || !main.forcePlay(m_tree.node(next).move))
            break;
        mainNodes.push_back(next);
        n = next;
    }
    main.adjudicate(m_tree.adjudication(mainNodes.empty() ? GameTree::kRoot : mainNodes.back()));
    out.result = main.result().pgnResult();
    // A game the repetition rules decided says why, as core's pgnFromGame does: a Termination
    // tag and the verdict after the last move (once: a game read back already has it).
    const core::GameResult r = main.result();
    if ((r.reason == core::Reason::Repetition || r.reason == core::Reason::PerpetualCheck)
        && !mainNodes.empty() && out.main.moves.size() >= mainNodes.size()) {
        out.setTag("Termination", r.isRepetitionLoss() ? "rules infraction" : "normal");
        std::string& comment  = out.main.moves[mainNodes.size() - 1].comment;
        const std::string why = r.describe();
        if (comment.find(why) == std::string::npos)
            comment = comment.empty() ? why : comment + " " + why;
    }
    if (r.reason == core::Reason::Time || r.reason == core::Reason::TimeNoMating)
        out.setTag("Termination", "time forfeit");
    // The clock: its settings, and the clocks now (the running one included) while the game
    // goes on, for it to go on where it stopped.
    if (timed()) {
        ClockTags clock{m_clockSettings.control, m_clockSettings.casual,
                        m_clockSettings.computerOnClock};
        if (!isOver())
            clock.left = {clockLeft(core::Color::Red), clockLeft(core::Color::Black)};
        for (const auto& [name, value] : clockTags(clock))
            out.setTag(name, value);
    }
    return out;
}

bool GameSession::isComputerSide(core::Color c) const {
    switch (m_mode) {
    case PlayMode::PlayRed:
        return c == core::Color::Black;
    case PlayMode::PlayBlack:
        return c == core::Color::Red;
    case PlayMode::ComputerBoth:
        return true;
    case PlayMode::TwoPlayers:
    case PlayMode::Analysis:
        return false;
    }
    return false;
}

bool GameSession::isBusy() const {
    return (m_task != AiTask::None && m_task != AiTask::Analyse && m_task != AiTask::Ponder)
           || m_pending || (!m_tree.isOver() && isComputerSide(m_tree.position().sideToMove()));
}

bool GameSession::canHumanMove() const {
    return !m_tree.isOver() && !m_review && !isComputerSide(m_tree.position().sideToMove());
}

bool GameSession::humanMove(core::Move m) {
    if (!canHumanMove() || !m_tree.isLegal(m))
        return false;
    // The move pondered on: the search goes on as the computer's move (its time limits start).
    const bool hit = m_task == AiTask::Ponder && m == m_ponderedMove;
    if (m_task == AiTask::Hint || m_task == AiTask::Analyse || (m_task == AiTask::Ponder && !hit))
        cancelSearch();
    playAndRecord(m, false);
    if (hit) {
        ++m_ponderHits;
        m_taskRoot = m_tree.position();
        if (m_info && !m_info->pv.empty() && m_info->pv.front() == m) {
            m_info->pv.erase(m_info->pv.begin());
            m_info->score  = -m_info->score;
            m_info->mateIn = -m_info->mateIn;
        }
        if (m_ponderResult) {
            m_task = AiTask::None;
            if (m_ponderResult->rootKey == m_tree.position().key()
                && m_tree.isLegal(m_ponderResult->best))
                m_pending = std::move(*m_ponderResult);
            m_ponderResult.reset();
        } else {
            m_task = AiTask::Move;
            m_engines.ours().ponderHit();
        }
    }
    return true;
}

bool GameSession::thinksOnPersonsTime() const {
    // Our engine only: an external opponent plays at its own pace.
    const EngineSettings& engine = m_engines.settings();
    if (m_ai.thinkOnMyTime == 2 || (engine.opponent && !engine.command.empty()))
        return false;
    if (m_ai.thinkOnMyTime == 1)
        return true;
    const core::Color computer =
        m_mode == PlayMode::PlayRed ? core::Color::Black : core::Color::Red;
    return m_ai.level == 0 && (m_mode == PlayMode::PlayRed || m_mode == PlayMode::PlayBlack)
           && onClock(computer);
}

bool GameSession::startPonder() {
    const core::Move m = std::exchange(m_ponderMove, core::Move{});
    if (!m || !thinksOnPersonsTime() || analysisOn() || m_review || m_tree.isOver()
        || !canHumanMove() || !m_tree.isLegal(m))
        return false;
    const core::Color computer = ~m_tree.position().sideToMove();
    if (!isComputerSide(computer))
        return false;
    core::SearchSnapshot snap = m_tree.searchSnapshot();
    core::Undo undo;
    snap.root.makeMove(m, undo);
    snap.keys.push_back(snap.root.key());
    snap.gaveCheck.push_back(snap.root.isInCheck());
    snap.moves.push_back(m);
    if (!core::hasLegalMove(snap.root))
        return false;
    m_taskRoot = m_tree.position(); // the reports are shown from here (see update)
    m_info.reset();
    m_pending.reset();
    m_ponderResult.reset();
    m_ponderedMove = m;
    m_agent        = &m_engines.ours();
    m_engines.ours().start(std::move(snap), moveLimits(true, computer), true);
    m_task = AiTask::Ponder;
    return true;
}

bool GameSession::humanMoveDespiteRisk(core::Move m) {
    const core::Color mover = m_tree.position().sideToMove();
    if (!humanMove(m))
        return false;
    m_riskAccepted   = m_tree.current();
    m_riskAcceptedBy = mover;
    return true;
}

void GameSession::playAndRecord(core::Move m, bool byComputer) {
    if (m_tree.isOver() || !m_tree.isLegal(m))
        return;
    const core::Position before = m_tree.position();
    MoveEvent e;
    e.move       = m;
    e.piece      = before.at(m.from());
    e.captured   = before.at(m.to());
    e.byComputer = byComputer;
    // The move continues the current line at the cursor.
    const std::size_t p   = m_tree.ply();
    const NodeId existing = m_tree.child(m_tree.current(), m);
    const NodeId redo     = m_tree.redoNode();
    if (redo != kNoNode && m_tree.node(redo).move == m) {
        m_tree.redo();
    } else if (existing != kNoNode) {
        // Moves taken back are dropped; the line follows the move already in the tree.
        if (redo != kNoNode)
            m_tree.remove(redo);
        m_tree.selectLine(existing, p + 1);
    } else if (redo != kNoNode) {
        m_tree.selectLine(m_tree.replace(redo, m), p + 1); // replaces the moves taken back
    } else {
        m_tree.selectLine(m_tree.addMove(m_tree.current(), m), p + 1);
    }
    // The mover's clock stops with the move (its increment added); the record keeps its time.
    const core::Color mover = before.sideToMove();
    if (onClock(mover))
        m_tree.node(m_tree.current()).clockMs = m_clock.moveMade(mover, m_nowMs);
    else
        m_clock.pause(m_nowMs);
    e.check    = m_tree.position().isInCheck();
    e.gameOver = m_tree.isOver();
    m_events.push_back(e);
    m_hint.reset();
    m_lastMoveMs = m_nowMs;
    changed();
}

bool GameSession::canReviewMove() const {
    if (!m_review || m_pending || !takeBackAllowed())
        return false;
    return core::hasLegalMove(shownPosition());
}

bool GameSession::reviewMove(core::Move m, bool asVariation) {
    if (!canReviewMove())
        return false;
    const core::Position before = shownPosition();
    if (m.isNone() || !before.isPseudoLegal(m) || !before.isLegal(m))
        return false;
    cancelSearch();
    m_hint.reset();
    const std::size_t r   = *m_review;
    const auto& path      = m_tree.line();
    const NodeId parent   = r == 0 ? GameTree::kRoot : path[r - 1];
    const NodeId existing = m_tree.child(parent, m);
    MoveEvent e;
    e.move     = m;
    e.piece    = before.at(m.from());
    e.captured = before.at(m.to());
    if (existing != kNoNode) {
        // Already there: follow it and keep reviewing.
        if (path[r] != existing)
            m_tree.selectLine(existing, SIZE_MAX);
        reviewTo(r + 1);
    } else {
        m_tree.selectLine(asVariation ? m_tree.addMove(parent, m) : m_tree.replace(path[r], m),
                          r + 1);
        m_review.reset();
    }
    const core::Position after = shownPosition();
    e.check                    = after.isInCheck();
    e.gameOver                 = !m_review && m_tree.isOver();
    m_events.push_back(e);
    m_lastMoveMs = m_nowMs;
    restoreClocks();
    readNotes();
    changed();
    return true;
}

NodeId GameSession::shownNode() const {
    const std::size_t ply = viewPly();
    return ply == 0 ? GameTree::kRoot : m_tree.line()[ply - 1];
}

NodeId GameSession::redoNode() const {
    return m_tree.redoNode();
}

void GameSession::selectNode(NodeId id) {
    if (!m_tree.valid(id))
        return;
    const auto d = static_cast<std::size_t>(m_tree.depth(id));
    if (d == 0 || (d <= m_tree.ply() && m_tree.line()[d - 1] == id)) {
        reviewTo(d);
        return;
    }
    if (!takeBackAllowed()) // another line would take the game's moves back
        return;
    cancelSearch();
    m_hint.reset();
    m_tree.selectLine(id, SIZE_MAX);
    restoreClocks();
    reviewTo(d);
    changed();
}

bool GameSession::promoteVariation(NodeId id) {
    if (!m_tree.valid(id) || !m_tree.promote(id))
        return false;
    ++m_notesVersion;
    changed();
    return true;
}

bool GameSession::deleteVariation(NodeId id) {
    if (!m_tree.valid(id))
        return false;
    const NodeId start = m_tree.variationStart(id);
    if (start == kNoNode)
        return false;
    const auto& path  = m_tree.line();
    const bool onLine = std::find(path.begin(), path.end(), start) != path.end();
    if (onLine && !takeBackAllowed())
        return false;
    const NodeId back = m_tree.removeVariation(id);
    if (onLine) {
        cancelSearch();
        m_hint.reset();
        m_tree.selectLine(back, SIZE_MAX);
        restoreClocks();
        reviewTo(static_cast<std::size_t>(m_tree.depth(back)));
    }
    readNotes();
    changed();
    return true;
}

void GameSession::changed() {
    ++m_changes;
}

void GameSession::setExternalEngine(const EngineSettings& settings, link::EngineTimeouts timeouts) {
    const bool reviewedExternal = m_reviewer != m_engines.ours().name();
    if (!m_engines.configure(settings, timeouts))
        return;
    // The search may be another engine's now (or the same external engine, restarted): it
    // starts again on the next update, and the old engine's lines go.
    const link::EngineUse use =
        m_task == AiTask::Move ? link::EngineUse::Opponent : link::EngineUse::Analysis;
    if (m_agent && (m_agent != &m_engines.ours() || &m_engines.agentFor(use) != m_agent)) {
        cancelSearch();
        m_info.reset();
        m_analysis.clear();
        m_analysisTarget = 0;
        m_analysisDone   = false;
    }
    if (reviewedExternal && m_reviewWorker.isBusy())
        cancelGameReview();
}

void GameSession::engineFailed(std::string message) {
    m_engines.failed();
    m_engineMessages.push_back(std::move(message));
}

// The external engine gets the game from its start (its own rules judge repetitions); ours
// gets the snapshot.
void GameSession::startSearch(link::EngineUse use, const core::SearchSnapshot& snapshot,
                              std::size_t ply, const ai::SearchLimits& limits) {
    m_agent           = &m_engines.agentFor(use);
    const auto& moves = m_tree.moves();
    // Our engine probes the endgame tables on disk (the trainer or xiangqi-egtb made them); an
    // external engine has its own.
    ai::SearchLimits withTables = limits;
    withTables.tablebases       = &m_tablebases;
    m_agent->start({snapshot,
                    m_tree.start(),
                    {moves.begin(), moves.begin() + static_cast<std::ptrdiff_t>(ply)},
                    withTables});
}

void GameSession::startTask(AiTask task) {
    m_taskRoot = m_tree.position();
    m_info.reset();
    m_pending.reset();
    const link::EngineUse use =
        task == AiTask::Move ? link::EngineUse::Opponent : link::EngineUse::Analysis;
    // A playing level is our engine's: an external engine plays at its own strength.
    const bool ours = &m_engines.agentFor(use) == &m_engines.ours();
    startSearch(use, m_tree.searchSnapshot(), m_tree.ply(),
                task == AiTask::Move ? moveLimits(ours) : m_ai.limits(false));
    m_task = task;
}

namespace {
std::uint64_t analysisKey(const core::Position& pos, std::size_t ply, int lines) {
    return pos.key() ^ (static_cast<std::uint64_t>(ply) * 0x9E3779B97F4A7C15ull)
           ^ static_cast<std::uint64_t>(lines);
}
} // namespace

void GameSession::startAnalysis() {
    const std::size_t ply     = viewPly();
    const core::Position root = shownPosition();
    const std::uint64_t key   = analysisKey(root, ply, m_lines);
    if (key != m_analysisTarget)
        m_analysis.clear();
    m_analysisTarget = key;
    m_analysisDone   = false;
    if (!core::hasLegalMove(root)) {
        m_analysisDone = true;
        return;
    }
    m_taskRoot = root;
    m_info.reset();
    m_pending.reset();
    ai::SearchLimits limits;
    limits.infinite = true;
    limits.useBook  = false;
    limits.multiPv  = m_lines;
    startSearch(link::EngineUse::Analysis, m_tree.snapshotAt(ply), ply, limits);
    m_task = AiTask::Analyse;
}

std::optional<egtb::Material> GameSession::missingTable() {
    if (!analysisOn() || m_tableMaker.busy())
        return std::nullopt;
    const core::Position pos = shownPosition();
    if (egtb::piecesBeside(pos) > kTableOnRequestPieces || egtb::piecesBeside(pos) == 0)
        return std::nullopt;
    const egtb::Material m = egtb::Material::of(pos).canonical();
    if (m_tablebases.find(m))
        return std::nullopt;
    return m;
}

bool GameSession::makeTable() {
    const auto m = missingTable();
    if (!m)
        return false;
    m_tableMaker.start(m_tablebases, *m);
    m_tableStarted = true;
    return true;
}

bool GameSession::analysisShown() const {
    return !m_analysis.empty()
           && m_analysisTarget == analysisKey(shownPosition(), viewPly(), m_lines);
}

void GameSession::setAnalysis(bool on) {
    m_analysisOn = on;
    if (!analysisOn()) {
        if (m_task == AiTask::Analyse)
            cancelSearch();
        m_analysis.clear();
        m_analysisTarget = 0;
    }
}

void GameSession::setAnalysisLines(int lines) {
    lines = kAnalysisLinesBound.clamp(lines);
    if (lines == m_lines)
        return;
    m_lines = lines;
    if (m_task == AiTask::Analyse)
        cancelSearch(); // restarted with the new count on the next update
}

void GameSession::cancelSearch() {
    m_engines.cancelAll();
    m_task = AiTask::None;
    m_pending.reset();
    m_ponderResult.reset();
}

void GameSession::update(std::int64_t nowMs) {
    m_nowMs = nowMs;
    updateClock();
    // A table made for the analysis: the search starts again and finds it.
    if (m_tableStarted && !m_tableMaker.busy()) {
        m_tableStarted = false;
        if (!m_tableMaker.finish()) {
            m_tableError = m_tableMaker.error();
        } else {
            // Analysed again, finished or not: restarted on this update, with the table.
            if (m_task == AiTask::Analyse)
                cancelSearch();
            m_analysisDone = false;
            m_analysis.clear(); // the table's one line replaces the search's
        }
    }
    // 1. Progress of the running search; a failed external engine hands the task to ours.
    if (m_agent && m_task != AiTask::None)
        if (auto error = m_agent->pollError()) {
            engineFailed(std::move(*error));
            const AiTask task = m_task;
            m_task            = AiTask::None;
            if (task == AiTask::Analyse)
                startAnalysis();
            else
                startTask(task);
        }
    for (ai::SearchInfo& info : m_agent ? m_agent->pollInfo() : std::vector<ai::SearchInfo>{}) {
        if (m_task == AiTask::Analyse) {
            const auto k = static_cast<std::size_t>(
                std::clamp(info.multiPvIndex, 1, kAnalysisLinesBound.max) - 1);
            if (m_analysis.size() <= k)
                m_analysis.resize(k + 1);
            m_analysis[k] = info;
            if (k != 0)
                continue;
        }
        if (m_task == AiTask::Ponder) {
            // Shown from the person's position: the move expected, then the computer's line,
            // the score from that side's view.
            info.pv.insert(info.pv.begin(), m_ponderedMove);
            info.score  = -info.score;
            info.mateIn = -info.mateIn;
        }
        m_info = std::move(info);
    }
    // 2. A finished search: re-validate against the position the UI holds now.
    if (auto r = m_agent ? m_agent->poll() : std::nullopt) {
        const AiTask task = m_task;
        // A ponder search that has ended (a level's nodes, a mate) waits for the person's move.
        m_task = task == AiTask::Ponder ? AiTask::Ponder : AiTask::None;
        if (task == AiTask::Ponder)
            m_ponderResult = std::move(*r);
        const bool samePosition = r->rootKey == m_tree.position().key();
        if (task == AiTask::Move && samePosition && m_tree.isLegal(r->best))
            m_pending = std::move(*r);
        else if (task == AiTask::Hint && samePosition && m_tree.isLegal(r->best))
            m_hint = r->best;
        else if (task == AiTask::Analyse)
            m_analysisDone = true;
    }
    if (m_pending) {
        if (m_pending->rootKey != m_tree.position().key() || !m_tree.isLegal(m_pending->best))
            m_pending.reset();
        else if (nowMs - m_lastMoveMs >= kMinReplyDelayMs
                 || (onClock(m_tree.position().sideToMove())
                     && clockLeft(m_tree.position().sideToMove()) < kShortOfTimeMs)) {
            // The pause that lets the person see the move is not taken from a short clock.
            const core::Move best = m_pending->best;
            m_ponderMove          = m_pending->ponder;
            m_pending.reset();
            playAndRecord(best, true);
            updateClock();
        }
    }
    // 3. A finished game review: its notes go into the tree.
    if (auto review = m_reviewWorker.poll()) {
        if (!review->error.empty()) {
            engineFailed(std::move(review->error));
            m_reviewer = m_engines.ours().name();
            m_reviewWorker.start(m_reviewGame, m_reviewOptions);
        } else {
            m_reviewMs = nowMs - m_reviewStartMs;
            applyReview(*review, m_reviewNodes);
        }
    }
    // 4. Start the computer when it is its turn; otherwise analyse the shown position.
    const bool computerTurn = !m_tree.isOver() && isComputerSide(m_tree.position().sideToMove());
    if (m_task == AiTask::Ponder && (analysisOn() || !thinksOnPersonsTime()))
        cancelSearch();
    if (m_task == AiTask::Analyse
        && (computerTurn || !analysisOn() || m_reviewWorker.isBusy()
            || m_analysisTarget != analysisKey(shownPosition(), viewPly(), m_lines)))
        cancelSearch();
    if (m_task != AiTask::None || m_pending)
        return;
    if (computerTurn) {
        startTask(AiTask::Move);
        return;
    }
    if (m_ponderMove && startPonder())
        return;
    if (analysisOn() && !m_reviewWorker.isBusy()
        && (!m_analysisDone
            || m_analysisTarget != analysisKey(shownPosition(), viewPly(), m_lines)))
        startAnalysis();
}

bool GameSession::undo() {
    if (!takeBackAllowed())
        return false;
    m_review.reset();
    cancelSearch();
    m_hint.reset();
    m_info.reset(); // the old search's line is not about the position the undo shows
    if (!m_tree.canUndo())
        return false;
    std::size_t target = m_tree.ply() - 1;
    if (m_mode == PlayMode::PlayRed || m_mode == PlayMode::PlayBlack) {
        // Back to the latest earlier ply where the person is to move.
        const core::Color startSide = m_tree.start().sideToMove();
        auto sideAt   = [&](std::size_t ply) { return ply % 2 == 0 ? startSide : ~startSide; };
        std::size_t p = m_tree.ply();
        bool found    = false;
        while (p > 0) {
            --p;
            if (!isComputerSide(sideAt(p))) {
                found = true;
                break;
            }
        }
        if (!found)
            return false;
        target = p;
    }
    while (m_tree.ply() > target)
        m_tree.undo();
    restoreClocks();
    changed();
    return true;
}

bool GameSession::redo() {
    if (!takeBackAllowed())
        return false;
    m_review.reset();
    if (!m_tree.canRedo())
        return false;
    cancelSearch();
    m_hint.reset();
    m_info.reset();
    m_tree.redo();
    // Against the computer, replay its reply too so the person is to move again.
    if ((m_mode == PlayMode::PlayRed || m_mode == PlayMode::PlayBlack) && m_tree.canRedo()
        && isComputerSide(m_tree.position().sideToMove()))
        m_tree.redo();
    restoreClocks();
    changed();
    return true;
}

void GameSession::resign() {
    if (m_tree.isOver())
        return;
    cancelSearch();
    core::Color loser = m_tree.position().sideToMove();
    if (m_mode == PlayMode::PlayRed)
        loser = core::Color::Red;
    else if (m_mode == PlayMode::PlayBlack)
        loser = core::Color::Black;
    m_tree.resign(loser);
    m_review.reset();
    updateClock(); // the clocks stop at the resignation, not at the next frame
    MoveEvent e;
    e.gameOver = true;
    m_events.push_back(e);
    changed();
}

void GameSession::requestHint() {
    if (!canHumanMove() || m_task == AiTask::Move)
        return;
    m_hint.reset();
    startTask(AiTask::Hint);
}

void GameSession::moveNow() {
    if (m_task != AiTask::Move && m_task != AiTask::Hint)
        return;
    if (m_agent)
        m_agent->moveNow();
}

void GameSession::reviewTo(std::size_t ply) {
    if (ply >= m_tree.ply())
        m_review.reset();
    else
        m_review = ply;
    updateClock(); // reviewing stops the clock from now, not from the next frame
}

void GameSession::reviewStep(int delta) {
    const long long target = static_cast<long long>(viewPly()) + delta;
    reviewTo(static_cast<std::size_t>(std::max(0LL, target)));
}

void GameSession::continueFromHere() {
    if (!m_review || !takeBackAllowed())
        return;
    cancelSearch();
    m_hint.reset();
    const std::size_t target = *m_review;
    m_review.reset();
    while (m_tree.ply() > target)
        m_tree.undo();
    restoreClocks();
    changed();
}

core::Position GameSession::shownPosition() const {
    return m_review ? m_tree.positionAt(*m_review) : m_tree.position();
}

core::Move GameSession::shownLastMove() const {
    const std::size_t ply = viewPly();
    return ply == 0 ? core::Move{} : m_tree.moves()[ply - 1];
}

} // namespace xq::gui
