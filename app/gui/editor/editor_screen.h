// The position editor: a screen of its own over the whole window. "Play" opens the new-game
// dialog with the position's FEN, "Puzzle" makes a mate puzzle of it (both through commands).
#pragma once

#include <memory>

#include "app/gui/shell/context.h"
#include "app/gui/shell/screen.h"
#include "core/position.h"

namespace xq::gui {

std::unique_ptr<Screen> makeEditorScreen(Context& ctx, const core::Position& start, bool flipped);

} // namespace xq::gui
