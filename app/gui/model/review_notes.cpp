#include "app/gui/model/review_notes.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <regex>

#include "ai/wdl.h"
#include "app/gui/model/i18n.h"
#include "core/notation.h"

namespace xq::gui {

namespace {

constexpr int kMateThreshold = ai::kReviewMateCp - 200; // folded mate scores lie above this

std::string scoreToken(int redCp) {
    if (std::abs(redCp) >= kMateThreshold)
        return (redCp > 0 ? "+M" : "-M") + std::to_string(ai::kReviewMateCp - std::abs(redCp));
    return pawnsText(redCp);
}

std::optional<int> parseScoreToken(const std::string& s) {
    if (s.empty())
        return std::nullopt;
    std::size_t i = 0;
    int sign      = 1;
    if (s[0] == '+' || s[0] == '-') {
        sign = s[0] == '-' ? -1 : 1;
        i    = 1;
    }
    if (i < s.size() && s[i] == 'M') {
        const int moves = std::atoi(s.c_str() + i + 1);
        return sign * (ai::kReviewMateCp - std::clamp(moves, 0, 199));
    }
    const double pawns = std::atof(s.c_str() + i);
    return sign * std::clamp(static_cast<int>(std::lround(pawns * 100)), 0, kMateThreshold - 1);
}

// "best <move> <score> (<line>), <quality> <score>"; the line in parentheses is optional.
const std::regex& reviewPattern() {
    static const std::regex re(
        R"(best ([a-i][0-9][a-i][0-9]) ([+-]?(?:M[0-9]+|[0-9]+\.[0-9]+))(?: \(([a-i0-9 ]*)\))?, )"
        R"((best|good|inaccuracy|mistake|blunder) ([+-]?(?:M[0-9]+|[0-9]+\.[0-9]+)))"
        R"((?:; table: throws away the (win|draw))?)");
    return re;
}

bool legalIn(const core::Position& pos, core::Move m) {
    return !m.isNone() && pos.isPseudoLegal(m) && pos.isLegal(m);
}

// "why (<line>): «<English>» «<Chinese>»" and the same with "better". The sentences never hold
// a guillemet; they are matched lazily because a UTF-8 character may share bytes with one.
const std::regex& whyPattern() {
    static const std::regex re(R"( ?(why|better) \(([a-i0-9 ]*)\): «(.*?)» «(.*?)»)");
    return re;
}

std::string whyComment(const char* key, const NodeWhy& w) {
    std::string line;
    for (std::size_t i = 0; i < w.line.size() && i < 12; ++i)
        line += (i ? " " : "") + core::toIccs(w.line[i]);
    return std::string(" ") + key + " (" + line + "): «" + w.english + "» «" + w.chinese + "»";
}

// The moves of `words` that are legal one after the other from pos.
std::vector<core::Move> legalLine(core::Position pos, const std::string& words) {
    std::vector<core::Move> out;
    std::size_t at = 0;
    while (at < words.size()) {
        const std::size_t end = std::min(words.find(' ', at), words.size());
        const std::string w   = words.substr(at, end - at);
        at                    = end + 1;
        if (w.empty())
            continue;
        auto mv = core::parseIccs(pos, w);
        if (!mv || !legalIn(pos, *mv))
            break;
        out.push_back(*mv);
        core::Undo u;
        pos.makeMove(*mv, u);
    }
    return out;
}

} // namespace

std::string pawnsText(int redCp) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%d.%02d",
                  redCp > 0   ? "+"
                  : redCp < 0 ? "-"
                              : "",
                  std::abs(redCp) / 100, std::abs(redCp) % 100);
    return buf;
}

std::string wdlText(int score, int mateIn, const core::Position& root, Language lang) {
    const ai::Wdl w    = ai::wdlFromScore(score, mateIn, ai::wdlMaterial(root));
    const bool red     = root.sideToMove() == core::Color::Red;
    const int redWin   = red ? w.win : w.loss;
    const int blackWin = red ? w.loss : w.win;
    // Per mille to whole per cent that still add up to 100: the draw takes the rounding.
    const int r = (redWin + 5) / 10, b = (blackWin + 5) / 10;
    return format(tr(Str::WinDrawLoss, lang),
                  {std::to_string(r), std::to_string(100 - r - b), std::to_string(b)});
}

