// The library: the games of the games database (app/library/games_db.h), or of one multi-game
// file, in a table (Red, Black, event, date, result, moves, opening) that sorts by any column
// and filters as one types (players, event) and by result. A double click or Enter opens the
// game for review. Over the database it also imports files and folders on a worker thread,
// with a progress bar and Cancel. The explorer (opening moves from the shown position in the
// database) is a box beside the board.
#pragma once

#include <filesystem>
#include <memory>

#include "app/gui/shell/context.h"
#include "app/gui/shell/screen.h"
#include "core/position.h"

namespace xq::gui {

// `file` empty: the games database; else the games of that file.
std::unique_ptr<Screen> makeLibraryScreen(Context& ctx, const std::filesystem::path& file);
std::unique_ptr<Screen> makeExplorerScreen(Context& ctx, const core::Position& pos);

} // namespace xq::gui
