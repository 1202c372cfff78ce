#include "core/gbk.h"

#include <array>
#include <cstdint>
#include <vector>

namespace xq::core {

namespace {

#include "core/gbk_table.inc"

// The running sums of kGbkDeltas, computed once at compile time: cell -> UTF-16 code unit.
// GBK has no characters outside the Basic Multilingual Plane, so 16 bits suffice.
constexpr std::array<char16_t, kGbkCells> buildTable() {
    std::array<char16_t, kGbkCells> t{};
    int v = 0;
    for (int i = 0; i < kGbkCells; ++i) {
        v += kGbkDeltas[i];
        t[static_cast<std::size_t>(i)] = static_cast<char16_t>(v);
    }
    return t;
}

constexpr std::array<char16_t, kGbkCells> kGbkTable = buildTable();

static_assert(kGbkTable[0] == u'\u4E02', "GBK 0x8140 is U+4E02");
static_assert(kGbkTable[(0xB0 - 0x81) * 190 + (0xA1 - 0x41)] == u'\u554A', "GBK 0xB0A1 is U+554A");

std::string hexByte(unsigned char b) {
    const char* digits = "0123456789ABCDEF";
    return {'0', 'x', digits[b >> 4], digits[b & 15]};
}

} // namespace

std::size_t invalidUtf8Offset(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto b = static_cast<unsigned char>(s[i]);
        if (b < 0x80) {
            ++i;
            continue;
        }
        std::size_t len = 0;
        char32_t cp     = 0;
        char32_t min    = 0;
        if (b >= 0xC2 && b <= 0xDF) {
            len = 2, cp = b & 0x1F, min = 0x80;
        } else if ((b & 0xF0) == 0xE0) {
            len = 3, cp = b & 0x0F, min = 0x800;
        } else if (b >= 0xF0 && b <= 0xF4) {
            len = 4, cp = b & 0x07, min = 0x10000;
        } else {
            return i;
        }
        if (i + len > s.size())
            return i;
        for (std::size_t k = 1; k < len; ++k) {
            const auto c = static_cast<unsigned char>(s[i + k]);
            if ((c & 0xC0) != 0x80)
                return i;
            cp = (cp << 6) | (c & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return i;
        i += len;
    }
    return std::string_view::npos;
}

Expected<std::string> gbkToUtf8(std::string_view s) {
    std::string out;
    out.reserve(s.size() * 3 / 2);
    for (std::size_t i = 0; i < s.size();) {
        const auto lead = static_cast<unsigned char>(s[i]);
        if (lead < 0x80) {
            out += static_cast<char>(lead);
            ++i;
            continue;
        }
        if (lead == 0x80 || lead == 0xFF)
            return Error{"byte " + std::to_string(i) + " (" + hexByte(lead)
                         + ") is not valid GBK text"};
        if (i + 1 >= s.size())
            return Error{"byte " + std::to_string(i) + " (" + hexByte(lead)
                         + ") starts a GBK character but the text ends"};
        const auto trail = static_cast<unsigned char>(s[i + 1]);
        if (trail < 0x40 || trail == 0x7F || trail == 0xFF)
            return Error{"bytes " + std::to_string(i) + "-" + std::to_string(i + 1) + " ("
                         + hexByte(lead) + " " + hexByte(trail) + ") are not valid GBK text"};
        const int cell    = (lead - 0x81) * 190 + (trail < 0x7F ? trail - 0x40 : trail - 0x41);
        const char16_t cp = kGbkTable[static_cast<std::size_t>(cell)];
        if (cp == 0)
            return Error{"bytes " + std::to_string(i) + "-" + std::to_string(i + 1) + " ("
                         + hexByte(lead) + " " + hexByte(trail) + ") are not a GBK character"};
        appendUtf8(out, cp);
        i += 2;
    }
    return out;
}

Expected<std::string> decodeText(std::string_view bytes) {
    if (bytes.substr(0, 3) == "\xEF\xBB\xBF")
        bytes.remove_prefix(3);
    if (isValidUtf8(bytes))
        return std::string(bytes);
    auto gbk = gbkToUtf8(bytes);
    if (!gbk)
        return Error{"the text is neither UTF-8 (byte " + std::to_string(invalidUtf8Offset(bytes))
                     + " is invalid) nor GBK: " + gbk.error()};
    return gbk;
}

std::string utf8ToGbk(std::string_view s) {
    // The reverse table (UTF-16 code unit -> GBK pair), built once from the decoding table.
    static const std::vector<std::uint16_t> reverse = [] {
        std::vector<std::uint16_t> r(0x10000, 0);
        for (int cell = 0; cell < kGbkCells; ++cell) {
            const char16_t cp = kGbkTable[static_cast<std::size_t>(cell)];
            if (cp == 0 || r[cp] != 0)
                continue;
            const int lead  = 0x81 + cell / 190;
            const int col   = cell % 190;
            const int trail = col < 0x3F ? 0x40 + col : 0x41 + col;
            r[cp]           = static_cast<std::uint16_t>(lead << 8 | trail);
        }
        return r;
    }();
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        if (b < 0x80) {
            out += static_cast<char>(b);
            ++i;
            continue;
        }
        const std::size_t bad = invalidUtf8Offset(s.substr(i, 4));
        std::size_t len       = (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : 4;
        if (bad != std::string_view::npos && bad < len) {
            out += '?';
            ++i;
            continue;
        }
        char32_t cp = len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
        for (std::size_t k = 1; k < len; ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        i += len;
        const std::uint16_t g = cp < 0x10000 ? reverse[cp] : 0;
        if (g == 0) {
            out += '?';
        } else {
            out += static_cast<char>(g >> 8);
            out += static_cast<char>(g & 0xFF);
        }
    }
    return out;
}

std::string utf16leToUtf8(std::string_view bytes) {
    std::string out;
    const std::size_t n = bytes.size() / 2;
    for (std::size_t i = 0; i < n; ++i) {
        const auto unit = [&](std::size_t k) {
            return static_cast<char32_t>(static_cast<unsigned char>(bytes[2 * k])
                                         | static_cast<unsigned char>(bytes[2 * k + 1]) << 8);
        };
        char32_t c = unit(i);
        if (c == 0)
            break;
        if (c >= 0xD800 && c <= 0xDBFF && i + 1 < n && unit(i + 1) >= 0xDC00
            && unit(i + 1) <= 0xDFFF) {
            c = 0x10000 + ((c - 0xD800) << 10) + (unit(i + 1) - 0xDC00);
            ++i;
        } else if (c >= 0xD800 && c <= 0xDFFF) {
            c = 0xFFFD;
        }
        appendUtf8(out, c);
    }
    return out;
}

void appendUtf8(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

} // namespace xq::core
