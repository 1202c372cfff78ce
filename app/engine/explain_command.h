// The engine's "explain" command: "explain MOVE" explains a move of the side to move in the
// position of the last "position" command, "explain threat" what the side not to move threatens.
// Optional words after it choose the sentence's language (en, zh) and the notation of its moves
// (iccs, wxf, chinese). The reply is one line, "explanation <facts> | <sentence>" (ai/explain.h
// describes the facts).
#pragma once

#include <string>
#include <vector>

#include "ai/explain.h"
#include "core/game.h"

namespace xq::uci {

// words: the command line split into words, words[0] == "explain". Returns the reply line, or
// "info string <reason>" when the command is malformed.
std::string explainCommand(ai::Explainer& explainer, const core::Game& game,
                           const std::vector<std::string>& words);

} // namespace xq::uci
