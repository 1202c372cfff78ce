// GameScreen: the board on the left, the panel on the right (status, computer settings and
// progress, buttons, move list). Owns the GameSession; turns mouse and keys into session calls,
// plays sounds and animations from the session's move events, and autosaves after every change.
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

#include "app/gui/shell/board_view.h"
#include "app/gui/model/game_record.h"
#include "app/gui/model/paths.h"
#include "app/gui/model/puzzle_library.h"
#include "app/gui/shell/screen.h"
#include "app/gui/model/session.h"
#include "app/gui/shell/widgets.h"

namespace xq::gui {

class App;

class GameScreen : public Screen {
public:
    explicit GameScreen(App& app);
    ~GameScreen() override;

    void handleEvent(const sf::Event& e) override;
    void update(sf::Time dt) override;
    void draw(sf::RenderTarget& t) override;
    std::optional<PointF> buttonCentre(std::string_view id) const override;
    bool isBoardFlipped() const override { return m_flipped; }
    bool needsRedraw() override;
    void invalidate() override { m_panelDirty = true; }
    std::string scriptState(std::string_view what) const override;

    GameSession& session() { return m_session; }
    void startNew(const core::Position& start, PlayMode mode);
    void loadGame(const core::Game& game, PlayMode mode);
    void loadRecord(const GameRecord& rec, PlayMode mode); // with variations and review notes
    // The evaluation graph strip under the board: shown when the current line has review notes.
    bool wantsStrip() const { return m_strip; }
    PuzzleRunner& puzzles() { return m_puzzles; }
    // The shipped puzzle library (read on first use) and the person's progress.
    const std::vector<ai::PuzzleEntry>& puzzleLibrary();
    PuzzleProgress& puzzleProgress();
    void savePuzzleProgress();
    void openPuzzles(); // the puzzle list
    // Opens a PGN file; reports problems as a toast. Returns whether it loaded.
    bool openPgnFile(const std::filesystem::path& file);
    // Loads FEN or PGN text (clipboard); reports problems as a toast.
    bool loadText(const std::string& text);
    // Offers the autosaved game when there is an unfinished one (called once at startup).
    void offerResume();
    void applySettings(); // AI limits and mute from the App's settings
    std::string pgn() const;
    bool isIdle() const;                     // no search (analysis aside) and no animation running
    std::string aiState() const;             // for the frame log
    void dumpBoard(std::ostream& out) const; // shown pieces with their pixel centres

private:
    struct Animation {
        core::Move move;
        core::Piece piece = core::kNoPiece;
        sf::Clock clock;
    };
    void buildButtons(const Layout& l);
    void onButton(const std::string& id);
    void onBoardPress(PointF p);
    void onBoardRelease(PointF p);
    void handleKey(const sf::Event::KeyEvent& k);
    void clearSelection();
    void selectSquare(core::Square s);
    bool tryMove(core::Move m, bool dropped);
    void processEvents();
    void autosave();
    void saveGame();
    void copyFen();
    void copyPgn();
    void paste();
    void drawPanel(sf::RenderTarget& t, const Layout& l);
    void drawMoveList(Batch& t, const Layout& l, float top, float bottom);
    void drawStrip(sf::RenderTarget& t, const Layout& l);
    void rebuildList(float width, unsigned size);
    std::string statusText() const;
    std::string modeText() const;
    std::string reviewNoteText() const;
    void toggleAnalysis();
    void startReview();

    // The move list as rows: main-line rows of (Red, Black) moves, and variation rows of
    // tokens (move numbers, moves, parentheses) flowed to the list's width.
    struct ListToken {
        std::string text;
        NodeId node = kNoNode;
        float x = 0, w = 0;
        int quality = -1; // ai::MoveQuality of a reviewed move
        bool onLine = false;
    };
    struct ListRow {
        bool main  = true;
        int number = 0;
        std::vector<ListToken> tokens; // main rows: [0] Red's move, [1] Black's (node may be none)
    };
    std::vector<ListRow> m_rows;
    std::uint64_t m_rowsKey = ~0ull;
    App& m_app;
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
    // Move list: rows of (red, black) moves; its scroll offset in rows and the clickable cells.
    int m_listScroll       = 0;
    int m_listRows         = 0;
    NodeId m_lastShownNode = kNoNode - 1;
    struct Cell {
        RectF rect;
        NodeId node;
    };
    std::vector<Cell> m_cells;
    RectF m_listRect;
    std::uint64_t m_savedChange = 0;
    BackgroundWriter m_autosaver;                   // its destructor writes the last autosave
    std::array<std::uint64_t, 10> m_drawnState{};   // what the last frame showed (needsRedraw)
    std::array<std::uint64_t, 4> m_drawnProgress{}; // search and review progress shown
    sf::Clock m_progressClock;                      // since progress was last redrawn
    bool m_strip = false;
    RectF m_graphRect;
    std::size_t m_graphPlies = 0;
    PuzzleRunner m_puzzles;
    std::optional<std::vector<ai::PuzzleEntry>> m_puzzleLibrary;
    std::optional<PuzzleProgress> m_puzzleProgress;
    bool m_wasAnimating = false;
    // The panel is drawn into its own texture and redrawn only when it changes (not during the
    // board's animations), since software OpenGL pays for every pixel.
    sf::RenderTexture m_panelTexture;
    bool m_panelDirty = true;
    sf::Clock m_clock;
};

} // namespace xq::gui
