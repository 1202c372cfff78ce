// Reads the ` ; `-separated test data files in tests/data.
#pragma once

#include <string>
#include <vector>

namespace xq::test {

// Each non-empty, non-comment line split on " ; " (fields trimmed).
std::vector<std::vector<std::string>> readCases(const std::string& fileName);
std::vector<std::string> splitWords(const std::string& s);

} // namespace xq::test
