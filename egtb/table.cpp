#include "egtb/table.h"

#include <cstring>
#include <fstream>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <thread>

namespace xq::egtb {

namespace {

constexpr char kMagic[8]         = {'X', 'Q', 'E', 'G', 'T', 'B', '0', '1'};
constexpr std::size_t kHeader    = 48;
constexpr std::size_t kNameBytes = 16;

void putU32(std::uint8_t* p, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
void putU64(std::uint8_t* p, std::uint64_t v) {
    for (int i = 0; i < 8; ++i)
        p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
std::uint32_t getU32(const std::uint8_t* p) {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i)
        v = (v << 8) | p[i];
    return v;
}
std::uint64_t getU64(const std::uint8_t* p) {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i)
        v = (v << 8) | p[i];
    return v;
}

} // namespace

std::uint64_t checksum(const std::uint8_t* data, std::size_t size) {
    std::uint64_t h      = 0xCBF29CE484222325ULL;
    constexpr auto prime = 0x100000001B3ULL;
    std::size_t i        = 0;
    for (; i + 8 <= size; i += 8) {
        std::uint64_t w;
        std::memcpy(&w, data + i, 8);
        h = (h ^ w) * prime;
        h ^= h >> 29;
    }
    for (; i < size; ++i)
        h = (h ^ data[i]) * prime;
    return h ^ size;
}

Table::Table(const Material& canonical, std::vector<std::uint16_t> codes)
    : m_layout(canonical) {
    for (const auto c : codes)
        if (c >= 2)
            m_longest = std::max(m_longest, c - 2);
    m_wide = m_longest + 2 > 0xFF;
    if (m_wide) {
        m_data16 = std::move(codes);
    } else {
        m_data8.resize(codes.size());
        for (std::size_t i = 0; i < codes.size(); ++i)
            m_data8[i] = static_cast<std::uint8_t>(codes[i]);
    }
}

bool Table::save(const std::filesystem::path& file, std::string* error) const {
    const std::uint8_t* data =
        m_wide ? reinterpret_cast<const std::uint8_t*>(m_data16.data()) : m_data8.data();
    const std::size_t bytes    = m_wide ? m_data16.size() * 2 : m_data8.size();
    std::uint8_t head[kHeader] = {};
    std::memcpy(head, kMagic, 8);
    const std::string name = material().name();
    std::memcpy(head + 8, name.data(), std::min(name.size(), kNameBytes));
    putU32(head + 24, m_wide ? 2 : 1);
    putU32(head + 28, static_cast<std::uint32_t>(m_longest));
    putU64(head + 32, size());
    putU64(head + 40, checksum(data, bytes));
    std::error_code ec;
    std::filesystem::create_directories(file.parent_path(), ec);
    // A name of this writer's own: the game, the trainer and xiangqi-egtb may make one table at
    // the same time, and each renames a whole file over the other's.
    const auto tmp = std::filesystem::path(
        file.string() + "."
        + std::to_string(std::hash<std::thread::id>{}(std::this_thread::get_id())) + "-"
        + std::to_string(std::random_device{}()) + ".tmp");
    bool written = false;
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(head), kHeader);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(bytes));
        out.close();
        written = static_cast<bool>(out);
    }
    if (!written) {
        if (error)
            *error = "cannot write " + tmp.string();
        std::filesystem::remove(tmp, ec); // no half table left behind
        return false;
    }
    std::filesystem::rename(tmp, file, ec);
    if (ec) {
        if (error)
            *error = "cannot rename " + tmp.string() + ": " + ec.message();
        std::filesystem::remove(tmp, ec);
        return false;
    }
    return true;
}

std::shared_ptr<Table> Table::load(const std::filesystem::path& file, const Material& m,
                                   std::string* error) {
    auto fail = [&](const std::string& why) -> std::shared_ptr<Table> {
        if (error)
            *error = file.string() + ": " + why;
        return nullptr;
    };
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return fail("missing");
    std::uint8_t head[kHeader];
    if (!in.read(reinterpret_cast<char*>(head), kHeader))
        return fail("shorter than its header");
    if (std::memcmp(head, kMagic, 8) != 0)
        return fail("not a table file (bad magic)");
    const std::string name      = m.name();
    char stored[kNameBytes + 1] = {};
    std::memcpy(stored, head + 8, kNameBytes);
    if (name != stored)
        return fail("holds " + std::string(stored) + ", not " + name);
    const std::uint32_t width = getU32(head + 24);
    const std::uint64_t count = getU64(head + 32);
    const Layout layout(m);
    if ((width != 1 && width != 2) || count != layout.size())
        return fail("wrong entry width or count");
    std::vector<std::uint8_t> data(count * width);
    if (!in.read(reinterpret_cast<char*>(data.data()), static_cast<std::streamsize>(data.size())))
        return fail("truncated");
    if (in.peek() != std::char_traits<char>::eof())
        return fail("longer than its entries");
    if (checksum(data.data(), data.size()) != getU64(head + 40))
        return fail("checksum mismatch (damaged)");
    std::vector<std::uint16_t> codes(count);
    for (std::uint64_t i = 0; i < count; ++i)
        codes[i] =
            width == 1 ? data[i] : static_cast<std::uint16_t>(data[2 * i] | (data[2 * i + 1] << 8));
    data = {};
    return std::make_shared<Table>(m, std::move(codes));
}

} // namespace xq::egtb
