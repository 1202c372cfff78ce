#include "core/rules.h"

namespace xq::core {

std::string GameResult::pgnResult() const {
    switch (outcome) {
    case Outcome::RedWins:
        return "1-0";
    case Outcome::BlackWins:
        return "0-1";
    case Outcome::Draw:
        return "1/2-1/2";
    case Outcome::Ongoing:
        break;
    }
    return "*";
}

std::string GameResult::describe() const {
    std::string who = outcome == Outcome::RedWins     ? "Red wins"
                      : outcome == Outcome::BlackWins ? "Black wins"
                      : outcome == Outcome::Draw      ? "Draw"
                                                      : "Game in progress";
    switch (reason) {
    case Reason::Checkmate:
        return who + " by checkmate";
    case Reason::Stalemate:
        return who + ": the other side has no legal move (stalemate)";
    case Reason::PerpetualCheck:
        return who + ": the other side gave perpetual check";
    case Reason::Repetition:
        return who + " by repetition";
    case Reason::MoveLimit:
        return who + " by the natural move limit (no capture for 60 moves)";
    case Reason::NoAttackers:
        return who + ": neither side has an attacking piece left";
    case Reason::Resignation:
        return who + " by resignation";
    case Reason::None:
        break;
    }
    return who;
}

GameResult winFor(Color c, Reason r) {
    return {c == Color::Red ? Outcome::RedWins : Outcome::BlackWins, r};
}

GameResult drawBy(Reason r) {
    return {Outcome::Draw, r};
}

GameResult judgeCycle(std::span<const CyclePly> cycle) {
    bool allCheck[2] = {true, true};
    bool moved[2]    = {false, false};
    for (const CyclePly& p : cycle) {
        moved[index(p.mover)] = true;
        if (!p.gaveCheck)
            allCheck[index(p.mover)] = false;
    }
    const bool red   = moved[0] && allCheck[0];
    const bool black = moved[1] && allCheck[1];
    if (red && !black)
        return winFor(Color::Black, Reason::PerpetualCheck);
    if (black && !red)
        return winFor(Color::Red, Reason::PerpetualCheck);
    return drawBy(Reason::Repetition);
}

} // namespace xq::core
