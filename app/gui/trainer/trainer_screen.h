// The endgame trainer: a screen of its own over the whole window. The panel lists the classic
// endings by name in both languages with the person's progress; choosing one makes its table
// when it is not on disk yet (a progress bar), then sets up a random won position from it. The
// person plays Red against the table's perfect defence; after every move the panel shows the
// distance to mate and whether the move was the quickest, a slower win or threw the win away,
// and offers to take it back.
#pragma once

#include <memory>

#include "app/gui/shell/context.h"
#include "app/gui/shell/screen.h"

namespace xq::gui {

std::unique_ptr<Screen> makeTrainerScreen(Context& ctx);

} // namespace xq::gui
