#include "testdata.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "ai/puzzle.h"

namespace xq::test {

namespace {

std::string trim(std::string s) {
    const auto b = s.find_first_not_of(" \t\r\n");
    const auto e = s.find_last_not_of(" \t\r\n");
    return b == std::string::npos ? std::string{} : s.substr(b, e - b + 1);
}

} // namespace

std::vector<std::vector<std::string>> readCases(const std::string& fileName) {
    std::ifstream in(std::string(XQ_TESTDATA_DIR) + "/" + fileName);
    if (!in)
        throw std::runtime_error("cannot open test data " + fileName);
    std::vector<std::vector<std::string>> out;
    for (std::string line; std::getline(in, line);) {
        if (trim(line).empty() || trim(line)[0] == '#')
            continue;
        auto fields = ai::splitFields(line);
        for (auto& f : fields)
            f = trim(f);
        out.push_back(std::move(fields));
    }
    return out;
}

std::vector<std::string> splitWords(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> out;
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

} // namespace xq::test