std::string redScoreText(int score, int mateIn, core::Color sideToMove, Language lang) {
    if (mateIn != 0) {
        // mateIn > 0: the side to move mates.
        const core::Color winner = mateIn > 0 ? sideToMove : ~sideToMove;
        return format(tr(winner == core::Color::Red ? Str::RedMates : Str::BlackMates, lang),
                      {std::to_string(std::abs(mateIn))});
    }
    return pawnsText(sideToMove == core::Color::Red ? score : -score);
}

std::string redScoreShort(int score, int mateIn, core::Color sideToMove) {
    if (mateIn != 0) {
        const bool redWins = (mateIn > 0) == (sideToMove == core::Color::Red);
        return (redWins ? "+M" : "-M") + std::to_string(std::abs(mateIn));
    }
    return pawnsText(sideToMove == core::Color::Red ? score : -score);
}

NodeReview nodeReview(const ai::MoveReview& m, core::Color mover) {
    const int sign = mover == core::Color::Red ? 1 : -1;
    NodeReview r;
    r.quality   = m.quality;
    r.best      = m.best;
    r.bestLine  = m.bestLine;
    r.bestRed   = sign * m.bestScore;
    r.playedRed = sign * m.playedScore;
    r.tablebase = m.tablebase;
    if (!m.whyPlayed.empty())
        r.whyPlayed = {m.whyPlayed.english, m.whyPlayed.chinese, m.whyPlayed.line};
    if (!m.whyBest.empty())
        r.whyBest = {m.whyBest.english, m.whyBest.chinese, m.whyBest.line};
    return r;
}

std::string lineScoreText(const ai::SearchInfo& info, core::Color sideToMove, Language lang) {
    if (!info.tablebase)
        return redScoreText(info.score, info.mateIn, sideToMove, lang);
    const bool zh = lang == Language::Chinese;
    if (info.mateIn == 0)
        return zh ? "表库：和棋" : "Table: draw";
    const bool redWins  = (info.mateIn > 0) == (sideToMove == core::Color::Red);
    const std::string n = std::to_string(std::abs(info.mateIn));
    if (zh)
        return std::string("表库：") + (redWins ? "红胜" : "黑胜") + "，" + n + "步杀";
    return std::string("Table: ") + (redWins ? "Red" : "Black") + " wins, mate in " + n;
}

std::string tablebaseNote(const NodeReview& r, Language lang) {
    const bool zh = lang == Language::Chinese;
    switch (r.tablebase) {
    case ai::TablebaseMark::ThrewWin:
        return zh ? "表库：此着丢掉了胜局。" : "The table: this move throws away the win.";
    case ai::TablebaseMark::ThrewDraw:
        return zh ? "表库：此着丢掉了和局。" : "The table: this move throws away the draw.";
    default:
        return {};
    }
}

std::string reviewComment(const NodeReview& r) {
    std::string s = "best " + (r.best ? core::toIccs(r.best) : std::string("a0a0")) + " "
                    + scoreToken(r.bestRed);
    std::string line;
    for (std::size_t i = 0; i < r.bestLine.size() && i < 8; ++i)
        line += (i ? " " : "") + core::toIccs(r.bestLine[i]);
    if (!line.empty())
        s += " (" + line + ")";
    s += std::string(", ") + ai::qualityName(r.quality) + " " + scoreToken(r.playedRed);
    if (r.tablebase == ai::TablebaseMark::ThrewWin)
        s += "; table: throws away the win";
    else if (r.tablebase == ai::TablebaseMark::ThrewDraw)
        s += "; table: throws away the draw";
    if (!r.whyPlayed.empty())
        s += whyComment("why", r.whyPlayed);
    if (!r.whyBest.empty())
        s += whyComment("better", r.whyBest);
    return s;
}

