#include "app/gui/model/i18n.h"

#include <array>
#include <cassert>

#include "core/fen.h"
#include "core/notation.h"

namespace xq::gui {

namespace {

struct Entry {
    Str id;
    std::string en, zh;
};

const std::array<Entry, static_cast<std::size_t>(Str::Count)>& table() {
    static const std::array<Entry, static_cast<std::size_t>(Str::Count)> t = {{
        {Str::AppTitle, "Xiangqi", "中国象棋"},
        {Str::RedToMove, "Red to move", "红方走棋"},
        {Str::BlackToMove, "Black to move", "黑方走棋"},
        {Str::YourMove, "Your move", "该你走了"},
        {Str::Thinking, "Computer is thinking...", "电脑思考中…"},
        {Str::HintThinking, "Looking for a hint...", "正在计算提示…"},
        {Str::Analysing, "Analysing...", "分析中…"},
        {Str::Check, "Check!", "将军！"},
        {Str::ReviewStatus, "Reviewing: move {0} of {1}", "复盘：第{0}步，共{1}步"},
        {Str::ReviewBanner, "REVIEW  {0} / {1}", "复盘  {0} / {1}"},
        {Str::ModePlayRed, "You play Red", "你执红"},
        {Str::ModePlayBlack, "You play Black", "你执黑"},
        {Str::ModeTwoPlayers, "Two players", "双人对弈"},
        {Str::ModeComputerBoth, "Computer vs computer", "电脑对弈"},
        {Str::ModeAnalysis, "Analysis", "分析模式"},
        {Str::Depth, "Depth", "深度"},
        {Str::MoveTime, "Time/move", "每步时间"},
        {Str::BySeconds, "{0} s", "{0}秒"},
        {Str::SearchInfo, "depth {0}  score {1}  {2} kN/s", "深度 {0}  分数 {1}  {2}千节点/秒"},
        {Str::Pv, "PV", "主要变例"},
        {Str::Moves, "Moves", "着法"},
        {Str::New, "New", "新局"},
        {Str::Undo, "Undo", "悔棋"},
        {Str::Redo, "Redo", "重做"},
        {Str::Hint, "Hint", "提示"},
        {Str::MoveNow, "Move now", "立即走棋"},
        {Str::Resign, "Resign", "认输"},
        {Str::Flip, "Flip", "翻转"},
        {Str::Edit, "Edit", "摆棋"},
        {Str::Help, "Help", "帮助"},
        {Str::Save, "Save", "保存"},
        {Str::Open, "Open", "打开"},
        {Str::Paste, "Paste", "粘贴"},
        {Str::CopyFen, "Copy FEN", "复制局面"},
        {Str::CopyPgn, "Copy PGN", "复制棋谱"},
        {Str::SettingsButton, "Settings", "设置"},
        {Str::ContinueHere, "Continue here", "从此处继续"},
        {Str::BackToGame, "Back to game", "返回对局"},
        {Str::NewGameTitle, "New game", "新对局"},
        {Str::StartFromInitial, "Initial position", "初始局面"},
        {Str::StartFromFen, "From FEN:", "从FEN局面："},
        {Str::Start, "Start", "开始"},
        {Str::Cancel, "Cancel", "取消"},
        {Str::OpenTitle, "Saved games", "已保存的对局"},
        {Str::NoSavedGames, "No saved games yet.", "还没有保存的对局。"},
        {Str::ResumeQuestion, "Resume the unfinished game?", "继续上次未完成的对局？"},
        {Str::Resume, "Resume", "继续"},
        {Str::Discard, "New game", "新局"},
        {Str::HelpTitle, "Keyboard shortcuts", "快捷键"},
        {Str::HelpText,
         "N  new game\nU or Ctrl+Z  undo\nCtrl+Y  redo\nF  flip the board\nH  hint\n"
         "M  move now\nCtrl+S  save\nCtrl+O  open\nCtrl+C  copy PGN\nCtrl+V  paste FEN, PGN or "
         "DhtmlXQ\n"
         "L  games library\nX  opening explorer\n"
         "E  position editor\nLeft/Right/Home/End  review moves\nEsc  leave review or a dialog\n"
         "A  analysis on/off\nR  review the game\nP  puzzles\nT  what the opponent threatens\n"
         "G  endgame trainer\nB  make the analysed position's endgame table\nF1  this "
         "help\n\nMove: click a "
         "piece, then a point, or drag it.",
         "N  新局\nU 或 Ctrl+Z  悔棋\nCtrl+Y  重做\nF  翻转棋盘\nH  提示\nM  立即走棋\n"
         "Ctrl+S  保存\nCtrl+O  打开\nCtrl+C  复制棋谱\nCtrl+V  粘贴FEN或棋谱\nL  对局库\nX  "
         "开局统计\n"
         "E  编辑局面\n"
         "左/右/Home/End  复盘\nA  分析开关\nR  引擎评注\nP  杀局题\nT  对方的威胁\nG  "
         "残局训练\nB  生成分析局面的残局表库\nEsc  返回\nF1  "
         "帮助\n\n走棋：点击棋子再点击目标位置，或拖动棋子。"},
        {Str::SettingsTitle, "Settings", "设置"},
        {Str::NotationLabel, "Notation", "记谱"},
        {Str::NotationChinese, "Chinese", "中文"},
        {Str::PiecesLabel, "Pieces", "棋子"},
        {Str::PiecesChinese, "Characters", "传统"},
        {Str::PiecesWestern, "Letters", "西式"},
        {Str::LanguageLabel, "Language", "语言"},
        {Str::SoundLabel, "Sound", "声音"},
        {Str::CoachLabel, "Coach (levels 1-4)", "教练（1-4级）"},
        {Str::On, "On", "开"},
        {Str::Off, "Off", "关"},
        {Str::ComputerLabel, "Computer", "电脑"},
        {Str::FixedDepth, "Fixed depth", "固定深度"},
        {Str::TimePerMove, "Time per move", "每步时间"},
        {Str::Close, "Close", "关闭"},
        {Str::EditorTitle, "Position editor", "编辑局面"},
        {Str::Clear, "Clear", "清空"},
        {Str::Reset, "Reset", "初始"},
        {Str::SideToMove, "To move", "走子方"},
        {Str::Red, "Red", "红方"},
        {Str::Black, "Black", "黑方"},
        {Str::EditorDone, "Play", "对弈"},
        {Str::EditorHelp, "Pick a piece, click points to place.\nRight click removes, drag moves.",
         "选择棋子，点击位置放置。\n右键删除，拖动移动。"},
        {Str::IllegalPosition, "Illegal position: {0}", "局面不合法：{0}"},
        {Str::FenCopied, "FEN copied to the clipboard", "局面已复制到剪贴板"},
        {Str::PgnCopied, "PGN copied to the clipboard", "棋谱已复制到剪贴板"},
        {Str::SavedTo, "Saved: {0}", "已保存：{0}"},
        {Str::SaveFailed, "Could not save: {0}", "保存失败：{0}"},
        {Str::Loaded, "Loaded: {0}", "已载入：{0}"},
        {Str::ClipboardUnreadable, "The clipboard holds no FEN or PGN: {0}",
         "剪贴板内容不是FEN或棋谱：{0}"},
        {Str::CorruptSettings,
         "The settings file was corrupt ({0}); defaults are used. Kept as {1}",
         "设置文件已损坏（{0}），已使用默认设置。原文件另存为{1}"},
        {Str::CorruptAutosave, "The saved game was corrupt ({0}). Kept as {1}",
         "自动保存的对局已损坏（{0}）。原文件另存为{1}"},
        {Str::OpenFailed, "Cannot open {0}: {1}", "无法打开{0}：{1}"},
        {Str::GameOver, "Game over", "对局结束"},
        {Str::Analyse, "Analyse", "分析"},
        {Str::RedMates, "Red mates in {0}", "红方{0}步杀"},
        {Str::BlackMates, "Black mates in {0}", "黑方{0}步杀"},
        {Str::AnalysisHeader, "Analysis  depth {0}  {1} kN/s", "分析  深度 {0}  {1}千节点/秒"},
        {Str::OurEngine, "Xiangqi engine", "本软件引擎"},
        {Str::AnalysisLinesLabel, "Lines", "分析线数"},
        {Str::ReviewGame, "Review", "评注"},
        {Str::ReviewRunning, "Reviewing the game: {0} of {1}", "引擎评注中：{0}/{1}"},
        {Str::ReviewDone, "Review finished: {0} moves in {1} s", "评注完成：{0}步，用时{1}秒"},
        {Str::ReviewDepthLabel, "Review depth", "评注深度"},
        {Str::ReviewMovesLabel, "Move in review", "复盘走棋"},
        {Str::AsVariation, "Variation", "变着"},
        {Str::ReplaceMoves, "Replace", "覆盖"},
        {Str::EngineLabel, "External engine", "外部引擎"},
        {Str::EngineOurs, "Ours only", "仅本程序"},
        {Str::EngineTitle, "External engine (UCI / UCCI)", "外部引擎（UCI / UCCI）"},
        {Str::EngineCommand, "Command", "命令"},
        {Str::EngineProtocolLabel, "Protocol", "协议"},
        {Str::EngineAuto, "Auto", "自动"},
        {Str::EngineUseLabel, "Plays", "用于"},
        {Str::EngineOpponent, "Opponent", "对手"},
        {Str::EngineAnalysis, "Analysis, hints", "分析和提示"},
        {Str::EngineReview, "Review", "评注"},
        {Str::EngineOptionsLabel, "Options", "选项"},
        {Str::EngineDefaults, "Defaults", "恢复默认"},
        {Str::EnginePress, "Press", "执行"},
        {Str::EngineHelp,
         "Type the engine's command (e.g. /usr/games/fairy-stockfish) and press Start.",
         "输入引擎命令（例如 /usr/games/fairy-stockfish）后按“启动”。"},
        {Str::EngineStarting, "Starting {0}...", "正在启动{0}…"},
        {Str::EngineReady, "{0}: {1}, squares {2}, {3} options",
         "{0}：{1}协议，坐标{2}，{3}个选项"},
        {Str::EnginePage, "{0}-{1} of {2}", "{0}-{1}，共{2}个"},
        {Str::EngineStartButton, "Start", "启动"},
        {Str::EngineFailed, "{0}. Our engine takes over.",
         "外部引擎出错：{0}。改由本程序引擎继续。"},
        {Str::BoardThemeLabel, "Board", "棋盘"},
        {Str::PieceThemeLabel, "Piece look", "棋子外观"},
        {Str::ThemeWood, "Wood", "木纹"},
        {Str::ThemePaper, "Paper", "纸面"},
        {Str::ThemeDark, "Dark", "深色"},
        {Str::ThemeContrast, "Contrast", "高对比"},
        {Str::CoordinatesLabel, "Coordinates", "坐标"},
        {Str::LastMoveLabel, "Last move", "上一步"},
        {Str::RulesLabel, "Repetition", "重复局面"},
        {Str::ThreadsLabel, "Threads", "线程"},
        {Str::RulesAsian, "Asian", "亚洲规则"},
        {Str::RulesChinese, "Chinese", "中国规则"},
        {Str::RulesSimple, "Check only", "仅长将"},
        {Str::RepeatLosesNow, "This move will end the game. {0}", "走这步棋将立即结束对局。{0}"},
        {Str::RepeatWarnCheck,
         "If the position comes back once more, {0} will lose: every move of {0} in the cycle "
         "gives check (perpetual check).",
         "局面再重复一次，{0}将判负：循环中{0}每一步都将军（长将）。"},
        {Str::RepeatWarnChase,
         "If the position comes back once more, {0} will lose: the {1} on {2} chases the {3} on "
         "{4} with every move (perpetual chase).",
         "局面再重复一次，{0}将判负：{2}的{1}每一步都捉{4}的{3}（长捉）。"},
        {Str::RepeatWarnCheckChase,
         "If the position comes back once more, {0} will lose: every move of {0} in the cycle "
         "checks or chases the {3} on {4} (one check, one chase).",
         "局面再重复一次，{0}将判负：循环中{0}每一步都将军或捉{4}的{3}（一将一捉）。"},
        {Str::PlayAnyway, "Play it", "仍然走"},
        {Str::QualityBest, "best", "最佳"},
        {Str::QualityGood, "good", "好棋"},
        {Str::QualityInaccuracy, "inaccuracy", "欠佳"},
        {Str::QualityMistake, "mistake", "错着"},
        {Str::QualityBlunder, "blunder", "败着"},
        {Str::BetterMove, "{0}: {1}. Better {2} ({3})", "{0}：{1}。更好的是{2}（{3}）"},
        {Str::BestMovePlayed, "{0}: {1} ({2})", "{0}：{1}（{2}）"},
        {Str::Accuracy, "accuracy", "准确率"},
        {Str::Promote, "Promote", "升为主线"},
        {Str::DeleteVariation, "Delete", "删除变着"},
        {Str::DeleteVariationQuestion, "Delete this variation?", "删除这个变着？"},
        {Str::Delete, "Delete", "删除"},
        {Str::Puzzles, "Puzzles", "杀局题"},
        {Str::PuzzleListTitle, "Mate puzzles", "杀局习题"},
        {Str::PuzzleRow, "{0}. Mate in {1}", "{0}. {1}步杀"},
        {Str::ChecksOnly, "checks", "连将"},
        {Str::AnyMoves, "any moves", "可闲着"},
        {Str::SolvedMark, "solved", "已解"},
        {Str::PuzzleTitle, "Puzzle {0} of {1}", "第{0}题（共{1}题）"},
        {Str::PuzzleToPlay, "{0} to play and mate in {1}", "{0}先走，{1}步杀"},
        {Str::PuzzleCorrect, "Correct. {0} defends; mate in {1} more.",
         "正确。对方应{0}，还需{1}步杀。"},
        {Str::PuzzleSolved, "Solved! {0} mates.", "成功！{0}将死。"},
        {Str::PuzzleWrong, "Not quite: after {0}, {1} escapes. Try again.",
         "不对：走{0}之后，对方{1}可以解围。再试一次。"},
        {Str::PuzzleChecking, "Checking...", "计算中…"},
        {Str::PuzzleNoHint, "No hint found.", "没有找到提示。"},
        {Str::PuzzleHintShown, "Hint: the arrow shows a winning move.",
         "提示：箭头是一步正确的着法。"},
        {Str::Restart, "Restart", "重来"},
        {Str::Previous, "Previous", "上一题"},
        {Str::Next, "Next", "下一题"},
        {Str::PuzzleList, "List", "题目列表"},
        {Str::PuzzleProgress, "Solved {0} of {1}   mistakes {2}", "已解{0}/{1}题  错误{2}次"},
        {Str::PuzzleFromFen, "From FEN", "从FEN出题"},
        {Str::PuzzleNoMate, "No puzzle from this position: {0}", "这个局面不能出题：{0}"},
        {Str::PuzzleOwnPosition, "your position", "自选局面"},
        {Str::SourceRealGame, "master game", "实战对局"},
        {Str::SourceEngineGame, "engine game", "引擎对局"},
        {Str::MateIn, "mate in {0}", "{0}步杀"},
        {Str::TimeControlLabel, "Time control", "时限"},
        {Str::Untimed, "Untimed", "不限时"},
        {Str::TimeControlOther, "Other:", "其他："},
        {Str::TimeControlHint, "e.g. 25+10 (min + s a move), 40/30 (moves / min)",
         "例如 25+10（分+每步加秒），40/30（步数/分）"},
        {Str::TimeControlError, "{0}", "时限无效：{0}"},
        {Str::ComputerOnClock, "Computer on the clock", "电脑也计时"},
        {Str::CasualGame, "Casual: undo allowed", "休闲：可以悔棋"},
        {Str::UndoOffTimed, "No undo in a timed game: choose \"Casual\" in New game to allow it",
         "计时对局不能悔棋：在新对局中选“休闲”即可悔棋"},
        {Str::ClockPaused, "paused", "暂停"},
        {Str::ClockOff, "no clock", "不计时"},
        {Str::MinutesGame, "{0} min", "{0}分钟"},
        {Str::HintDepth, "Hint depth", "提示深度"},
        {Str::HintTime, "Hint time", "提示时间"},
        {Str::LevelLabel, "Level", "级别"},
        {Str::LevelFull, "Full strength", "全力"},
        {Str::LevelNote,
         "A level sets the computer's moves instead of depth and time; hints and analysis play "
         "at full strength.",
         "选择级别后，电脑走棋不用深度和时间设置；提示和分析仍用全力。"},
        {Str::LevelName1, "Beginner", "初学"},
        {Str::LevelName2, "Novice", "新手"},
        {Str::LevelName3, "Learner", "入门"},
        {Str::LevelName4, "Casual player", "业余棋手"},
        {Str::LevelName5, "Club player", "棋社棋手"},
        {Str::LevelName6, "Strong club player", "棋社高手"},
        {Str::LevelName7, "Expert", "高手"},
        {Str::LevelName8, "Strong expert", "一流高手"},
        {Str::LevelName9, "Candidate master", "准大师"},
        {Str::LevelName10, "Master", "大师"},
        {Str::ResignQuestion, "Resign this game?", "确定认输吗？"},
        {Str::Threat, "Threat", "威胁"},
        {Str::LibraryButton, "Library", "棋谱库"},
        {Str::TrainerButton, "Endgames", "残局训练"},
        {Str::ThreatLooking, "Looking for the threat...", "正在找对方的威胁……"},
        {Str::TableOffer, "No endgame table {0} yet: B makes it", "尚无残局表库{0}：按B生成"},
        {Str::TableMaking, "Making the endgame table {0}: {1}%", "正在生成残局表库{0}：{1}%"},
        {Str::TableFailed, "The endgame table could not be made: {0}", "无法生成残局表库：{0}"},
        {Str::CoachHanging,
         "Your {0} on {1} is unprotected after this: {2} plays {3}. Play it anyway?",
         "走这步后，你的{0}（{1}）是无根子：{2}走{3}。仍然走吗？"},
        {Str::CoachTaken, "Your {0} on {1} can be taken after this: {2} plays {3}. Play it anyway?",
         "走这步后，{2}走{3}，吃掉你的{0}（{1}）。仍然走吗？"},
        {Str::CoachMate, "After this {0} mates in {1}: {2}. Play it anyway?",
         "走这步后，{0}{1}步杀：{2}。仍然走吗？"},
        {Str::BetterMoveNote, "Better: {0}", "更好：{0}"},
        {Str::WinDrawLoss, "Red {0}% · draw {1}% · Black {2}%", "红胜 {0}% · 和 {1}% · 黑胜 {2}%"},
        {Str::ThinkOnMyTimeLabel, "On my time", "后台思考"},
        {Str::Automatic, "Automatic", "自动"},
    }};
    return t;
}

} // namespace

const std::string& tr(Str id, Language lang) {
    const Entry& e = table()[static_cast<std::size_t>(id)];
    assert(e.id == id);
    return lang == Language::Chinese ? e.zh : e.en;
}

std::string format(std::string_view pattern, std::initializer_list<std::string_view> args) {
    std::string out;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] == '{' && i + 2 < pattern.size() && pattern[i + 2] == '}'
            && pattern[i + 1] >= '0' && pattern[i + 1] <= '9') {
            const auto k = static_cast<std::size_t>(pattern[i + 1] - '0');
            if (k < args.size())
                out += *(args.begin() + k);
            i += 2;
            continue;
        }
        out += pattern[i];
    }
    return out;
}

