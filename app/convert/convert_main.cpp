// xiangqi-convert: converts game files of other xiangqi programs (XQF, CBR, CBL, CBF,
// DhtmlXQ/UBB text, WXF) and PGN or FEN into PGN, or into XQF for XQStudio users.
//   xiangqi-convert [--notation iccs|wxf|chinese] [--to pgn|xqf] [-o OUT] FILE...
// Every game of every FILE is written in order. Exit status: 0 when every file was read whole,
// 1 when one was not (its games before the damage and the other files are still converted; the
// reason goes to standard error), 2 for a command line that cannot be understood.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/game_formats.h"
#include "core/notation.h"
#include "core/pgn.h"

namespace {

using namespace xq::core;

struct Source {
    std::string name; // as given ("-" for standard input)
    PgnGame game;
};

bool writeFile(const std::filesystem::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out << bytes;
    return static_cast<bool>(out.flush());
}

} // namespace

int main(int argc, char** argv) {
    CLI::App cli{"Converts xiangqi game files (XQF, CBR, CBL, CBF, DhtmlXQ/UBB text, WXF, PGN, "
                 "FEN) to PGN or XQF.",
                 "xiangqi-convert"};
    std::string notation = "iccs", to = "pgn", out;
    std::vector<std::string> files;
    cli.add_option("--notation", notation, "Move notation of the PGN written (default iccs)")
        ->check(CLI::IsMember({"iccs", "wxf", "chinese"}, CLI::ignore_case));
    cli.add_option("--to", to, "Output format (default pgn)")
        ->check(CLI::IsMember({"pgn", "xqf"}, CLI::ignore_case));
    cli.add_option("-o,--output", out,
                   "Write here instead of standard output. With --to xqf and several games: a "
                   "folder, one file per game");
    cli.add_option("FILE", files, "Game files to read, in order ('-': standard input)")->required();
    try {
        cli.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = cli.exit(e);
        return code == 0 ? 0 : 2;
    }
    for (char& c : notation)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (char& c : to)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));

    int status = 0;
    std::vector<Source> games;
    for (const std::string& file : files) {
        GameFileResult r;
        if (file == "-") {
            const std::string bytes((std::istreambuf_iterator<char>(std::cin)),
                                    std::istreambuf_iterator<char>());
            r = readGames(bytes);
            if (!r.ok())
                r.error = "standard input: " + r.error;
        } else {
            r = readGameFile(file);
        }
        if (!r.ok()) {
            std::cerr << "xiangqi-convert: " << r.error << '\n';
            status = 1;
        }
        for (PgnGame& g : r.games)
            games.push_back({file, std::move(g)});
    }

    if (to == "pgn") {
        const Notation n = *notationFromName(notation);
        std::vector<PgnGame> list;
        list.reserve(games.size());
        for (Source& s : games)
            list.push_back(std::move(s.game));
        const std::string text = list.empty() ? std::string() : writePgnGames(list, n);
        if (out.empty()) {
            std::cout << text;
            std::cout.flush();
        } else if (!writeFile(out, text)) {
            std::cerr << "xiangqi-convert: " << out << ": cannot write the file\n";
            return 1;
        }
        return status;
    }

    // XQF holds one game per file.
    if (games.size() == 1) {
        const std::string bytes = writeXqf(games[0].game);
        if (out.empty()) {
            std::cout.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
            std::cout.flush();
        } else if (!writeFile(out, bytes)) {
            std::cerr << "xiangqi-convert: " << out << ": cannot write the file\n";
            return 1;
        }
        return status;
    }
    if (games.empty())
        return status;
    if (out.empty()) {
        std::cerr << "xiangqi-convert: " << games.size()
                  << " games make as many XQF files: give a folder with -o\n";
        return 2;
    }
    std::error_code ec;
    std::filesystem::create_directories(out, ec);
    if (ec) {
        std::cerr << "xiangqi-convert: " << out << ": cannot make the folder: " << ec.message()
                  << '\n';
        return 1;
    }
    // Names: the source file's stem and the game's number in it ("games-3.xqf").
    std::size_t index = 0;
    for (std::size_t i = 0; i < games.size(); ++i) {
        index = (i > 0 && games[i].name == games[i - 1].name) ? index + 1 : 1;
        std::string stem =
            games[i].name == "-" ? "stdin" : std::filesystem::path(games[i].name).stem().string();
        const auto target =
            std::filesystem::path(out) / (stem + "-" + std::to_string(index) + ".xqf");
        if (!writeFile(target, writeXqf(games[i].game))) {
            std::cerr << "xiangqi-convert: " << target.string() << ": cannot write the file\n";
            status = 1;
        }
    }
    return status;
}
