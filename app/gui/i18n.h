// Interface text in English and Simplified Chinese. Chinese strings use only characters the
// bundled sans font has (assets/fonts/charset.txt plus the common GB 2312 level-1 hanzi).
// Placeholders {0}, {1} are filled by format().
#pragma once

#include <string>
#include <string_view>

#include "app/gui/settings.h"
#include "core/rules.h"

namespace xq::gui {

enum class Str {
    AppTitle,
    RedToMove,
    BlackToMove,
    YourMove,
    Thinking,
    HintThinking,
    Analysing,
    Check,
    ReviewStatus,
    ReviewBanner,
    ModePlayRed,
    ModePlayBlack,
    ModeTwoPlayers,
    ModeComputerBoth,
    ModeAnalysis,
    Depth,
    MoveTime,
    BySeconds,
    SearchInfo,
    Pv,
    Moves,
    New,
    Undo,
    Redo,
    Hint,
    MoveNow,
    Resign,
    Flip,
    Edit,
    Help,
    Save,
    Open,
    Paste,
    CopyFen,
    CopyPgn,
    SettingsButton,
    ContinueHere,
    BackToGame,
    NewGameTitle,
    StartFromInitial,
    StartFromFen,
    Start,
    Cancel,
    OpenTitle,
    NoSavedGames,
    ResumeQuestion,
    Resume,
    Discard,
    HelpTitle,
    HelpText,
    SettingsTitle,
    NotationLabel,
    NotationChinese,
    PiecesLabel,
    PiecesChinese,
    PiecesWestern,
    LanguageLabel,
    SoundLabel,
    On,
    Off,
    ComputerLabel,
    FixedDepth,
    TimePerMove,
    Close,
    EditorTitle,
    Clear,
    Reset,
    SideToMove,
    Red,
    Black,
    EditorDone,
    EditorHelp,
    IllegalPosition,
    FenCopied,
    PgnCopied,
    SavedTo,
    SaveFailed,
    Loaded,
    ClipboardUnreadable,
    CorruptSettings,
    CorruptAutosave,
    OpenFailed,
    GameOver,
    Count
};

const std::string& tr(Str id, Language lang);
// Replaces {0}, {1}, ... with the arguments.
std::string format(std::string_view pattern, std::initializer_list<std::string_view> args);
// "Red wins by checkmate" / "红方胜（将死）".
std::string describeResult(const core::GameResult& r, Language lang);

} // namespace xq::gui
