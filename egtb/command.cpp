#include "egtb/command.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iomanip>
#include <ostream>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "egtb/endings.h"
#include "egtb/tablebases.h"

namespace xq::egtb {

namespace {

constexpr const char* kUsage =
    "Usage: xiangqi-egtb [--dir DIR] COMMAND ...\n"
    "Endgame tables of xiangqi: win, draw or loss and the distance to mate for both sides.\n"
    "\n"
    "Commands:\n"
    "  gen MATERIAL...    make the tables (and every table one capture away) that are not on\n"
    "                     disk or are damaged; MATERIAL is e.g. KRkaabb (upper case Red),\n"
    "                     all1, all2, all3 (every ending with up to 1, 2, 3 pieces beside\n"
    "                     the generals) or classic (the classic endings of 4-6 pieces)\n"
    "  probe FEN          the verdict of a position, the best move and every move's verdict\n"
    "  info [MATERIAL...] the tables on disk (or the ones named) with their figures; a damaged\n"
    "                     file is named as such\n"
    "  list               the named endings in English and Chinese\n"
    "\n"
    "Options:\n"
    "  --dir DIR          the table directory (default $XDG_CACHE_HOME/xiangqi/egtb or\n"
    "                     ~/.cache/xiangqi/egtb)\n"
    "  --quiet            no progress on standard error\n"
    "  -h, --help         this text\n";

std::string wdlWord(Wdl w) {
    return w == Wdl::Win ? "win" : w == Wdl::Loss ? "loss" : "draw";
}

void printStatsHeader(std::ostream& out) {
    out << std::left << std::setw(11) << "table" << std::right << std::setw(12) << "entries"
        << std::setw(12) << "positions" << std::setw(12) << "wins" << std::setw(12) << "draws"
        << std::setw(12) << "losses" << std::setw(8) << "longest" << std::setw(9) << "seconds"
        << std::setw(8) << "MiB"
        << "\n";
}

void printStats(std::ostream& out, const std::string& name, const TableStats& s, bool timed) {
    out << std::left << std::setw(11) << name << std::right << std::setw(12) << s.entries
        << std::setw(12) << s.legal << std::setw(12) << s.wins << std::setw(12) << s.draws
        << std::setw(12) << s.losses << std::setw(8) << s.longestMate;
    if (timed) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%9.2f", s.seconds);
        out << buf << std::setw(8) << (s.peakBytes + (1 << 20) - 1) / (1 << 20);
    }
    out << "\n" << std::flush;
}

bool expand(const std::string& word, std::vector<Material>& out, std::ostream& err) {
    if (word == "all1" || word == "all2" || word == "all3") {
        for (const auto& m : allEndings(word[3] - '0'))
            out.push_back(m);
        return true;
    }
    if (word == "classic") {
        for (const auto& m : classicEndings())
            out.push_back(m);
        return true;
    }
    std::string why;
    const auto m = Material::parse(word, &why);
    if (!m) {
        err << "xiangqi-egtb: " << why << "\n";
        return false;
    }
    out.push_back(*m);
    return true;
}

} // namespace

