// The external engine: its command (typed), the protocol, a Start button that starts it on a
// worker thread and lists its options, the options edited (spin +/- or typed, check, combo,
// string, button), and where it plays. Every change is stored in the settings and posts
// cmd::SettingsChanged, which hands the engine to the game.
#pragma once

#include <memory>

#include "app/gui/shell/context.h"
#include "app/gui/shell/screen.h"

namespace xq::gui {

std::unique_ptr<Screen> makeEngineDialog(Context& ctx);

} // namespace xq::gui
