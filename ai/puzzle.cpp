#include "ai/puzzle.h"

#include <fstream>
#include <sstream>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"

namespace xq::ai {

std::vector<std::string> splitFields(const std::string& line) {
    std::vector<std::string> out;
    std::size_t pos = 0;
    for (;;) {
        const auto next = line.find(" ; ", pos);
        out.push_back(line.substr(pos, next == std::string::npos ? std::string::npos : next - pos));
        if (next == std::string::npos)
            break;
        pos = next + 3;
    }
    return out;
}

std::vector<PuzzleEntry> parsePuzzles(const std::string& text, std::vector<std::string>* errors) {
    std::vector<PuzzleEntry> out;
    std::istringstream in(text);
    int lineNo = 0;
    for (std::string line; std::getline(in, line);) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.empty() || line[0] == '#')
            continue;
        auto fail = [&](const std::string& why) {
            if (errors)
                errors->push_back("line " + std::to_string(lineNo) + ": " + why);
        };
        const auto f = splitFields(line);
        if (f.size() < 5) {
            fail("expected 5 fields separated by ' ; ', found " + std::to_string(f.size()));
            continue;
        }
        auto pos = core::parseFen(f[0]);
        if (!pos) {
            fail(pos.error());
            continue;
        }
        PuzzleEntry e;
        e.fen = f[0];
        try {
            e.mateIn     = std::stoi(f[1]);
            e.difficulty = std::stoull(f[3]);
        } catch (...) {
            fail("the mate length and the node count must be numbers");
            continue;
        }
        if (e.mateIn < 1 || e.mateIn > 20) {
            fail("mate length " + f[1] + " is out of range 1-20");
            continue;
        }
        e.checksOnly = f[2] == "checks";
        e.source     = f[4];
        out.push_back(std::move(e));
    }
    return out;
}

std::vector<PuzzleEntry> loadPuzzles(const std::string& path, std::vector<std::string>* errors) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        if (errors)
            errors->push_back("cannot open " + path);
        return {};
    }
    std::ostringstream s;
    s << in.rdbuf();
    return parsePuzzles(s.str(), errors);
}

bool puzzleFromFen(const std::string& fen, int maxMoves, PuzzleEntry& out, std::string& error) {
    auto pos = core::parseFen(fen);
    if (!pos) {
        error = pos.error();
        return false;
    }
    MateLimits limits;
    limits.maxMoves = maxMoves;
    limits.maxNodes = 5'000'000;
    limits.mode     = MateMode::ChecksOnly;
    auto r          = solveMate(*pos, limits);
    bool checks     = r.status == MateStatus::Proven;
    limits.mode     = MateMode::AnyMove;
    if (checks && r.mateIn > 1) {
        limits.maxMoves = r.mateIn - 1;
        if (solveMate(*pos, limits).status == MateStatus::Proven)
            checks = false;
        limits.maxMoves = maxMoves;
    }
    if (!checks)
        r = solveMate(*pos, limits);
    if (r.status != MateStatus::Proven) {
        error = r.status == MateStatus::Disproven
                    ? "no forced mate within " + std::to_string(maxMoves) + " moves"
                    : "the solver could not decide within its budget";
        return false;
    }
    out            = {};
    out.fen        = core::toFen(*pos);
    out.mateIn     = r.mateIn;
    out.checksOnly = checks;
    out.difficulty = r.proofNodes;
    out.source     = "position entered by the user";
    return true;
}

PuzzleSession::PuzzleSession(PuzzleEntry entry, std::uint64_t nodeBudget)
    : m_entry(std::move(entry))
    , m_budget(nodeBudget) {
    restart();
}

void PuzzleSession::restart() {
    auto pos    = core::parseFen(m_entry.fen);
    m_game      = pos ? core::Game(*pos) : core::Game();
    m_attacker  = m_game.position().sideToMove();
    m_movesLeft = m_entry.mateIn;
    m_mistakes  = 0;
    m_solved    = false;
}

MateLimits PuzzleSession::limits(int moves, MateMode mode) const {
    MateLimits l;
    l.maxMoves    = moves;
    l.maxNodes    = m_budget;
    l.mode        = mode;
    l.ttMegabytes = 16;
    return l;
}

PuzzleSession::Outcome PuzzleSession::play(core::Move m) {
    Outcome out;
    if (m_solved || m_game.position().sideToMove() != m_attacker || !m_game.isLegal(m)) {
        out.message = "That move is not legal here.";
        return out;
    }
    const std::string text = core::toIccs(m);
    m_game.play(m);
    // 1. Mate delivered (checkmate or stalemate: both win in xiangqi).
    if (!core::hasLegalMove(m_game.position())) {
        m_solved    = true;
        m_movesLeft = 0;
        out.verdict = Verdict::Solved;
        out.message = "Solved: " + text + " mates.";
        return out;
    }
    // 2. Does every defence still lose within the moves left? Ask for the longest defence and
    //    then whether the attacker mates in time after it.
    const int left      = m_movesLeft - 1;
    const MateMode mode = m_entry.checksOnly ? MateMode::ChecksOnly : MateMode::AnyMove;
    const core::Move def =
        left >= 1 ? longestDefence(m_game.position(), limits(left, mode)) : core::Move{};
    bool stillMates = false;
    if (def) {
        core::Game probe = m_game;
        probe.play(def);
        const auto r = solveMate(probe.position(), limits(left, mode), {});
        stillMates   = r.status == MateStatus::Proven && r.mateIn <= left;
    }
    if (!stillMates) {
        // Wrong: find the reply that escapes, show it, and take the move back.
        core::Move refutation = def;
        if (!refutation) {
            core::MoveList replies;
            core::generateLegal(m_game.position(), replies);
            refutation = replies.empty() ? core::Move{} : replies[0];
        }
        m_game.undo();
        ++m_mistakes;
        out.verdict = Verdict::Wrong;
        out.reply   = refutation;
        out.message = "Not quite: after " + text + ", " + core::toIccs(refutation)
                      + " escapes the mate within " + std::to_string(m_movesLeft) + " moves.";
        return out;
    }
    m_game.play(def);
    m_movesLeft = left;
    out.verdict = Verdict::Correct;
    out.reply   = def;
    out.message = "Correct. The defence " + core::toIccs(def) + "; mate in " + std::to_string(left)
                  + " more.";
    return out;
}

core::Move PuzzleSession::hint() {
    if (m_solved || m_game.position().sideToMove() != m_attacker)
        return {};
    const MateMode mode = m_entry.checksOnly ? MateMode::ChecksOnly : MateMode::AnyMove;
    const auto r        = solveMate(m_game.position(), limits(m_movesLeft, mode));
    return r.status == MateStatus::Proven && !r.line.empty() ? r.line.front() : core::Move{};
}

} // namespace xq::ai