std::string levelName(int level, Language lang) {
    level = kLevelBound.clamp(level);
    if (level == 0)
        return tr(Str::LevelFull, lang);
    const auto name = static_cast<Str>(static_cast<int>(Str::LevelName1) + level - 1);
    return std::to_string(level) + ": " + tr(name, lang);
}

std::string describeResult(const core::GameResult& r, Language lang) {
    return lang == Language::English ? r.describe() : r.describeChinese();
}

std::string repetitionWarning(const core::GameResult& verdict, bool atOnce, Language lang) {
    const core::RepetitionDetail& d = verdict.detail;
    if (atOnce || d.violation == core::Violation::None)
        return format(tr(Str::RepeatLosesNow, lang), {describeResult(verdict, lang)});
    const bool en   = lang == Language::English;
    const auto side = tr(d.violator == core::Color::Red ? Str::Red : Str::Black, lang);
    auto name       = [en](core::Piece p) -> std::string {
        if (p == core::kNoPiece)
            return en ? "piece" : "子";
        return en ? core::pieceName(core::typeOf(p)) : core::pieceCharacter(p);
    };
    auto square = [](core::Square s) -> std::string {
        return s == core::kNoSquare ? "?" : core::squareName(s);
    };
    const std::string chased = (en ? (d.chasedProtected ? "protected " : "unprotected ")
                                   : (d.chasedProtected ? "有根" : "无根"))
                               + name(d.chased);
    const Str pattern = d.violation == core::Violation::PerpetualCheck ? Str::RepeatWarnCheck
                        : d.violation == core::Violation::PerpetualChase
                            ? Str::RepeatWarnChase
                            : Str::RepeatWarnCheckChase;
    return format(tr(pattern, lang),
                  {side, name(d.chaser), square(d.chaserSquare), chased, square(d.chasedSquare)});
}

} // namespace xq::gui
