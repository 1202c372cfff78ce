// The keyboard shortcuts (F1).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "app/gui/shell/context.h"
#include "app/gui/shell/screen.h"

namespace xq::gui {

std::unique_ptr<Screen> makeHelpOverlay(Context& ctx);

} // namespace xq::gui
