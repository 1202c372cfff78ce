// xiangqi-egtb: endgame tables from the command line (egtb/command.h does the work).
#include <iostream>
#include <string>
#include <vector>

#include "egtb/command.h"

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    std::vector<std::string> args(argv + 1, argv + argc);
    return xq::egtb::runCommand(args, std::cout, std::cerr);
}
