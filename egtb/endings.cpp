#include "egtb/endings.h"

#include <algorithm>

namespace xq::egtb {

const std::vector<NamedEnding>& namedEndings() {
    static const std::vector<NamedEnding> list = {
        {"KRk", "Chariot against the bare general", "单车胜单将", true},
        {"KNk", "Horse against the bare general", "单马胜单将", true},
        {"KPk", "Soldier against the bare general", "单兵胜单将", true},
        {"KCAk", "Cannon and advisor against the bare general", "炮仕胜单将", true},
        {"KNka", "Horse against a single advisor", "单马胜单士", true},
        {"KNkb", "Horse against a single elephant", "单马胜单象", true},
        {"KRka", "Chariot against a single advisor", "单车胜单士", true},
        {"KRkb", "Chariot against a single elephant", "单车胜单象", true},
        {"KPPk", "Two soldiers against the bare general", "双兵胜单将", true},
        {"KRkaa", "Chariot against two advisors", "单车胜双士", true},
        {"KRkbb", "Chariot against two elephants", "单车胜双象", true},
        {"KRkab", "Chariot against advisor and elephant", "单车胜单士象", true},
        {"KNPkab", "Horse and soldier against advisor and elephant", "马兵胜单士象", true},
        {"KCPkab", "Cannon and soldier against advisor and elephant", "炮兵胜单士象", true},
        {"KRkaab", "Chariot against two advisors and an elephant", "单车胜双士单象", true},
        {"KRkabb", "Chariot against an advisor and two elephants", "单车胜单士双象", true},
        {"KRkaabb", "Chariot against full defenders", "单车胜士象全", true},
        {"KRkna", "Chariot against horse and advisor", "车胜马单士", true},
        {"KRknaa", "Chariot against horse and two advisors", "车胜马双士", true},
        {"KRkcaa", "Chariot against cannon and two advisors", "车胜炮双士", true},
        {"KPPPkaabb", "Three soldiers against full defenders", "三兵胜士象全", false},
    };
    return list;
}

namespace {

// All ways of giving one side at most `left` pieces (any kinds within the set limits).
void sides(int type, int left, std::array<std::uint8_t, core::kPieceTypeCount>& cur,
           std::vector<std::array<std::uint8_t, core::kPieceTypeCount>>& out) {
    if (type == core::kPieceTypeCount) {
        out.push_back(cur);
        return;
    }
    for (int n = 0; n <= std::min(left, core::kSetCount[type]); ++n) {
        cur[type] = static_cast<std::uint8_t>(n);
        sides(type + 1, left - n, cur, out);
    }
    cur[type] = 0;
}

} // namespace

std::vector<Material> allEndings(int maxPieces) {
    std::vector<std::array<std::uint8_t, core::kPieceTypeCount>> one;
    std::array<std::uint8_t, core::kPieceTypeCount> cur{};
    sides(2, maxPieces, cur, one);
    std::vector<Material> out;
    for (const auto& a : one)
        for (const auto& b : one) {
            Material m;
            m.count[0]  = a;
            m.count[1]  = b;
            const int n = m.pieces();
            if (n < 1 || n > maxPieces || !m.isCanonical())
                continue;
            if (std::find(out.begin(), out.end(), m) == out.end())
                out.push_back(m);
        }
    std::stable_sort(out.begin(), out.end(),
                     [](const Material& x, const Material& y) { return x.pieces() < y.pieces(); });
    return out;
}

std::vector<Material> classicEndings() {
    std::vector<Material> out;
    for (const char* s : {"KRkaabb", "KRknaa", "KRkcaa", "KNPkaabb", "KCPkaabb", "KPPkaabb",
                          "KNPkaab", "KCPkaab", "KPPkaab"})
        out.push_back(*Material::parse(s));
    return out;
}

} // namespace xq::egtb
