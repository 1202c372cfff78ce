#include "app/engine/explain_command.h"

#include "core/notation.h"

namespace xq::uci {

std::string explainCommand(ai::Explainer& explainer, const core::Game& game,
                           const std::vector<std::string>& words) {
    if (words.size() < 2)
        return "info string explain needs a move (ICCS, e.g. h2e2) or 'threat'";
    // An optional last word chooses the sentence's language: "zh" for Chinese.
    const bool chinese = words.size() >= 3 && words[2] == "zh";
    ai::Explanation e;
    if (words[1] == "threat") {
        e = explainer.explainThreat(game);
    } else {
        const auto move = core::parseIccs(game.position(), words[1]);
        if (!move)
            return "info string explain: '" + words[1]
                   + "' is not a legal move here: " + move.error();
        e = explainer.explainMove(game, *move);
    }
    return "explanation " + ai::factsText(e.facts) + " | " + (chinese ? e.chinese : e.english);
}

} // namespace xq::uci
