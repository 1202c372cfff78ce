#include "app/engine/uci.h"

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"

#include <charconv>
#include <chrono>
#include <iostream>
#include <sstream>

namespace xq::uci {

namespace {

std::vector<std::string> splitWords(std::string_view line) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : line) {
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            if (!cur.empty())
                out.push_back(std::move(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty())
        out.push_back(std::move(cur));
    return out;
}

bool parseInt(const std::string& s, long long& out) {
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc{} && p == s.data() + s.size();
}

}  // namespace

UciEngine::UciEngine(std::ostream& out) : m_out(out) {}
UciEngine::~UciEngine() = default;

void UciEngine::info(const std::string& text) { m_out << "info string " << text << std::endl; }

void UciEngine::run(std::istream& in) {
    for (std::string line; std::getline(in, line);)
        if (!handleLine(line))
            break;
}

bool UciEngine::handleLine(std::string_view line) {
    const auto words = splitWords(line);
    if (words.empty())
        return true;
    const std::string& cmd = words[0];
    if (cmd == "uci") {
        m_out << "id name Xiangqi 0.1\nid author the Xiangqi developers\nuciok" << std::endl;
    } else if (cmd == "isready") {
        m_out << "readyok" << std::endl;
    } else if (cmd == "ucinewgame") {
        m_game = core::Game();
    } else if (cmd == "position") {
        cmdPosition(words);
    } else if (cmd == "d") {
        cmdDisplay();
    } else if (cmd == "go") {
        cmdGo(words);
    } else if (cmd == "quit") {
        return false;
    } else {
        info("unknown command '" + cmd + "'");
    }
    return true;
}

void UciEngine::cmdPosition(const std::vector<std::string>& words) {
    if (words.size() < 2) {
        info("position needs 'startpos' or 'fen <FEN>'");
        return;
    }
    std::size_t i = 1;
    std::string fen;
    if (words[1] == "startpos") {
        fen = std::string(core::kStartFen);
        i   = 2;
    } else if (words[1] == "fen") {
        for (i = 2; i < words.size() && words[i] != "moves"; ++i)
            fen += (fen.empty() ? "" : " ") + words[i];
    } else {
        info("position needs 'startpos' or 'fen <FEN>', not '" + words[1] + "'");
        return;
    }
    auto start = core::parseFen(fen);
    if (!start) {
        info("bad position: " + start.error());
        return;
    }
    core::Game game(*start);
    if (i < words.size()) {
        if (words[i] != "moves") {
            info("expected 'moves' after the position, found '" + words[i] + "'");
            return;
        }
        for (++i; i < words.size(); ++i) {
            auto m = core::parseIccsSyntax(words[i]);
            if (!m) {
                info("bad move " + std::to_string(i) + ": " + m.error() + "; position unchanged");
                return;
            }
            if (!game.isLegal(*m)) {
                info("illegal move '" + words[i] + "' in " + core::toFen(game.position())
                     + "; position unchanged");
                return;
            }
            if (!game.play(*m)) {  // the game ended earlier in the list: play on regardless
                core::Position p = game.position();
                core::Undo u;
                p.makeMove(*m, u);
                (void)u;
            }
        }
    }
    m_game = std::move(game);
}

void UciEngine::cmdDisplay() {
    const core::Position& pos = m_game.position();
    std::ostringstream s;
    for (int r = 9; r >= 0; --r) {
        s << r << "  ";
        for (int f = 0; f < 9; ++f)
            s << core::pieceToChar(pos.at(core::makeSquare(f, r))) << (f < 8 ? " " : "");
        s << '\n';
    }
    s << "   a b c d e f g h i\n\nFen: " << core::toFen(pos) << "\nKey: " << std::hex << pos.key()
      << std::dec << "\nCheckers: " << (pos.isInCheck() ? "in check" : "none") << '\n';
    m_out << s.str() << std::flush;
}

void UciEngine::cmdPerft(int depth) {
    const auto t0 = std::chrono::steady_clock::now();
    core::Position pos = m_game.position();
    std::uint64_t total = 0;
    if (depth >= 1)
        for (auto& [m, n] : core::perftDivide(pos, depth)) {
            m_out << core::toIccs(m) << ": " << n << '\n';
            total += n;
        }
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - t0)
                        .count();
    m_out << "\nNodes searched: " << total << "\ninfo string perft " << depth << " took " << ms
          << " ms" << std::endl;
}

void UciEngine::cmdGo(const std::vector<std::string>& words) {
    if (words.size() >= 3 && words[1] == "perft") {
        long long d = 0;
        if (!parseInt(words[2], d) || d < 0 || d > 12) {
            info("go perft needs a depth from 0 to 12, not '" + words[2] + "'");
            return;
        }
        cmdPerft(static_cast<int>(d));
        return;
    }
    info("search is not available yet");
}

}  // namespace xq::uci
