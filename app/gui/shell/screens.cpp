#include "app/gui/shell/screens.h"

#include "app/gui/dialogs/confirm_dialog.h"
#include "app/gui/dialogs/engine_dialog.h"
#include "app/gui/dialogs/help_overlay.h"
#include "app/gui/dialogs/new_game_dialog.h"
#include "app/gui/dialogs/open_dialog.h"
#include "app/gui/dialogs/puzzle_list_dialog.h"
#include "app/gui/dialogs/settings_dialog.h"
#include "app/gui/editor/editor_screen.h"
#include "app/gui/game/game_screen.h"
#include "app/gui/library/library_screen.h"
#include "app/gui/puzzle/puzzle_screen.h"
#include "app/gui/trainer/trainer_screen.h"

namespace xq::gui {

namespace {

template <class... F> struct Overloaded : F... { using F::operator()...; };
template <class... F> Overloaded(F...) -> Overloaded<F...>;

} // namespace

std::unique_ptr<Screen> makeGameScreen(Context& ctx) {
    return std::make_unique<GameScreen>(ctx);
}

std::unique_ptr<Screen> makeScreen(const Command& c, Context& ctx) {
    return std::visit(
        Overloaded{
            [&](const cmd::ShowNewGame& s) { return makeNewGameDialog(ctx, s.fen); },
            [&](const cmd::ShowOpen&) { return makeOpenDialog(ctx); },
            [&](const cmd::ShowSettings&) { return makeSettingsDialog(ctx); },
            [&](const cmd::ShowEngine&) { return makeEngineDialog(ctx); },
            [&](const cmd::ShowHelp&) { return makeHelpOverlay(ctx); },
            [&](const cmd::ShowConfirm& s) {
                return makeConfirmDialog(ctx, s.question, s.yes, s.no, s.onYes, s.onNo);
            },
            [&](const cmd::ShowEditor& s) { return makeEditorScreen(ctx, s.start, s.flipped); },
            [&](const cmd::ShowPuzzleList&) { return makePuzzleListDialog(ctx); },
            [&](const cmd::ShowPuzzle& s) { return makePuzzleScreen(ctx, s.index, s.fen); },
            [&](const cmd::ShowLibrary& s) { return makeLibraryScreen(ctx, s.file); },
            [&](const cmd::ShowExplorer& s) { return makeExplorerScreen(ctx, s.position); },
            [&](const cmd::ShowTrainer&) { return makeTrainerScreen(ctx); },
            [](const auto&) { return std::unique_ptr<Screen>{}; },
        },
        c);
}

} // namespace xq::gui
