// Puzzle mode: a screen of its own over the whole window, on library puzzle `index` (0-based),
// or, with index < 0, on a puzzle made from `fen` (solved on a worker thread first).
#pragma once

#include <memory>
#include <string>

#include "app/gui/shell/context.h"
#include "app/gui/shell/screen.h"

namespace xq::gui {

std::unique_ptr<Screen> makePuzzleScreen(Context& ctx, int index, const std::string& fen = {});

} // namespace xq::gui
