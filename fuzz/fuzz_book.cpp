// Fuzz target for the opening-book reader (ai/book.h parseBook).
// Properties, beyond "no crash": every position read keeps at least one move and every move has a
// positive weight; no position holds two entries for the same move more than the text gave it
// (the list is never longer than the number of move words in the input); reading the same text
// twice gives the same book.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "ai/book.h"
#include "fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::istringstream in(text);
    const xq::ai::BookTable book = xq::ai::parseBook(in);
    std::size_t words            = 0;
    {
        std::istringstream count(text);
        for (std::string w; count >> w;)
            ++words;
    }
    for (const auto& [key, entries] : book) {
        XQ_CHECK(!entries.empty(), "a position without moves was kept");
        XQ_CHECK(entries.size() <= words, "more moves than words in the text");
        for (const auto& e : entries) {
            XQ_CHECK(e.weight > 0, "a move with a weight <= 0");
            XQ_CHECK(static_cast<bool>(e.move), "an empty move");
        }
    }
    std::istringstream again(text);
    const xq::ai::BookTable second = xq::ai::parseBook(again);
    XQ_CHECK(second.size() == book.size(), "reading twice gave different books");
    for (const auto& [key, entries] : book) {
        const auto it = second.find(key);
        XQ_CHECK(it != second.end() && it->second.size() == entries.size(),
                 "reading twice gave different books");
    }
    return 0;
}
