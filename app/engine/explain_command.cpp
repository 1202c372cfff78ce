#include "app/engine/explain_command.h"

#include "core/notation.h"

namespace xq::uci {

std::string explainCommand(ai::Explainer& explainer, const core::Game& game,
                           const std::vector<std::string>& words) {
    if (words.size() < 2)
        return "info string explain needs a move (ICCS, e.g. h2e2) or 'threat'";
    // Optional words after the move: the sentence's language ("en", the default, or "zh") and
    // the notation of its moves ("iccs", "wxf" or "chinese", the default).
    bool chinese            = false;
    core::Notation notation = core::Notation::Chinese;
    for (std::size_t i = 2; i < words.size(); ++i) {
        if (words[i] == "zh" || words[i] == "en")
            chinese = words[i] == "zh";
        else if (const auto n = core::notationFromName(words[i]))
            notation = *n;
        else
            return "info string explain: '" + words[i]
                   + "' is neither a language (en, zh) nor a notation (iccs, wxf, chinese)";
    }
    explainer.setNotation(notation);
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
