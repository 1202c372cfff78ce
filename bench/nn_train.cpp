// xq-nntrain: fits a small network that corrects the hand-written evaluation (a residual), to
// the same "FEN;target" label files as xq-tune --labels (target in [0, 1], Red's view), and
// writes it as ai/nnue_weights.cpp.
//
//   xq-nntrain --labels FILE [--hidden H] [--epochs N] [--holdout K] [--block B] [--no-tempo]
//              [--lr X] [--l2 X] [--batch N] [--from-shipped] [--out FILE] [--cpp FILE]
//
// The network (ai/nnue.h has the same layout for play): one input per (piece relative to a
// view, point seen from that view), 1,260 in all; the side to move's view and the other side's
// view go through the same first layer into H clipped-linear units each, then one linear output.
// Half of the units see the board mirrored left to right with the weights of the other half, and
// the output weighs each pair alike, so mirroring the files keeps the score exactly; the two
// views make swapping the colours keep it exactly. --no-tempo ties the other side's output
// weights to the negative of the side to move's (and drops the output bias), so that the same
// board with the other side to move scores exactly the opposite: the shipped network is fitted so.
//
// The loss is the squared difference between the target and the logistic curve of the
// hand-written evaluation plus the network's output, with the curve's scale K fitted to the
// hand-written evaluation first (as in xq-tune). Adam, batches of 256 positions, the rate a tenth
// for the last third of the passes. --holdout K keeps every K-th line (with --block B, every K-th
// run of B lines, so that whole games are held out rather than neighbours of fitted positions)
// to report the error on positions not fitted. --cpp FILE writes the weights in fixed point.
// --from-shipped starts from the weights compiled into the engine (ai/nnue_weights.cpp) instead
// of random ones, to refine them on new positions (usually with a smaller --lr).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "ai/evaluate.h"
#include "ai/nnue.h"
#include "core/fen.h"
#include "labels.h"

using namespace xq;

namespace {

using ai::nn::feature;
using ai::nn::kInputs;

struct Sample {
    std::array<std::array<std::uint16_t, 32>, 2> f{}, mf{}; // [view][piece]: stm view first
    std::uint8_t n = 0;
    float base     = 0; // the hand-written evaluation, side to move
    float target   = 0; // side to move
};

double sigmoid(double e, double k) {
    return 1.0 / (1.0 + std::exp(-k * e / 400.0));
}

struct Net {
    int half;             // units per mirror half
    std::vector<float> w; // [kInputs][half]
    std::vector<float> b; // [half]
    std::vector<float> v; // [2][half]: us, them
    float c                          = 0;
    static constexpr float kOutScale = 100.0f;

