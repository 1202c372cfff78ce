// Fuzz target for the UCI command reader (app/engine/uci.h): the input is split into lines and fed
// to one UciEngine through handleLine, replies going to a string stream.
// Lines that would only make a run slow or touch the file system are rewritten first: every
// search is capped at depth 1 ("go" gets "depth 1" and depth/mate values above 1 become 1),
// perft depth at 2, bench at depth 1, Hash at 1 MiB; BookFile options are dropped.
// Properties: handleLine never crashes; every bestmove a search prints is legal in the position
// it searched, or "(none)" exactly when there is no legal move; a "position" line either takes
// effect or leaves the game as it was.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "app/engine/uci.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "fuzz/fuzz_check.h"

namespace {

using namespace xq;

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

// Replaces a whole number above `cap` by `cap`; anything else (errors included) stays.
void capNumber(std::string& word, long long cap) {
    long long v  = 0;
    auto [p, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
    if (ec == std::errc{} && p == word.data() + word.size() && v > cap)
        word = std::to_string(cap);
}

std::string join(const std::vector<std::string>& words) {
    std::string s;
    for (const auto& w : words)
        s += (s.empty() ? "" : " ") + w;
    return s;
}

// The line to send instead of `line`, or "" to drop it.
std::string rewrite(std::string_view line) {
    auto words = uci::splitWords(line);
    if (words.empty())
        return std::string(line);
    if (words[0] == "go") {
        if (words.size() >= 3 && words[1] == "perft") {
            capNumber(words[2], 2);
            return join(words);
        }
        for (std::size_t i = 1; i + 1 < words.size(); ++i)
            if (words[i] == "depth" || words[i] == "mate")
                capNumber(words[i + 1], 1);
        words.insert(words.begin() + 1, {"depth", "1"});
        return join(words);
    }
    if (words[0] == "bench") {
        if (words.size() < 2)
            words.push_back("1");
        capNumber(words[1], 1);
        return join(words);
    }
    if (words[0] == "setoption" && words.size() > 1 && lower(words[1]) == "name") {
        std::string name;
        std::size_t i = 2;
        for (; i < words.size() && lower(words[i]) != "value"; ++i)
            name += (name.empty() ? "" : " ") + words[i];
        name = lower(name);
        if (name == "bookfile")
            return {};
        if (name == "hash")
            for (++i; i < words.size(); ++i)
                capNumber(words[i], 1);
        return join(words);
    }
    return std::string(line);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // One engine for the whole run (its constructor allocates a 64 MiB table); each input
    // starts from the same game and options. The table itself is only reset (1 MiB) after an
    // input that changed it, since clearing it costs more than most inputs.
    static std::ostringstream out;
    static uci::UciEngine e(out);
    static bool touchedHash = true;
    e.handleLine("stop");
    e.handleLine("position startpos");
    e.handleLine("setoption name OwnBook value true");
    e.handleLine("setoption name MultiPV value 1");
    if (touchedHash)
        e.handleLine("setoption name Hash value 1");
    touchedHash = false;
    out.str({});
    out.clear();

    const std::string_view input(reinterpret_cast<const char*>(data), size);
    std::size_t begin = 0;
    while (begin <= input.size()) {
        std::size_t end = input.find('\n', begin);
        if (end == std::string_view::npos)
            end = input.size();
        const std::string line = rewrite(input.substr(begin, end - begin));
        begin                  = end + 1;
        if (line.empty())
            continue;

        const core::Position before = e.game().position();
        const auto beforePly        = e.game().ply();
        const auto words            = uci::splitWords(line);
        if (!words.empty() && (words[0] == "ucinewgame" || words[0] == "setoption"))
            touchedHash = true;
        out.str({});
        out.clear();
        const bool more = e.handleLine(line);
        const bool isGo =
            !words.empty() && words[0] == "go" && !(words.size() > 1 && words[1] == "perft");
        if (isGo)
            e.handleLine("stop"); // depth 1 finishes at once; stop joins the thread
        const std::string reply = out.str();

        if (isGo && reply.find("bestmove ") != std::string::npos) {
            const auto at    = reply.rfind("bestmove ");
            const auto moveW = uci::splitWords(std::string_view(reply).substr(at + 9));
            XQ_CHECK(!moveW.empty(), reply);
            core::MoveList legal;
            core::generateLegal(before, legal);
            if (moveW[0] == "(none)") {
                XQ_CHECK(legal.empty(), core::toFen(before) + ": bestmove (none)");
            } else {
                const auto m = core::parseIccsSyntax(moveW[0]);
                XQ_CHECK(m && legal.contains(*m), core::toFen(before) + ": bestmove " + moveW[0]);
            }
        }
        if (!words.empty() && words[0] == "position") {
            const bool rejected = reply.find("info string") != std::string::npos;
            if (rejected)
                XQ_CHECK(e.game().position() == before && e.game().ply() == beforePly
                             && e.game().position().key() == before.key(),
                         line);
            XQ_CHECK(e.game().position().isConsistent(), line);
        }
        if (!more)
            break;
    }
    e.handleLine("stop");
    return 0;
}
