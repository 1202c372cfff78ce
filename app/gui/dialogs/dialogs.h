// Modal screens over the game: new game, open a saved game, settings, help, a yes/no question,
// and the position editor (a full screen of its own, in editor_screen.cpp).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "app/gui/shell/screen.h"
#include "core/position.h"

namespace xq::gui {

class App;

// fen: pre-filled and selected when not empty (from the editor).
std::unique_ptr<Screen> makeNewGameDialog(App& app, const std::string& fen);
std::unique_ptr<Screen> makeOpenDialog(App& app);
std::unique_ptr<Screen> makeSettingsDialog(App& app);
std::unique_ptr<Screen> makeHelpOverlay(App& app);
std::unique_ptr<Screen> makeConfirmDialog(App& app, const std::string& question,
                                          const std::string& yes, const std::string& no,
                                          std::function<void()> onYes, std::function<void()> onNo);
std::unique_ptr<Screen> makeEditorScreen(App& app, const core::Position& start);
// The puzzle list (the library sorted by difficulty, solved marks, a FEN box).
std::unique_ptr<Screen> makePuzzleListDialog(App& app);
// Puzzle mode on library puzzle `index` (0-based), or, with index < 0, on a puzzle made from
// `fen` (solved on a worker thread first).
std::unique_ptr<Screen> makePuzzleScreen(App& app, int index, const std::string& fen = {});

} // namespace xq::gui
