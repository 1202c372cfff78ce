#include "ai/mate_solver.h"

#include <algorithm>
#include <array>
#include <chrono>

#include "core/movegen.h"
#include "core/tables.h"

namespace xq::ai {

using core::Key;
using core::Move;
using core::MoveList;
using core::Position;
using core::Undo;

std::string_view algorithmName(MateAlgorithm a) {
    switch (a) {
    case MateAlgorithm::AlphaBeta:
        return "alpha-beta";
    case MateAlgorithm::AlphaBetaTT:
        return "alpha-beta + TT";
    case MateAlgorithm::DfPn:
        return "df-pn";
    case MateAlgorithm::DfPnPlus:
        return "df-pn+";
    }
    return "?";
}

namespace {

constexpr std::uint32_t kInf = 1u << 28; // proof or disproof number of a solved node
constexpr int kMaxPlies      = 2 * 64;

// Positions are stored per remaining depth: the same position with more plies left is a
// different question ("mate within d plies?"), so the depth is mixed into the key.
constexpr std::array<Key, kMaxPlies + 1> kDepthKeys = [] {
    std::array<Key, kMaxPlies + 1> keys{};
    Key state = 0xD1B54A32D192ED03ULL;
    for (Key& k : keys)
        k = core::tables::splitMix64(state);
    return keys;
}();

std::uint32_t addSat(std::uint32_t a, std::uint32_t b) {
    return std::min(kInf, a + b);
}

// Proof and disproof numbers (df-pn) or a proved/refuted flag (alpha-beta: pn = 0 proved,
// dn = 0 refuted) per (position, remaining depth). Two-entry buckets; solved entries are kept
// in preference to unsolved ones.
class MateTable {
public:
    struct Entry {
        Key key          = 0;
        std::uint32_t pn = 1;
        std::uint32_t dn = 1;
    };

    explicit MateTable(std::size_t megabytes) {
        std::size_t n = 1;
        while (n * 2 * sizeof(Entry) <= megabytes * 1024 * 1024)
            n *= 2;
        m_entries.resize(n);
        m_mask = n - 1;
    }
    const Entry* probe(Key key) const {
        const std::size_t i = key & m_mask & ~std::size_t{1};
        for (std::size_t j = i; j < i + 2; ++j)
            if (m_entries[j].key == key)
                return &m_entries[j];
        return nullptr;
    }
    void store(Key key, std::uint32_t pn, std::uint32_t dn) {
        const std::size_t i = key & m_mask & ~std::size_t{1};
        Entry* slot         = nullptr;
        for (std::size_t j = i; j < i + 2; ++j)
            if (m_entries[j].key == key)
                slot = &m_entries[j];
        if (!slot) {
            auto solved = [](const Entry& e) { return e.key != 0 && (e.pn == 0 || e.dn == 0); };
            slot        = !solved(m_entries[i])       ? &m_entries[i]
                          : !solved(m_entries[i + 1]) ? &m_entries[i + 1]
                                                      : &m_entries[i + (key >> 63)];
        }
        *slot = {key, pn, dn};
    }

private:
    std::vector<Entry> m_entries;
    std::size_t m_mask = 0;
};

class Solver {
public:
    Solver(const Position& root, const MateLimits& limits, const std::vector<Key>& history)
        : m_pos(root)
        , m_limits(limits)
        , m_table(limits.algorithm == MateAlgorithm::AlphaBeta
                      ? 1
                      : std::max<std::size_t>(1, limits.ttMegabytes))
        , m_path(history)
        , m_start(std::chrono::steady_clock::now()) {}

    MateResult run() {
        MateResult result;
        const int maxMoves = std::clamp(m_limits.maxMoves, 1, kMaxPlies / 2);
        for (int n = 1; n <= maxMoves && !m_aborted; ++n) {
            const int depth = 2 * n - 1;
            const int r     = solveOr(depth);
            if (r > 0) {
                result.status      = MateStatus::Proven;
                result.mateIn      = n;
                result.proofNodes  = m_nodes;
                result.proofTimeMs = elapsedMs();
                result.line        = extractLine(n);
                break;
            }
            if (r < 0)
                result.provenToMoves = n;
        }
        if (result.status != MateStatus::Proven && !m_aborted)
            result.status = MateStatus::Disproven;
        result.nodes  = m_nodes;
        result.timeMs = elapsedMs();
        if (result.status != MateStatus::Proven) {
            result.proofNodes  = m_nodes;
            result.proofTimeMs = result.timeMs;
        }
        return result;
    }

