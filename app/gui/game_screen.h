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

#include "app/gui/board_view.h"
#include "app/gui/game_record.h"
#include "app/gui/screen.h"
#include "app/gui/session.h"
#include "app/gui/widgets.h"

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

    GameSession& session() { return m_session; }
    void startNew(const core::Position& start, PlayMode mode);
    void loadGame(const core::Game& game, PlayMode mode);
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
    std::string statusText() const;
    std::string modeText() const;
    std::string moveLabel(std::size_t ply) const;

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
    int m_listScroll          = 0;
    int m_listRows            = 0;
    std::size_t m_lastViewPly = static_cast<std::size_t>(-1);
    struct Cell {
        RectF rect;
        std::size_t ply;
    };
    std::vector<Cell> m_cells;
    RectF m_listRect;
    std::uint64_t m_savedChange = 0;
    std::array<std::uint64_t, 7> m_drawnState{}; // what the last frame showed (needsRedraw)
    bool m_wasAnimating = false;
    // The panel is drawn into its own texture and redrawn only when it changes (not during the
    // board's animations), since software OpenGL pays for every pixel.
    sf::RenderTexture m_panelTexture;
    bool m_panelDirty = true;
    sf::Clock m_clock;
};

} // namespace xq::gui
