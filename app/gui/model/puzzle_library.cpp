#include "app/gui/model/puzzle_library.h"

#include <algorithm>
#include <regex>

#include <nlohmann/json.hpp>

#include "app/gui/model/i18n.h"
#include "app/gui/model/paths.h"

namespace xq::gui {

int PuzzleProgress::solvedCount() const {
    return static_cast<int>(std::count_if(puzzles.begin(), puzzles.end(),
                                          [](const auto& p) { return p.second.solved; }));
}

int PuzzleProgress::mistakeCount() const {
    int n = 0;
    for (const auto& [key, rec] : puzzles)
        n += rec.mistakes;
    return n;
}

std::string puzzleKey(const std::string& fen) {
    const auto a = fen.find(' ');
    if (a == std::string::npos)
        return fen;
    const auto b = fen.find(' ', a + 1);
    return fen.substr(0, b);
}

std::string toJson(const PuzzleProgress& p) {
    nlohmann::json j;
    j["current"] = p.current;
    auto& list   = j["puzzles"];
    list         = nlohmann::json::object();
    for (const auto& [key, rec] : p.puzzles)
        list[key] = {{"solved", rec.solved}, {"mistakes", rec.mistakes}};
    return j.dump(2) + "\n";
}

core::Expected<PuzzleProgress> puzzleProgressFromJson(std::string_view text) {
    const auto j = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
    if (j.is_discarded())
        return core::Error{"puzzle progress is not valid JSON"};
    if (!j.is_object())
        return core::Error{"puzzle progress does not hold a JSON object"};
    PuzzleProgress p;
    if (auto it = j.find("current"); it != j.end()) {
        if (!it->is_number_integer())
            return core::Error{"puzzle progress field \"current\" has the wrong type"};
        p.current = std::clamp(it->get<int>(), 0, 100000);
    }
    if (auto it = j.find("puzzles"); it != j.end()) {
        if (!it->is_object())
            return core::Error{"puzzle progress field \"puzzles\" has the wrong type"};
        for (const auto& [key, v] : it->items()) {
            if (!v.is_object())
                return core::Error{"puzzle progress entry \"" + key + "\" is not an object"};
            PuzzleRecord r;
            const auto s = v.find("solved");
            const auto m = v.find("mistakes");
            if ((s != v.end() && !s->is_boolean()) || (m != v.end() && !m->is_number_integer()))
                return core::Error{"puzzle progress entry \"" + key + "\" has a wrong type"};
            r.solved       = s != v.end() && s->get<bool>();
            r.mistakes     = m != v.end() ? std::clamp(m->get<int>(), 0, 1000000) : 0;
            p.puzzles[key] = r;
        }
    }
    return p;
}

LoadedPuzzleProgress loadPuzzleProgress(const std::filesystem::path& file) {
    LoadedPuzzleProgress out;
    std::error_code ec;
    if (!std::filesystem::exists(file, ec))
        return out;
    const auto text = readFile(file);
    auto parsed     = text ? puzzleProgressFromJson(*text)
                           : core::Expected<PuzzleProgress>(core::Error{"cannot be read"});
    if (parsed) {
        out.progress = *parsed;
        return out;
    }
    const auto aside = setAside(file);
    out.problem      = parsed.error() + "; kept as " + aside.filename().string();
    return out;
}

std::string savePuzzleProgress(const std::filesystem::path& file, const PuzzleProgress& p) {
    return writeFileAtomic(file, toJson(p));
}

std::string shortSource(const std::string& source, Language lang) {
    std::smatch m;
    static const std::regex composed(R"((适情雅趣)[^N]*No\.([0-9]+))");
    static const std::regex dataset(R"(Practical-Dataset.*?No\.0*([0-9]+))");
    if (std::regex_search(source, m, composed))
        return m[1].str() + " No." + m[2].str();
    if (std::regex_search(source, m, dataset))
        return tr(Str::SourceRealGame, lang) + " " + m[1].str();
    if (source.rfind("generated", 0) == 0)
        return tr(Str::SourceEngineGame, lang);
    if (source.find("entered by the user") != std::string::npos)
        return tr(Str::PuzzleOwnPosition, lang);
    // Anything else: its first words, ASCII only (the font may lack other scripts).
    std::string out;
    for (char c : source) {
        if (static_cast<unsigned char>(c) >= 0x80 || out.size() >= 28)
            break;
        out += c;
    }
    return out;
}

// --- the runner -----------------------------------------------------------------------------

// A request runs while the UI shows "thinking"; the solver has a node budget but no stop flag
// (ai::PuzzleSession takes none), so the job checks its stop token before it starts and before
// it answers: a runner destroyed meanwhile waits for one solver call at most.
template <class F> bool PuzzleRunner::launch(F work) {
    if (m_busy || !m_session)
        return false;
    m_busy = true;
    m_worker.post([session = m_session, work = std::move(work)](ai::Worker<Answer>::Context& job) {
        if (job.stopRequested())
            return;
        Answer a;
        try {
            a.reply = work(*session);
        } catch (...) {
            a.reply.kind = Kind::None; // out of memory in the solver: no answer, not a crash
        }
        if (!job.stopRequested())
            job.send(std::move(a));
    });
    return true;
}

bool PuzzleRunner::open(const ai::PuzzleEntry& entry) {
    if (m_busy)
        return false;
    m_session = std::make_shared<ai::PuzzleSession>(entry);
    return true;
}

bool PuzzleRunner::play(core::Move m) {
    return launch([m](ai::PuzzleSession& s) {
        Reply r;
        r.kind    = Kind::Play;
        r.outcome = s.play(m);
        return r;
    });
}

bool PuzzleRunner::hint() {
    return launch([](ai::PuzzleSession& s) {
        Reply r;
        r.kind = Kind::Hint;
        r.hint = s.hint();
        return r;
    });
}

bool PuzzleRunner::restart() {
    if (m_busy || !m_session)
        return false;
    m_session->restart();
    return true;
}

bool PuzzleRunner::loadFen(const std::string& fen, int maxMoves) {
    if (m_busy)
        return false;
    m_busy = true;
    m_worker.post([fen, maxMoves](ai::Worker<Answer>::Context& job) {
        if (job.stopRequested())
            return;
        Answer a;
        a.reply.kind = Kind::Load;
        try {
            ai::PuzzleEntry e;
            a.reply.loaded = ai::puzzleFromFen(fen, maxMoves, e, a.reply.error);
            if (a.reply.loaded)
                a.made = std::make_shared<ai::PuzzleSession>(e);
        } catch (...) {
            a.reply.loaded = false;
            a.reply.error  = "out of memory";
            a.made.reset();
        }
        if (!job.stopRequested())
            job.send(std::move(a));
    });
    return true;
}

std::optional<PuzzleRunner::Reply> PuzzleRunner::poll() {
    auto answers = m_worker.poll();
    if (answers.empty())
        return std::nullopt;
    Answer& a = answers.back(); // one request at a time: at most one answer
    if (a.made)
        m_session = std::move(a.made);
    m_busy = false;
    return std::move(a.reply);
}

PuzzleLibrary::PuzzleLibrary(std::filesystem::path libraryFile, std::filesystem::path progressFile)
    : m_libraryFile(std::move(libraryFile))
    , m_progressFile(std::move(progressFile)) {}

const std::vector<ai::PuzzleEntry>& PuzzleLibrary::entries() {
    if (!m_entries) {
        std::vector<std::string> errors;
        m_entries = ai::loadPuzzles(m_libraryFile.string(), &errors);
        for (const std::string& e : errors)
            m_problems.push_back("puzzles: " + e);
        if (m_entries->empty())
            m_problems.push_back("No puzzles in " + m_libraryFile.string());
    }
    return *m_entries;
}

PuzzleProgress& PuzzleLibrary::progress() {
    if (!m_progress) {
        auto loaded = loadPuzzleProgress(m_progressFile);
        if (!loaded.problem.empty())
            m_problems.push_back(loaded.problem);
        m_progress = loaded.progress;
    }
    return *m_progress;
}

void PuzzleLibrary::saveProgress() {
    if (!m_progress)
        return;
    if (const std::string err = savePuzzleProgress(m_progressFile, *m_progress); !err.empty())
        m_problems.push_back("puzzle progress: " + err);
}

} // namespace xq::gui
