#include "app/gui/library/library_screen.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <thread>

#include <spdlog/spdlog.h>

#include "app/gui/model/i18n.h"
#include "app/gui/model/paths.h"
#include "app/gui/shell/widgets.h"
#include "app/gui/testing/scriptable.h"
#include "app/library/games_db.h"
#include "core/game_formats.h"

namespace xq::gui {

namespace {

// The library's own words, English and Chinese.
struct Words {
    const char* en;
    const char* zh;
};
constexpr Words kTitleDb{"Games database", "对局库"};
constexpr Words kCols[]     = {{"Red", "红方"},    {"Black", "黑方"},  {"Event", "赛事"},
                               {"Date", "日期"},   {"Result", "结果"}, {"Moves", "回合"},
                               {"Opening", "开局"}};
constexpr float kColWidth[] = {0.14f, 0.14f, 0.24f, 0.11f, 0.08f, 0.07f, 0.22f};
constexpr Words kAll{"All", "全部"};
constexpr Words kFilter{"Find:", "查找："};
constexpr Words kImport{"Import", "导入"};
constexpr Words kImportHint{"file or folder to import", "要导入的文件或文件夹"};
constexpr Words kView{"View", "查看"};
constexpr Words kClose{"Close", "关闭"};
constexpr Words kOpen{"Open", "打开"};
constexpr Words kCancel{"Cancel", "取消"};
constexpr Words kCount{"{0} games, {1} shown", "共 {0} 局，显示 {1} 局"};
constexpr Words kEmpty{"No games yet: saved games come here, and Import adds files and folders.",
                       "还没有对局：保存的对局会在这里，导入可加入文件和文件夹。"};
constexpr Words kImporting{"Importing {0} of {1} files: {2} games added, {3} already there",
                           "正在导入第 {0}/{1} 个文件：新增 {2} 局，已有 {3} 局"};
constexpr Words kImported{"Imported {0} games ({1} already there) from {2} files",
                          "已导入 {0} 局（{1} 局已有），共 {2} 个文件"};
constexpr Words kImportErrors{"{0} files could not be read whole: {1}",
                              "{0} 个文件未能完整读取：{1}"};
constexpr Words kDbError{"The games database cannot be opened: {0}", "无法打开对局库：{0}"};
constexpr Words kDbAside{"The games database was damaged ({0}); it is kept as {1} and a new one "
                         "is started.",
                         "对局库已损坏（{0}），已另存为 {1}，并新建对局库。"};

std::string say(const Words& w, Language l) {
    return l == Language::Chinese ? w.zh : w.en;
}

std::string lowerAscii(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return s;
}

struct Row {
    library::GameRow game;
    std::string haystack; // lower-case red, black and event, for the filter
    std::string moves;    // full moves, as shown
};

class LibraryScreen final : public Screen, public Scriptable {
public:
    LibraryScreen(Context& ctx, std::filesystem::path file)
        : m_ctx(ctx)
        , m_file(std::move(file)) {
        m_filter.focused     = true;
        m_importPath.focused = false;
        load();
    }
    ~LibraryScreen() override {
        m_cancel = true;
        if (m_worker.joinable())
            m_worker.join();
    }

    bool coversWindow() const override { return true; }

