#include "ai/book.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <unordered_map>

#include "ai/assets_path.h"
#include "core/fen.h"
#include "core/notation.h"

namespace xq::ai {

namespace {

using Book = BookTable;

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r\n");
    const auto e = s.find_last_not_of(" \t\r\n");
    return b == std::string::npos ? std::string{} : s.substr(b, e - b + 1);
}

// The position a book line's left side names, or nullopt.
std::optional<core::Position> parseBookPosition(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> words;
    for (std::string w; in >> w;)
        words.push_back(w);
    core::Position pos = *core::parseFen(core::kStartFen);
    std::size_t i      = 0;
    if (!words.empty() && words[0].find('/') != std::string::npos) {
        auto p = core::parseFen(text);
        if (!p)
            return std::nullopt;
        return *p;
    }
    if (!words.empty() && words[0] == "startpos") {
        i = 1;
        if (i < words.size() && words[i] == "moves")
            ++i;
    }
    for (; i < words.size(); ++i) {
        auto m = core::parseIccs(pos, words[i]);
        if (!m)
            return std::nullopt;
        core::Undo u;
        pos.makeMove(*m, u);
    }
    return pos;
}

Book loadBook(const std::string& path) {
    std::ifstream in(path);
    return parseBook(in);
}

} // namespace

BookTable parseBook(std::istream& in) {
    BookTable book;
    for (std::string line; std::getline(in, line);) {
        if (const auto hash = line.find('#'); hash != std::string::npos)
            line.erase(hash);
        const auto semi = line.find(';');
        if (semi == std::string::npos)
            continue;
        const auto pos = parseBookPosition(trim(line.substr(0, semi)));
        if (!pos)
            continue;
        std::istringstream rest(line.substr(semi + 1));
        std::string moveText;
        int weight    = 0;
        auto& entries = book[pos->key()];
        while (rest >> moveText >> weight) {
            auto m = core::parseIccs(*pos, moveText);
            if (m && weight > 0)
                entries.push_back({*m, weight});
        }
        if (entries.empty())
            book.erase(pos->key());
    }
    return book;
}

namespace {

const Book& cachedBook(const std::string& path) {
    static std::mutex mutex;
    static std::map<std::string, std::unique_ptr<Book>> books;
    std::lock_guard lock(mutex);
    auto& slot = books[path];
    if (!slot)
        slot = std::make_unique<Book>(loadBook(path));
    return *slot;
}

} // namespace

std::string defaultBookPath() {
    const std::filesystem::path& assets = defaultAssetsDir();
    return assets.empty() ? std::string() : (assets / "book" / "book.txt").string();
}

std::vector<BookEntry> bookMoves(const core::Position& pos, const std::string& path) {
    const Book& book = cachedBook(path.empty() ? defaultBookPath() : path);
    const auto it    = book.find(pos.key());
    std::vector<BookEntry> out;
    if (it == book.end())
        return out;
    for (const BookEntry& e : it->second)
        if (pos.isPseudoLegal(e.move) && pos.isLegal(e.move))
            out.push_back(e);
    return out;
}

core::Move bookMove(const core::Position& pos, const std::string& path, std::mt19937_64& rng) {
    const auto entries = bookMoves(pos, path);
    long total         = 0;
    for (const BookEntry& e : entries)
        total += e.weight;
    if (total <= 0)
        return core::Move{};
    long pick = std::uniform_int_distribution<long>(0, total - 1)(rng);
    for (const BookEntry& e : entries) {
        if (pick < e.weight)
            return e.move;
        pick -= e.weight;
    }
    return entries.back().move;
}

std::size_t bookSize(const std::string& path) {
    return cachedBook(path.empty() ? defaultBookPath() : path).size();
}

} // namespace xq::ai