    Move longestDefence() {
        MoveList replies;
        core::generateLegal(m_pos, replies);
        if (replies.empty())
            return {};
        const int maxMoves = std::clamp(m_limits.maxMoves, 1, kMaxPlies / 2);
        Move best          = replies[0];
        int bestLength     = -1;
        for (Move r : replies) {
            Undo u;
            make(r, u);
            int length = maxMoves + 1; // not mated within the limit: the best defence
            for (int n = 1; n <= maxMoves; ++n)
                if (solveOr(2 * n - 1) > 0) {
                    length = n;
                    break;
                }
            unmake(u);
            if (length > bestLength) {
                bestLength = length;
                best       = r;
            }
            if (length > maxMoves)
                break;
        }
        return best;
    }

private:
    // +1 proved, -1 refuted, 0 unknown (stopped), for the attacker to move with `depth` plies.
    int solveOr(int depth) {
        if (isAlphaBeta()) {
            const int r = abOr(depth);
            return m_aborted ? 0 : r;
        }
        std::uint32_t pn = 0, dn = 0;
        mid(true, depth, kInf, kInf, pn, dn);
        return pn == 0 ? 1 : dn == 0 ? -1 : 0;
    }
    int solveAnd(int depth) {
        if (isAlphaBeta()) {
            const int r = abAnd(depth);
            return m_aborted ? 0 : r;
        }
        std::uint32_t pn = 0, dn = 0;
        mid(false, depth, kInf, kInf, pn, dn);
        return pn == 0 ? 1 : dn == 0 ? -1 : 0;
    }

    bool isAlphaBeta() const {
        return m_limits.algorithm == MateAlgorithm::AlphaBeta
               || m_limits.algorithm == MateAlgorithm::AlphaBetaTT;
    }

    std::int64_t elapsedMs() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - m_start)
            .count();
    }

    void make(Move m, Undo& u) {
        m_pos.makeMove(m, u);
        m_path.push_back(m_pos.key());
        if ((++m_nodes & 1023) == 0) {
            if ((m_limits.stop && m_limits.stop->load(std::memory_order_relaxed))
                || (m_limits.maxNodes && m_nodes >= m_limits.maxNodes)
                || (m_limits.maxTimeMs && elapsedMs() >= m_limits.maxTimeMs))
                m_aborted = true;
        }
    }
    void unmake(const Undo& u) {
        m_path.pop_back();
        m_pos.unmakeMove(u);
    }
    // The position just made repeats one earlier on the path or in the game.
    bool isRepetition() const {
        const Key k = m_path.back();
        for (std::size_t i = m_path.size() - 1; i-- > 0;)
            if (m_path[i] == k)
                return true;
        return false;
    }

    void attackerMoves(MoveList& out) const {
        core::generateLegal(m_pos, out);
        if (m_limits.mode == MateMode::ChecksOnly)
            for (std::size_t i = out.size(); i-- > 0;)
                if (!m_pos.givesCheck(out[i]))
                    out.removeAt(i);
    }

    Key tableKey(int depth) const {
        return m_pos.key() ^ kDepthKeys[static_cast<std::size_t>(depth)];
    }

