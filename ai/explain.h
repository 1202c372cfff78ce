// Explanations of moves in plain words, built from what short searches find rather than from
// templates that guess: the search before and after the move (the verdict and the refutation
// line), the mate solver (exact mate lengths and lines), a null-move search (the threat a side
// makes or ignores), static exchange and attack maps (unprotected, pinned, trapped, forked
// pieces), the repetition judge (a perpetual check or chase that loses) and the geometry of the
// final mating position (the named mating nets).
//
// Each explanation holds machine-readable facts and a sentence made from them in English and
// Chinese, with moves in the notation the player chose. Scores are centipawns from the mover's
// point of view; mates follow UCI's "score mate N" for the side that played the move: positive
// when it mates, negative when it is mated.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ai/review.h"
#include "ai/search.h"
#include "core/game.h"
#include "core/notation.h"

namespace xq::ai {

enum class Pattern : std::uint8_t {
    Fork,         // 捉双: one move attacks two pieces (or checks and attacks one)
    Pin,          // 牵制: the lost piece could not leave a line to its general
    Discovered,   // 闪击: a move opens a line for another piece (a check or an attack)
    Hanging,      // 无根子: a piece without protection is taken
    Trapped,      // a piece that is attacked and has no safe square
    Perpetual,    // a perpetual check or chase that loses under the repetition rules
    Mahoupao,     // 马后炮: the cannon mates with its own horse as the screen
    Mengong,      // 闷宫: a cannon mates a general hemmed in by its own pieces
    Tiemenshuan,  // 铁门栓: a chariot mates along the general's rank, a cannon holds its file
    Chongpao,     // 重炮: the cannon mates with its own other cannon as the screen
    Shuangchecuo, // 双车错: one chariot mates, the other holds the next line
    Bailianjiang, // 白脸将: the mating side's own general holds an escape square
    Wocaoma,      // 卧槽马: the horse mates from the point beside the palace corner
    Tiandipao,    // 天地炮: one cannon on the general's file, the other on its back rank
};
constexpr int kPatternCount = 14;

const char* patternName(Pattern p);    // "fork", ..., "mahoupao" (the facts' pattern= values)
const char* patternChinese(Pattern p); // "捉双", ..., "马后炮"
const char* patternEnglish(Pattern p); // "a fork", ..., "the horse-behind-cannon mate"

struct ExplainFacts {
    core::Position before; // the position the move is played in (or the threat is made from)
    core::Color mover = core::Color::Red; // the side that plays the move (or makes the threat)
    core::Move move;                      // the move explained; for a threat its first move
    bool threat             = false; // explains what `mover` threatens (explainThreat), not a move
    MoveQuality kind        = MoveQuality::Best;
    int loss                = 0; // centipawns given up against the best move
    int mate                = 0; // UCI convention for the mover; 0: no mate found
    int material            = 0; // what the line wins (> 0) or loses (< 0) for the mover
    core::Piece won         = core::kNoPiece; // the most valuable piece the mover wins in the line
    core::Square wonSquare  = core::kNoSquare;
    core::Piece lost        = core::kNoPiece; // the most valuable piece it loses
    core::Square lostSquare = core::kNoSquare;
    std::vector<Pattern> patterns;
    std::vector<core::Move> line; // from `before`, starting with `move`
    // What the move threatens next (the mover moves again after a null move): its line, from
    // the position after the move with the opponent passing; empty when it threatens nothing.
    std::vector<core::Move> threatLine;
    int threatMate            = 0;              // mate in N the threat carries (N > 0), else 0
    core::Piece threatWins    = core::kNoPiece; // the piece the threat wins
    core::Square threatSquare = core::kNoSquare;
    // The opponent's threat before the move that the move lets happen (from `before` with the
    // mover passing); empty when none was ignored.
    std::vector<core::Move> ignoredThreat;
    core::RepetitionDetail repetition; // for Pattern::Perpetual: who broke which rule

    bool has(Pattern p) const;
};

struct Explanation {
    ExplainFacts facts;
    std::string english;
    std::string chinese;
};

struct ExplainOptions {
    std::uint64_t nodes     = 60'000;  // per search (before, after, each threat)
    int mateMoves           = 5;       // mates up to this length are solved exactly
    std::uint64_t mateNodes = 400'000; // per mate-solver call
    core::Notation notation = core::Notation::Chinese;
    std::size_t hashMb      = 8;
};

// The facts as space-separated key=value pairs: kind=, mate=, wins=/loses= PIECE@SQUARE with
// material=, pattern= (one per pattern), threat= (the threat's ICCS first move), line= (ICCS,
// comma-separated). A threat's facts start with threat=yes or threat=none instead of kind=.
std::string factsText(const ExplainFacts& f);
// The sentences, moves in notation n.
std::string sentenceEnglish(const ExplainFacts& f, core::Notation n);
std::string sentenceChinese(const ExplainFacts& f, core::Notation n);
// Moves of a line played from pos, written in notation n and separated by spaces.
std::string formatLine(const core::Position& pos, const std::vector<core::Move>& line,
                       core::Notation n);
// "c6": the ICCS name of a point.
std::string squareName(core::Square s);

// One explainer owns a search (one thread, its own table); use it from one thread at a time.
// Searches are limited by nodes and the table is cleared for every explanation, so the same
// question always gets the same answer.
class Explainer {
public:
    explicit Explainer(ExplainOptions options = {});

    const ExplainOptions& options() const { return m_options; }
    void setNotation(core::Notation n) { m_options.notation = n; }

    // Explains the legal move m in the game's current position (the game's history gives the
    // repetition rules). An illegal m gives an explanation with an empty line and a sentence
    // that says so.
    Explanation explainMove(const core::Game& game, core::Move m);
    // The same with the searches already made (the review): `before` searched the game's
    // position, `after` the position after m.
    Explanation explainMove(const core::Game& game, core::Move m, const SearchResult& before,
                            const SearchResult& after);
    // The same with only the search of the game's position made (the review's better move).
    Explanation explainMove(const core::Game& game, core::Move m, const SearchResult& before);
    // What the side not to move threatens in the game's position (as if the side to move
    // passed). Nothing when the side to move is in check.
    Explanation explainThreat(const core::Game& game);

private:
    SearchResult search(const core::Game& game);
    SearchResult searchPosition(const core::Position& pos);
    void finish(Explanation& e) const;

    ExplainOptions m_options;
    Searcher m_searcher;
};

} // namespace xq::ai
