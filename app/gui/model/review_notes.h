// Window-free helpers for analysis and game review: scores from Red's point of view as the panel
// shows them, the review written into PGN comments and NAGs and read back, the per-side summary
// computed from those notes, and the evaluation graph's mapping between plies and pixels.
//
// The review comment of a move reads, scores in pawns from Red's point of view ("M3": mate in 3):
//     best h2e2 +0.35 (h2e2 h9g7 b0c2), blunder -9.10
// i.e. the engine's choice with its score and line, then the played move's quality and the score
// after it; a move the endgame tables judge adds "; table: throws away the win" (or "the draw").
// An explained move (an inaccuracy, mistake or blunder) adds what the move played does and what
// the better move does, each with its line and the sentence in English and Chinese:
//     why (e2e6 g7e6): «A blunder: ...» «败着：...» better (h0g2 g6g5): «...» «...»
// It is found anywhere inside a move's comment, so other comments around it survive, and a new
// review replaces it.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "ai/review.h"
#include "ai/search_types.h"
#include "app/gui/model/board_geometry.h"
#include "app/gui/model/settings.h"
#include "core/position.h"

namespace xq::gui {

// "+1.25", "-0.40", "0.00" from centipawns (already from Red's view).
std::string pawnsText(int redCp);
// A search score from Red's view: "+1.25", or "Red mates in 3" / "红方3步杀".
// score and mateIn are from the side to move's view, as in ai::SearchInfo.
std::string redScoreText(int score, int mateIn, core::Color sideToMove, Language lang);
// The chances of the position searched at `root` with this score (the side to move's view),
// Red's first: "Red 62% · draw 25% · Black 13%" (ai/wdl.h's model; the three add up to 100).
std::string wdlText(int score, int mateIn, const core::Position& root, Language lang);
// Short form for arrows and the graph: "+1.25" or "+M3" / "-M3".
std::string redScoreShort(int score, int mateIn, core::Color sideToMove);
// A search line's score as the panel shows it: an endgame table's answer as "Table: Red wins,
// mate in 12" / "表库：红胜，12步杀" (or a draw), anything else as redScoreText.
std::string lineScoreText(const ai::SearchInfo& info, core::Color sideToMove, Language lang);

// What a review says about one move, scores from Red's view in centipawns (mates folded as in
// ai/review.h: +/-(kReviewMateCp - moves)).
// A sentence about a move in both languages, with the line it describes (from the position
// before the move, starting with the move).
struct NodeWhy {
    std::string english;
    std::string chinese;
    std::vector<core::Move> line;
    bool empty() const { return english.empty() && chinese.empty(); }
    const std::string& text(Language lang) const {
        return lang == Language::Chinese && !chinese.empty() ? chinese : english;
    }
};

struct NodeReview {
    ai::MoveQuality quality = ai::MoveQuality::Best;
    core::Move best;
    std::vector<core::Move> bestLine;
    int bestRed                 = 0; // the best move's score
    int playedRed               = 0; // the score after the played move
    ai::TablebaseMark tablebase = ai::TablebaseMark::None;
    NodeWhy whyPlayed; // what the played move does or allows (explained reviews)
    NodeWhy whyBest;   // what the better move does
};

NodeReview nodeReview(const ai::MoveReview& m, core::Color mover);
// What the tables say of a reviewed move ("The table: this move throws away the win."), or "".
std::string tablebaseNote(const NodeReview& r, Language lang);
std::string reviewComment(const NodeReview& r);
// The review part of a comment, checked against the position before the move (the best move
// and its line must be legal there; the line is cut at the first move that is not).
std::optional<NodeReview> parseReviewComment(const std::string& comment,
                                             const core::Position& before);
// The comment without its review part (and the spaces around it).
std::string stripReviewComment(const std::string& comment);
// Replaces the review part of a comment (or appends it after the other text).
std::string withReviewComment(const std::string& comment, const NodeReview& r);
// NAGs with the quality glyphs ($2 $4 $6, and $1 $3 $5) replaced by the quality's own.
std::vector<int> withQualityNag(std::vector<int> nags, ai::MoveQuality q);
// The glyph shown in the move list: "", "", "?!", "?", "??".
const char* qualityGlyph(ai::MoveQuality q);

struct SideStats {
    std::array<int, ai::kQualityCount> counts{};
    double accuracy = 100;
    int moves       = 0;
};
// Counts and accuracy per side (index 0 Red, 1 Black) over reviewed moves; `movers[i]` is the
// side that played reviews[i].
std::array<SideStats, 2> summarize(const std::vector<NodeReview>& reviews,
                                   const std::vector<core::Color>& movers,
                                   const std::vector<core::Move>& played);

// The evaluation graph: x from ply 0 (left edge) to `plies` (right edge), y from +kGraphClampCp
// (top) to -kGraphClampCp (bottom); mates and bigger scores sit at the edge.
constexpr int kGraphClampCp = 1000;
PointF graphPoint(const RectF& r, std::size_t ply, std::size_t plies, int redCp);
// The ply whose point is nearest to x (clamped to 0..plies).
std::size_t graphPlyAt(const RectF& r, float x, std::size_t plies);

// Analysis arrows: the k-th best of n lines (0 = best) gets a thickness factor and opacity.
struct ArrowWeight {
    float width         = 1;
    unsigned char alpha = 255;
};
ArrowWeight arrowWeight(std::size_t rank, std::size_t lines);

} // namespace xq::gui