int runCommand(const std::vector<std::string>& argsIn, std::ostream& out, std::ostream& err) {
    std::vector<std::string> args;
    auto dir   = Tablebases::defaultDirectory();
    bool quiet = false;
    for (std::size_t i = 0; i < argsIn.size(); ++i) {
        const auto& a = argsIn[i];
        if (a == "-h" || a == "--help") {
            out << kUsage;
            return 0;
        }
        if (a == "--quiet") {
            quiet = true;
        } else if (a == "--dir") {
            if (i + 1 == argsIn.size()) {
                err << "xiangqi-egtb: --dir needs a directory\n";
                return 2;
            }
            dir = argsIn[++i];
        } else if (a.size() > 1 && a[0] == '-') {
            err << "xiangqi-egtb: unknown option " << a << "\n" << kUsage;
            return 2;
        } else {
            args.push_back(a);
        }
    }
    if (args.empty()) {
        err << kUsage;
        return 2;
    }
    Tablebases tb(dir);
    const std::string cmd = args[0];
    if (cmd == "list") {
        for (const auto& e : namedEndings())
            out << std::left << std::setw(10) << e.material << " " << e.chinese << "  " << e.english
                << "\n";
        return 0;
    }
    if (cmd == "gen") {
        std::vector<Material> list;
        for (std::size_t i = 1; i < args.size(); ++i)
            if (!expand(args[i], list, err))
                return 2;
        if (list.empty()) {
            err << "xiangqi-egtb: gen needs a material such as KRkaabb\n";
            return 2;
        }
        printStatsHeader(out);
        int last = -1;
        for (const auto& m : list) {
            std::vector<MadeTable> made;
            std::string why;
            auto t = tb.ensure(
                m,
                [&](const std::string& name, double f) {
                    if (quiet)
                        return;
                    const int pct = static_cast<int>(f * 100);
                    if (pct != last) {
                        err << "\r" << name << " " << pct << "%   " << std::flush;
                        last = pct;
                    }
                },
                &why, &made);
            if (!quiet && !made.empty())
                err << "\r" << std::string(30, ' ') << "\r" << std::flush;
            for (const auto& mt : made)
                printStats(out, mt.name, mt.stats, true);
            if (!t) {
                err << "xiangqi-egtb: cannot make " << m.name() << ": " << why << "\n";
                return 1;
            }
        }
        return 0;
    }
    if (cmd == "info") {
        std::vector<Material> list;
        if (args.size() == 1) {
            std::error_code ec;
            for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
                if (e.path().extension() != ".xqtb")
                    continue;
                if (auto m = Material::parse(e.path().stem().string()))
                    list.push_back(*m);
            }
            std::sort(list.begin(), list.end(), [](const Material& a, const Material& b) {
                return a.pieces() != b.pieces() ? a.pieces() < b.pieces() : a.name() < b.name();
            });
        }
        for (std::size_t i = 1; i < args.size(); ++i)
            if (!expand(args[i], list, err))
                return 2;
        out << "directory " << dir.string() << "\n";
        printStatsHeader(out);
        int status = 0;
        for (const auto& m : list) {
            std::string why;
            auto t = Table::load(tb.fileOf(m), m.canonical(), &why);
            if (!t) {
                out << std::left << std::setw(11) << m.canonical().name() << " " << why << "\n";
                status = 1;
                continue;
            }
            printStats(out, t->material().name(), countTable(*t), false);
        }
        return status;
    }
    if (cmd == "probe") {
        if (args.size() < 2) {
            err << "xiangqi-egtb: probe needs a FEN\n";
            return 2;
        }
        std::string fen;
        for (std::size_t i = 1; i < args.size(); ++i)
            fen += (i > 1 ? " " : "") + args[i];
        const auto pos = core::parseFen(fen);
        if (!pos) {
            err << "xiangqi-egtb: " << pos.error() << "\n";
            return 2;
        }
        const auto v = tb.probe(*pos);
        if (!v) {
            out << "tb none (no table " << Material::of(*pos).canonical().name() << " in "
                << dir.string() << ")\n";
            return 1;
        }
        const auto best = tb.best(*pos);
        out << "tb " << wdlWord(v->wdl) << " dtm=" << v->dtm;
        if (best)
            out << " best=" << core::toIccs(best->move);
        out << "\n";
        if (const auto list = tb.moveVerdicts(*pos))
            for (const auto& [mv, mvv] : *list)
                out << "  " << core::toIccs(mv) << " " << wdlWord(mvv.wdl) << " dtm=" << mvv.dtm
                    << " (for the side then to move)\n";
        return 0;
    }
    err << "xiangqi-egtb: unknown command " << cmd << "\n" << kUsage;
    return 2;
}

} // namespace xq::egtb
