// The game screen's actions: every button and key, each a member function found by the button's
// id (the id test scripts use too), and the keys that browse the game.
#include <algorithm>

#include <SFML/Window/Clipboard.hpp>
#include <spdlog/spdlog.h>

#include "app/gui/game/game_screen.h"
#include "app/gui/model/i18n.h"
#include "app/library/games_db.h"
#include "core/fen.h"

namespace xq::gui {

namespace {

// Each button's id (the script's name for it too) with its action. Keys reach the same actions.
struct ActionEntry {
    std::string_view id;
    void (GameScreen::*action)();
};

} // namespace

void GameScreen::onButton(std::string_view id) {
    static constexpr ActionEntry kActions[] = {
        {"new", &GameScreen::newGame},
        {"undo", &GameScreen::undo},
        {"redo", &GameScreen::redo},
        {"hint", &GameScreen::hint},
        {"movenow", &GameScreen::moveNow},
        {"resign", &GameScreen::resign},
        {"flip", &GameScreen::flip},
        {"edit", &GameScreen::edit},
        {"help", &GameScreen::help},
        {"save", &GameScreen::saveGame},
        {"open", &GameScreen::open},
        {"paste", &GameScreen::paste},
        {"copyfen", &GameScreen::copyFen},
        {"copypgn", &GameScreen::copyPgn},
        {"settings", &GameScreen::settings},
        {"continue", &GameScreen::continueHere},
        {"back", &GameScreen::backToGame},
        {"minus", &GameScreen::weaker},
        {"plus", &GameScreen::stronger},
        {"sound", &GameScreen::toggleSound},
        {"analyse", &GameScreen::toggleAnalysis},
        {"reviewgame", &GameScreen::startReview},
        {"cancelreview", &GameScreen::cancelReview},
        {"puzzles", &GameScreen::openPuzzles},
        {"trainer", &GameScreen::openTrainer},
        {"promote", &GameScreen::promoteVariation},
        {"delvar", &GameScreen::deleteVariation},
        {"library", &GameScreen::openLibrary},
        {"explorer", &GameScreen::openExplorer},
        {"threat", &GameScreen::threat},
        {"maketable", &GameScreen::makeTable},
    };
    for (const ActionEntry& a : kActions)
        if (a.id == id) {
            (this->*a.action)();
            break;
        }
    clearSelection();
}

void GameScreen::handleKey(const sf::Event::KeyEvent& k) {
    using K = sf::Keyboard;
    struct KeyEntry {
        K::Key key;
        bool control;
        std::string_view button;
    };
    static constexpr KeyEntry kKeys[] = {
        {K::Z, true, "undo"},        {K::Y, true, "redo"},       {K::S, true, "save"},
        {K::O, true, "open"},        {K::C, true, "copypgn"},    {K::V, true, "paste"},
        {K::N, false, "new"},        {K::U, false, "undo"},      {K::F, false, "flip"},
        {K::H, false, "hint"},       {K::M, false, "movenow"},   {K::E, false, "edit"},
        {K::S, false, "sound"},      {K::F1, false, "help"},     {K::A, false, "analyse"},
        {K::R, false, "reviewgame"}, {K::P, false, "puzzles"},   {K::Delete, false, "delvar"},
        {K::L, false, "library"},    {K::X, false, "explorer"},  {K::G, false, "trainer"},
        {K::T, false, "threat"},     {K::B, false, "maketable"},
    };
    for (const KeyEntry& e : kKeys)
        if (e.key == k.code && e.control == k.control) {
            onButton(e.button);
            return;
        }
    if (k.control)
        return;
    // Browsing the game: a move, a move pair, the ends; Escape goes back to the game.
    switch (k.code) {
    case K::Left:
        m_session.reviewStep(-1);
        break;
    case K::Right:
        m_session.reviewStep(1);
        break;
    case K::Up:
        m_session.reviewStep(-2);
        break;
    case K::Down:
        m_session.reviewStep(2);
        break;
    case K::Home:
        m_session.reviewHome();
        break;
    case K::End:
    case K::Escape:
        if (k.code == K::End || m_session.isReviewing())
            m_session.reviewEnd();
        break;
    default:
        return;
    }
    clearSelection();
}

void GameScreen::makeTable() {
    if (m_session.makeTable())
        m_panelDirty = true;
}

void GameScreen::threat() {
    m_explain.requestThreat(shownGame(), m_ctx.settings().notation);
    m_panelDirty = true;
}

core::Game GameScreen::shownGame() const {
    core::Game g(m_session.positionAt(0));
    for (std::size_t i = 0; i < m_session.viewPly() && i < m_session.moves().size(); ++i)
        g.forcePlay(m_session.moves()[i]);
    return g;
}

std::vector<ExplainNote> GameScreen::explainNotes() const {
    std::vector<ExplainNote> out;
    const Language lang   = m_ctx.lang();
    const std::size_t ply = m_session.viewPly();
    if (const NodeReview* r = m_session.nodeReview(m_session.shownNode()); r && ply > 0) {
        const core::Position before = m_session.positionAt(ply - 1);
        if (!r->whyPlayed.empty())
            out.push_back({r->whyPlayed.text(lang), before, r->whyPlayed.line});
        if (!r->whyBest.empty())
            out.push_back({format(tr(Str::BetterMoveNote, lang), {r->whyBest.text(lang)}), before,
                           r->whyBest.line});
    }
    if (m_explain.threatBusy())
        out.push_back({tr(Str::ThreatLooking, lang), {}, {}});
    else if (auto t = m_explain.threatNote(m_session.shownPosition().key(), lang))
        out.push_back(std::move(*t));
    return out;
}

void GameScreen::newGame() {
    m_ctx.post(cmd::ShowNewGame{});
}
void GameScreen::undo() {
    if (!m_session.takeBackAllowed()) {
        m_ctx.toast(tr(Str::UndoOffTimed, m_ctx.lang()), true);
        return;
    }
    m_session.undo();
}
void GameScreen::redo() {
    if (!m_session.takeBackAllowed()) {
        m_ctx.toast(tr(Str::UndoOffTimed, m_ctx.lang()), true);
        return;
    }
    m_session.redo();
}
void GameScreen::hint() {
    m_session.requestHint();
}
void GameScreen::moveNow() {
    m_session.moveNow();
}
void GameScreen::resign() {
    // One click must not end the game: the person confirms (Enter) or keeps playing (Escape).
    if (m_session.isOver())
        return;
    const Language lang = m_ctx.lang();
    m_ctx.post(cmd::ShowConfirm{tr(Str::ResignQuestion, lang), tr(Str::Resign, lang),
                                tr(Str::Cancel, lang), [this] { m_session.resign(); }, [] {}});
}
void GameScreen::flip() {
    m_flipped = !m_flipped;
}
void GameScreen::edit() {
    m_session.cancelSearch();
    m_ctx.post(cmd::ShowEditor{m_session.shownPosition(), m_flipped});
}
void GameScreen::help() {
    m_ctx.post(cmd::ShowHelp{});
}
void GameScreen::open() {
    m_ctx.post(cmd::ShowOpen{});
}
void GameScreen::settings() {
    m_ctx.post(cmd::ShowSettings{});
}
void GameScreen::continueHere() {
    m_session.continueFromHere();
}
void GameScreen::backToGame() {
    m_session.reviewEnd();
}
void GameScreen::weaker() {
    changeStrength(-1);
}
void GameScreen::stronger() {
    changeStrength(1);
}

void GameScreen::changeStrength(int d) {
    Settings& s = m_ctx.settings();
    if (s.level > 0) {
        s.level = std::clamp(s.level + d, ai::kMinLevel, ai::kMaxLevel);
    } else if (s.useMoveTime) {
        // Steps of 0.5 s up to 5 s, then whole seconds, then 5 s.
        const int t    = s.moveTimeMs;
        const int step = (d > 0 ? t >= 10000 : t > 10000) ? 5000
                         : (d > 0 ? t >= 5000 : t > 5000) ? 1000
                                                          : 500;
        s.moveTimeMs   = kMoveTimeBound.clamp(t + d * step);
    } else {
        s.depth = kDepthBound.clamp(s.depth + d);
    }
    m_ctx.post(cmd::SettingsChanged{});
}

void GameScreen::toggleSound() {
    m_ctx.settings().sound = !m_ctx.settings().sound;
    m_ctx.post(cmd::SettingsChanged{});
}

void GameScreen::toggleAnalysis() {
    if (m_session.mode() == PlayMode::Analysis)
        return; // analysis mode always analyses
    m_session.setAnalysis(!m_session.analysisOn());
}

void GameScreen::startReview() {
    if (m_session.isGameReviewRunning() || m_session.ply() == 0)
        return;
    spdlog::info("game review of {} plies at depth {}", m_session.ply(),
                 m_ctx.settings().reviewDepth);
    m_session.startGameReview(m_ctx.settings().reviewDepth);
}

void GameScreen::cancelReview() {
    m_session.cancelGameReview();
}

void GameScreen::openPuzzles() {
    m_session.cancelSearch();
    m_ctx.post(cmd::ShowPuzzleList{});
}
void GameScreen::openTrainer() {
    m_ctx.post(cmd::ShowTrainer{});
}

void GameScreen::promoteVariation() {
    m_session.promoteVariation(m_session.shownNode());
}

void GameScreen::deleteVariation() {
    const NodeId node = m_session.shownNode();
    if (m_session.tree().variationStart(node) == kNoNode)
        return;
    const Language lang = m_ctx.lang();
    m_ctx.post(cmd::ShowConfirm{tr(Str::DeleteVariationQuestion, lang), tr(Str::Delete, lang),
                                tr(Str::Cancel, lang),
                                [this, node] { m_session.deleteVariation(node); }, [] {}});
}

void GameScreen::saveGame() {
    const auto file        = m_ctx.paths().games() / (timestampForFile() + ".pgn");
    const std::string text = pgn();
    const std::string err  = writeFileAtomic(file, text);
    if (err.empty())
        m_ctx.toast(format(tr(Str::SavedTo, m_ctx.lang()), {file.filename().string()}));
    else
        m_ctx.toast(format(tr(Str::SaveFailed, m_ctx.lang()), {err}), true);
    // The player's own games go into the games database too (a game saved twice is kept once).
    if (auto game = core::readPgn(text)) {
        auto db = library::GamesDb::open(m_ctx.paths().data / "games.sqlite");
        auto id =
            db ? (*db)->add(*game, "saved") : core::Expected<std::int64_t>(core::Error{db.error()});
        if (!id)
            spdlog::error("games database: {}", id.error());
    }
}

void GameScreen::openLibrary() {
    m_session.cancelSearch();
    m_ctx.post(cmd::ShowLibrary{});
}

void GameScreen::openExplorer() {
    m_ctx.post(cmd::ShowExplorer{m_session.shownPosition()});
}

void GameScreen::copyFen() {
    sf::Clipboard::setString(utf8(core::toFen(m_session.shownPosition())));
    m_ctx.toast(tr(Str::FenCopied, m_ctx.lang()));
}

void GameScreen::copyPgn() {
    sf::Clipboard::setString(utf8(pgn()));
    m_ctx.toast(tr(Str::PgnCopied, m_ctx.lang()));
}

void GameScreen::paste() {
    loadText(toUtf8(sf::Clipboard::getString()));
}

} // namespace xq::gui
