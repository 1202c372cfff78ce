// xiangqi-engine: the UCI console engine. Reads commands from standard input.
#include <iostream>

#include "app/engine/uci.h"

int main() {
    std::ios::sync_with_stdio(false);
    xq::uci::UciEngine engine(std::cout);
    engine.run(std::cin);
    return 0;
}
