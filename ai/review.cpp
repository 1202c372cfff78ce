#include "ai/review.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <memory>
#include <utility>

#include "ai/explain.h"
#include "egtb/tablebases.h"

namespace xq::ai {

const char* qualityName(MoveQuality q) {
    switch (q) {
    case MoveQuality::Best:
        return "best";
    case MoveQuality::Good:
        return "good";
    case MoveQuality::Inaccuracy:
        return "inaccuracy";
    case MoveQuality::Mistake:
        return "mistake";
    case MoveQuality::Blunder:
        return "blunder";
    }
    return "?";
}

int qualityNag(MoveQuality q) {
    switch (q) {
    case MoveQuality::Inaccuracy:
        return 6;
    case MoveQuality::Mistake:
        return 2;
    case MoveQuality::Blunder:
        return 4;
    default:
        return 0;
    }
}

namespace {

// The side to move's winning chance (0..1) for a score: a logistic curve on which one chariot
// (about 900 cp) is worth roughly a 90% chance.
double winningChance(int cp) {
    return 1.0 / (1.0 + std::exp(-static_cast<double>(cp) / 400.0));
}

} // namespace

MoveQuality classifyLoss(int lossCp) {
    if (lossCp <= 20)
        return MoveQuality::Best;
    if (lossCp <= 60)
        return MoveQuality::Good;
    if (lossCp <= 120)
        return MoveQuality::Inaccuracy;
    if (lossCp <= 300)
        return MoveQuality::Mistake;
    return MoveQuality::Blunder;
}

MoveQuality classifyMove(int bestScore, int playedScore) {
    const MoveQuality byLoss = classifyLoss(std::max(0, bestScore - playedScore));
    // Walking into a forced mate that the best move avoids is flagged however lost the position
    // was: that is the move a player wants pointed out.
    const int mated = -kReviewMateCp + 100; // folded non-mate scores stop here
    if (playedScore < mated && bestScore >= mated)
        return byLoss;
    const double drop = std::max(0.0, winningChance(bestScore) - winningChance(playedScore));
    const MoveQuality byChance = drop < 0.015  ? MoveQuality::Good
                                 : drop < 0.03 ? MoveQuality::Inaccuracy
                                 : drop < 0.06 ? MoveQuality::Mistake
                                               : MoveQuality::Blunder;
    return std::min(byLoss, byChance);
}

int reviewScore(const SearchResult& r) {
    if (r.mateIn > 0)
        return kReviewMateCp - r.mateIn;
    if (r.mateIn < 0)
        return -kReviewMateCp - r.mateIn;
    return std::clamp(r.score, -kReviewMateCp + 100, kReviewMateCp - 100);
}

double moveAccuracy(int bestScore, int playedScore) {
    const double drop = std::max(0.0, winningChance(bestScore) - winningChance(playedScore));
    // Losing no chance scores 100; losing half of one's chances scores about 8.
    return 100.0 * std::exp(-5.0 * drop);
}

GameReview reviewGame(const core::Game& game, const ReviewOptions& options,
                      const std::atomic<bool>* stop,
                      const std::function<void(int, int)>& progress) {
    Searcher searcher(options.hashMb);
    const PositionSearch search = [&searcher](const core::Game& g, const SearchLimits& limits,
                                              const std::atomic<bool>* stopFlag) {
        return searcher.search(g.searchSnapshot(), limits, StopFlags{stopFlag, nullptr});
    };
    return reviewGame(game, options, search, stop, progress);
}

GameReview reviewGame(const core::Game& game, const ReviewOptions& options,
                      const PositionSearch& search, const std::atomic<bool>* stop,
                      const std::function<void(int, int)>& progress) {
    GameReview review;
    review.depth      = options.depth;
    const auto& moves = game.moves();
    const int total   = static_cast<int>(moves.size()) + 1;
    SearchLimits limits;
    limits.depth      = options.movetimeMs > 0 ? 0 : options.depth;
    limits.movetime   = options.movetimeMs;
    limits.useBook    = false;
    limits.threads    = options.threads; // the search bounds it
    limits.tablebases = options.tablebases;

    // 1. Search every position of the game, start to end (each with its own history, so that
    //    repetition rules apply as in play).
    core::Game replay(game.startPosition(), game.rules());
    std::vector<SearchResult> results;
    results.reserve(static_cast<std::size_t>(total));
    for (int ply = 0; ply < total; ++ply) {
        if (stop && stop->load())
            return review;
        if (replay.isOver()) {
            // A finished game: the loser's side has nothing to search.
            SearchResult r;
            const auto res       = replay.result();
            const bool moverLost = (res.outcome == core::Outcome::RedWins
                                    && replay.position().sideToMove() == core::Color::Black)
                                   || (res.outcome == core::Outcome::BlackWins
                                       && replay.position().sideToMove() == core::Color::Red);
            r.mateIn = moverLost ? -1 : 0;
            r.score  = moverLost ? -kMateScore : 0;
            results.push_back(r);
        } else {
            results.push_back(search(replay, limits, stop));
        }
        if (stop && stop->load())
            return review;
        if (progress)
            progress(ply + 1, total);
        if (ply + 1 < total && !replay.forcePlay(moves[static_cast<std::size_t>(ply)]))
            break;
    }
    // 2. Judge each move by the score it gave up.
    std::unique_ptr<Explainer> explainer;
    if (options.explain) {
        ExplainOptions eo;
        if (options.explainNodes > 0)
            eo.nodes = options.explainNodes;
        eo.notation = options.notation;
        explainer   = std::make_unique<Explainer>(eo);
    }
    core::Game judged(game.startPosition(), game.rules());
    double accSum[2]  = {0, 0};
    int accN[2]       = {0, 0};
    core::Color mover = game.startPosition().sideToMove();
    review.redScores.push_back(mover == core::Color::Red ? reviewScore(results[0])
                                                         : -reviewScore(results[0]));
    for (std::size_t i = 0; i + 1 < results.size(); ++i) {
        MoveReview mr;
        mr.played      = moves[i];
        mr.best        = results[i].best;
        mr.bestLine    = results[i].pv;
        mr.bestScore   = reviewScore(results[i]);
        mr.playedScore = -reviewScore(results[i + 1]);
        mr.loss        = mr.played == mr.best ? 0 : std::max(0, mr.bestScore - mr.playedScore);
        mr.quality =
            mr.played == mr.best ? MoveQuality::Best : classifyMove(mr.bestScore, mr.playedScore);
        if (options.tablebases) {
            const auto before = options.tablebases->probe(game.positionAt(i));
            const auto after  = options.tablebases->probe(game.positionAt(i + 1));
            if (before && after) {
                if (before->wdl == egtb::Wdl::Win && after->wdl != egtb::Wdl::Loss)
                    mr.tablebase = TablebaseMark::ThrewWin;
                else if (before->wdl == egtb::Wdl::Draw && after->wdl == egtb::Wdl::Win)
                    mr.tablebase = TablebaseMark::ThrewDraw;
                if (mr.tablebase != TablebaseMark::None)
                    mr.quality = MoveQuality::Blunder;
            }
        }
        if (explainer && mr.quality >= MoveQuality::Inaccuracy && !(stop && stop->load())) {
            auto why = [](const Explanation& e) {
                return MoveWhy{e.english, e.chinese, factsText(e.facts), e.facts.line};
            };
            mr.whyPlayed =
                why(explainer->explainMove(judged, mr.played, results[i], results[i + 1]));
            if (mr.best && mr.best != mr.played)
                mr.whyBest = why(explainer->explainMove(judged, mr.best, results[i]));
        }
        judged.forcePlay(moves[i]);
        SideSummary& side = mover == core::Color::Red ? review.red : review.black;
        ++side.counts[static_cast<std::size_t>(mr.quality)];
        accSum[index(mover)] +=
            mr.played == mr.best ? 100.0 : moveAccuracy(mr.bestScore, mr.playedScore);
        ++accN[index(mover)];
        review.moves.push_back(std::move(mr));
        const int afterRed =
            mover == core::Color::Red ? -reviewScore(results[i + 1]) : reviewScore(results[i + 1]);
        review.redScores.push_back(afterRed);
        mover = ~mover;
    }
    review.red.accuracy   = accN[0] ? accSum[0] / accN[0] : 100.0;
    review.black.accuracy = accN[1] ? accSum[1] / accN[1] : 100.0;
    review.complete       = review.moves.size() == moves.size();
    return review;
}

void ReviewWorker::start(const core::Game& game, ReviewOptions options,
                         PositionSearchFactory factory) {
    cancel();
    m_progress = {0, static_cast<int>(game.moves().size()) + 1};
    m_busy     = true;
    m_worker.post([game, options, factory = std::move(factory)](Worker<Message>::Context& job) {
        // reviewGame polls an atomic flag; the job's stop token (cancel, destruction) sets it.
        std::atomic<bool> stop{false};
        std::stop_callback onStop(job.stopToken(), [&stop] { stop = true; });
        GameReview r;
        auto progress = [&job](int done, int total) { job.send(Progress{done, total}); };
        try {
            r = factory ? reviewGame(game, options, factory(job.stopToken()), &stop, progress)
                        : reviewGame(game, options, &stop, progress);
        } catch (const std::exception& e) {
            if (stop)
                return;
            r.error = e.what(); // a failed engine: the owner is told, and may review again
            job.send(std::move(r));
            return;
        } catch (...) {
            return; // out of memory: no review rather than a crash
        }
        if (!stop)
            job.send(std::move(r));
    });
}

void ReviewWorker::cancel() {
    m_worker.cancel();
    m_busy = false;
}

std::optional<GameReview> ReviewWorker::poll() {
    std::optional<GameReview> result;
    for (Message& m : m_worker.poll()) {
        if (auto* p = std::get_if<Progress>(&m))
            m_progress = *p;
        else
            result = std::move(std::get<GameReview>(m));
    }
    if (result)
        m_busy = false;
    return result;
}

} // namespace xq::ai
