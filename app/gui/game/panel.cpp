// The game screen's panel: mode and status, the computer's strength and progress, the buttons,
// the review note and the move list; drawn into its own texture and redrawn only when it changes.
// Also the screen's draw(), which puts the board, the strip and the panel together.
#include "app/gui/game/panel.h"

#include <cmath>
#include <cstdio>

#include "app/gui/game/game_screen.h"
#include "app/gui/model/i18n.h"

namespace xq::gui {

float statusAreaHeight(const Layout& l) {
    return std::round(50 * l.uiScale);
}

PanelGeo panelGeo(const Layout& l, int infoLines, bool varRow, int noteLines, bool clockRow,
                  float statusH) {
    const float s = l.uiScale;
    PanelGeo g{};
    g.pad      = std::round(10 * s);
    g.w        = std::min(l.panel.w - 2 * g.pad, std::round(440 * s));
    g.x        = l.panel.x + std::round((l.panel.w - g.w) / 2);
    g.rowH     = std::round(26 * s);
    g.gap      = std::round(4 * s);
    g.lineH    = std::round(18 * s);
    g.font     = static_cast<unsigned>(std::lround(15 * s));
    g.small    = static_cast<unsigned>(std::lround(13 * s));
    g.big      = static_cast<unsigned>(std::lround(18 * s));
    g.button   = static_cast<unsigned>(std::lround(14 * s));
    g.modeY    = g.pad;
    g.statusY  = g.modeY + std::round(20 * s);
    g.clockY   = g.statusY + std::max(statusAreaHeight(l), std::ceil(statusH));
    g.clockH   = clockRow ? std::round(46 * s) : 0;
    g.aiY      = clockRow ? g.clockY + g.clockH + std::round(8 * s) : g.clockY;
    g.infoY    = g.aiY + g.rowH + std::round(6 * s);
    g.buttonsY = g.infoY + static_cast<float>(infoLines) * g.lineH + std::round(4 * s);
    g.reviewY  = g.buttonsY + kButtonRows * (g.rowH + g.gap) + std::round(2 * s);
    g.varY     = g.reviewY + g.rowH + g.gap;
    g.noteY    = (varRow ? g.varY + g.rowH + g.gap : g.varY) + std::round(2 * s);
    g.listY    = g.noteY + static_cast<float>(noteLines) * g.lineH + std::round(4 * s);
    return g;
}

// A loudspeaker; with sound off, a red cross instead of the waves.
void drawSpeaker(sf::RenderTarget& t, const RectF& r, bool on) {
    const float u = r.h / 10, x = r.x + r.w / 2 - 3 * u, y = r.y + r.h / 2;
    const sf::Color ink = palette::kPanelText;
    sf::ConvexShape body(6);
    body.setPoint(0, {x, y - 1.3f * u});
    body.setPoint(1, {x + 1.6f * u, y - 1.3f * u});
    body.setPoint(2, {x + 3.4f * u, y - 3.2f * u});
    body.setPoint(3, {x + 3.4f * u, y + 3.2f * u});
    body.setPoint(4, {x + 1.6f * u, y + 1.3f * u});
    body.setPoint(5, {x, y + 1.3f * u});
    body.setFillColor(ink);
    t.draw(body);
    if (on) {
        for (int i = 1; i <= 2; ++i) {
            const float rad = static_cast<float>(i) * 1.5f * u;
            sf::VertexArray arc(sf::LineStrip);
            for (int k = -4; k <= 4; ++k) {
                const float a = static_cast<float>(k) * 0.18f;
                arc.append(
                    sf::Vertex({x + 3.9f * u + rad * std::cos(a), y + rad * std::sin(a)}, ink));
            }
            t.draw(arc);
        }
    } else {
        sf::VertexArray cross(sf::Lines);
        const float cx = x + 5.2f * u;
        for (auto [dx, dy] : {std::pair{-1.2f, -1.2f}, std::pair{1.2f, 1.2f},
                              std::pair{-1.2f, 1.2f}, std::pair{1.2f, -1.2f}})
            cross.append(sf::Vertex({cx + dx * u, y + dy * u}, palette::kError));
        t.draw(cross);
    }
}

std::string GameScreen::modeText() const {
    const Language lang = m_ctx.lang();
    switch (m_session.mode()) {
    case PlayMode::PlayRed:
        return tr(Str::ModePlayRed, lang);
    case PlayMode::PlayBlack:
        return tr(Str::ModePlayBlack, lang);
    case PlayMode::TwoPlayers:
        return tr(Str::ModeTwoPlayers, lang);
    case PlayMode::ComputerBoth:
        return tr(Str::ModeComputerBoth, lang);
    case PlayMode::Analysis:
        return tr(Str::ModeAnalysis, lang);
    }
    return {};
}

std::string GameScreen::statusText() const {
    const Language lang     = m_ctx.lang();
    const GameSession& game = m_session;
    if (game.isOver())
        return describeResult(game.result(), lang);
    std::string s;
    if (m_session.aiTask() == AiTask::Move)
        s = tr(Str::Thinking, lang);
    else if (m_session.aiTask() == AiTask::Hint)
        s = tr(Str::HintThinking, lang);
    else if (m_session.canHumanMove()
             && (m_session.mode() == PlayMode::PlayRed || m_session.mode() == PlayMode::PlayBlack))
        s = tr(Str::YourMove, lang);
    else
        s = tr(game.position().sideToMove() == core::Color::Red ? Str::RedToMove : Str::BlackToMove,
               lang);
    if (game.position().isInCheck())
        s += "  " + tr(Str::Check, lang);
    return s;
}

FittedText GameScreen::statusFit(const Layout& l) const {
    const Language lang = m_ctx.lang();
    const std::string status =
        m_session.isReviewing()
            ? format(tr(Str::ReviewStatus, lang),
                     {std::to_string(m_session.viewPly()), std::to_string(m_session.ply())})
            : statusText();
    const PanelGeo g = panelGeo(l);
    return fitText(m_ctx.res().sans, status, g.w, statusAreaHeight(l), {g.big, g.font, g.small});
}

int GameScreen::infoLines() const {
    return std::max(3, 1 + m_ctx.settings().analysisLines);
}

std::string GameScreen::reviewNoteText() const {
    const NodeId node   = m_session.shownNode();
    const NodeReview* r = m_session.nodeReview(node);
    if (!r)
        return {};
    const Language lang         = m_ctx.lang();
    const std::size_t ply       = m_session.viewPly();
    const GameSession& game     = m_session;
    const core::Position before = game.positionAt(ply - 1);
    const core::Notation n      = m_ctx.settings().notation;
    const Str qualities[]       = {Str::QualityBest, Str::QualityGood, Str::QualityInaccuracy,
                                   Str::QualityMistake, Str::QualityBlunder};
    const std::string played    = moveText(before, game.moves()[ply - 1], n);
    const std::string quality   = tr(qualities[static_cast<int>(r->quality)], lang);
    if (r->best == game.moves()[ply - 1] || r->quality == ai::MoveQuality::Best)
        return format(tr(Str::BestMovePlayed, lang), {played, quality, pawnsText(r->playedRed)})
               + "\n" + tr(Str::Pv, lang) + ": " + pvText(before, r->bestLine, n, 10);
    std::string bestScore   = std::abs(r->bestRed) >= ai::kReviewMateCp - 200
                                  ? (r->bestRed > 0 ? "+M" : "-M")
                                      + std::to_string(ai::kReviewMateCp - std::abs(r->bestRed))
                                  : pawnsText(r->bestRed);
    const std::string table = tablebaseNote(*r, lang);
    return format(tr(Str::BetterMove, lang),
                  {played, quality, moveText(before, r->best, n), bestScore})
           + (table.empty() ? "" : " " + table) + "\n" + tr(Str::Pv, lang) + ": "
           + pvText(before, r->bestLine, n, 10);
}

void GameScreen::buildButtons(const Layout& l) {
    const Settings& s   = m_ctx.settings();
    const bool varRow   = !m_session.tree().isMainLine(m_session.shownNode());
    const int noteLines = (m_session.isGameReviewRunning()                          ? 2
                           : m_session.nodeReview(m_session.shownNode()) != nullptr ? 3
                                                                                    : 0)
                          + explainLineCount(l);
    const PanelGeo g =
        panelGeo(l, infoLines(), varRow, noteLines, m_session.timed(), statusFit(l).height);
    const Language lang = m_ctx.lang();
    m_clockRect         = {g.x, g.clockY, g.w, g.clockH};
    m_buttons.clear();
    auto add = [&](std::string id, RectF r, Str label, std::string key, bool enabled = true,
                   bool on = false) {
        std::string tip = tr(label, lang);
        if (!key.empty())
            tip += "  (" + key + ")";
        m_buttons.push_back({std::move(id), r, tr(label, lang), tip, enabled, on});
    };
    // Computer strength: [-] value [+] and the sound switch.
    const float small  = g.rowH;
    const float labelW = std::round(g.w * 0.36f);
    const float valueW = std::round(g.w * 0.2f);
    float x            = g.x + labelW;
    // Greyed at the ends of the range: level 1, depth 1, 0.1 s (and the other end).
    const bool weaker   = s.level > 0     ? s.level > ai::kMinLevel
                          : s.useMoveTime ? s.moveTimeMs > kMoveTimeBound.min
                                          : s.depth > kDepthBound.min;
    const bool stronger = s.level > 0     ? s.level < ai::kMaxLevel
                          : s.useMoveTime ? s.moveTimeMs < kMoveTimeBound.max
                                          : s.depth < kDepthBound.max;
    m_buttons.push_back({"minus", {x, g.aiY, small, g.rowH}, "-", "", weaker, false});
    x += small + valueW;
    m_buttons.push_back({"plus", {x, g.aiY, small, g.rowH}, "+", "", stronger, false});
    // Sound on/off: a square button with a speaker icon at the right end of the row.
    m_buttons.push_back(
        {"sound",
         {g.x + g.w - g.rowH, g.aiY, g.rowH, g.rowH},
         "",
         tr(Str::SoundLabel, lang) + ": " + tr(s.sound ? Str::On : Str::Off, lang) + "  (S)",
         true,
         false});
    // The action grid, three columns.
    const GameSession& game = m_session;
    const bool vsComputer =
        m_session.mode() == PlayMode::PlayRed || m_session.mode() == PlayMode::PlayBlack;
    const float bw = (g.w - 2 * g.gap) / 3;
    struct Spec {
        const char* id;
        Str label;
        const char* key;
        bool enabled;
        bool on;
    };
    const bool reviewRunning          = m_session.isGameReviewRunning();
    const Spec specs[kButtonRows * 3] = {
        {"new", Str::New, "N", true, false},
        {"undo", Str::Undo, "U, Ctrl+Z", game.canUndo(), false},
        {"redo", Str::Redo, "Ctrl+Y", game.canRedo(), false},
        {"hint", Str::Hint, "H",
         m_session.canHumanMove()
             && (m_session.aiTask() == AiTask::None || m_session.aiTask() == AiTask::Analyse
                 || m_session.aiTask() == AiTask::Ponder),
         false},
        {"movenow", Str::MoveNow, "M",
         m_session.aiTask() == AiTask::Move || m_session.aiTask() == AiTask::Hint, false},
        {"resign", Str::Resign, "",
         !game.isOver() && (vsComputer || m_session.mode() == PlayMode::TwoPlayers), false},
        {"flip", Str::Flip, "F", true, false},
        {"edit", Str::Edit, "E", true, false},
        {"help", Str::Help, "F1", true, false},
        {"save", Str::Save, "Ctrl+S", true, false},
        {"open", Str::Open, "Ctrl+O", true, false},
        {"paste", Str::Paste, "Ctrl+V", true, false},
        {"copyfen", Str::CopyFen, "", true, false},
        {"copypgn", Str::CopyPgn, "Ctrl+C", true, false},
        {"settings", Str::SettingsButton, "", true, false},
        {"analyse", Str::Analyse, "A", m_session.mode() != PlayMode::Analysis,
         m_session.analysisOn()},
        {"reviewgame", Str::ReviewGame, "R", !reviewRunning && game.ply() > 0, reviewRunning},
        {"puzzles", Str::Puzzles, "P", true, false},
        // What the opponent threatens now; the games library; the endgame trainer.
        {"threat", Str::Threat, "T", !m_explain.threatBusy(), false},
        {"library", Str::LibraryButton, "L", true, false},
        {"trainer", Str::TrainerButton, "G", true, false},
    };
    for (int i = 0; i < kButtonRows * 3; ++i) {
        const RectF r{g.x + static_cast<float>(i % 3) * (bw + g.gap),
                      g.buttonsY + static_cast<float>(i / 3) * (g.rowH + g.gap), bw, g.rowH};
        add(specs[i].id, r, specs[i].label, specs[i].key, specs[i].enabled, specs[i].on);
    }
    // A timed game that is not casual has no undo: the button's tip says how to have it.
    if (!game.takeBackAllowed())
        for (Button& b : m_buttons)
            if (b.id == "undo" || b.id == "redo")
                b.tooltip = tr(Str::UndoOffTimed, lang);
    // Review: continue from the shown position, or go back to the end of the game.
    const float hw = (g.w - g.gap) / 2;
    add("continue", {g.x, g.reviewY, hw, g.rowH}, Str::ContinueHere, "", m_session.isReviewing());
    add("back", {g.x + hw + g.gap, g.reviewY, hw, g.rowH}, Str::BackToGame, "End",
        m_session.isReviewing());
    if (varRow) {
        add("promote", {g.x, g.varY, hw, g.rowH}, Str::Promote, "");
        add("delvar", {g.x + hw + g.gap, g.varY, hw, g.rowH}, Str::DeleteVariation, "Delete");
    }
    if (reviewRunning) {
        const float cw = std::round(g.w * 0.3f);
        add("cancelreview", {g.x + g.w - cw, g.noteY, cw, g.rowH}, Str::Cancel, "");
    }
}

int GameScreen::explainLineCount(const Layout& l) const {
    // The panel's width and text size do not depend on the rows shown.
    const PanelGeo g = panelGeo(l);
    int lines        = 0;
    for (const ExplainNote& n : explainNotes())
        lines += std::min<int>(2, static_cast<int>(std::max<std::size_t>(
                                      1, wrapText(m_ctx.res().sans, n.text, g.small, g.w).size())));
    return lines;
}

std::optional<PointF> GameScreen::buttonCentre(std::string_view id) const {
    if (id.size() == 5 && id.substr(0, 4) == "note")
        if (const auto r = m_explain.noteRect(static_cast<std::size_t>(id[4] - '0')))
            return PointF{r->x + r->w / 2, r->y + r->h / 2};
    for (const Button& b : m_buttons)
        if (b.id == id)
            return PointF{b.rect.x + b.rect.w / 2, b.rect.y + b.rect.h / 2};
    return std::nullopt;
}

void GameScreen::drawPanel(sf::RenderTarget& target, const Layout& l) {
    Batch t;
    // Buttons first: they fix the geometry of the rows that come and go.
    buildButtons(l);
    const Settings& s      = m_ctx.settings();
    const bool varRow      = !m_session.tree().isMainLine(m_session.shownNode());
    const std::string note = reviewNoteText();
    const int baseLines    = m_session.isGameReviewRunning() ? 2 : note.empty() ? 0 : 3;
    const auto notes       = explainNotes();
    const int noteLines    = baseLines + explainLineCount(l);
    const FittedText fit   = statusFit(l);
    const PanelGeo g = panelGeo(l, infoLines(), varRow, noteLines, m_session.timed(), fit.height);
    const Language lang = m_ctx.lang();
    const auto& sans    = m_ctx.res().sans;
    drawRect(t, l.panel, palette::kPanel);
    drawRect(t, {l.panel.x, 0, 1, l.panel.h}, palette::kButtonEdge);
    // Mode and status.
    sf::Text mode = makeText(sans, elide(sans, modeText(), g.small, g.w), g.small, palette::kMuted);
    drawTextAt(t, mode, g.x, g.modeY + 8 * l.uiScale);
    const GameSession& game     = m_session;
    const sf::Color statusColor = game.isOver()             ? palette::kAccent
                                  : m_session.isReviewing() ? palette::kReview
                                                            : palette::kPanelText;
    float widest                = 0;
    for (std::size_t i = 0; i < fit.lines.size(); ++i) {
        sf::Text text = makeText(sans, fit.lines[i], fit.size, statusColor);
        widest        = std::max(widest, text.getLocalBounds().width);
        drawTextAt(t, text, g.x, g.statusY + fit.lineHeight * (static_cast<float>(i) + 0.5f));
    }
    m_statusFits = widest <= g.w && g.statusY + fit.height <= g.clockY;
    // Computer strength.
    // On its clock the computer plays by the clock: the depth or time left here is the hints'.
    const bool byClock = s.level == 0 && m_session.timed()
                         && m_session.clockSettings().computerOnClock
                         && (m_session.isComputerSide(core::Color::Red)
                             || m_session.isComputerSide(core::Color::Black));
    const Str strength = s.level > 0     ? Str::LevelLabel
                         : byClock       ? (s.useMoveTime ? Str::HintTime : Str::HintDepth)
                         : s.useMoveTime ? Str::MoveTime
                                         : Str::Depth;
    sf::Text label     = makeText(sans, elide(sans, tr(strength, lang), g.font, g.w * 0.36f - 4),
                                  g.font, palette::kPanelText);
    drawTextAt(t, label, g.x, g.aiY + g.rowH / 2);
    char seconds[16];
    std::snprintf(seconds, sizeof seconds, "%g", s.moveTimeMs / 1000.0);
    const std::string value = s.level > 0     ? std::to_string(s.level)
                              : s.useMoveTime ? format(tr(Str::BySeconds, lang), {seconds})
                                              : std::to_string(s.depth);
    sf::Text valueText      = makeText(sans, value, g.font, palette::kPanelText);
    const float valueX      = g.x + std::round(g.w * 0.36f) + g.rowH;
    drawTextAt(t, valueText, valueX + (std::round(g.w * 0.2f) - textWidth(sans, value, g.font)) / 2,
               g.aiY + g.rowH / 2);
    // Search progress: the analysis lines, or the computer's depth, score, speed and PV.
    const core::Notation notation = s.notation;
    // Which engine searches (ours, or the external engine by its name) leads the line.
    std::string who = m_session.searchEngineName();
    if (who == ai::AiWorker::kName)
        who = tr(Str::OurEngine, lang);
    if (!who.empty())
        who += ":  ";
    if (m_session.analysisOn() && m_session.aiTask() != AiTask::Move
        && m_session.aiTask() != AiTask::Hint) {
        const auto& an            = m_session.analysis();
        const bool shown          = m_session.analysisShown();
        const core::Position root = m_session.shownPosition();
        std::string head          = tr(Str::Analysing, lang);
        if (shown && !an.empty())
            head = format(tr(Str::AnalysisHeader, lang),
                          {std::to_string(an[0].depth), std::to_string(an[0].nps / 1000)})
                   + "  " + wdlText(an[0].score, an[0].mateIn, root, lang);
        // An endgame table being made, or one the shown position could have, leads the line.
        if (m_session.tableMaking()) {
            const auto [name, f] = m_session.tableProgress();
            head                 = format(tr(Str::TableMaking, lang),
                                          {name, std::to_string(static_cast<int>(f * 100))});
        } else if (const auto missing = m_session.missingTable()) {
            head = format(tr(Str::TableOffer, lang), {missing->name()}) + "   " + head;
        }
        sf::Text h =
            makeText(sans, elide(sans, who + head, g.small, g.w), g.small, palette::kMuted);
        drawTextAt(t, h, g.x, g.infoY + g.lineH * 0.5f);
        for (std::size_t i = 0;
             shown && i < an.size() && i < static_cast<std::size_t>(s.analysisLines); ++i) {
            const std::string score = lineScoreText(an[i], root.sideToMove(), lang);
            const std::string line =
                std::to_string(i + 1) + ". " + score + "  " + pvText(root, an[i].pv, notation, 10);
            sf::Text lt = makeText(sans, elide(sans, line, g.small, g.w), g.small,
                                   i == 0 ? palette::kPanelText : palette::kMuted);
            drawTextAt(t, lt, g.x, g.infoY + g.lineH * (static_cast<float>(i) + 1.5f));
        }
    } else if (const auto& info = m_session.aiInfo()) {
        const std::string line =
            who
            + format(tr(Str::SearchInfo, lang),
                     {std::to_string(info->depth),
                      lineScoreText(*info, m_session.aiRoot().sideToMove(), lang),
                      std::to_string(info->nps / 1000)});
        sf::Text a = makeText(sans, elide(sans, line, g.small, g.w), g.small, palette::kMuted);
        drawTextAt(t, a, g.x, g.infoY + g.lineH * 0.5f);
        const std::string pv =
            tr(Str::Pv, lang) + ": " + pvText(m_session.aiRoot(), info->pv, notation, 12);
        auto pvLines = wrapText(sans, pv, g.small, g.w);
        for (std::size_t i = 0; i < pvLines.size() && i < 2; ++i) {
            const std::string shown = i == 1 && pvLines.size() > 2
                                          ? elide(sans, pvLines[i] + " " + pvLines[2], g.small, g.w)
                                          : pvLines[i];
            sf::Text b              = makeText(sans, shown, g.small, palette::kMuted);
            drawTextAt(t, b, g.x, g.infoY + g.lineH * (static_cast<float>(i) + 1.5f));
        }
    }
    for (const Button& b : m_buttons)
        drawButton(t, b, sans, b.id == "minus" || b.id == "plus" ? g.big : g.button, m_mouse);
    // Review progress, or the review's verdict on the shown move.
    if (m_session.isGameReviewRunning()) {
        const auto [done, all] = m_session.gameReviewProgress();
        const float bw         = g.w - std::round(g.w * 0.3f) - g.gap;
        const RectF bar{g.x, g.noteY + 2, bw, g.rowH - 4};
        drawRect(t, bar, sf::Color(255, 252, 245), palette::kButtonEdge, 1);
        const float f = all > 0 ? static_cast<float>(done) / static_cast<float>(all) : 0.0f;
        drawRect(t, {bar.x + 1, bar.y + 1, (bar.w - 2) * f, bar.h - 2}, sf::Color(90, 140, 200));
        const std::string text =
            format(tr(Str::ReviewRunning, lang), {std::to_string(done), std::to_string(all)});
        sf::Text pt = makeText(sans, elide(sans, text, g.small, g.w), g.small, palette::kMuted);
        drawTextAt(t, pt, g.x, g.noteY + g.rowH + g.lineH * 0.5f);
    } else if (!note.empty()) {
        const NodeReview* r = m_session.nodeReview(m_session.shownNode());
        std::vector<std::string> noteLinesText;
        const auto cut = note.find('\n');
        for (auto& w : wrapText(sans, note.substr(0, cut), g.small, g.w))
            noteLinesText.push_back(w);
        if (noteLinesText.size() > 2)
            noteLinesText.resize(2);
        noteLinesText.push_back(elide(sans, note.substr(cut + 1), g.small, g.w));
        for (std::size_t i = 0; i < noteLinesText.size() && i < 3; ++i) {
            sf::Text nt = makeText(sans, noteLinesText[i], g.small,
                                   i == 0 && r ? kQualityColors[static_cast<int>(r->quality)]
                                               : palette::kMuted);
            if (i == 0 && r && r->quality <= ai::MoveQuality::Good)
                nt.setFillColor(palette::kPanelText);
            drawTextAt(t, nt, g.x, g.noteY + g.lineH * (static_cast<float>(i) + 0.5f));
        }
    }
    // The explanations: each a link that plays its line on the board.
    std::vector<std::pair<RectF, ExplainNote>> rects;
    float y = g.noteY + g.lineH * static_cast<float>(baseLines);
    for (std::size_t k = 0; k < notes.size(); ++k) {
        auto wrapped = wrapText(sans, notes[k].text, g.small, g.w);
        if (wrapped.size() > 2) {
            std::string rest;
            for (std::size_t i = 1; i < wrapped.size(); ++i)
                rest += (i > 1 ? " " : "") + wrapped[i];
            wrapped.resize(2);
            wrapped[1] = elide(sans, rest, g.small, g.w);
        }
        const sf::Color link = notes[k].line.empty() ? palette::kMuted : sf::Color(30, 90, 170);
        for (std::size_t i = 0; i < wrapped.size(); ++i) {
            sf::Text nt = makeText(sans, wrapped[i], g.small, link);
            drawTextAt(t, nt, g.x, y + g.lineH * (static_cast<float>(i) + 0.5f));
        }
        const float h = g.lineH * static_cast<float>(wrapped.size());
        rects.push_back({{g.x, y, g.w, h}, notes[k]});
        y += h;
    }
    m_explain.setNoteRects(std::move(rects));
    m_moveList.draw(t, m_ctx, m_session, l, g.listY, l.panel.bottom() - g.pad, m_mouse);
    t.draw(target);
    for (const Button& b : m_buttons)
        if (b.id == "sound")
            drawSpeaker(target, b.rect, s.sound);
}

std::string GameScreen::clockFace(core::Color c) const {
    if (m_session.onClock(c))
        return core::formatClockFace(m_session.clockLeft(c));
    // The computer off the clock plays by its level, depth or time per move: say which.
    const Settings& s = m_ctx.settings();
    if (s.level > 0)
        return tr(Str::LevelLabel, m_ctx.lang()) + " " + std::to_string(s.level);
    if (s.useMoveTime) {
        char seconds[16];
        std::snprintf(seconds, sizeof seconds, "%g", s.moveTimeMs / 1000.0);
        return format(tr(Str::BySeconds, m_ctx.lang()), {seconds});
    }
    return tr(Str::Depth, m_ctx.lang()) + " " + std::to_string(s.depth);
}

// The two clocks over the panel's texture (they change every second, the panel rarely): Red's
// on the left, Black's on the right; the running one framed in the accent colour, a clock under
// ten seconds in red.
void GameScreen::drawClocks(sf::RenderTarget& target, const Layout& l) {
    if (!m_session.timed() || m_clockRect.h <= 0)
        return;
    Batch t;
    const Language lang = m_ctx.lang();
    const auto& sans    = m_ctx.res().sans;
    const float gap     = std::round(8 * l.uiScale);
    const float w       = (m_clockRect.w - gap) / 2;
    const auto running  = m_session.clockRunning();
    for (int i = 0; i < 2; ++i) {
        const core::Color c = i == 0 ? core::Color::Red : core::Color::Black;
        const RectF box{m_clockRect.x + static_cast<float>(i) * (w + gap), m_clockRect.y, w,
                        m_clockRect.h};
        const bool runs = running == c;
        drawRect(t, box, runs ? sf::Color(255, 241, 204) : sf::Color(255, 252, 245),
                 runs ? palette::kAccent : palette::kButtonEdge, runs ? 2.0f : 1.0f);
        std::string label = tr(c == core::Color::Red ? Str::Red : Str::Black, lang);
        if (!m_session.onClock(c))
            label += " · " + tr(Str::ClockOff, lang);
        else if (!runs && !m_session.isOver() && m_session.position().sideToMove() == c)
            label += " · " + tr(Str::ClockPaused, lang);
        const unsigned small = m_ctx.fontSize(12);
        sf::Text name        = makeText(sans, elide(sans, label, small, box.w - 8), small,
                                 c == core::Color::Red ? palette::kAccent : palette::kPanelText);
        drawTextAt(t, name, box.x + 6 * l.uiScale, box.y + box.h * 0.27f);
        const bool low        = m_session.onClock(c) && m_session.clockLeft(c) < 10'000;
        const std::string now = clockFace(c);
        const unsigned big    = m_session.onClock(c) ? m_ctx.fontSize(24) : m_ctx.fontSize(15);
        sf::Text face         = makeText(sans, now, big,
                                 low                    ? palette::kError
                                         : m_session.onClock(c) ? palette::kPanelText
                                                                : palette::kMuted);
        drawTextAt(t, face, box.right() - 8 * l.uiScale - textWidth(sans, now, big),
                   box.y + box.h * 0.62f);
    }
    t.draw(target);
}

void GameScreen::draw(sf::RenderTarget& t) {
    const Layout l           = layout();
    const Language lang      = m_ctx.lang();
    const bool playing       = m_explain.playing();
    const core::Position pos = playing ? m_explain.playPosition() : m_session.shownPosition();
    BoardDecor d;
    d.flipped = m_flipped;
    applyLook(d, m_ctx.settings());
    d.lastMove = m_session.shownLastMove();
    d.review   = m_session.isReviewing();
    if (d.review)
        d.banner = format(tr(Str::ReviewBanner, lang),
                          {std::to_string(m_session.viewPly()), std::to_string(m_session.ply())});
    if (pos.isInCheck() && pos.kingSquare(pos.sideToMove()) != core::kNoSquare)
        d.checkSquare = pos.kingSquare(pos.sideToMove());
    // The review's better move (for the move that led here), then the analysis lines.
    if (const NodeReview* r = m_session.nodeReview(m_session.shownNode());
        r && r->best && r->best != d.lastMove && r->quality >= ai::MoveQuality::Inaccuracy)
        d.arrows.push_back({r->best, sf::Color(30, 150, 70, 200), 0.9f,
                            pawnsText(std::clamp(r->bestRed, -9999, 9999))});
    if (m_session.analysisOn() && m_session.analysisShown()) {
        const auto& an = m_session.analysis();
        const std::size_t n =
            std::min<std::size_t>(an.size(), static_cast<std::size_t>(m_session.analysisLines()));
        for (std::size_t k = n; k-- > 0;) {
            if (an[k].pv.empty())
                continue;
            const ArrowWeight w = arrowWeight(k, n);
            d.arrows.push_back({an[k].pv.front(), sf::Color(30, 90, 200, w.alpha), w.width,
                                redScoreShort(an[k].score, an[k].mateIn, pos.sideToMove())});
        }
    }
    // An explanation's line, one move after the other, instead of the review's arrows.
    if (playing) {
        d.arrows.clear();
        d.lastMove = {};
        if (const auto a = m_explain.playArrow())
            d.arrows.push_back({a->first,
                                core::colorOf(pos.at(a->first.from())) == core::Color::Red
                                    ? sf::Color(200, 40, 30, 210)
                                    : sf::Color(40, 40, 40, 210),
                                1.0f, std::to_string(a->second)});
    }
    d.selected = m_selected;
    d.targets  = m_targets;
    if (!d.review) {
        d.arrow = m_session.hint();
        if (m_anim) {
            const float k =
                std::min(1.0f, static_cast<float>(m_anim->clock.getElapsedTime().asMilliseconds())
                                   / kAnimationMs);
            const float e  = 1 - (1 - k) * (1 - k); // ease out
            const PointF a = squareCenter(l, m_anim->move.from(), m_flipped);
            const PointF b = squareCenter(l, m_anim->move.to(), m_flipped);
            d.hidden       = m_anim->move.to();
            d.floating.push_back(
                {m_anim->piece, {a.x + (b.x - a.x) * e, a.y + (b.y - a.y) * e}, false});
        }
    }
    if (m_dragging && m_selected) {
        d.hidden = m_selected;
        d.floating.clear();
        d.floating.push_back({pos.at(*m_selected), m_mouse, true});
    }
    m_view.draw(t, l, pos, d);
    if (m_stripShown)
        m_evalStrip.draw(t, m_ctx, m_session, l);
    const auto pw = static_cast<unsigned>(l.panel.w), ph = static_cast<unsigned>(l.panel.h);
    if (pw > 0 && ph > 0) {
        if (m_panelTexture.getSize() != sf::Vector2u(pw, ph)) {
            if (!m_panelTexture.create(pw, ph))
                throw std::runtime_error("cannot create the panel texture");
            m_panelDirty = true;
        }
        if (m_panelDirty) {
            m_panelTexture.setView(
                sf::View(sf::FloatRect(l.panel.x, l.panel.y, l.panel.w, l.panel.h)));
            drawPanel(m_panelTexture, l);
            m_panelTexture.display();
            m_panelDirty = false;
        }
        sf::Sprite panel(m_panelTexture.getTexture());
        panel.setPosition(l.panel.x, l.panel.y);
        t.draw(panel, sf::BlendNone);
        drawClocks(t, l);
    }
    drawTooltip(t, m_buttons, m_ctx.res().sans, m_ctx.fontSize(13), m_mouse, m_ctx.windowSize());
}

} // namespace xq::gui
