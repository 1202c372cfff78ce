// Reads the ` ; `-separated test data files in tests/data.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace xq::test {

// Each non-empty, non-comment line split on " ; " (fields trimmed).
std::vector<std::vector<std::string>> readCases(const std::string& fileName);
std::vector<std::string> splitWords(const std::string& s);

// A file under tests/data, or under the source tree. The paths are joined at run time, out of
// line: GCC 12 at -O2 warns (-Warray-bounds, a false positive) on `std::string(MACRO) + "..."`
// for some lengths of the checkout's path, and the tests build with -Werror.
std::string dataPath(std::string_view relative);
std::string sourcePath(std::string_view relative);

// Command lines for the engine-driving tests, each path quoted so that a checkout path with
// spaces still splits into one word: our own engine, and the scripted engine of
// tests/data/engines/fake_engine.sh in one of its modes.
std::string ourEngineCommand();
std::string fakeEngineCommand(std::string_view mode);

} // namespace xq::test
