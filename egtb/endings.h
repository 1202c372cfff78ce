// The endings the program knows by name, and the sets xiangqi-egtb makes with one word.
#pragma once

#include <string>
#include <vector>

#include "egtb/material.h"

namespace xq::egtb {

struct NamedEnding {
    const char* material; // canonical signature, e.g. "KRkaabb"
    const char* english;  // "Chariot wins against full defenders"
    const char* chinese;  // "单车胜士象全"
    bool trainer;         // offered in the endgame trainer (the stronger side wins)
};

// The classic endings, smallest first.
const std::vector<NamedEnding>& namedEndings();

// Every canonical signature with 1..maxPieces pieces beside the generals.
std::vector<Material> allEndings(int maxPieces);
// The classic endings of four to six pieces in which one side has only advisors and elephants
// (and the chariot against horse or cannon with two advisors).
std::vector<Material> classicEndings();

} // namespace xq::egtb
