// Reads a label file of "FEN;target" lines (target in [0, 1], Red's view), as xq-tune and
// xq-nntrain take them: every bad line is named with its number on stderr and skipped.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "core/fen.h"

namespace xq::bench {

// Calls f(position, target, lineNumber) for every good line. False when the file cannot be read.
template <class F> bool readLabels(const std::string& file, F&& f) {
    std::ifstream in(file);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", file.c_str());
        return false;
    }
    std::string line;
    long lineNo = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        const auto semi = line.rfind(';');
        char* end       = nullptr;
        const float target =
            semi == std::string::npos ? -1 : std::strtof(line.c_str() + semi + 1, &end);
        if (semi == std::string::npos || end == line.c_str() + semi + 1 || *end != '\0'
            || !(target >= 0 && target <= 1)) {
            std::fprintf(stderr, "%s:%ld: not \"FEN;target\" with a target from 0 to 1\n",
                         file.c_str(), lineNo);
            continue;
        }
        auto pos = core::parseFen(line.substr(0, semi));
        if (!pos) {
            std::fprintf(stderr, "%s:%ld: %s\n", file.c_str(), lineNo, pos.error().c_str());
            continue;
        }
        f(*pos, target, lineNo);
    }
    return true;
}

} // namespace xq::bench