    void handleEvent(const sf::Event& e) override {
        if (e.type == sf::Event::MouseMoved)
            m_mouse = {static_cast<float>(e.mouseMove.x), static_cast<float>(e.mouseMove.y)};
        if (e.type == sf::Event::KeyPressed) {
            switch (e.key.code) {
            case sf::Keyboard::Escape:
                m_ctx.pop();
                return;
            case sf::Keyboard::Return:
                if (m_importPath.focused)
                    startImport();
                else
                    openSelected();
                return;
            case sf::Keyboard::Down:
                moveSelection(1);
                return;
            case sf::Keyboard::Up:
                moveSelection(-1);
                return;
            case sf::Keyboard::PageDown:
                moveSelection(m_visibleRows);
                return;
            case sf::Keyboard::PageUp:
                moveSelection(-m_visibleRows);
                return;
            default:
                break;
            }
        }
        if (e.type == sf::Event::MouseWheelScrolled) {
            m_scroll -= static_cast<int>(std::round(e.mouseWheelScroll.delta * 3));
            clampScroll();
            return;
        }
        if (e.type == sf::Event::MouseButtonPressed && e.mouseButton.button == sf::Mouse::Left) {
            const PointF p{static_cast<float>(e.mouseButton.x),
                           static_cast<float>(e.mouseButton.y)};
            m_mouse = p;
            layout();
            if (const Button* b = buttonAt(m_buttons, p)) {
                const std::string id = b->id;
                onButton(id);
                return;
            }
            if (contains(m_filterRect, p)) {
                m_filter.focused     = true;
                m_importPath.focused = false;
                return;
            }
            if (contains(m_importRect, p)) {
                m_filter.focused     = false;
                m_importPath.focused = true;
                return;
            }
            if (contains(m_tableRect, p) && p.y >= m_firstRowY) {
                const int row = m_scroll + static_cast<int>((p.y - m_firstRowY) / m_rowH);
                if (row >= 0 && row < static_cast<int>(m_view.size())) {
                    // A double click is two clicks on the same row: a row selected by the
                    // keyboard or by default is not half of one.
                    const bool twice =
                        row == m_clickedRow && m_clickClock.getElapsedTime().asMilliseconds() < 450;
                    m_selected   = row;
                    m_clickedRow = twice ? -1 : row;
                    m_clickClock.restart();
                    if (twice)
                        openSelected();
                }
            }
            return;
        }
        TextBox& box = m_importPath.focused ? m_importPath : m_filter;
        if (box.handleEvent(e) && &box == &m_filter) {
            refilter();
        }
    }

    void update(sf::Time) override {
        if (m_running && m_done) {
            m_worker.join();
            m_running = false;
            m_done    = false;
            finishImport();
        }
    }

    bool needsRedraw() override {
        if (!m_running)
            return false;
        if (m_progressClock.getElapsedTime().asMilliseconds() < 100)
            return false;
        m_progressClock.restart();
        return true;
    }

