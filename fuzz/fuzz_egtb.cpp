// Fuzz target for the endgame tables' two readers: material signatures (egtb/material.h
// Material::parse, from the command line) and table files (egtb/table.h Table::load, from the
// cache directory). The first byte picks the reader; the rest is its input.
// Properties, beyond "no crash": a signature read prints as a signature that reads back to the
// same material, and its canonical form is canonical; a table file is accepted only when it is
// exactly the Kk table's size, and then every entry is readable.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "egtb/table.h"
#include "fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0)
        return 0;
    const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
    if (data[0] % 2 == 0) {
        std::string why;
        const auto m = xq::egtb::Material::parse(text, &why);
        XQ_CHECK(m || !why.empty(), "a signature refused without a reason");
        if (m) {
            const auto back = xq::egtb::Material::parse(m->name());
            XQ_CHECK(back && *back == *m, "a signature does not read back from its name");
            XQ_CHECK(m->canonical().isCanonical(), "the canonical form is not canonical");
        }
        return 0;
    }
    // One file per fuzzing process, so parallel jobs do not share it.
    const auto file = std::filesystem::temp_directory_path()
                      / ("xq-fuzz-egtb-" + std::to_string(::getpid()) + ".xqtb");
    {
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out.write(text.data(), static_cast<std::streamsize>(text.size()));
    }
    const auto kk = *xq::egtb::Material::parse("Kk");
    std::string why;
    const auto table = xq::egtb::Table::load(file, kk, &why);
    XQ_CHECK(table || !why.empty(), "a table file refused without a reason");
    if (table) {
        XQ_CHECK(table->size() == 108, "a table of the wrong size was accepted");
        for (std::uint64_t i = 0; i < table->size(); ++i)
            (void)table->code(i);
    }
    std::filesystem::remove(file);
    return 0;
}
