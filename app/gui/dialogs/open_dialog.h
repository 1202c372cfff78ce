// The list of saved games (newest first); choosing one posts cmd::OpenFile.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "app/gui/shell/context.h"
#include "app/gui/shell/screen.h"

namespace xq::gui {

std::unique_ptr<Screen> makeOpenDialog(Context& ctx);

} // namespace xq::gui
