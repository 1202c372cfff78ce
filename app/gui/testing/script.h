// A tiny test script for the real program (--script FILE): one command per line, '#' comments.
// The commands act through the same event path as a person's mouse and keyboard:
//   click e3 | rclick e3 | drag h2 e2    mouse on board points (ICCS names, board flip aware)
//   key U | key Ctrl+Z | key Left         a key press (letters, F1, Left, Right, Home, End, ...)
//   type TEXT                            TEXT typed (into the focused text box)
//   button undo                          click a panel button by its id
//   wait N                               let N frames pass
//   idle                                 wait until no search runs and no animation plays
//   screenshot PATH                      save the window as PNG
//   expect-fen FEN | expect-ply N        check the shown position / the game's length
//   expect-state WHAT VALUE              check a screen's state: "puzzle solved", "review done",
//                                        "analysis on", "variations 1", ...
//   log-state WHAT                       write "state WHAT = VALUE" to the log (tests compare them;
//                                        "button:ID" is a button's centre "x,y")
//   save-pgn PATH                        write the game as PGN
//   quit
// A failed expectation ends the program with exit status 1.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "core/types.h"

namespace xq::gui {

struct ScriptCommand {
    std::string name;
    std::vector<std::string> args;
    std::string rest; // everything after the command word (for FENs with spaces)
    int line = 0;
};

core::Expected<std::vector<ScriptCommand>> parseScript(std::string_view text);
// "e3" -> the square, nullopt when malformed.
std::optional<core::Square> parseSquareName(std::string_view name);

} // namespace xq::gui