    void draw(sf::RenderTarget& t) override {
        layout();
        const Language lang = m_ctx.lang();
        const auto& font    = m_ctx.res().sans;
        const unsigned fs = m_ctx.fontSize(14), small = m_ctx.fontSize(12);
        const sf::Vector2u ws = m_ctx.windowSize();
        Batch b;
        drawRect(b, {0, 0, static_cast<float>(ws.x), static_cast<float>(ws.y)}, palette::kPanel);
        // Title and count.
        const std::string title = m_file.empty() ? say(kTitleDb, lang) : m_file.filename().string();
        sf::Text tt             = makeText(font, title, m_ctx.fontSize(19), palette::kPanelText);
        drawTextAt(b, tt, m_pad, m_pad + m_rowH / 2);
        sf::Text count = makeText(font,
                                  format(say(kCount, lang), {std::to_string(m_rows.size()),
                                                             std::to_string(m_view.size())}),
                                  small, palette::kMuted);
        drawTextAt(b, count, m_countX, m_pad + m_rowH / 2);
        // The filter line.
        sf::Text find = makeText(font, say(kFilter, lang), fs, palette::kPanelText);
        drawTextAt(b, find, m_pad, m_filterRect.y + m_rowH / 2);
        // Table header and rows.
        drawRect(b, m_tableRect, sf::Color::White, palette::kButtonEdge, 1);
        const std::size_t first = static_cast<std::size_t>(std::max(0, m_scroll));
        for (int i = 0; i < m_visibleRows; ++i) {
            const std::size_t v = first + static_cast<std::size_t>(i);
            if (v >= m_view.size())
                break;
            const float y = m_firstRowY + static_cast<float>(i) * m_rowH;
            if (static_cast<int>(v) == m_selected)
                drawRect(b, {m_tableRect.x + 1, y, m_tableRect.w - 2, m_rowH}, palette::kHighlight);
            else if (i % 2 == 1)
                drawRect(b, {m_tableRect.x + 1, y, m_tableRect.w - 2, m_rowH},
                         sf::Color(248, 244, 236));
            const Row& r              = m_rows[static_cast<std::size_t>(m_view[v])];
            const std::string cells[] = {r.game.red,    r.game.black, r.game.event,  r.game.date,
                                         r.game.result, r.moves,      r.game.opening};
            for (std::size_t c = 0; c < 7; ++c) {
                sf::Text cell = makeText(font, elide(font, cells[c], small, m_colW[c] - 8), small,
                                         palette::kPanelText);
                drawTextAt(b, cell, m_colX[c] + 4, y + m_rowH / 2);
            }
        }
        if (m_rows.empty() && !m_running) {
            sf::Text empty = makeText(font, say(kEmpty, lang), fs, palette::kMuted);
            drawTextAt(b, empty, m_tableRect.x + m_pad, m_firstRowY + m_rowH);
        }
        // Scroll bar.
        if (static_cast<int>(m_view.size()) > m_visibleRows) {
            const float trackH = m_tableRect.bottom() - m_firstRowY;
            const float barH   = std::max(20.f, trackH * static_cast<float>(m_visibleRows)
                                                    / static_cast<float>(m_view.size()));
            const float barY =
                m_firstRowY
                + (trackH - barH) * static_cast<float>(m_scroll)
                      / static_cast<float>(m_view.size() - static_cast<std::size_t>(m_visibleRows));
            drawRect(b, {m_tableRect.right() - 7, barY, 5, barH}, palette::kButtonEdge);
        }
        // Import progress.
        if (m_running) {
            const float frac = m_total == 0 ? 0.f
                                            : static_cast<float>(m_filesDone.load())
                                                  / static_cast<float>(m_total.load());
            drawRect(b, m_progressRect, sf::Color::White, palette::kButtonEdge, 1);
            drawRect(b,
                     {m_progressRect.x + 1, m_progressRect.y + 1, (m_progressRect.w - 2) * frac,
                      m_progressRect.h - 2},
                     palette::kButtonOn);
            sf::Text pt =
                makeText(font,
                         format(say(kImporting, lang),
                                {std::to_string(m_filesDone.load()), std::to_string(m_total.load()),
                                 std::to_string(m_added.load()), std::to_string(m_dups.load())}),
                         small, palette::kPanelText);
            drawTextAt(b, pt, m_progressRect.x + 6, m_progressRect.y + m_progressRect.h / 2);
        }
        for (const Button& btn : m_buttons)
            drawButton(b, btn, font, small, m_mouse);
        b.draw(t);
        m_filter.draw(t, m_filterRect, font, fs);
        if (m_file.empty()) {
            m_importPath.draw(t, m_importRect, font, fs);
            if (m_importPath.text.empty() && !m_importPath.focused) {
                sf::Text hint = makeText(font, say(kImportHint, lang), small, palette::kMuted);
                drawTextAt(t, hint, m_importRect.x + 6, m_importRect.y + m_importRect.h / 2);
            }
        }
    }

