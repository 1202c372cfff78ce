// The shell's one place that knows every screen: it makes the game screen and the screen a
// Show* command names. Screens themselves never include each other (docs/ARCHITECTURE.md).
#pragma once

#include <memory>

#include "app/gui/shell/commands.h"
#include "app/gui/shell/context.h"
#include "app/gui/shell/screen.h"

namespace xq::gui {

std::unique_ptr<Screen> makeGameScreen(Context& ctx);
// The screen a Show* command asks for; nullptr for any other command.
std::unique_ptr<Screen> makeScreen(const Command& c, Context& ctx);

} // namespace xq::gui
