// Material signatures of endgame tables: how many of each piece both sides have, written as in
// FEN letters with the generals first, Red upper case: "KRkaabb" is a chariot against a general
// with two advisors and two elephants. Horses are N (H accepted), elephants B (E accepted).
// A table is kept once for a pair of colour-mirrored signatures: the canonical one is the side
// with more material as Red (tableOrientation says which a position needs).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"

namespace xq::egtb {

struct Material {
    // count[colour][piece type]; the generals are implied (always one each).
    std::array<std::array<std::uint8_t, core::kPieceTypeCount>, 2> count{};

    // "KRkaabb"; nullopt with a message in `error` when a letter is unknown, a general is
    // missing or doubled, or a side has more of a piece than its set holds.
    static std::optional<Material> parse(std::string_view text, std::string* error = nullptr);
    static Material of(const core::Position& pos);

    std::string name() const;
    // Red and Black exchanged.
    Material flipped() const;
    // True when this signature is the one its table is stored under.
    bool isCanonical() const;
    Material canonical() const { return isCanonical() ? *this : flipped(); }
    // Pieces beside the two generals.
    int pieces() const;
    int pieces(core::Color c) const;
    // The signatures one capture away (one piece of either side removed), canonical, distinct.
    std::vector<Material> captureChildren() const;
    bool operator==(const Material&) const = default;
    std::uint64_t key() const;
};

// The piece types in the order a side is written: R C N P A B (strongest first).
inline constexpr core::PieceType kWriteOrder[] = {
    core::PieceType::Rook, core::PieceType::Cannon,  core::PieceType::Horse,
    core::PieceType::Pawn, core::PieceType::Advisor, core::PieceType::Elephant,
};

} // namespace xq::egtb
