#include "app/match/stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace xq::match {

namespace {

constexpr double kZ95 = 1.959963984540054; // the normal distribution's 97.5% quantile

// Mean and variance of a sample whose values x[i] occur n[i] times.
struct Moments {
    double mean = 0.5, variance = 0;
    double count = 0;
};
Moments moments(const std::vector<double>& x, const std::vector<int>& n) {
    Moments m;
    for (int c : n)
        m.count += c;
    if (m.count == 0)
        return m;
    m.mean = 0;
    for (std::size_t i = 0; i < x.size(); ++i)
        m.mean += x[i] * n[i] / m.count;
    for (std::size_t i = 0; i < x.size(); ++i)
        m.variance += (x[i] - m.mean) * (x[i] - m.mean) * n[i] / m.count;
    return m;
}

EloEstimate estimate(const Moments& m) {
    EloEstimate e;
    e.elo = eloFromScore(m.mean);
    if (m.count == 0)
        return e;
    const double se = std::sqrt(m.variance / m.count);
    e.low           = eloFromScore(m.mean - kZ95 * se);
    e.high          = eloFromScore(m.mean + kZ95 * se);
    return e;
}

Moments gameMoments(const Wdl& r) {
    return moments({0, 0.5, 1}, {r.losses, r.draws, r.wins});
}
Moments pairMoments(const Penta& p) {
    return moments({0, 0.25, 0.5, 0.75, 1},
                   {p.counts[0], p.counts[1], p.counts[2], p.counts[3], p.counts[4]});
}

} // namespace

double Wdl::score() const {
    return games() == 0 ? 0.5 : (wins + draws / 2.0) / games();
}

double eloFromScore(double score) {
    if (score <= 0)
        return -2000;
    if (score >= 1)
        return 2000;
    return std::clamp(-400 * std::log10(1 / score - 1), -2000.0, 2000.0) + 0.0; // no "-0.0"
}

double scoreFromElo(double elo) {
    return 1 / (1 + std::pow(10.0, -elo / 400));
}

EloEstimate eloEstimate(const Wdl& r) {
    return estimate(gameMoments(r));
}

EloEstimate eloEstimate(const Penta& p) {
    return estimate(pairMoments(p));
}

SprtState sprt(const SprtSpec& spec, const Wdl& r, const Penta& p) {
    SprtState s;
    s.lower         = std::log(spec.beta / (1 - spec.alpha));
    s.upper         = std::log((1 - spec.beta) / spec.alpha);
    const Moments m = p.pairs() > 0 ? pairMoments(p) : gameMoments(r);
    if (m.count == 0 || m.variance <= 0)
        return s;
    const double s0 = scoreFromElo(spec.elo0), s1 = scoreFromElo(spec.elo1);
    s.llr = m.count * (s1 - s0) * (2 * m.mean - s0 - s1) / (2 * m.variance);
    if (s.llr >= s.upper)
        s.verdict = SprtState::Verdict::H1;
    else if (s.llr <= s.lower)
        s.verdict = SprtState::Verdict::H0;
    return s;
}

std::string describe(const SprtState& s) {
    char buf[160];
    const char* verdict = s.verdict == SprtState::Verdict::H1   ? "H1 accepted"
                          : s.verdict == SprtState::Verdict::H0 ? "H0 accepted"
                                                                : "continue";
    std::snprintf(buf, sizeof buf, "llr %.2f, bounds [%.2f, %.2f]: %s", s.llr, s.lower, s.upper,
                  verdict);
    return buf;
}

} // namespace xq::match
