// Text encodings for game files: UTF-8 validation and GBK -> UTF-8 decoding.
// GBK is the code page most older Chinese xiangqi files are saved in; the table comes from
// Python's 'gbk' codec (tools/gen_gbk_table.py -> core/gbk_table.inc). Nothing here throws.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/result.h"

namespace xq::core {

// The offset of the first byte that is not part of a well-formed UTF-8 sequence (overlong forms,
// surrogates and code points above U+10FFFF are not well-formed), or std::string_view::npos.
std::size_t invalidUtf8Offset(std::string_view bytes);
inline bool isValidUtf8(std::string_view bytes) {
    return invalidUtf8Offset(bytes) == std::string_view::npos;
}

// Appends the UTF-8 encoding of a Unicode code point (at most U+10FFFF).
void appendUtf8(std::string& out, char32_t cp);

// Converts GBK bytes to UTF-8. ASCII bytes pass through; a byte that neither is ASCII nor starts
// a GBK pair, or a pair that is not a GBK character, gives an error naming its byte offset.
Expected<std::string> gbkToUtf8(std::string_view bytes);

// Reads a text file's bytes: a UTF-8 byte order mark is dropped; valid UTF-8 is returned as is;
// anything else is decoded as GBK. The error (GBK failed too) names the byte offset.
Expected<std::string> decodeText(std::string_view bytes);

// Converts UTF-8 to GBK. Characters GBK has no code for (and malformed UTF-8) become '?'.
std::string utf8ToGbk(std::string_view utf8);

// Converts UTF-16LE to UTF-8, stopping at the first NUL code unit (fixed-size fields end there).
// An unpaired surrogate becomes U+FFFD; an odd last byte is ignored.
std::string utf16leToUtf8(std::string_view bytes);

} // namespace xq::core