std::optional<NodeReview> parseReviewComment(const std::string& comment,
                                             const core::Position& before) {
    std::smatch m;
    if (!std::regex_search(comment, m, reviewPattern()))
        return std::nullopt;
    NodeReview r;
    auto best = core::parseIccs(before, m[1].str());
    if (!best || !legalIn(before, *best))
        return std::nullopt;
    r.best        = *best;
    const auto bs = parseScoreToken(m[2].str());
    const auto ps = parseScoreToken(m[5].str());
    if (!bs || !ps)
        return std::nullopt;
    r.bestRed   = *bs;
    r.playedRed = *ps;
    if (m[6].matched)
        r.tablebase =
            m[6].str() == "win" ? ai::TablebaseMark::ThrewWin : ai::TablebaseMark::ThrewDraw;
    const std::string q = m[4].str();
    for (int i = 0; i < ai::kQualityCount; ++i)
        if (q == ai::qualityName(static_cast<ai::MoveQuality>(i)))
            r.quality = static_cast<ai::MoveQuality>(i);
    // The line, legal move by move from the position before the played move.
    r.bestLine = legalLine(before, m[3].str());
    if (r.bestLine.empty() || r.bestLine.front() != r.best)
        r.bestLine.insert(r.bestLine.begin(), r.best);
    // The sentences, right after the review part.
    std::string rest = m.suffix().str();
    std::smatch w;
    while (std::regex_search(rest, w, whyPattern(), std::regex_constants::match_continuous)) {
        NodeWhy& why = w[1].str() == "why" ? r.whyPlayed : r.whyBest;
        why          = {w[3].str(), w[4].str(), legalLine(before, w[2].str())};
        rest         = w.suffix().str();
    }
    return r;
}

std::string stripReviewComment(const std::string& comment) {
    std::string s = std::regex_replace(comment, reviewPattern(), "");
    s             = std::regex_replace(s, whyPattern(), "");
    // Collapse the spaces left behind.
    std::string out;
    for (char c : s)
        if (!(c == ' ' && (out.empty() || out.back() == ' ')))
            out += c;
    while (!out.empty() && out.back() == ' ')
        out.pop_back();
    return out;
}

std::string withReviewComment(const std::string& comment, const NodeReview& r) {
    const std::string rest = stripReviewComment(comment);
    return rest.empty() ? reviewComment(r) : rest + " " + reviewComment(r);
}

std::vector<int> withQualityNag(std::vector<int> nags, ai::MoveQuality q) {
    nags.erase(std::remove_if(nags.begin(), nags.end(), [](int n) { return n >= 1 && n <= 6; }),
               nags.end());
    if (const int n = ai::qualityNag(q); n != 0)
        nags.insert(nags.begin(), n);
    return nags;
}

const char* qualityGlyph(ai::MoveQuality q) {
    switch (q) {
    case ai::MoveQuality::Inaccuracy:
        return "?!";
    case ai::MoveQuality::Mistake:
        return "?";
    case ai::MoveQuality::Blunder:
        return "??";
    default:
        return "";
    }
}

std::array<SideStats, 2> summarize(const std::vector<NodeReview>& reviews,
                                   const std::vector<core::Color>& movers,
                                   const std::vector<core::Move>& played) {
    std::array<SideStats, 2> out{};
    std::array<double, 2> sum{};
    for (std::size_t i = 0; i < reviews.size() && i < movers.size() && i < played.size(); ++i) {
        const NodeReview& r = reviews[i];
        const int side      = movers[i] == core::Color::Red ? 0 : 1;
        const int sign      = side == 0 ? 1 : -1;
        ++out[side].counts[static_cast<std::size_t>(r.quality)];
        ++out[side].moves;
        sum[side] +=
            played[i] == r.best ? 100.0 : ai::moveAccuracy(sign * r.bestRed, sign * r.playedRed);
    }
    for (int s = 0; s < 2; ++s)
        out[s].accuracy = out[s].moves ? sum[s] / out[s].moves : 100.0;
    return out;
}

PointF graphPoint(const RectF& r, std::size_t ply, std::size_t plies, int redCp) {
    const float fx = plies == 0 ? 0.0f : static_cast<float>(ply) / static_cast<float>(plies);
    const float v  = static_cast<float>(std::clamp(redCp, -kGraphClampCp, kGraphClampCp))
                    / static_cast<float>(kGraphClampCp);
    return {r.x + fx * r.w, r.y + (1 - v) / 2 * r.h};
}

std::size_t graphPlyAt(const RectF& r, float x, std::size_t plies) {
    if (plies == 0 || r.w <= 0)
        return 0;
    const float f = (x - r.x) / r.w * static_cast<float>(plies);
    return static_cast<std::size_t>(std::clamp(std::lround(f), 0L, static_cast<long>(plies)));
}

ArrowWeight arrowWeight(std::size_t rank, std::size_t lines) {
    (void)lines;
    static const float widths[]         = {1.0f, 0.68f, 0.52f, 0.42f, 0.36f};
    static const unsigned char alphas[] = {220, 170, 140, 120, 105};
    const std::size_t k                 = std::min<std::size_t>(rank, 4);
    return {widths[k], alphas[k]};
}

} // namespace xq::gui