    // Scriptable
    std::optional<PointF> buttonCentre(std::string_view id) const override {
        const_cast<LibraryScreen*>(this)->layout();
        for (const Button& b : m_buttons)
            if (b.id == id)
                return PointF{b.rect.x + b.rect.w / 2, b.rect.y + b.rect.h / 2};
        if (id == "filter")
            return PointF{m_filterRect.x + m_filterRect.w / 2, m_filterRect.y + m_filterRect.h / 2};
        if (id == "importpath")
            return PointF{m_importRect.x + m_importRect.w / 2, m_importRect.y + m_importRect.h / 2};
        // "row-N": the N-th shown row (0-based).
        if (id.rfind("row-", 0) == 0) {
            const int n = std::atoi(std::string(id.substr(4)).c_str()) - m_scroll;
            if (n >= 0 && n < m_visibleRows)
                return PointF{m_tableRect.x + m_tableRect.w / 2,
                              m_firstRowY + (static_cast<float>(n) + 0.5f) * m_rowH};
        }
        return std::nullopt;
    }
    std::string scriptState(std::string_view what) const override {
        if (what == "games")
            return std::to_string(m_rows.size());
        if (what == "shown")
            return std::to_string(m_view.size());
        if (what == "importing")
            return m_running ? "yes" : "no";
        return {};
    }
    bool isIdle() const override { return !m_running; }

private:
    static bool contains(const RectF& r, PointF p) {
        return p.x >= r.x && p.x < r.right() && p.y >= r.y && p.y < r.bottom();
    }

    void load() {
        m_rows.clear();
        m_order.clear();
        m_games.clear();
        const Language lang = m_ctx.lang();
        if (m_file.empty()) {
            const auto path = m_ctx.paths().data / "games.sqlite";
            auto db         = library::GamesDb::open(path);
            if (!db
                && (db.error().find("not a database") != std::string::npos
                    || db.error().find("malformed") != std::string::npos)) {
                // A damaged file is set aside, never deleted, and a new database started.
                const std::string why = db.error().substr(db.error().rfind(": ") + 2);
                const auto aside      = setAside(path);
                spdlog::warn("games database {}: {}; set aside as {}", path.string(), why,
                             aside.string());
                m_ctx.toast(format(say(kDbAside, lang), {why, aside.filename().string()}), true);
                db = library::GamesDb::open(path);
            }
            if (!db) {
                spdlog::error("games database: {}", db.error());
                m_ctx.toast(format(say(kDbError, lang), {db.error()}), true);
            } else {
                for (auto& g : (*db)->games())
                    addRow(std::move(g));
            }
        } else {
            core::GameFileResult r = core::readGameFile(m_file.string());
            if (!r.ok())
                m_ctx.toast(r.error, true);
            for (std::size_t i = 0; i < r.games.size(); ++i) {
                const core::PgnGame& g = r.games[i];
                library::GameRow row;
                row.id         = static_cast<std::int64_t>(i);
                const auto tag = [&](const char* n) {
                    std::string v = g.tag(n);
                    return v == "?" ? std::string() : v;
                };
                row.red     = tag("Red");
                row.black   = tag("Black");
                row.event   = tag("Event").empty() ? tag("Title") : tag("Event");
                row.date    = tag("Date");
                row.result  = g.result;
                row.opening = library::openingOf(g);
                row.plies   = static_cast<int>(g.moves().size());
                addRow(std::move(row));
            }
            m_games = std::move(r.games);
        }
        refilter();
    }

    void addRow(library::GameRow g) {
        Row r;
        r.haystack = lowerAscii(g.red + "\n" + g.black + "\n" + g.event);
        r.moves    = std::to_string((g.plies + 1) / 2);
        r.game     = std::move(g);
        m_rows.push_back(std::move(r));
    }

    // The rows that pass the filters, in the chosen order: a walk over the rows sorted once per
    // change of order, so that a key typed into the filter costs one pass (10,000 rows: well
    // under a millisecond), not a sort.
    void refilter() {
        if (m_order.size() != m_rows.size())
            sortRows();
        const std::string needle = lowerAscii(m_filter.text);
        m_view.clear();
        m_view.reserve(m_rows.size());
        for (const int i : m_order) {
            const Row& r = m_rows[static_cast<std::size_t>(i)];
            if (!m_result.empty() && r.game.result != m_result)
                continue;
            if (!needle.empty() && r.haystack.find(needle) == std::string::npos)
                continue;
            m_view.push_back(i);
        }
        m_selected =
            m_view.empty() ? -1 : std::clamp(m_selected, 0, static_cast<int>(m_view.size()) - 1);
        clampScroll();
    }

