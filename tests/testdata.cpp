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

std::string joined(std::string_view dir, std::string_view relative) {
    std::string path(dir);
    path += '/';
    path += relative;
    return path;
}

} // namespace

std::string dataPath(std::string_view relative) {
    return joined(XQ_TESTDATA_DIR, relative);
}

std::string sourcePath(std::string_view relative) {
    return joined(XQ_SOURCE_DIR, relative);
}

std::string ourEngineCommand() {
    std::string command = "'";
    command += XQ_ENGINE_BIN;
    command += '\'';
    return command;
}

std::string fakeEngineCommand(std::string_view mode) {
    std::string command = "sh '";
    command += dataPath("engines/fake_engine.sh");
    command += "' ";
    command += mode;
    return command;
}

std::vector<std::vector<std::string>> readCases(const std::string& fileName) {
    std::ifstream in(dataPath(fileName));
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
