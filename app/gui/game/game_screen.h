// GameScreen: the board on the left, the panel on the right (status, computer settings and
// progress, buttons, move list), the evaluation strip under the board after a review. Owns the
// GameSession; turns mouse and keys into session calls, plays sounds and animations from the
// session's move events, and autosaves after every change. It applies the commands other screens
// post (new game, open file, settings changed) and opens them only through commands.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <SFML/Graphics/RenderTexture.hpp>
#include <SFML/System/Clock.hpp>

#include "app/gui/game/eval_strip.h"
#include "app/gui/game/explain_view.h"
#include "app/gui/game/move_list.h"
#include "app/gui/model/game_record.h"
#include "app/gui/model/paths.h"
#include "app/gui/model/session.h"
#include "app/gui/shell/board_view.h"
#include "app/gui/shell/context.h"
#include "app/gui/shell/screen.h"
#include "app/gui/shell/widgets.h"
#include "app/gui/testing/scriptable.h"

namespace xq::gui {

class GameScreen final : public Screen, public Scriptable {
public:
    explicit GameScreen(Context& ctx);
    ~GameScreen() override;

    // Screen
    void handleEvent(const sf::Event& e) override;
    void update(sf::Time dt) override;
    void draw(sf::RenderTarget& t) override;
    float stripFraction() const override { return m_stripShown ? 0.14f : 0.0f; }
    bool apply(const Command& c) override;
    bool needsRedraw() override;
    void invalidate() override { m_panelDirty = true; }
    void setCovered(bool covered) override { m_session.setClockPaused(covered); }

    // Scriptable
    std::optional<PointF> buttonCentre(std::string_view id) const override;
    bool isBoardFlipped() const override { return m_flipped; }
    std::optional<std::string> shownFen() const override;
    std::string scriptState(std::string_view what) const override;
    bool isIdle() const override; // no search (analysis aside) and no animation running
    std::string aiState() const override;
    std::string pgn() const override;
    void dumpBoard(std::ostream& out) const override; // shown pieces with their pixel centres

private:
    static constexpr float kAnimationMs = 170;
    // How often a running clock is written to the autosave.
    static constexpr std::int64_t kClockSaveMs = 5000;
    struct Animation {
        core::Move move;
        core::Piece piece = core::kNoPiece;
        sf::Clock clock;
    };
    Layout layout() const { return m_ctx.layout(stripFraction()); }
    void startNew(const core::Position& start, PlayMode mode);
    void loadRecord(const GameRecord& rec, PlayMode mode); // with variations and review notes
    // Opens a game file (PGN, or another program's: core/game_formats.h); a file of several
    // games opens the library on it. Reports problems as a toast. Returns whether it loaded.
    bool openPgnFile(const std::filesystem::path& file);
    // Opens a game of the library or a file for review (two players, at the start).
    bool openGame(const core::PgnGame& game, const std::string& label);
    // Loads FEN or PGN text (clipboard); reports problems as a toast.
    bool loadText(const std::string& text);
    // Offers the autosaved game when there is an unfinished one (once, at startup).
    void offerResume();
    void applySettings(); // the computer's limits from the settings

    // Buttons and keys: each action is a member function, found by the button's id.
    void buildButtons(const Layout& l);
    void onButton(std::string_view id);
    void newGame();
    void undo();
    void redo();
    void hint();
    void moveNow();
    void resign();
    void flip();
    void edit();
    void help();
    void saveGame();
    void open();
    void paste();
    void copyFen();
    void copyPgn();
    void settings();
    void continueHere();
    void backToGame();
    void weaker();
    void stronger();
    void changeStrength(int direction);
    void toggleSound();
    void toggleAnalysis();
    void startReview();
    void cancelReview();
    void openPuzzles();
    void openLibrary();  // the games database
    void openExplorer(); // the opening explorer beside the board
    void openTrainer();
    void promoteVariation();
    void deleteVariation();
    void threat();    // what the opponent threatens now, with its line (explain_view.h)
    void makeTable(); // the analysed position's missing endgame table (session.h)

    void onBoardPress(PointF p);
    void onBoardRelease(PointF p);
    void handleKey(const sf::Event::KeyEvent& k);
    void clearSelection();
    void selectSquare(core::Square s);
    bool tryMove(core::Move m, bool dropped);
    void processEvents();
    void autosave(bool force = false); // when the game changed, or when forced
    void tickClock();                  // the low-time tick of a person's clock
    void drawPanel(sf::RenderTarget& t, const Layout& l);
    void drawClocks(sf::RenderTarget& t, const Layout& l);
    std::string clockFace(core::Color c) const; // the time shown on a side's clock
    std::string statusText() const;
    // The status shown (the game's, or which move is reviewed), fitted to the panel's width:
    // large when it fits two lines, smaller, or on more lines that push the rows below down.
    FittedText statusFit(const Layout& l) const;
    // The panel's search area: the analysis lines, or the search's line and PV, whichever is
    // taller, so that switching analysis on or off moves no button.
    int infoLines() const;
    std::string modeText() const;
    std::string reviewNoteText() const;
    // The explanations shown under the review note: the review's sentences for the shown move
    // and the threat asked for in the shown position; and the game up to the shown position.
    std::vector<ExplainNote> explainNotes() const;
    core::Game shownGame() const;
    int explainLineCount(const Layout& l) const; // panel lines the notes take (two at most each)

    Context& m_ctx;
    GameSession m_session;
    BoardView m_view;
    bool m_flipped = false;
    std::optional<core::Square> m_selected;
    std::vector<core::Square> m_targets;
    bool m_pressed  = false; // left button down on the selected piece
    bool m_dragging = false;
    PointF m_pressPos, m_mouse;
    bool m_skipAnimation = false; // the person dropped the piece: no slide
    std::optional<Animation> m_anim;
    std::vector<Button> m_buttons;
    MoveList m_moveList;
    EvalStrip m_evalStrip;
    bool m_stripShown           = false;
    std::uint64_t m_savedChange = 0;
    BackgroundWriter m_autosaver;                   // its destructor writes the last autosave
    std::array<std::uint64_t, 10> m_drawnState{};   // what the last frame showed (needsRedraw)
    std::array<std::uint64_t, 4> m_drawnProgress{}; // search and review progress shown
    sf::Clock m_progressClock;                      // since progress was last redrawn
    bool m_wasAnimating = false;
    // The panel is drawn into its own texture and redrawn only when it changes (not during the
    // board's animations), since software OpenGL pays for every pixel.
    sf::RenderTexture m_panelTexture;
    bool m_panelDirty = true;
    RectF m_clockRect;                  // where the clocks go (height 0: untimed game)
    bool m_statusFits = true;           // the last status drawn fit the panel (script state)
    std::string m_drawnClocks;          // the clock faces the last frame showed
    std::int64_t m_lastTickSecond = -1; // the last low-time second that ticked
    std::int64_t m_clockSavedMs   = 0;  // when a running clock was last autosaved
    ExplainView m_explain;
    bool m_explainChanged = false; // a threat arrived or a played line moved on: redraw
};

} // namespace xq::gui
