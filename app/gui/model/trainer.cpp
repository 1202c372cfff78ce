#include "app/gui/model/trainer.h"

#include <nlohmann/json.hpp>

#include "core/movegen.h"

namespace xq::gui {

std::vector<egtb::NamedEnding> trainerEndings() {
    std::vector<egtb::NamedEnding> out;
    for (const auto& e : egtb::namedEndings())
        if (e.trainer)
            out.push_back(e);
    return out;
}

std::string trainerProgressToJson(const TrainerProgress& p) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [name, r] : p)
        j[name] = {{"started", r.started}, {"won", r.won}, {"perfect", r.perfect}};
    return j.dump(2) + "\n";
}

std::optional<TrainerProgress> trainerProgressFromJson(const std::string& text,
                                                       std::string& error) {
    const auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        error = "not a JSON object";
        return std::nullopt;
    }
    TrainerProgress p;
    for (const auto& [name, v] : j.items()) {
        if (!egtb::Material::parse(name)) {
            error = "\"" + name + "\" is not an ending";
            return std::nullopt;
        }
        TrainerRecord r;
        for (const auto& [key, field] : {std::pair<const char*, int*>{"started", &r.started},
                                         {"won", &r.won},
                                         {"perfect", &r.perfect}}) {
            if (!v.is_object() || !v.contains(key) || !v[key].is_number_integer()
                || v[key].get<int>() < 0) {
                error = "\"" + name + "\" needs a count \"" + key + "\"";
                return std::nullopt;
            }
            *field = v[key].get<int>();
        }
        p[name] = r;
    }
    return p;
}

bool EndgameTrainer::start(const egtb::Material& m, std::mt19937_64& rng, int minPlies) {
    auto table = m_tb.find(m);
    if (!table || !m.isCanonical())
        return false;
    // Red to move (the first half of the index) and winning in at least minPlies: try random
    // entries, lowering the bar to the longest mate the table holds.
    const int longest = table->longestMate();
    const int want    = std::min(minPlies, longest % 2 ? longest : longest - 1);
    std::uniform_int_distribution<std::uint64_t> pick(0, table->layout().perSide() - 1);
    for (int tries = 0; tries < 2'000'000; ++tries) {
        const std::uint64_t i = pick(rng);
        const auto v          = egtb::verdictOf(table->code(i));
        if (!v || v->wdl != egtb::Wdl::Win || v->dtm < want)
            continue;
        core::Position pos;
        if (!table->layout().decode(i, pos))
            continue;
        m_game       = core::Game(pos);
        m_material   = m.name();
        m_active     = true;
        m_perfect    = true;
        m_mated      = false;
        m_startPlies = v->dtm;
        m_perfectStack.clear();
        return true;
    }
    return false;
}

std::optional<egtb::Verdict> EndgameTrainer::current() const {
    return m_tb.probe(m_game.position());
}

std::optional<EndgameTrainer::Judged> EndgameTrainer::play(core::Move m) {
    if (!m_active || m_mated || !m_game.isLegal(m))
        return std::nullopt;
    const auto before = current();
    if (!before)
        return std::nullopt;
    Judged j;
    j.before = before->dtm;
    m_perfectStack.push_back(m_perfect);
    m_game.forcePlay(m); // the tables know no repetition: the trainer plays on
    j.after = current();
    if (!core::hasLegalMove(m_game.position())) {
        j.verdict = TrainerVerdict::Mated;
        m_mated   = true;
        return j;
    }
    if (!j.after || j.after->wdl != egtb::Wdl::Loss)
        j.verdict = TrainerVerdict::ThrewWin;
    else if (before->wdl == egtb::Wdl::Win && j.after->dtm == before->dtm - 1)
        j.verdict = TrainerVerdict::Best;
    else
        j.verdict = TrainerVerdict::Slower;
    if (j.verdict != TrainerVerdict::Best)
        m_perfect = false;
    // The defence: the table's longest resistance (or its best when the win was thrown).
    if (const auto b = m_tb.best(m_game.position())) {
        j.reply = b->move;
        m_game.forcePlay(b->move);
    }
    return j;
}

bool EndgameTrainer::takeBack() {
    if (m_perfectStack.empty())
        return false;
    // Undo the reply (when there was one) and the person's move: back to Red to move.
    m_game.undo();
    if (m_game.position().sideToMove() != core::Color::Red)
        m_game.undo();
    m_perfect = m_perfectStack.back();
    m_perfectStack.pop_back();
    m_mated = false;
    return true;
}

std::optional<core::Move> EndgameTrainer::hint() {
    if (const auto b = m_tb.best(m_game.position()))
        return b->move;
    return std::nullopt;
}

namespace {
struct Stopped {};
} // namespace

TableMaker::~TableMaker() {
    m_stop = true;
    if (m_thread.joinable())
        m_thread.join(); // here, while the members the thread writes still exist
}

void TableMaker::start(egtb::Tablebases& tb, const egtb::Material& m) {
    if (m_thread.joinable())
        m_thread.join();
    m_done     = false;
    m_fraction = 0;
    m_error.clear();
    m_ok     = false;
    m_thread = std::jthread([this, &tb, m] {
        std::string err;
        bool ok = false;
        try {
            ok = tb.ensure(
                     m,
                     [this](const std::string& name, double f) {
                         if (m_stop.load())
                             throw Stopped{}; // nothing is written before the table is done
                         {
                             std::lock_guard lock(m_mutex);
                             m_current = name;
                         }
                         m_fraction = f;
                     },
                     &err)
                 != nullptr;
        } catch (const Stopped&) {
            err = "stopped";
        }
        m_error = err;
        m_ok    = ok;
        m_done  = true;
    });
}

bool TableMaker::finish() {
    if (m_thread.joinable())
        m_thread.join();
    return m_ok;
}

std::string TableMaker::current() const {
    std::lock_guard lock(m_mutex);
    return m_current;
}

} // namespace xq::gui