    void sortRows() {
        m_order.resize(m_rows.size());
        for (std::size_t i = 0; i < m_order.size(); ++i)
            m_order[i] = static_cast<int>(i);
        if (m_sortCol < 0)
            return;
        const auto key = [&](const Row& r) -> const std::string& {
            switch (m_sortCol) {
            case 0:
                return r.game.red;
            case 1:
                return r.game.black;
            case 2:
                return r.game.event;
            case 3:
                return r.game.date;
            case 4:
                return r.game.result;
            default:
                return r.game.opening;
            }
        };
        std::stable_sort(m_order.begin(), m_order.end(), [&](int a, int b) {
            const Row &x    = m_rows[static_cast<std::size_t>(a)],
                      &y    = m_rows[static_cast<std::size_t>(b)];
            const bool less = m_sortCol == 5 ? x.game.plies < y.game.plies : key(x) < key(y);
            const bool more = m_sortCol == 5 ? y.game.plies < x.game.plies : key(y) < key(x);
            return m_sortAsc ? less : more;
        });
    }

    void clampScroll() {
        m_scroll =
            std::clamp(m_scroll, 0, std::max(0, static_cast<int>(m_view.size()) - m_visibleRows));
    }

    void moveSelection(int delta) {
        if (m_view.empty())
            return;
        m_selected = std::clamp(m_selected + delta, 0, static_cast<int>(m_view.size()) - 1);
        if (m_selected < m_scroll)
            m_scroll = m_selected;
        if (m_selected >= m_scroll + m_visibleRows)
            m_scroll = m_selected - m_visibleRows + 1;
        clampScroll();
    }

    void openSelected() {
        if (m_selected < 0 || m_selected >= static_cast<int>(m_view.size()))
            return;
        const Row& r =
            m_rows[static_cast<std::size_t>(m_view[static_cast<std::size_t>(m_selected)])];
        if (m_file.empty()) {
            auto db = library::GamesDb::open(m_ctx.paths().data / "games.sqlite");
            if (!db) {
                m_ctx.toast(format(say(kDbError, m_ctx.lang()), {db.error()}), true);
                return;
            }
            auto g = (*db)->load(r.game.id);
            if (!g) {
                m_ctx.toast(g.error(), true);
                return;
            }
            m_ctx.post(cmd::OpenGame{std::move(*g), r.game.red + " - " + r.game.black});
        } else {
            m_ctx.post(cmd::OpenGame{m_games[static_cast<std::size_t>(r.game.id)],
                                     r.game.red + " - " + r.game.black});
        }
        m_ctx.pop();
    }

    void onButton(const std::string& id) {
        if (id == "close") {
            m_ctx.pop();
        } else if (id == "open") {
            openSelected();
        } else if (id == "import") {
            startImport();
        } else if (id == "view") {
            // The games of one file in this table, without importing them.
            m_ctx.post(cmd::ShowLibrary{importTarget()});
        } else if (id == "cancel") {
            m_cancel = true;
        } else if (id.rfind("col-", 0) == 0) {
            const int c = id[4] - '0';
            if (c == m_sortCol)
                m_sortAsc = !m_sortAsc;
            else
                m_sortCol = c, m_sortAsc = true;
            sortRows();
            refilter();
        } else if (id.rfind("result-", 0) == 0) {
            m_result = id.substr(7) == "all" ? std::string() : id.substr(7);
            refilter();
        }
    }

    // The typed path, without a file:// prefix or trailing spaces (a pasted file manager path).
    std::string importTarget() const {
        std::string path = m_importPath.text;
        while (!path.empty() && path.back() == ' ')
            path.pop_back();
        if (path.rfind("file://", 0) == 0)
            path = path.substr(7);
        return path;
    }