    // ---- alpha-beta: boolean minimax, optionally with the table ----
    bool abOr(int depth) {
        const bool useTable = m_limits.algorithm == MateAlgorithm::AlphaBetaTT;
        if (useTable)
            if (const auto* e = m_table.probe(tableKey(depth)))
                return e->pn == 0;
        MoveList moves;
        attackerMoves(moves);
        bool mate = false;
        for (Move m : moves) {
            Undo u;
            make(m, u);
            const bool r = !isRepetition() && abAnd(depth - 1);
            unmake(u);
            if (m_aborted)
                return false;
            if (r) {
                mate = true;
                break;
            }
        }
        if (useTable)
            m_table.store(tableKey(depth), mate ? 0 : kInf, mate ? kInf : 0);
        return mate;
    }
    bool abAnd(int depth) {
        const bool useTable = m_limits.algorithm == MateAlgorithm::AlphaBetaTT;
        if (useTable)
            if (const auto* e = m_table.probe(tableKey(depth)))
                return e->pn == 0;
        MoveList replies;
        core::generateLegal(m_pos, replies);
        if (replies.empty())
            return true; // mated or stalemated: a win for the attacker
        if (depth == 0)
            return false;
        bool mate = true;
        for (Move r : replies) {
            Undo u;
            make(r, u);
            const bool ok = !isRepetition() && abOr(depth - 1);
            unmake(u);
            if (m_aborted)
                return false;
            if (!ok) {
                mate = false;
                break;
            }
        }
        if (useTable)
            m_table.store(tableKey(depth), mate ? 0 : kInf, mate ? kInf : 0);
        return mate;
    }

    // ---- df-pn ----
    // Proof and disproof numbers of the position just made (a child), from the table or, for a
    // new node, from its move count (df-pn+) or 1/1 (df-pn). Terminal children are solved here.
    void childValues(bool childIsOr, int depth, std::uint32_t& pn, std::uint32_t& dn) {
        if (isRepetition()) { // a repetition is never a mate (perpetual check loses)
            pn = kInf;
            dn = 0;
            return;
        }
        if (const auto* e = m_table.probe(tableKey(depth))) {
            pn = e->pn;
            dn = e->dn;
            return;
        }
        const bool plus = m_limits.algorithm == MateAlgorithm::DfPnPlus;
        if (childIsOr) {
            if (!plus) {
                pn = dn = 1;
                return;
            }
            MoveList moves;
            attackerMoves(moves);
            pn = moves.empty() ? kInf : 1;
            dn = moves.empty() ? 0 : static_cast<std::uint32_t>(moves.size());
            return;
        }
        if (!plus) {
            pn = dn = 1;
            return;
        }
        const int replies = core::countLegal(m_pos);
        if (replies == 0) {
            pn = 0;
            dn = kInf;
        } else if (depth == 0) {
            pn = kInf;
            dn = 0;
        } else {
            pn = static_cast<std::uint32_t>(replies);
            dn = 1;
        }
    }

    void mid(bool isOr, int depth, std::uint32_t thpn, std::uint32_t thdn, std::uint32_t& outPn,
             std::uint32_t& outDn) {
        MoveList moves;
        if (isOr)
            attackerMoves(moves);
        else
            core::generateLegal(m_pos, moves);
        // 1. Terminal nodes.
        if (moves.empty()) {
            outPn = isOr ? kInf : 0; // attacker stuck: refuted; defender stuck: mated
            outDn = isOr ? 0 : kInf;
            m_table.store(tableKey(depth), outPn, outDn);
            return;
        }
        if (!isOr && depth == 0) {
            outPn = kInf;
            outDn = 0;
            m_table.store(tableKey(depth), outPn, outDn);
            return;
        }
        // 2. The children's current numbers.
        const std::size_t n = moves.size();
        std::array<std::uint32_t, core::kMaxMoves> pn{}, dn{};
        for (std::size_t i = 0; i < n; ++i) {
            Undo u;
            make(moves[i], u);
            childValues(!isOr, depth - 1, pn[i], dn[i]);
            unmake(u);
        }
        // 3. Expand the most proving child until this node's thresholds are reached.
        for (;;) {
            std::uint32_t sumPn = 0, sumDn = 0, minPn = kInf, minDn = kInf;
            for (std::size_t i = 0; i < n; ++i) {
                sumPn = addSat(sumPn, pn[i]);
                sumDn = addSat(sumDn, dn[i]);
                minPn = std::min(minPn, pn[i]);
                minDn = std::min(minDn, dn[i]);
            }
            outPn = isOr ? minPn : sumPn;
            outDn = isOr ? sumDn : minDn;
            if (outPn >= thpn || outDn >= thdn || outPn == 0 || outDn == 0 || m_aborted)
                break;
            // OR: the child with the smallest pn; AND: the smallest dn. Keep the second best.
            std::size_t best    = 0;
            std::uint32_t first = kInf, second = kInf;
            for (std::size_t i = 0; i < n; ++i) {
                const std::uint32_t v = isOr ? pn[i] : dn[i];
                if (v < first) {
                    second = first;
                    first  = v;
                    best   = i;
                } else if (v < second) {
                    second = v;
                }
            }
            // The 1+epsilon threshold (Pawlewicz and Lew, 2007): let the child run until it is
            // clearly worse than the second best, not merely worse by one, which saves most of
            // the re-expansions plain df-pn makes when siblings have close numbers.
            const std::uint32_t widened =
                second >= kInf ? kInf : std::max(first + 1, second + second / 4 + 1);
            std::uint32_t childThpn = 0, childThdn = 0;
            if (isOr) {
                childThpn = std::min(thpn, widened);
                childThdn = thdn >= kInf ? kInf : std::min(kInf, thdn - outDn + dn[best]);
            } else {
                childThdn = std::min(thdn, widened);
                childThpn = thpn >= kInf ? kInf : std::min(kInf, thpn - outPn + pn[best]);
            }
            Undo u;
            make(moves[best], u);
            if (isRepetition()) {
                pn[best] = kInf;
                dn[best] = 0;
            } else {
                mid(!isOr, depth - 1, childThpn, childThdn, pn[best], dn[best]);
            }
            unmake(u);
        }
        if (!m_aborted)
            m_table.store(tableKey(depth), outPn, outDn);
    }

