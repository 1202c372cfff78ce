// The statistics of a match: Elo from a score with its 95% interval (from the game results, or
// from the game pairs), the pentanomial counts of game pairs, and the sequential probability
// ratio test (GSPRT, logistic Elo) that stops a match once it has decided between elo0 and
// elo1. Pure functions; the formulas are the usual ones of engine testing (a score s is worth
// -400 log10(1/s - 1) Elo; the LLR of a sample with mean m and variance v is
// n (s1 - s0) (2m - s0 - s1) / (2v)).
#pragma once

#include <array>
#include <string>

namespace xq::match {

// Results of one side: wins, draws, losses.
struct Wdl {
    int wins = 0, draws = 0, losses = 0;
    int games() const { return wins + draws + losses; }
    double score() const; // (wins + draws / 2) / games; 0.5 with no games
};

// Game pairs (one opening, colours swapped) by the first engine's points in the pair:
// [0] both lost, [1] a loss and a draw, [2] two draws or a win and a loss, [3] a win and a
// draw, [4] both won.
struct Penta {
    std::array<int, 5> counts{};
    int pairs() const { return counts[0] + counts[1] + counts[2] + counts[3] + counts[4]; }
    void add(double points) { ++counts[static_cast<std::size_t>(points * 2 + 0.5)]; }
};

double eloFromScore(double score); // +-inf for 1 and 0 are capped at +-2000
double scoreFromElo(double elo);

struct EloEstimate {
    double elo = 0, low = 0, high = 0; // the 95% interval [low, high]
    double margin() const { return (high - low) / 2; }
};
// From the games as independent trials (win, draw, loss).
EloEstimate eloEstimate(const Wdl& r);
// From the game pairs (their variance is smaller when the openings are unbalanced).
EloEstimate eloEstimate(const Penta& p);

struct SprtSpec {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
};
struct SprtState {
    double llr = 0, lower = 0, upper = 0; // stop at llr <= lower (H0) or >= upper (H1)
    enum class Verdict { Continue, H0, H1 } verdict = Verdict::Continue;
};
// From the pairs when there are any, else from the games.
SprtState sprt(const SprtSpec& spec, const Wdl& r, const Penta& p);
std::string describe(const SprtState& s); // "llr 1.23, bounds [-2.94, 2.94]: continue"

} // namespace xq::match