    void startImport() {
        if (m_running || !m_file.empty())
            return;
        const std::string path = importTarget();
        if (path.empty())
            return;
        m_cancel          = false;
        m_done            = false;
        m_running         = true;
        m_filesDone       = 0;
        m_total           = 0;
        m_added           = 0;
        m_dups            = 0;
        const auto dbPath = m_ctx.paths().data / "games.sqlite";
        m_worker          = std::thread([this, dbPath, path] {
            library::ImportResult r;
            auto db = library::GamesDb::open(dbPath);
            if (!db) {
                r.errors.push_back(db.error());
            } else {
                r = (*db)->import(
                             {std::filesystem::path(path)},
                             [this](const library::ImportProgress& p) {
                        m_filesDone = p.filesDone;
                        m_total     = p.filesTotal;
                        m_added     = p.added;
                        m_dups      = p.duplicates;
                    },
                             &m_cancel);
            }
            {
                std::lock_guard<std::mutex> lock(m_mutex);
                m_importResult = std::move(r);
            }
            m_done = true;
        });
    }

    void finishImport() {
        library::ImportResult r;
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            r = m_importResult;
        }
        const Language lang = m_ctx.lang();
        spdlog::info("import of {}: {} added, {} duplicates, {} files, {} errors{}",
                     m_importPath.text, r.added, r.duplicates, r.files, r.errors.size(),
                     r.cancelled ? ", cancelled" : "");
        for (const auto& e : r.errors)
            spdlog::warn("import: {}", e);
        if (!r.errors.empty())
            m_ctx.toast(format(say(kImportErrors, lang),
                               {std::to_string(r.errors.size()), r.errors.front()}),
                        true);
        else
            m_ctx.toast(
                format(say(kImported, lang), {std::to_string(r.added), std::to_string(r.duplicates),
                                              std::to_string(r.files)}));
        load();
    }