    explicit Net(int h)
        : half(h)
        , w(static_cast<std::size_t>(kInputs * h))
        , b(static_cast<std::size_t>(h))
        , v(static_cast<std::size_t>(2 * h)) {}
    std::size_t size() const { return w.size() + b.size() + v.size() + 1; }
};

struct Grad {
    std::vector<double> w, b, v;
    double c = 0;
    explicit Grad(const Net& n)
        : w(n.w.size())
        , b(n.b.size())
        , v(n.v.size()) {}
};

// Output in centipawns; with grad, adds d(loss)/d(param) x g where g = d(loss)/d(output).
float forward(const Net& net, const Sample& s, std::vector<float>& act) {
    const int h = net.half;
    act.assign(static_cast<std::size_t>(4 * h), 0.0f);
    float out = net.c;
    for (int p = 0; p < 2; ++p)
        for (int m = 0; m < 2; ++m) {
            float* a = &act[static_cast<std::size_t>((2 * p + m) * h)];
            const auto& idx =
                m ? s.mf[static_cast<std::size_t>(p)] : s.f[static_cast<std::size_t>(p)];
            for (int j = 0; j < h; ++j)
                a[j] = net.b[static_cast<std::size_t>(j)];
            for (int i = 0; i < s.n; ++i) {
                const float* wr =
                    &net.w[static_cast<std::size_t>(idx[static_cast<std::size_t>(i)] * h)];
                for (int j = 0; j < h; ++j)
                    a[j] += wr[j];
            }
            for (int j = 0; j < h; ++j)
                out += net.v[static_cast<std::size_t>(p * h + j)] * std::clamp(a[j], 0.0f, 1.0f);
        }
    return out * Net::kOutScale;
}

void backward(const Net& net, const Sample& s, const std::vector<float>& act, double g, Grad& gr) {
    const int h = net.half;
    g *= Net::kOutScale;
    gr.c += g;
    for (int p = 0; p < 2; ++p)
        for (int m = 0; m < 2; ++m) {
            const float* a = &act[static_cast<std::size_t>((2 * p + m) * h)];
            const auto& idx =
                m ? s.mf[static_cast<std::size_t>(p)] : s.f[static_cast<std::size_t>(p)];
            for (int j = 0; j < h; ++j) {
                gr.v[static_cast<std::size_t>(p * h + j)] += g * std::clamp(a[j], 0.0f, 1.0f);
                if (a[j] <= 0.0f || a[j] >= 1.0f)
                    continue;
                const double da = g * net.v[static_cast<std::size_t>(p * h + j)];
                gr.b[static_cast<std::size_t>(j)] += da;
                for (int i = 0; i < s.n; ++i)
                    gr.w[static_cast<std::size_t>(idx[static_cast<std::size_t>(i)] * h + j)] += da;
            }
        }
}

double loss(const Net& net, const std::vector<Sample>& data, double k) {
    std::vector<float> act;
    double sum = 0;
    for (const Sample& s : data) {
        const double d = s.target - sigmoid(s.base + forward(net, s, act), k);
        sum += d * d;
    }
    return sum / static_cast<double>(data.size());
}

struct Adam {
    std::vector<double> m, v;
    explicit Adam(std::size_t n)
        : m(n)
        , v(n) {}
    template <class T>
    void step(std::vector<T>& p, const std::vector<double>& g, std::size_t off, double lr, int t) {
        const double b1 = 0.9, b2 = 0.999;
        for (std::size_t i = 0; i < p.size(); ++i) {
            double& mi      = m[off + i];
            double& vi      = v[off + i];
            mi              = b1 * mi + (1 - b1) * g[i];
            vi              = b2 * vi + (1 - b2) * g[i] * g[i];
            const double mh = mi / (1 - std::pow(b1, t)), vh = vi / (1 - std::pow(b2, t));
            p[i] -= static_cast<T>(lr * mh / (std::sqrt(vh) + 1e-8));
        }
    }
};

} // namespace

