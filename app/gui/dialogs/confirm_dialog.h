// A yes/no question; the chosen answer's function runs when the dialog closes.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "app/gui/shell/context.h"
#include "app/gui/shell/screen.h"

namespace xq::gui {

std::unique_ptr<Screen> makeConfirmDialog(Context& ctx, const std::string& question,
                                          const std::string& yes, const std::string& no,
                                          std::function<void()> onYes, std::function<void()> onNo);

} // namespace xq::gui
