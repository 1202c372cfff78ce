#include "egtb/material.h"

#include <algorithm>
#include <cctype>

namespace xq::egtb {

using core::Color;
using core::PieceType;

namespace {

char letterOf(PieceType t) {
    switch (t) {
    case PieceType::King:
        return 'K';
    case PieceType::Advisor:
        return 'A';
    case PieceType::Elephant:
        return 'B';
    case PieceType::Horse:
        return 'N';
    case PieceType::Rook:
        return 'R';
    case PieceType::Cannon:
        return 'C';
    case PieceType::Pawn:
        return 'P';
    default:
        return '?';
    }
}

std::optional<PieceType> typeOfLetter(char c) {
    switch (std::toupper(static_cast<unsigned char>(c))) {
    case 'K':
        return PieceType::King;
    case 'A':
        return PieceType::Advisor;
    case 'B':
    case 'E':
        return PieceType::Elephant;
    case 'N':
    case 'H':
        return PieceType::Horse;
    case 'R':
        return PieceType::Rook;
    case 'C':
        return PieceType::Cannon;
    case 'P':
        return PieceType::Pawn;
    default:
        return std::nullopt;
    }
}

// Rough strength of a side, to pick which colour a table is stored under.
int weight(const std::array<std::uint8_t, core::kPieceTypeCount>& c) {
    return c[int(PieceType::Rook)] * 900 + c[int(PieceType::Cannon)] * 450
           + c[int(PieceType::Horse)] * 400 + c[int(PieceType::Pawn)] * 100
           + c[int(PieceType::Advisor)] * 20 + c[int(PieceType::Elephant)] * 20;
}

} // namespace

std::optional<Material> Material::parse(std::string_view text, std::string* error) {
    auto fail = [&](const std::string& why) -> std::optional<Material> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    Material m;
    int kings[2] = {0, 0};
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        const auto t  = typeOfLetter(ch);
        if (!t)
            return fail("unknown piece letter '" + std::string(1, ch) + "' at position "
                        + std::to_string(i + 1) + " of \"" + std::string(text) + "\"");
        const int c = std::isupper(static_cast<unsigned char>(ch)) ? 0 : 1;
        if (*t == PieceType::King) {
            ++kings[c];
            continue;
        }
        if (++m.count[c][int(*t)] > core::kSetCount[int(*t)])
            return fail(std::string("too many ") + ch + " in \"" + std::string(text) + "\"");
    }
    if (kings[0] != 1 || kings[1] != 1)
        return fail("\"" + std::string(text) + "\" needs exactly one K and one k");
    return m;
}

Material Material::of(const core::Position& pos) {
    Material m;
    for (int c = 0; c < 2; ++c)
        for (int t = 2; t < core::kPieceTypeCount; ++t)
            m.count[c][t] = static_cast<std::uint8_t>(
                pos.count(static_cast<Color>(c), static_cast<PieceType>(t)));
    return m;
}

std::string Material::name() const {
    std::string s;
    for (int c = 0; c < 2; ++c) {
        s += c == 0 ? 'K' : 'k';
        for (const auto t : kWriteOrder)
            for (int i = 0; i < count[c][int(t)]; ++i)
                s += c == 0
                         ? letterOf(t)
                         : static_cast<char>(std::tolower(static_cast<unsigned char>(letterOf(t))));
    }
    return s;
}

Material Material::flipped() const {
    Material m;
    m.count[0] = count[1];
    m.count[1] = count[0];
    return m;
}

bool Material::isCanonical() const {
    const int w0 = weight(count[0]), w1 = weight(count[1]);
    if (w0 != w1)
        return w0 > w1;
    return count[0] >= count[1];
}

int Material::pieces(Color c) const {
    int n = 0;
    for (int t = 2; t < core::kPieceTypeCount; ++t)
        n += count[index(c)][t];
    return n;
}

int Material::pieces() const {
    return pieces(Color::Red) + pieces(Color::Black);
}

std::vector<Material> Material::captureChildren() const {
    std::vector<Material> out;
    for (int c = 0; c < 2; ++c)
        for (int t = 2; t < core::kPieceTypeCount; ++t)
            if (count[c][t] > 0) {
                Material m = *this;
                --m.count[c][t];
                m = m.canonical();
                if (std::find(out.begin(), out.end(), m) == out.end())
                    out.push_back(m);
            }
    return out;
}

std::uint64_t Material::key() const {
    std::uint64_t k = 0;
    for (int c = 0; c < 2; ++c)
        for (int t = 2; t < core::kPieceTypeCount; ++t)
            k = k * 8 + count[c][t];
    return k;
}

} // namespace xq::egtb
