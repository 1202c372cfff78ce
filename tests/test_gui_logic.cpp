// The desktop game's window-free logic: layout and point <-> pixel mapping, settings JSON,
// saved games, test scripts and translations. Built only when the app is (XQ_HAVE_GUI_LOGIC).
#ifdef XQ_HAVE_GUI_LOGIC

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <thread>

#include <catch2/catch.hpp>

#include "app/gui/model/board_geometry.h"
#include "app/gui/model/game_record.h"
#include "app/gui/model/i18n.h"
#include "app/gui/model/paths.h"
#include "app/gui/model/session.h"
#include "app/gui/model/settings.h"
#include "app/gui/testing/script.h"
#include "core/fen.h"
#include "core/notation.h"

using namespace xq;
using namespace xq::gui;

namespace {

std::filesystem::path freshDir(const std::string& name) {
    auto dir = std::filesystem::temp_directory_path()
               / ("xq-gui-unit-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

} // namespace

TEST_CASE("layout keeps the board and the panel apart at common sizes", "[gui][layout]") {
    for (auto [w, h] : {std::pair{800.0f, 600.0f},
                        {1920.0f, 1080.0f},
                        {1280.0f, 800.0f},
                        {640.0f, 480.0f},
                        {2560.0f, 1440.0f},
                        {1000.0f, 1400.0f}}) {
        CAPTURE(w, h);
        const Layout l = computeLayout(w, h);
        CHECK(l.board.right() <= l.panel.x);
        CHECK(l.panel.w >= kMinPanelWidth - 1);
        CHECK(l.board.bottom() <= h);
        CHECK(l.board.y >= 0);
        CHECK(l.panel.right() <= w + 0.5f);
        // Every point with its piece lies inside the board.
        for (int s = 0; s < core::kSquares; ++s) {
            const PointF c = squareCenter(l, static_cast<core::Square>(s), false);
            CHECK(c.x - 0.45f * l.cell >= l.board.x);
            CHECK(c.x + 0.45f * l.cell <= l.board.right());
            CHECK(c.y - 0.45f * l.cell >= l.board.y);
            CHECK(c.y + 0.45f * l.cell <= l.board.bottom());
        }
    }
}

TEST_CASE("points map to pixels and back, flipped or not", "[gui][layout]") {
    const Layout l = computeLayout(1024, 768);
    for (bool flipped : {false, true})
        for (int s = 0; s < core::kSquares; ++s) {
            const auto sq  = static_cast<core::Square>(s);
            const PointF c = squareCenter(l, sq, flipped);
            CHECK(squareAt(l, c, flipped) == sq);
            CHECK(squareAt(l, {c.x + l.cell * 0.4f, c.y - l.cell * 0.4f}, flipped) == sq);
        }
    // Unflipped, Red's back rank is at the bottom with file a on the left.
    const PointF a0 = squareCenter(l, core::makeSquare(0, 0), false);
    const PointF i9 = squareCenter(l, core::makeSquare(8, 9), false);
    CHECK(a0.x < i9.x);
    CHECK(a0.y > i9.y);
    // Flipped is a half turn.
    CHECK(squareCenter(l, core::makeSquare(0, 0), true).x == i9.x);
    CHECK(squareCenter(l, core::makeSquare(0, 0), true).y == i9.y);
    // Off the board, or between points: nothing.
    CHECK_FALSE(squareAt(l, {l.panel.x + 10, 100}, false));
    CHECK_FALSE(squareAt(l, {l.grid.x - l.cell * 0.7f, l.grid.y}, false));
}

TEST_CASE("file numbers follow each side's right-to-left count", "[gui][layout]") {
    CHECK(fileLabel(core::Color::Red, 8) == "一"); // Red's right is file i
    CHECK(fileLabel(core::Color::Red, 0) == "九");
    CHECK(fileLabel(core::Color::Black, 0) == "1"); // Black's right is file a
    CHECK(fileLabel(core::Color::Black, 8) == "9");
}

TEST_CASE("settings round-trip through JSON and clamp values", "[gui][settings]") {
    Settings s;
    s.depth        = 12;
    s.useMoveTime  = true;
    s.moveTimeMs   = 2500;
    s.mode         = PlayMode::PlayBlack;
    s.notation     = core::Notation::Wxf;
    s.sound        = false;
    s.pieceStyle   = PieceStyle::Western;
    s.language     = Language::Chinese;
    s.windowWidth  = 1600;
    s.windowHeight = 900;
    auto back      = settingsFromJson(toJson(s));
    REQUIRE(back);
    CHECK(*back == s);

    auto clamped = settingsFromJson(R"({"depth": 99, "moveTimeMs": 1, "windowWidth": 5})");
    REQUIRE(clamped);
    CHECK(clamped->depth == kDepthBound.max);
    CHECK(clamped->moveTimeMs == kMoveTimeBound.min);
    CHECK(clamped->windowWidth == 640);
    CHECK(settingsFromJson("{}")->depth == Settings{}.depth); // missing fields: defaults

    CHECK_FALSE(settingsFromJson("{\"depth\": "));
    CHECK_FALSE(settingsFromJson("[1, 2]"));
    const auto wrongType = settingsFromJson(R"({"depth": "deep"})");
    REQUIRE_FALSE(wrongType);
    CHECK_THAT(wrongType.error(), Catch::Contains("depth"));
}

TEST_CASE("board and piece themes, coordinates and last-move marks are kept in the settings",
          "[gui][settings][themes]") {
    Settings s;
    s.boardTheme           = Theme::Dark;
    s.pieceTheme           = Theme::Contrast;
    s.showCoordinates      = false;
    s.showLastMove         = false;
    const std::string json = toJson(s);
    CHECK_THAT(json, Catch::Contains(R"("boardTheme": "dark")"));
    CHECK_THAT(json, Catch::Contains(R"("pieceTheme": "contrast")"));
    auto back = settingsFromJson(json);
    REQUIRE(back);
    CHECK(*back == s);
    // Every theme has a name that reads back as itself.
    for (Theme t : {Theme::Wood, Theme::Paper, Theme::Dark, Theme::Contrast}) {
        Theme read = Theme::Wood;
        CHECK(parseThemeName(themeName(t), read));
        CHECK(read == t);
    }
    // An unknown name keeps the default; a wrong type makes the file corrupt, naming the field.
    auto unknown = settingsFromJson(R"({"boardTheme": "marble", "pieceTheme": "paper"})");
    REQUIRE(unknown);
    CHECK(unknown->boardTheme == Theme::Wood);
    CHECK(unknown->pieceTheme == Theme::Paper);
    const auto wrongType = settingsFromJson(R"({"coordinates": "yes"})");
    REQUIRE_FALSE(wrongType);
    CHECK_THAT(wrongType.error(), Catch::Contains("coordinates"));
}

TEST_CASE("the computer's threads: all cores but one by default, kept within the cores",
          "[gui][settings][threads]") {
    const IntBound b = threadsBound();
    const int cores  = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    CHECK(b.min == 1);
    CHECK(b.max == cores);
    CHECK(b.def == std::max(1, cores - 1));
    CHECK(Settings{}.threads == b.def);
    Settings s;
    s.threads = b.max;
    auto back = settingsFromJson(toJson(s));
    REQUIRE(back);
    CHECK(back->threads == b.max);
    CHECK(settingsFromJson(R"({"threads": 4096})")->threads == b.max);
    CHECK(settingsFromJson(R"({"threads": 0})")->threads == 1);
    // The search gets the count.
    AiSettings ai;
    ai.threads = 2;
    CHECK(ai.limits().threads == 2);
}

TEST_CASE("the window opens at its last size only if that fits the screen", "[gui][settings]") {
    // Fits: kept as it was.
    CHECK(fitWindow({1280, 800}, {1920, 1080}) == WindowSize{1280, 800});
    CHECK(fitWindow({1024, 592}, {1024, 640}) == WindowSize{1024, 592});
    // 1280x800 on a 1024x640 screen: scaled to the 1024x592 left under the title bar.
    CHECK(fitWindow({1280, 800}, {1024, 640}) == WindowSize{947, 592});
    CHECK(fitWindow({1300, 700}, {1024, 768}) == WindowSize{1024, 551});
    // Never below the smallest window the settings allow, whatever the screen.
    CHECK(fitWindow({1280, 800}, {700, 500}) == WindowSize{700, 480});
    CHECK(fitWindow({1280, 800}, {600, 400}) == WindowSize{640, 480});
    // A screen of unknown size leaves the size alone.
    CHECK(fitWindow({1280, 800}, {0, 0}) == WindowSize{1280, 800});
}

TEST_CASE("a corrupt settings file is set aside and defaults are used", "[gui][settings]") {
    const auto dir  = freshDir("settings");
    const auto file = dir / "settings.json";
    std::ofstream(file) << "{ not json";
    const LoadedSettings loaded = loadSettings(file);
    CHECK(loaded.settings == Settings{});
    CHECK_FALSE(loaded.problem.empty());
    CHECK_FALSE(std::filesystem::exists(file));
    REQUIRE(std::filesystem::exists(loaded.setAsidePath));
    CHECK(*readFile(loaded.setAsidePath) == "{ not json");
    // Saving writes a file that loads back.
    CHECK(saveSettings(file, Settings{}).empty());
    CHECK(loadSettings(file).problem.empty());
    // A missing file is not a problem.
    std::filesystem::remove(file);
    CHECK(loadSettings(file).problem.empty());
    std::filesystem::remove_all(dir);
}

TEST_CASE("atomic writes leave no temporary file behind", "[gui][files]") {
    const auto dir  = freshDir("atomic");
    const auto file = dir / "sub" / "game.pgn";
    CHECK(writeFileAtomic(file, "first").empty());
    CHECK(writeFileAtomic(file, "second").empty());
    CHECK(*readFile(file) == "second");
    CHECK_FALSE(std::filesystem::exists(dir / "sub" / "game.pgn.tmp"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("the background writer writes the newest text and everything before it exits",
          "[gui][files]") {
    const auto dir = freshDir("writer");
    const auto a = dir / "a.pgn", b = dir / "sub" / "b.pgn";
    {
        BackgroundWriter w;
        for (int i = 0; i < 200; ++i)
            w.write(a, "version " + std::to_string(i));
        w.flush();
        CHECK(*readFile(a) == "version 199");
        CHECK(w.takeErrors().empty());
        w.write(a / "c", "x"); // under a file: cannot be written, an error and no crash
        w.flush();
        CHECK(w.takeErrors().size() == 1);
        w.write(a, "last");
        w.write(b, "other");
    } // the destructor writes what is pending
    CHECK(*readFile(a) == "last");
    CHECK(*readFile(b) == "other");
    CHECK_FALSE(std::filesystem::exists(dir / "a.pgn.tmp"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("saved games round-trip with a set-up position and a resignation", "[gui][record]") {
    const auto start = core::parseFen("r3k4/4a4/4b4/p8/9/9/P8/4B4/4A4/R2K5 w - - 0 1");
    REQUIRE(start);
    core::Game game(*start);
    for (const char* m : {"a0b0", "a9b9", "b0c0"}) {
        auto mv = core::parseIccs(game.position(), m);
        REQUIRE(mv);
        REQUIRE(game.play(*mv));
    }
    game.resign(core::Color::Black);
    const std::string text = writePgn(game, {{"Red", "Human"}, {"Mode", "red"}});
    CHECK_THAT(text, Catch::Contains("[FEN \""));
    CHECK_THAT(text, Catch::Contains("[Result \"1-0\"]"));
    auto back = readPgn(text);
    REQUIRE(back);
    CHECK(back->tree.mainGame().moves() == game.moves());
    CHECK(back->tree.mainGame().startPosition() == game.startPosition());
    CHECK(back->tree.mainGame().result() == game.result());
    CHECK(back->tags.at("Mode") == "red");
    CHECK(back->tags.at("Red") == "Human");
}

TEST_CASE("bad saved games give a message naming the move", "[gui][record]") {
    auto bad = readPgn("[Game \"Chinese Chess\"]\n\n1. h2e2 h9h5 *\n");
    REQUIRE_FALSE(bad);
    CHECK_THAT(bad.error(), Catch::Contains("h9h5"));
    CHECK_FALSE(readPgn("[FEN \"not a fen\"]\n\n*\n"));
    // Moves in Chinese notation are read too.
    auto chinese = readPgn("1. 炮二平五 马8进7 *\n");
    REQUIRE(chinese);
    CHECK(chinese->tree.mainGame().ply() == 2);
}

TEST_CASE("move text falls back to ICCS and PVs stop at an illegal move", "[gui][record]") {
    const auto pos     = *core::parseFen(core::kStartFen);
    const core::Move m = *core::parseIccs(pos, "h2e2");
    CHECK(moveText(pos, m, core::Notation::Iccs) == "h2e2");
    CHECK(moveText(pos, m, core::Notation::Chinese) == "炮二平五");
    const core::Move reply = *core::parseIccsSyntax("h9g7");
    CHECK(pvText(pos, {m, reply, m}, core::Notation::Iccs, 10) == "h2e2 h9g7");
}

TEST_CASE("test scripts parse and reject bad lines", "[gui][script]") {
    auto ok = parseScript(
        "# comment\nclick h2\ndrag h9 g7\nkey Ctrl+Z\nexpect-fen 9/9 w - - 0 1\nwait 3\n");
    REQUIRE(ok);
    REQUIRE(ok->size() == 5);
    CHECK((*ok)[3].rest == "9/9 w - - 0 1");
    CHECK(parseSquareName("i9") == core::makeSquare(8, 9));
    CHECK_FALSE(parseSquareName("j1"));
    CHECK_FALSE(parseScript("click z9\n"));
    CHECK_FALSE(parseScript("fly e2\n"));
    CHECK_FALSE(parseScript("wait soon\n"));
    CHECK_FALSE(parseScript("drag e2\n"));
}

TEST_CASE("every interface string exists in both languages", "[gui][i18n]") {
    for (int i = 0; i < static_cast<int>(Str::Count); ++i) {
        CAPTURE(i);
        CHECK_FALSE(tr(static_cast<Str>(i), Language::English).empty());
        CHECK_FALSE(tr(static_cast<Str>(i), Language::Chinese).empty());
    }
    CHECK(format("{0} of {1}", {"3", "9"}) == "3 of 9");
    CHECK(describeResult(core::winFor(core::Color::Red, core::Reason::Checkmate), Language::Chinese)
          == "红方胜（将死）");
}

TEST_CASE("command-line settings last one run, changes made in the game are saved",
          "[gui][settings]") {
    gui::Settings file;
    file.depth       = 9;
    file.useMoveTime = true;
    file.moveTimeMs  = 5000;
    file.mode        = gui::PlayMode::PlayBlack;
    // --depth 3 --autoplay
    gui::Settings start = file;
    start.depth         = 3;
    start.useMoveTime   = false;
    start.mode          = gui::PlayMode::ComputerBoth;

    SECTION("nothing changed in the game: the file's values are written back") {
        gui::Settings now       = start;
        now.sound               = false; // changed in the game
        const gui::Settings out = gui::settingsToSave(now, start, file);
        CHECK(out.depth == 9);
        CHECK(out.useMoveTime);
        CHECK(out.moveTimeMs == 5000);
        CHECK(out.mode == gui::PlayMode::PlayBlack);
        CHECK_FALSE(out.sound);
    }
    SECTION("the depth changed in the panel is kept") {
        gui::Settings now       = start;
        now.depth               = 12;
        const gui::Settings out = gui::settingsToSave(now, start, file);
        CHECK(out.depth == 12);
        CHECK(out.mode == gui::PlayMode::PlayBlack);
    }
    SECTION("without command-line options everything is saved as it is") {
        gui::Settings now = file;
        now.depth         = 4;
        now.mode          = gui::PlayMode::TwoPlayers;
        CHECK(gui::settingsToSave(now, file, file) == now);
    }
}

TEST_CASE("every numeric setting is clamped to its bound and defaults to it", "[gui][settings]") {
    auto low = settingsFromJson(R"({"depth": 0, "moveTimeMs": -5, "analysisLines": 0,
        "reviewDepth": -3, "windowWidth": 1, "windowHeight": 1})");
    REQUIRE(low);
    CHECK(low->depth == kDepthBound.min);
    CHECK(low->moveTimeMs == kMoveTimeBound.min);
    CHECK(low->analysisLines == kAnalysisLinesBound.min);
    CHECK(low->reviewDepth == kReviewDepthBound.min);
    CHECK(low->windowWidth == static_cast<unsigned>(kWindowWidthBound.min));
    CHECK(low->windowHeight == static_cast<unsigned>(kWindowHeightBound.min));
    auto high = settingsFromJson(R"({"depth": 1000, "moveTimeMs": 99999999999, "analysisLines": 9,
        "reviewDepth": 40, "windowWidth": 100000, "windowHeight": 100000})");
    REQUIRE(high);
    CHECK(high->depth == kDepthBound.max);
    CHECK(high->moveTimeMs == kMoveTimeBound.max);
    CHECK(high->analysisLines == kAnalysisLinesBound.max);
    CHECK(high->reviewDepth == kReviewDepthBound.max);
    CHECK(high->windowWidth == static_cast<unsigned>(kWindowWidthBound.max));
    CHECK(high->windowHeight == static_cast<unsigned>(kWindowHeightBound.max));
    const Settings d;
    CHECK(d.depth == kDepthBound.def);
    CHECK(d.moveTimeMs == kMoveTimeBound.def);
    CHECK(d.analysisLines == kAnalysisLinesBound.def);
    CHECK(d.reviewDepth == kReviewDepthBound.def);
    CHECK(kDepthBound.contains(d.depth));
    CHECK_FALSE(kDepthBound.contains(kDepthBound.max + 1));
    CHECK(kMoveTimeBound.clamp(2500) == 2500);
}

TEST_CASE("the playing level: kept in the settings, clamped, named in both languages",
          "[gui][settings][level]") {
    CHECK(Settings{}.level == kLevelBound.def);
    CHECK(kLevelBound.def == 0); // full strength unless a level is chosen
    Settings s;
    s.level   = 7;
    auto back = settingsFromJson(toJson(s));
    REQUIRE(back);
    CHECK(back->level == 7);
    CHECK(settingsFromJson(R"({"level": 99})")->level == kLevelBound.max);
    CHECK(settingsFromJson(R"({"level": -4})")->level == kLevelBound.min);
    CHECK_FALSE(settingsFromJson(R"({"level": "strong"})"));
    // --level 3 for one run: written back as the file had it, unless changed in the game.
    Settings file, start;
    start.level = 3;
    CHECK(settingsToSave(start, start, file).level == 0);
    Settings now = start;
    now.level    = 5;
    CHECK(settingsToSave(now, start, file).level == 5);
    std::set<std::string> names;
    for (int l = kLevelBound.min; l <= kLevelBound.max; ++l)
        for (Language lang : {Language::English, Language::Chinese})
            names.insert(levelName(l, lang));
    CHECK(names.size() == 2 * static_cast<std::size_t>(kLevelBound.max + 1));
    CHECK(levelName(0, Language::English) == "Full strength");
    CHECK(levelName(4, Language::English) == "4: Casual player");
}

TEST_CASE("the settings file names rule sets and play modes as the engine and --side do",
          "[gui][settings]") {
    Settings s;
    s.ruleSet              = core::RuleSet::Chinese;
    s.mode                 = PlayMode::ComputerBoth;
    const std::string text = toJson(s);
    CHECK(text.find(R"("rules": "Chinese")") != std::string::npos);
    CHECK(text.find(R"("side": "none")") != std::string::npos);
    // Files written with the lower-case names read the same.
    CHECK(settingsFromJson(R"({"rules": "simple"})")->ruleSet == core::RuleSet::Simple);
    CHECK(settingsFromJson(R"({"rules": "Simple"})")->ruleSet == core::RuleSet::Simple);
    CHECK(settingsFromJson(R"({"rules": "korean"})")->ruleSet == core::RuleSet::Asian);
    for (PlayMode m : kPlayModes) {
        PlayMode back = m == PlayMode::PlayRed ? PlayMode::Analysis : PlayMode::PlayRed;
        REQUIRE(parseModeName(modeName(m), back));
        CHECK(back == m);
    }
}

TEST_CASE("the computer's settings start at the settings' defaults", "[gui][settings]") {
    const AiSettings ai;
    const Settings s;
    CHECK(ai.depth == s.depth);
    CHECK(ai.useMoveTime == s.useMoveTime);
    CHECK(ai.moveTimeMs == s.moveTimeMs);
    CHECK(ai.level == s.level);
    CHECK(ai.threads == 1); // one thread until the settings say more: the same moves anywhere
    GameSession session;
    CHECK(session.analysisLines() == s.analysisLines);
}

TEST_CASE("the window size option: WIDTHxHEIGHT, clamped by the window bounds", "[gui][settings]") {
    unsigned w = 0, h = 0;
    REQUIRE(parseWindowSize("900x700", w, h));
    CHECK((w == 900 && h == 700));
    REQUIRE(parseWindowSize("100x50", w, h));
    CHECK((w == static_cast<unsigned>(kWindowWidthBound.min)
           && h == static_cast<unsigned>(kWindowHeightBound.min)));
    REQUIRE(parseWindowSize("99999x99999", w, h));
    CHECK((w == static_cast<unsigned>(kWindowWidthBound.max)
           && h == static_cast<unsigned>(kWindowHeightBound.max)));
    w = h = 1;
    for (const char* bad :
         {"", "800", "800x", "x600", "800x600x2", "800X600", "8O0x600", "800 x600"}) {
        INFO(bad);
        CHECK_FALSE(parseWindowSize(bad, w, h));
    }
    CHECK((w == 1 && h == 1));
}

#endif // XQ_HAVE_GUI_LOGIC
