#include "egtb/tablebases.h"

#include <cstdlib>

#include "core/movegen.h"

namespace xq::egtb {

Tablebases::Tablebases(std::filesystem::path dir)
    : m_dir(std::move(dir)) {}

std::filesystem::path Tablebases::defaultDirectory() {
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        return std::filesystem::path(xdg) / "xiangqi" / "egtb";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".cache" / "xiangqi" / "egtb";
    return std::filesystem::path("xiangqi-egtb");
}

std::filesystem::path Tablebases::fileOf(const Material& m) const {
    return m_dir / (m.canonical().name() + ".xqtb");
}

std::shared_ptr<const Table> Tablebases::findCanonical(const Material& canonical) {
    const std::uint64_t key = canonical.key();
    {
        std::lock_guard lock(m_mutex);
        if (auto it = m_tables.find(key); it != m_tables.end())
            return it->second;
    }
    std::shared_ptr<const Table> t = Table::load(fileOf(canonical), canonical, nullptr);
    std::lock_guard lock(m_mutex);
    return m_tables.emplace(key, t).first->second;
}

std::shared_ptr<const Table> Tablebases::find(const Material& m) {
    return findCanonical(m.canonical());
}

std::shared_ptr<const Table>
Tablebases::ensure(const Material& m,
                   const std::function<void(const std::string&, double)>& progress,
                   std::string* error, std::vector<MadeTable>* made) {
    const Material canonical = m.canonical();
    {
        std::lock_guard lock(m_mutex);
        if (auto it = m_tables.find(canonical.key()); it != m_tables.end() && it->second)
            return it->second;
        m_tables.erase(canonical.key()); // forget "missing": look again
    }
    if (auto t = findCanonical(canonical))
        return t;
    const Layout layout(canonical);
    if (layout.size() > kMaxEntries) {
        if (error)
            *error = canonical.name() + " has " + std::to_string(layout.size())
                     + " entries, more than the limit of " + std::to_string(kMaxEntries);
        return nullptr;
    }
    // The tables one capture away first.
    std::vector<std::shared_ptr<const Table>> children;
    for (const auto& c : canonical.captureChildren()) {
        auto t = ensure(c, progress, error, made);
        if (!t)
            return nullptr;
        children.push_back(std::move(t));
    }
    auto probeChild = [&children](const core::Position& pos) -> std::uint16_t {
        const Material pm = Material::of(pos);
        const bool flip   = !pm.isCanonical();
        const Material cm = flip ? pm.flipped() : pm;
        for (const auto& t : children)
            if (t->material() == cm)
                return t->code(t->layout().index(pos, flip));
        return kIllegal; // cannot happen: every capture leads to one of the children
    };
    std::vector<std::uint16_t> codes;
    const std::string name = canonical.name();
    TableStats stats       = generate(layout, probeChild, codes, [&](double f) {
        if (progress)
            progress(name, f);
    });
    auto table             = std::make_shared<const Table>(canonical, std::move(codes));
    std::string why;
    if (!table->save(fileOf(canonical), &why)) {
        if (error)
            *error = why;
        return nullptr;
    }
    if (made)
        made->push_back(MadeTable{name, stats});
    std::lock_guard lock(m_mutex);
    m_tables[canonical.key()] = table;
    return table;
}

std::optional<std::uint16_t> Tablebases::code(const core::Position& pos) {
    const Material pm = Material::of(pos);
    const bool flip   = !pm.isCanonical();
    auto t            = findCanonical(flip ? pm.flipped() : pm);
    if (!t)
        return std::nullopt;
    const std::uint64_t idx = t->layout().index(pos, flip);
    if (idx == kNoIndex)
        return std::nullopt;
    m_hits.fetch_add(1, std::memory_order_relaxed);
    return t->code(idx);
}

std::optional<Verdict> Tablebases::probe(const core::Position& pos) {
    const auto c = code(pos);
    if (!c)
        return std::nullopt;
    return verdictOf(*c);
}

std::optional<std::vector<std::pair<core::Move, Verdict>>>
Tablebases::moveVerdicts(const core::Position& pos) {
    core::MoveList moves;
    core::generateLegal(pos, moves);
    std::vector<std::pair<core::Move, Verdict>> out;
    core::Position p = pos;
    for (const auto m : moves) {
        core::Undo u;
        p.makeMove(m, u);
        const auto v = probe(p);
        p.unmakeMove(u);
        if (!v)
            return std::nullopt;
        out.emplace_back(m, *v);
    }
    return out;
}

std::optional<Tablebases::Best> Tablebases::best(const core::Position& pos) {
    const auto here = probe(pos);
    if (!here)
        return std::nullopt;
    const auto list = moveVerdicts(pos);
    if (!list || list->empty())
        return std::nullopt;
    // Rank a reply by how good it is for us: the opponent's loss (shorter better), a draw,
    // the opponent's win (longer better).
    auto rank = [](const Verdict& v) {
        switch (v.wdl) {
        case Wdl::Loss:
            return 100000 - v.dtm;
        case Wdl::Draw:
            return 0;
        default:
            return -100000 + v.dtm;
        }
    };
    const auto* bestEntry = &list->front();
    for (const auto& e : *list)
        if (rank(e.second) > rank(bestEntry->second))
            bestEntry = &e;
    return Best{bestEntry->first, *here};
}

int piecesBeside(const core::Position& pos) {
    int n = 0;
    for (int c = 0; c < 2; ++c)
        for (int t = 2; t < core::kPieceTypeCount; ++t)
            n += pos.count(static_cast<core::Color>(c), static_cast<core::PieceType>(t));
    return n;
}

} // namespace xq::egtb