int main(int argc, char** argv) {
    std::string labels, out, cpp;
    int hidden = 2 * ai::nn::kHalf, epochs = 30, holdout = 10, batch = 256;
    bool noTempo = false, fromShipped = false;
    long block = 1; // held-out lines come in runs of this many (whole games, not their neighbours)
    double lr = 1e-3, l2 = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next           = [&] { return i + 1 < argc ? std::string(argv[++i]) : std::string(); };
        if (a == "--labels")
            labels = next();
        else if (a == "--hidden")
            hidden = std::atoi(next().c_str());
        else if (a == "--epochs")
            epochs = std::atoi(next().c_str());
        else if (a == "--holdout")
            holdout = std::atoi(next().c_str());
        else if (a == "--lr")
            lr = std::atof(next().c_str());
        else if (a == "--l2")
            l2 = std::atof(next().c_str());
        else if (a == "--no-tempo")
            noTempo = true;
        else if (a == "--block")
            block = std::max(1L, std::atol(next().c_str()));
        else if (a == "--batch")
            batch = std::atoi(next().c_str());
        else if (a == "--from-shipped")
            fromShipped = true;
        else if (a == "--out")
            out = next();
        else if (a == "--cpp")
            cpp = next();
        else {
            std::fprintf(stderr, "usage: xq-nntrain --labels FILE [--hidden H] [--epochs N] "
                                 "[--holdout K] [--block B] [--no-tempo] [--lr X] [--l2 X] "
                                 "[--batch N] [--from-shipped] [--out FILE] [--cpp FILE]\n");
            return 2;
        }
    }
    if (labels.empty() || hidden < 2 || hidden % 2) {
        std::fprintf(stderr, "xq-nntrain: --labels FILE is needed, --hidden an even number\n");
        return 2;
    }
    if (fromShipped && hidden != 2 * ai::nn::kHalf) {
        std::fprintf(stderr, "xq-nntrain: --from-shipped needs --hidden %d (ai/nnue.h)\n",
                     2 * ai::nn::kHalf);
        return 2;
    }
    std::vector<Sample> data, held;
    const bool read =
        bench::readLabels(labels, [&](const core::Position& pos, float t, long lineNo) {
            Sample s;
            const core::Color us = pos.sideToMove();
            for (int sq = 0; sq < core::kSquares && s.n < 32; ++sq) {
                const core::Piece p = pos.at(static_cast<core::Square>(sq));
                if (p == core::kNoPiece)
                    continue;
                const auto q = static_cast<core::Square>(sq);
                for (int v = 0; v < 2; ++v) {
                    const core::Color view = v == 0 ? us : ~us;
                    s.f[static_cast<std::size_t>(v)][s.n] =
                        static_cast<std::uint16_t>(feature(view, p, q));
                    s.mf[static_cast<std::size_t>(v)][s.n] =
                        static_cast<std::uint16_t>(feature(view, p, core::flipFile(q)));
                }
                ++s.n;
            }
            s.base   = static_cast<float>(ai::handEvaluate(pos, ai::psqScore(pos)));
            s.target = us == core::Color::Red ? t : 1 - t;
            if (std::abs(s.base) < 1500)
                (holdout > 0 && (lineNo / block) % holdout == 0 ? held : data).push_back(s);
        });
    if (!read)
        return 1;
    std::fprintf(stderr, "%zu positions, %zu held out\n", data.size(), held.size());
    if (data.empty())
        return 1;

    Net net(hidden / 2);
    std::mt19937_64 rng(1);
    std::normal_distribution<float> init(0.0f, 0.05f);
    for (float& x : net.w)
        x = init(rng);
    for (float& x : net.b)
        x = 0.5f;
    if (fromShipped) {
        // The fixed-point weights back in the float network's units (ai/nnue.h).
        using ai::nn::kQa, ai::nn::kQv, ai::nn::kWeights;
        for (int f = 0; f < kInputs; ++f)
            for (int j = 0; j < net.half; ++j)
                net.w[static_cast<std::size_t>(f * net.half + j)] =
                    static_cast<float>(kWeights.w[f][j]) / kQa;
        for (int j = 0; j < net.half; ++j) {
            net.b[static_cast<std::size_t>(j)] = static_cast<float>(kWeights.b[j]) / kQa;
            for (int p = 0; p < 2; ++p)
                net.v[static_cast<std::size_t>(p * net.half + j)] =
                    static_cast<float>(kWeights.v[p][j]) / kQv;
        }
        net.c = static_cast<float>(kWeights.c) / (float{kQa} * kQv);
    }
    // The scale K that fits the hand-written evaluation best.
    double k = 1.0;
    {
        Net zero(net.half);
        double best = loss(zero, data, k);
        for (double step = 0.5; step > 0.001; step /= 2)
            for (double cand : {k - step, k + step}) {
                if (cand <= 0)
                    continue;
                const double l = loss(zero, data, cand);
                if (l < best) {
                    best = l;
                    k    = cand;
                }
            }
        std::fprintf(stderr, "K %.3f, hand-written evaluation: train %.6f held-out %.6f\n", k, best,
                     held.empty() ? 0.0 : loss(zero, held, k));
        if (fromShipped)
            std::fprintf(stderr, "shipped network: train %.6f held-out %.6f\n", loss(net, data, k),
                         held.empty() ? 0.0 : loss(net, held, k));
    }
    Adam adam(net.size());
    std::vector<std::size_t> order(data.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::vector<float> act;
    int t = 0;
    for (int ep = 1; ep <= epochs; ++ep) {
        std::shuffle(order.begin(), order.end(), rng);
        const double rate = lr * (ep > epochs * 2 / 3 ? 0.1 : 1.0);
        for (std::size_t start = 0; start < order.size();
             start += static_cast<std::size_t>(batch)) {
            Grad g(net);
            const std::size_t stop =
                std::min(order.size(), start + static_cast<std::size_t>(batch));
            for (std::size_t i = start; i < stop; ++i) {
                const Sample& s = data[order[i]];
                const double o  = forward(net, s, act);
                const double p  = sigmoid(s.base + o, k);
                const double gl = -2.0 * (s.target - p) * p * (1 - p) * k / 400.0;
                backward(net, s, act, gl / static_cast<double>(stop - start), g);
            }
            if (noTempo) {
                // The other side's units weigh exactly the negative of the side to move's, and no
                // bias: the same board with the other side to move scores exactly the opposite.
                for (int j = 0; j < net.half; ++j) {
                    const auto u = static_cast<std::size_t>(j),
                               o = u + static_cast<std::size_t>(net.half);
                    g.v[u] -= g.v[o];
                    g.v[o] = -g.v[u];
                }
                g.c = 0;
            }
            if (l2 > 0)
                for (std::size_t i = 0; i < net.w.size(); ++i)
                    g.w[i] += l2 * net.w[i];
            ++t;
            adam.step(net.w, g.w, 0, rate, t);
            adam.step(net.b, g.b, net.w.size(), rate, t);
            adam.step(net.v, g.v, net.w.size() + net.b.size(), rate, t);
            std::vector<float> cv{net.c};
            adam.step(cv, std::vector<double>{g.c}, net.size() - 1, rate, t);
            net.c = cv[0];
        }
        std::fprintf(stderr, "epoch %d: train %.6f held-out %.6f\n", ep, loss(net, data, k),
                     held.empty() ? 0.0 : loss(net, held, k));
    }
    if (!out.empty()) {
        std::ofstream o(out);
        o << "xqnn " << hidden << '\n';
        for (float x : net.w)
            o << x << ' ';
        o << '\n';
        for (float x : net.b)
            o << x << ' ';
        o << '\n';
        for (float x : net.v)
            o << x << ' ';
        o << '\n' << net.c << '\n';
    }
    if (!cpp.empty()) {
        if (net.half != ai::nn::kHalf) {
            std::fprintf(stderr, "--cpp needs --hidden %d (ai/nnue.h)\n", 2 * ai::nn::kHalf);
            return 1;
        }
        auto q = [](double x, double scale) { return std::lround(x * scale); };
        // The engine's 16-bit accumulators: a bias and any 32 weights of a unit must fit.
        for (int j = 0; j < net.half; ++j) {
            std::vector<long> mags;
            for (int f = 0; f < kInputs; ++f)
                mags.push_back(
                    std::abs(q(net.w[static_cast<std::size_t>(f * net.half + j)], ai::nn::kQa)));
            std::partial_sort(mags.begin(), mags.begin() + 32, mags.end(), std::greater<>());
            long bound = std::abs(q(net.b[static_cast<std::size_t>(j)], ai::nn::kQa));
            for (int i = 0; i < 32; ++i)
                bound += mags[static_cast<std::size_t>(i)];
            if (bound > 32767) {
                std::fprintf(stderr, "unit %d could overflow a 16-bit sum (%ld); not written\n", j,
                             bound);
                return 1;
            }
        }
        std::ofstream o(cpp);
        o << "// Generated by xq-nntrain (bench/nn_train.cpp): " << 2 * net.half
          << " units per view, " << data.size() << " labelled positions,\n// " << epochs
          << " passes" << (noTempo ? ", --no-tempo" : "")
          << (fromShipped ? ", --from-shipped (refining the weights shipped before)" : "")
          << ".\n// See ai/nnue.h, and docs/STRENGTH.md for the data.\n"
             "#include \"ai/nnue.h\"\n\n"
             "namespace xq::ai::nn {\n\n// clang-format off\nconst Weights kWeights = {\n{\n";
        for (int f = 0; f < kInputs; ++f) {
            o << "{";
            for (int j = 0; j < net.half; ++j)
                o << q(net.w[static_cast<std::size_t>(f * net.half + j)], ai::nn::kQa)
                  << (j + 1 < net.half ? "," : "");
            o << "},\n";
        }
        o << "},\n{";
        for (int j = 0; j < net.half; ++j)
            o << q(net.b[static_cast<std::size_t>(j)], ai::nn::kQa) << ",";
        o << "},\n{";
        for (int p = 0; p < 2; ++p) {
            o << "{";
            for (int j = 0; j < net.half; ++j)
                o << q(net.v[static_cast<std::size_t>(p * net.half + j)], ai::nn::kQv) << ",";
            o << "},";
        }
        o << "},\n"
          << q(net.c, double{ai::nn::kQa} * ai::nn::kQv)
          << "\n};\n// clang-format on\n\n} // namespace xq::ai::nn\n";
    }
    return 0;
}
