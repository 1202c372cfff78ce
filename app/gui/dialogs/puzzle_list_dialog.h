// The puzzle list: the library sorted by difficulty with solved marks, and a FEN box to make a
// puzzle of any position. Choosing posts cmd::ShowPuzzle.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "app/gui/shell/context.h"
#include "app/gui/shell/screen.h"

namespace xq::gui {

std::unique_ptr<Screen> makePuzzleListDialog(Context& ctx);

} // namespace xq::gui
