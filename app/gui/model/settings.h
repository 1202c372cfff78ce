// The user's settings, persisted as JSON in $XDG_CONFIG_HOME/xiangqi/settings.json. Values out of
// range are clamped; a file that is not valid JSON or has a field of the wrong type is corrupt:
// loadSettings() sets it aside (renamed, never deleted) and returns the defaults with a message.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "core/notation.h"
#include "core/result.h"

namespace xq::gui {

enum class Language { English, Chinese };
enum class PieceStyle { Chinese, Western };
// The look of the board and of the pieces, chosen independently: wood, a plain printed look, a
// dark one, and a high-contrast one (black on white, the strongest reds) for weak eyesight.
enum class Theme { Wood, Paper, Dark, Contrast };
// Who the person plays: red or black against the computer, both sides (two people on one
// board), none (the computer plays itself), or analysis (people move, the computer comments).
enum class PlayMode { PlayRed, PlayBlack, TwoPlayers, ComputerBoth, Analysis };

constexpr int kMinDepth = 1, kMaxDepth = 20;
constexpr int kMinMoveTimeMs = 100, kMaxMoveTimeMs = 600'000;
constexpr int kMinAnalysisLines = 1, kMaxAnalysisLines = 5;
constexpr int kMinReviewDepth = 1, kMaxReviewDepth = 16, kDefaultReviewDepth = 12;

struct Settings {
    int depth               = 6;
    bool useMoveTime        = false; // time per move instead of a fixed depth
    int moveTimeMs          = 3000;
    PlayMode mode           = PlayMode::PlayRed;
    core::Notation notation = core::Notation::Chinese;
    bool sound              = true;
    PieceStyle pieceStyle   = PieceStyle::Chinese;
    Theme boardTheme        = Theme::Wood;
    Theme pieceTheme        = Theme::Wood;
    bool showCoordinates    = true; // file numbers along both edges of the board
    bool showLastMove       = true; // corner marks on the last move's two points
    Language language       = Language::English;
    unsigned windowWidth    = 1280;
    unsigned windowHeight   = 800;
    int analysisLines       = 3;                   // MultiPV in analysis, 1..5
    int reviewDepth         = kDefaultReviewDepth; // search depth per position in a game review
    bool reviewVariations   = true; // a move played while reviewing starts a variation

    bool operator==(const Settings&) const = default;
};

std::string toJson(const Settings& s);
// Parses JSON text; missing fields keep their defaults, numbers are clamped, unknown fields are
// ignored. An error when the text is not JSON, not an object, or a field has the wrong type.
core::Expected<Settings> settingsFromJson(std::string_view text);

struct LoadedSettings {
    Settings settings;
    std::string problem;                // empty when the file was fine or absent
    std::filesystem::path setAsidePath; // where a corrupt file went
};
LoadedSettings loadSettings(const std::filesystem::path& file);
// Atomic write; returns an empty string or the error.
std::string saveSettings(const std::filesystem::path& file, const Settings& s);

// What to write back at the end of a run. Command-line options (--depth, --movetime, --side,
// --autoplay, --review-depth) are for that run only: a setting still as it was when the run
// began (after those options) is saved as the file had it; what the person changed in the
// game is saved as changed.
Settings settingsToSave(const Settings& now, const Settings& atStart, const Settings& inFile);

std::string_view modeName(PlayMode m); // "red", "black", "both", "none", "analysis"
std::string_view themeName(Theme t);   // "wood", "paper", "dark", "contrast"
bool parseThemeName(std::string_view name, Theme& out);
bool parseModeName(std::string_view name, PlayMode& out);

} // namespace xq::gui
