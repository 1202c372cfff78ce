#include "app/gui/model/coach.h"

#include "ai/explain.h"
#include "app/gui/model/i18n.h"
#include "core/movegen.h"
#include "core/notation.h"

namespace xq::gui {

namespace {

// The coach searches briefly: its question comes within a frame or two.
constexpr std::uint64_t kCoachNodes = 25'000;

} // namespace

core::Position legalPositionAfter(core::Position p, const std::vector<core::Move>& line,
                                  std::size_t n) {
    for (std::size_t i = 0; i < n && i < line.size(); ++i) {
        core::MoveList legal;
        core::generateLegal(p, legal);
        if (!legal.contains(line[i]))
            break;
        core::Undo u;
        p.makeMove(line[i], u);
    }
    return p;
}

bool coachActive(const Settings& s, bool timed, bool casual) {
    return s.coach && s.level >= 1 && s.level <= 4 && (!timed || casual);
}

std::optional<std::string> coachQuestion(const core::Game& game, core::Move m, Language lang,
                                         core::Notation n) {
    ai::ExplainOptions options;
    options.nodes     = kCoachNodes;
    options.mateMoves = 3;
    options.notation  = n;
    ai::Explainer explainer(options);
    const ai::Explanation e   = explainer.explainMove(game, m);
    const ai::ExplainFacts& f = e.facts;
    if (f.kind < ai::MoveQuality::Mistake || f.line.size() < 2)
        return std::nullopt;
    const core::Color them         = ~f.mover;
    const std::string side         = lang == Language::Chinese
                                         ? (them == core::Color::Red ? "红方" : "黑方")
                                         : (them == core::Color::Red ? "Red" : "Black");
    const core::Position afterMove = legalPositionAfter(f.before, f.line, 1);
    if (f.mate < 0 && -f.mate <= 3) {
        const std::vector<core::Move> rest(f.line.begin() + 1, f.line.end());
        return format(tr(Str::CoachMate, lang),
                      {side, std::to_string(-f.mate), ai::formatLine(afterMove, rest, n)});
    }
    if (f.lost == core::kNoPiece || f.material > -100)
        return std::nullopt;
    // The opponent's move that takes the piece, and the position it is played in.
    for (std::size_t i = 1; i < f.line.size(); i += 2) {
        if (f.line[i].to() != f.lostSquare)
            continue;
        const core::Position before = legalPositionAfter(f.before, f.line, i);
        const core::Piece ours      = before.at(f.lostSquare);
        if (ours != f.lost)
            continue;
        // Where the piece stood when the move was made: on the same point, or the move itself.
        const std::string piece = lang == Language::Chinese
                                      ? std::string(core::pieceCharacter(ours))
                                      : std::string(core::pieceName(core::typeOf(ours)));
        const Str text          = f.has(ai::Pattern::Hanging) ? Str::CoachHanging : Str::CoachTaken;
        return format(tr(text, lang), {piece, ai::squareName(f.lostSquare), side,
                                       core::formatMove(before, f.line[i], n)});
    }
    return std::nullopt;
}

} // namespace xq::gui