    void layout() {
        const sf::Vector2u ws = m_ctx.windowSize();
        const float W = static_cast<float>(ws.x), H = static_cast<float>(ws.y);
        const float s        = m_ctx.layout().uiScale;
        m_pad                = std::round(12 * s);
        m_rowH               = std::round(26 * s);
        const Language lang  = m_ctx.lang();
        const auto& font     = m_ctx.res().sans;
        const unsigned small = m_ctx.fontSize(12);
        m_buttons.clear();
        const float bw = std::round(96 * s);
        m_buttons.push_back(
            {"close", {W - m_pad - bw, m_pad, bw, m_rowH}, say(kClose, lang), "Esc"});
        m_buttons.push_back({"open",
                             {W - 2 * (m_pad + bw), m_pad, bw, m_rowH},
                             say(kOpen, lang),
                             "Enter",
                             m_selected >= 0});
        m_countX =
            m_pad
            + textWidth(font, m_file.empty() ? say(kTitleDb, lang) : m_file.filename().string(),
                        m_ctx.fontSize(19))
            + 2 * m_pad;
        // Filter line: the text box, then the result buttons, then (database) the import.
        const float y1        = m_pad * 2 + m_rowH;
        const float findW     = textWidth(font, say(kFilter, lang), m_ctx.fontSize(14)) + 8;
        m_filterRect          = {m_pad + findW, y1, std::round(220 * s), m_rowH};
        float x               = m_filterRect.right() + m_pad;
        const char* results[] = {"all", "1-0", "0-1", "1/2-1/2", "*"};
        for (const char* r : results) {
            const std::string label = std::string(r) == "all"       ? say(kAll, lang)
                                      : std::string(r) == "1/2-1/2" ? "1/2"
                                                                    : r;
            const float w           = textWidth(font, label, small) + 20;
            const bool on = (std::string(r) == "all" && m_result.empty()) || m_result == r;
            m_buttons.push_back(
                {std::string("result-") + r, {x, y1, w, m_rowH}, label, "", true, on});
            x += w + 4;
        }
        m_importRect = {};
        if (m_file.empty()) {
            const float ibw   = std::round(80 * s);
            const float left  = x + m_pad;
            const float right = W - m_pad;
            if (m_running) {
                m_buttons.push_back(
                    {"cancel", {right - ibw, y1, ibw, m_rowH}, say(kCancel, lang), ""});
            } else {
                // "View" for a single file: its games in a table of their own.
                std::error_code ec;
                const std::string target = importTarget();
                const bool file   = !target.empty() && std::filesystem::is_regular_file(target, ec);
                const float viewW = file ? ibw + 6 : 0;
                m_importRect = {left, y1, std::max(40.f, right - left - ibw - 6 - viewW), m_rowH};
                if (file)
                    m_buttons.push_back(
                        {"view", {right - ibw - viewW, y1, ibw, m_rowH}, say(kView, lang), ""});
                m_buttons.push_back(
                    {"import", {right - ibw, y1, ibw, m_rowH}, say(kImport, lang), ""});
            }
            m_progressRect = {left, y1, std::max(40.f, right - left - ibw - 6), m_rowH};
        }
        // The table.
        const float y2 = y1 + m_rowH + m_pad;
        m_tableRect    = {m_pad, y2, W - 2 * m_pad, H - y2 - m_pad};
        float cx       = m_tableRect.x;
        for (std::size_t c = 0; c < 7; ++c) {
            m_colX[c]         = cx;
            m_colW[c]         = std::round(m_tableRect.w * kColWidth[c]);
            std::string label = say(kCols[c], lang);
            if (static_cast<int>(c) == m_sortCol)
                label += m_sortAsc ? "  ^" : "  v";
            m_buttons.push_back({"col-" + std::to_string(c),
                                 {cx + 1, y2 + 1, m_colW[c] - 2, m_rowH},
                                 label,
                                 "",
                                 true,
                                 static_cast<int>(c) == m_sortCol});
            cx += m_colW[c];
        }
        m_firstRowY = y2 + m_rowH + 2;
        m_visibleRows =
            std::max(1, static_cast<int>((m_tableRect.bottom() - m_firstRowY) / m_rowH));
        clampScroll();
    }

    Context& m_ctx;
    std::filesystem::path m_file;
    std::vector<Row> m_rows;
    std::vector<core::PgnGame> m_games; // a file's games (row id = index)
    std::vector<int> m_order;           // indices into m_rows, sorted
    std::vector<int> m_view;            // m_order filtered
    TextBox m_filter, m_importPath;
    std::string m_result; // "" for all
    int m_sortCol  = -1;
    bool m_sortAsc = true;
    int m_scroll = 0, m_selected = -1, m_visibleRows = 1;
    sf::Clock m_clickClock, m_progressClock;
    int m_clickedRow = -1; // the row of the last single click, for a double click
    std::vector<Button> m_buttons;
    PointF m_mouse;
    float m_pad = 12, m_rowH = 26, m_countX = 0, m_firstRowY = 0;
    RectF m_filterRect, m_importRect, m_tableRect, m_progressRect;
    float m_colX[7]{}, m_colW[7]{};
    // The import on its worker thread.
    std::thread m_worker;
    std::atomic<bool> m_cancel{false}, m_done{false};
    bool m_running = false;
    std::atomic<std::size_t> m_filesDone{0}, m_total{0}, m_added{0}, m_dups{0};
    std::mutex m_mutex;
    library::ImportResult m_importResult; // guarded by m_mutex
};

} // namespace

std::unique_ptr<Screen> makeLibraryScreen(Context& ctx, const std::filesystem::path& file) {
    return std::make_unique<LibraryScreen>(ctx, file);
}

} // namespace xq::gui
