// The user's settings, persisted as JSON in $XDG_CONFIG_HOME/xiangqi/settings.json. Values out of
// range are clamped; a file that is not valid JSON or has a field of the wrong type is corrupt:
// loadSettings() sets it aside (renamed, never deleted) and returns the defaults with a message.
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ai/level.h"
#include "ai/search_types.h"
#include "core/notation.h"
#include "core/result.h"
#include "core/rules.h"
#include "enginelink/external_engine.h"

namespace xq::gui {

enum class Language { English, Chinese };
enum class PieceStyle { Chinese, Western };
// The look of the board and of the pieces, chosen independently: wood, a plain printed look, a
// dark one, and a high-contrast one (black on white, the strongest reds) for weak eyesight.
enum class Theme { Wood, Paper, Dark, Contrast };
// Who the person plays: red or black against the computer, both sides (two people on one
// board), none (the computer plays itself), or analysis (people move, the computer comments).
enum class PlayMode { PlayRed, PlayBlack, TwoPlayers, ComputerBoth, Analysis };
inline constexpr PlayMode kPlayModes[] = {PlayMode::PlayRed, PlayMode::PlayBlack,
                                          PlayMode::TwoPlayers, PlayMode::ComputerBoth,
                                          PlayMode::Analysis};

// A numeric setting's range and default. Every place a value enters (the settings file, the
// command line, a dialog, a +/- button) clamps it with the same bound, defined here once.
struct IntBound {
    int min;
    int max;
    int def;
    constexpr int clamp(long long v) const {
        return static_cast<int>(std::clamp<long long>(v, min, max));
    }
    constexpr bool contains(long long v) const { return v >= min && v <= max; }
};

// The computer's search depth in plies. Deeper than 20 takes minutes per move on a desktop; the
// search itself accepts up to ai::kMaxDepth (its ply stack), which this range must stay within.
inline constexpr IntBound kDepthBound{1, 20, 6};
static_assert(kDepthBound.max <= ai::kMaxDepth);
// Time per move in milliseconds (when useMoveTime is on): 0.1 s to 10 min.
inline constexpr IntBound kMoveTimeBound{100, 600'000, 3000};
// The search depth per position in a game review (a game has ~100 positions to search).
inline constexpr IntBound kReviewDepthBound{1, 16, 12};
static_assert(kReviewDepthBound.max <= ai::kMaxDepth);
// Principal variations shown in analysis (MultiPV): as many as the search reports.
inline constexpr IntBound kAnalysisLinesBound{1, ai::kMaxMultiPv, 3};
// The computer's playing level (ai/level.h), 1 (beginner) to 10 (master); 0 is full strength,
// played at the depth or time per move. A level replaces those for the computer's moves.
inline constexpr IntBound kLevelBound{0, ai::kMaxLevel, 0};
inline constexpr IntBound kThinkOnMyTimeBound{0, 2, 0}; // automatic, on, off
static_assert(kLevelBound.min == 0 && ai::kMinLevel == 1);
// The window in pixels: from the smallest layout that fits to an 8K screen.
inline constexpr IntBound kWindowWidthBound{640, 7680, 1280};
inline constexpr IntBound kWindowHeightBound{480, 4320, 800};
// A window's size, and the size to open it at on a screen: the size wanted when it fits the
// screen (less kScreenMarginH for the title bar and a desktop panel), else scaled down to fit
// with its shape kept, never below the bounds' minimum. A screen of unknown size (0) fits all.
struct WindowSize {
    unsigned width                           = 0;
    unsigned height                          = 0;
    bool operator==(const WindowSize&) const = default;
};
inline constexpr unsigned kScreenMarginH = 48;
WindowSize fitWindow(WindowSize wanted, WindowSize screen);
// The computer's search threads: 1 to the machine's cores, all but one by default so that the
// window keeps a core of its own (the engine's UCI default stays 1, for comparable matches).
IntBound threadsBound();
// The external engine's command and each option value, in characters, and how many option
// values are kept (an engine lists a few dozen at most).
inline constexpr IntBound kEngineTextBound{0, 4096, 0};
inline constexpr IntBound kEngineOptionCountBound{0, 256, 0};

// The external engine: enginelink's settings struct (command, protocol, option values per
// engine, where it plays), and the protocol's names the screens use.
using link::EngineOption;
using link::EngineProtocol;
using link::EngineSettings;
using link::RankBase;

struct Settings {
    int depth               = kDepthBound.def;
    bool useMoveTime        = false; // time per move instead of a fixed depth
    int moveTimeMs          = kMoveTimeBound.def;
    int level               = kLevelBound.def; // 0: full strength (depth or time per move)
    PlayMode mode           = PlayMode::PlayRed;
    core::Notation notation = core::Notation::Chinese;
    bool sound              = true;
    PieceStyle pieceStyle   = PieceStyle::Chinese;
    Theme boardTheme        = Theme::Wood;
    Theme pieceTheme        = Theme::Wood;
    bool showCoordinates    = true; // file numbers along both edges of the board
    bool showLastMove       = true; // corner marks on the last move's two points
    Language language       = Language::English;
    unsigned windowWidth    = static_cast<unsigned>(kWindowWidthBound.def);
    unsigned windowHeight   = static_cast<unsigned>(kWindowHeightBound.def);
    int analysisLines       = kAnalysisLinesBound.def; // MultiPV in analysis
    int threads             = threadsBound().def;      // the computer's search threads
    int reviewDepth         = kReviewDepthBound.def;   // search depth per position in a review
    bool reviewVariations   = true; // a move played while reviewing starts a variation
    // How repetitions end a game: AXF (perpetual check and chase lose), the Chinese
    // association's variant, or only perpetual check (docs/RULES.md).
    core::RuleSet ruleSet = core::RuleSet::Asian;
    // The time control of new games, as a person writes it ("untimed", "10+5", "40/20"; the
    // limits are core::parseTimeControl's); whether the computer plays on the clock or by its
    // depth or time per move; whether timed games are casual (moves may be taken back).
    std::string timeControl = "untimed";
    bool computerOnClock    = true;
    bool casual             = false;
    // The coach asks before a move that leaves a piece en prise or allows a mate within three
    // moves; it speaks at levels 1-4 only and never in a rated timed game.
    bool coach = true;
    // Whether the computer thinks on the person's time: 0 automatically (at full strength when
    // it plays on a clock, not at a level), 1 always, 2 never.
    int thinkOnMyTime = kThinkOnMyTimeBound.def;
    EngineSettings engine;

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

// What to write back at the end of a run. Command-line options (--depth, --movetime, --level,
// --side, --autoplay, --review-depth, --threads, --time-control, --casual, --engine) are for that
// run only: a setting still as it was when the run began (after those options) is saved as the
// file had it; what the person changed in the game is saved as changed.
Settings settingsToSave(const Settings& now, const Settings& atStart, const Settings& inFile);

std::string_view modeName(PlayMode m); // "red", "black", "both", "none", "analysis"
std::string_view themeName(Theme t);   // "wood", "paper", "dark", "contrast"
bool parseThemeName(std::string_view name, Theme& out);
bool parseModeName(std::string_view name, PlayMode& out);

// A window size as --size writes it, "WIDTHxHEIGHT" ("800x600"): false when the text is not two
// numbers joined by 'x'; the numbers are clamped to kWindowWidthBound and kWindowHeightBound, as
// the settings file's size is.
bool parseWindowSize(std::string_view text, unsigned& width, unsigned& height);

} // namespace xq::gui
