// xiangqi-egtb: make, list and probe endgame tables from the command line (the program's main
// is a thin wrapper, so tests drive this function).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace xq::egtb {

// args without the program name. Returns the exit status: 0 done, 1 a failure (a table that
// could not be made, a position without table), 2 a usage error.
int runCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace xq::egtb
