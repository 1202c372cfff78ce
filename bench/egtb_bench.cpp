// xq-egtbbench: the endgame table generator's speed. Makes the tables named on the command line
// (default: KRkaabb and the 17 tables below it) in a fresh temporary directory, single-threaded,
// and prints each table's entries, legal positions, seconds and entries per second. Reported,
// never asserted (docs/TABLEBASES.md has figures).
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "egtb/tablebases.h"

int main(int argc, char** argv) {
    std::vector<std::string> names(argv + 1, argv + argc);
    if (names.empty())
        names = {"KRkaabb"};
    const auto dir = std::filesystem::temp_directory_path()
                     / ("xq-egtbbench-" + std::to_string(std::random_device{}()));
    xq::egtb::Tablebases tb(dir);
    std::uint64_t entries = 0;
    double seconds        = 0;
    std::printf("%-10s %12s %12s %9s %14s\n", "table", "entries", "positions", "seconds",
                "entries/s");
    for (const auto& name : names) {
        std::string why;
        const auto m = xq::egtb::Material::parse(name, &why);
        if (!m) {
            std::fprintf(stderr, "xq-egtbbench: %s\n", why.c_str());
            std::filesystem::remove_all(dir);
            return 2;
        }
        std::vector<xq::egtb::MadeTable> made;
        if (!tb.ensure(*m, {}, &why, &made)) {
            std::fprintf(stderr, "xq-egtbbench: %s\n", why.c_str());
            std::filesystem::remove_all(dir);
            return 1;
        }
        for (const auto& t : made) {
            std::printf("%-10s %12llu %12llu %9.2f %14.0f\n", t.name.c_str(),
                        static_cast<unsigned long long>(t.stats.entries),
                        static_cast<unsigned long long>(t.stats.legal), t.stats.seconds,
                        static_cast<double>(t.stats.entries) / std::max(t.stats.seconds, 1e-6));
            entries += t.stats.entries;
            seconds += t.stats.seconds;
        }
    }
    std::printf("all        %12llu %12s %9.2f %14.0f\n", static_cast<unsigned long long>(entries),
                "", seconds, static_cast<double>(entries) / std::max(seconds, 1e-6));
    std::filesystem::remove_all(dir);
    return 0;
}
