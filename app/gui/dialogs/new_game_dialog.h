// The new-game dialog: who plays which side, from the start or from a FEN (pre-filled and
// selected when not empty, as from the editor). Starting posts cmd::NewGame.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "app/gui/shell/context.h"
#include "app/gui/shell/screen.h"

namespace xq::gui {

std::unique_ptr<Screen> makeNewGameDialog(Context& ctx, const std::string& fen);

} // namespace xq::gui
