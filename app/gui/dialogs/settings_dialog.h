// Settings: language, notation, piece style, sound, analysis lines, review depth, variations,
// and a button to the external engine's dialog.
// Every change posts cmd::SettingsChanged, which applies and saves it.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "app/gui/shell/context.h"
#include "app/gui/shell/screen.h"

namespace xq::gui {

std::unique_ptr<Screen> makeSettingsDialog(Context& ctx);

} // namespace xq::gui
