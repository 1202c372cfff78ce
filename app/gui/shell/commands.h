// Commands: how a screen asks for something outside itself. A screen never calls into another
// screen; it posts a command through its Context. The shell opens the screens that Show*
// commands name, and hands every other command to the screens below, top first, until one
// applies it (the game screen applies NewGame, OpenFile, SettingsChanged, PauseGame and
// OfferResume). Commands are carried out between frames, after the posting screen's handler has
// returned.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <variant>

#include "app/gui/model/settings.h"
#include "core/pgn.h"
#include "core/position.h"

namespace xq::gui::cmd {

// Screens the shell opens.
struct ShowNewGame {
    std::string fen; // pre-filled and selected when not empty (from the editor)
};
struct ShowOpen {};
struct ShowSettings {};
struct ShowEngine {}; // the external engine's command, options and uses
struct ShowHelp {};
struct ShowConfirm {
    std::string question, yes, no;
    std::function<void()> onYes, onNo; // run by the dialog when it closes
};
struct ShowEditor {
    core::Position start;
    bool flipped = false;
};
struct ShowPuzzleList {};
struct ShowTrainer {}; // the endgame trainer
struct ShowPuzzle {
    int index = -1;  // a library puzzle (0-based), or, when negative, one made from fen
    std::string fen; // solved on a worker thread first
};
struct ShowLibrary {
    std::filesystem::path file; // empty: the games database
};
struct ShowExplorer {
    core::Position position;
};

// What the game screen applies.
struct NewGame {
    core::Position start;
    PlayMode mode = PlayMode::PlayRed;
};
struct OpenFile {
    std::filesystem::path file;
};
struct SettingsChanged {}; // the Settings in the context changed: apply and save them
struct PauseGame {};       // another screen takes over: stop the computer's search
struct OfferResume {};     // at startup: offer the autosaved game when there is an unfinished one
struct OpenGame {          // a game from the library, opened for review
    core::PgnGame game;
    std::string label;
};
struct ExplorerStep { // the explorer plays `move` (or takes `back` moves back) and is told the
                      // position shown afterwards
    core::Move move;
    int back = 0;
    std::function<void(const core::Position&)> report;
};

} // namespace xq::gui::cmd

namespace xq::gui {

using Command = std::variant<cmd::ShowNewGame, cmd::ShowOpen, cmd::ShowSettings, cmd::ShowEngine,
                             cmd::ShowHelp, cmd::ShowConfirm, cmd::ShowEditor, cmd::ShowPuzzleList,
                             cmd::ShowPuzzle, cmd::ShowTrainer, cmd::NewGame, cmd::OpenFile,
                             cmd::SettingsChanged, cmd::PauseGame, cmd::OfferResume,
                             cmd::ShowLibrary, cmd::ShowExplorer, cmd::OpenGame, cmd::ExplorerStep>;

} // namespace xq::gui
