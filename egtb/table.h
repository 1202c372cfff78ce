// One endgame table in memory and its file. Every entry holds a code: 0 a draw, 1 a placement
// that cannot occur (two pieces on one point, or the side not to move in check), otherwise 2 +
// the distance to mate in plies for the side to move: even when it is mated (0: mated now),
// odd when it mates. Repetition is not part of the tables (docs/TABLEBASES.md).
//
// File: a 48-byte header ("XQEGTB01", the material name, entry width 1 or 2 bytes, entry count,
// a 64-bit checksum of the data, the longest mate) and the entries, little-endian.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "egtb/layout.h"

namespace xq::egtb {

inline constexpr std::uint16_t kDraw    = 0;
inline constexpr std::uint16_t kIllegal = 1;

enum class Wdl : std::uint8_t { Loss, Draw, Win };

// A table's answer for the side to move.
struct Verdict {
    Wdl wdl                               = Wdl::Draw;
    int dtm                               = 0; // plies to mate (wins odd, losses even); 0 for draws
    bool operator==(const Verdict&) const = default;
};

inline std::optional<Verdict> verdictOf(std::uint16_t code) {
    if (code == kIllegal)
        return std::nullopt;
    if (code == kDraw)
        return Verdict{};
    const int dtm = code - 2;
    return Verdict{dtm % 2 ? Wdl::Win : Wdl::Loss, dtm};
}

// What the generator measured (kept in memory, written to the report by xiangqi-egtb).
struct TableStats {
    std::uint64_t entries = 0, legal = 0, wins = 0, losses = 0, draws = 0;
    int longestMate            = 0; // plies, over both sides to move
    std::uint64_t longestIndex = 0; // one position of that length
    double seconds             = 0;
    std::uint64_t peakBytes    = 0; // the generator's working arrays
};

class Table {
public:
    Table(const Material& canonical, std::vector<std::uint16_t> codes);

    const Material& material() const { return m_layout.material(); }
    const Layout& layout() const { return m_layout; }
    std::uint64_t size() const { return m_layout.size(); }
    std::uint16_t code(std::uint64_t idx) const {
        return m_wide ? m_data16[idx] : static_cast<std::uint16_t>(m_data8[idx]);
    }
    int longestMate() const { return m_longest; }

    // Writes the file (through a temporary name, so readers never see half a table).
    bool save(const std::filesystem::path& file, std::string* error) const;
    // Reads and checks a file; nullptr with the reason in `error` when it is missing, of
    // another table, truncated or fails its checksum.
    static std::shared_ptr<Table> load(const std::filesystem::path& file, const Material& m,
                                       std::string* error);

private:
    Layout m_layout;
    bool m_wide = false;
    std::vector<std::uint8_t> m_data8;
    std::vector<std::uint16_t> m_data16;
    int m_longest = 0;
};

// 64-bit checksum of a byte range (FNV-1a over 8-byte words).
std::uint64_t checksum(const std::uint8_t* data, std::size_t size);

} // namespace xq::egtb