    // The shortest mate's main line once the root is proved to be a mate in n: the attacker
    // plays a move that keeps the mate within n, the defender a reply that lasts the longest
    // (n - 1 more moves: a reply not mated within n - 2 moves, which must exist because the
    // mate is not shorter). The budget does not apply here: the proof is already found.
    std::vector<Move> extractLine(int n) {
        const MateLimits saved = m_limits;
        m_limits.maxNodes      = 0;
        m_limits.maxTimeMs     = 0;
        std::vector<Move> line;
        std::vector<Undo> undos;
        auto proved = [&](int depth, bool orNode) {
            if (const auto* e = m_table.probe(tableKey(depth)); e && e->pn == 0)
                return true;
            return (orNode ? solveOr(depth) : solveAnd(depth)) > 0;
        };
        while (n >= 1 && !m_aborted) {
            MoveList moves;
            attackerMoves(moves);
            Move chosen;
            for (Move m : moves) {
                Undo u;
                make(m, u);
                const bool ok = !isRepetition() && proved(2 * n - 2, false);
                unmake(u);
                if (ok) {
                    chosen = m;
                    break;
                }
            }
            if (!chosen)
                break;
            line.push_back(chosen);
            undos.emplace_back();
            make(chosen, undos.back());
            MoveList replies;
            core::generateLegal(m_pos, replies);
            if (replies.empty() || n == 1)
                break;
            Move longest = replies[0];
            if (n > 2)
                for (Move r : replies) {
                    Undo u;
                    make(r, u);
                    const bool lasts = isRepetition() || solveOr(2 * (n - 2) - 1) < 0;
                    unmake(u);
                    if (lasts) {
                        longest = r;
                        break;
                    }
                }
            line.push_back(longest);
            undos.emplace_back();
            make(longest, undos.back());
            --n;
        }
        for (std::size_t i = undos.size(); i-- > 0;)
            unmake(undos[i]);
        m_limits = saved;
        return line;
    }

    Position m_pos;
    MateLimits m_limits;
    MateTable m_table;
    std::vector<Key> m_path; // keys of the game and the current line, root last
    std::chrono::steady_clock::time_point m_start;
    std::uint64_t m_nodes = 0;
    bool m_aborted        = false;
};

} // namespace

MateResult solveMate(const Position& root, const MateLimits& limits,
                     const std::vector<Key>& history) {
    std::vector<Key> path = history;
    if (path.empty() || path.back() != root.key())
        path.push_back(root.key());
    Solver solver(root, limits, path);
    return solver.run();
}

Move longestDefence(const Position& pos, const MateLimits& limits) {
    Solver solver(pos, limits, {pos.key()});
    return solver.longestDefence();
}

} // namespace xq::ai
