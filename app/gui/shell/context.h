// Context: everything of the shell a screen may use: resources, sound, the settings, the
// window's layout, the puzzle library, messages (toasts), closing itself and posting commands
// (commands.h). Screens include this header and no other screen's header and not the App's:
// the App implements Context, and a screen can be changed without reading the others.
#pragma once

#include <string>

#include <SFML/System/Vector2.hpp>

#include "app/gui/model/board_geometry.h"
#include "app/gui/model/paths.h"
#include "app/gui/model/settings.h"
#include "app/gui/shell/audio.h"
#include "app/gui/shell/commands.h"
#include "app/gui/shell/resources.h"

namespace xq::gui {

class PuzzleLibrary;

class Context {
public:
    virtual ~Context() = default;

    virtual const Resources& res() const = 0;
    virtual Audio& audio()               = 0;
    // The person's settings. A screen that changes them posts cmd::SettingsChanged, which
    // applies them everywhere and saves them.
    virtual Settings& settings()                        = 0;
    virtual const Settings& settings() const            = 0;
    virtual Language lang() const                       = 0;
    virtual const AppPaths& paths() const               = 0;
    virtual const std::filesystem::path& assets() const = 0; // fonts, book, puzzles
    virtual PuzzleLibrary& puzzles()                    = 0;
    virtual sf::Vector2u windowSize() const             = 0;
    // The window's layout; stripFraction > 0 keeps that share of the height for the strip
    // under the board (the game screen's evaluation graph).
    virtual Layout layout(float stripFraction = 0) const = 0;
    virtual unsigned fontSize(float base = 15) const     = 0; // scaled with the window

    // Closes the calling screen (between frames).
    virtual void pop()           = 0;
    virtual void post(Command c) = 0;
    // A message at the bottom of the window for a few seconds (errors in red, longer).
    virtual void toast(const std::string& text, bool error = false) = 0;
};

} // namespace xq::gui
