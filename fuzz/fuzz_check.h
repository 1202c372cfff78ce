// Property checks for the fuzz targets. A failed check prints what was expected and aborts, which
// libFuzzer reports as a crash and saves the input (crash-<sha1>) for a regression test.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace xq::fuzz {

[[noreturn]] inline void fail(const char* what, std::string_view detail, const char* file,
                              int line) {
    std::fprintf(stderr, "\n*** property violated at %s:%d: %s\n", file, line, what);
    if (!detail.empty())
        std::fprintf(stderr, "*** %.*s\n", static_cast<int>(detail.size()), detail.data());
    std::fflush(stderr);
    std::abort();
}

} // namespace xq::fuzz

// XQ_CHECK(condition, detail): detail is any expression convertible to std::string_view.
#define XQ_CHECK(cond, detail)                                                                     \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ::xq::fuzz::fail(#cond, (detail), __FILE__, __LINE__);                                 \
    } while (false)
