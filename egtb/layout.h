// The index of a table: every placement of its pieces on the points those pieces can reach, for
// both sides to move. Each group of like pieces (one colour, one type) is a combination of
// distinct points from its own set of points: a general has the 9 of its palace, an advisor 5,
// an elephant 7, a soldier the 55 it can reach (never behind its start), the others 90. The
// left-right mirror halves the generals: Red's general stands on files d-e only (a position with
// it on file f is looked up as its mirror image). Placements with two pieces on one point are
// part of the index and marked illegal by the generator.
//
// Index = side * perSide + ((kings * size(group 1) + i1) * size(group 2) + i2) ...
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/position.h"
#include "egtb/material.h"

namespace xq::egtb {

inline constexpr std::uint64_t kNoIndex = ~std::uint64_t{0};

class Layout {
public:
    // Precondition: m is canonical.
    explicit Layout(const Material& m);

    const Material& material() const { return m_material; }
    std::uint64_t size() const { return 2 * m_perSide; }
    std::uint64_t perSide() const { return m_perSide; }

    // Index of pos, whose material is material() (flip = false) or material().flipped() (flip =
    // true: Red and Black exchanged and the board turned). kNoIndex when a piece stands where
    // its kind cannot (a position no legal game reaches).
    std::uint64_t index(const core::Position& pos, bool flip) const;
    // Sets up pos (side to move included); false when two pieces share a point.
    bool decode(std::uint64_t idx, core::Position& pos) const;

private:
    struct Group {
        core::Piece piece = core::kNoPiece;
        int count         = 0;
        std::vector<core::Square> squares;
        std::array<std::int16_t, core::kSquares> slot{};
        std::uint64_t size = 0;
    };
    Material m_material;
    std::vector<Group> m_groups;
    std::uint64_t m_perSide = 0;
};

} // namespace xq::egtb
