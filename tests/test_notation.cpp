// Move notation: exact strings in ICCS, WXF and Chinese, tandem pieces and soldier columns,
// write -> read round trips over random games and random soldier set-ups, and error messages.
#include <random>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"

using namespace xq::core;

namespace {

Position fen(const std::string& f) {
    auto p = parseFen(f);
    INFO(f << ": " << p.error());
    REQUIRE(p);
    return *p;
}

Move iccs(const Position& pos, const std::string& text) {
    auto m = parseIccs(pos, text);
    INFO(text << ": " << m.error());
    REQUIRE(m);
    return *m;
}

// Every legal move: the writer's text reads back to the same move, and no two moves share a text.
void checkRoundTrips(const Position& pos) {
    MoveList list;
    generateLegal(pos, list);
    for (Notation n : {Notation::Iccs, Notation::Wxf, Notation::Chinese}) {
        std::set<std::string> seen;
        for (Move m : list) {
            const std::string text = formatMove(pos, m, n);
            INFO(toFen(pos) << " " << toIccs(m) << " as " << notationName(n) << ": " << text);
            CHECK(seen.insert(text).second);
            auto back = n == Notation::Wxf       ? parseWxf(pos, text)
                        : n == Notation::Chinese ? parseChinese(pos, text)
                                                 : parseIccs(pos, text);
            INFO(back.error());
            REQUIRE(back);
            CHECK(*back == m);
            auto detected = parseMove(pos, text);
            REQUIRE(detected);
            CHECK(*detected == m);
            CHECK(detectNotation(text) == n);
        }
    }
}

struct Known {
    const char* iccs;
    const char* wxf;
    const char* chinese;
};

void checkKnown(const std::string& f, std::initializer_list<Known> moves) {
    const Position pos = fen(f);
    for (const Known& k : moves) {
        INFO(f << " " << k.iccs);
        const Move m = iccs(pos, k.iccs);
        CHECK(toWxf(pos, m) == k.wxf);
        CHECK(toChinese(pos, m) == k.chinese);
        auto w = parseWxf(pos, k.wxf);
        INFO(w.error());
        REQUIRE(w);
        CHECK(*w == m);
        auto c = parseChinese(pos, k.chinese);
        INFO(c.error());
        REQUIRE(c);
        CHECK(*c == m);
    }
}

} // namespace

TEST_CASE("known moves from the start position in each notation", "[notation]") {
    checkKnown(std::string(kStartFen), {
                                           {"h2e2", "C2.5", "炮二平五"},
                                           {"b2e2", "C8.5", "炮八平五"},
                                           {"h0g2", "H2+3", "马二进三"},
                                           {"b0c2", "H8+7", "马八进七"},
                                           {"i0i1", "R1+1", "车一进一"},
                                           {"a0a2", "R9+2", "车九进二"},
                                           {"g3g4", "P3+1", "兵三进一"},
                                           {"e0e1", "K5+1", "帅五进一"},
                                           {"f0e1", "A4+5", "仕四进五"},
                                           {"d0e1", "A6+5", "仕六进五"},
                                           {"g0e2", "E3+5", "相三进五"},
                                           {"c0e2", "E7+5", "相七进五"},
                                           {"b2b9", "C8+7", "炮八进七"},
                                           {"h2h6", "C2+4", "炮二进四"},
                                       });
    // Black's files count from Black's right, which is ICCS file a.
    checkKnown("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b",
               {
                   {"h9g7", "H8+7", "马8进7"},
                   {"b9c7", "H2+3", "马2进3"},
                   {"b7e7", "C2.5", "炮2平5"},
                   {"h7e7", "C8.5", "炮8平5"},
                   {"a9a8", "R1+1", "车1进1"},
                   {"i9i7", "R9+2", "车9进2"},
                   {"c6c5", "P3+1", "卒3进1"},
                   {"e9e8", "K5+1", "将5进1"},
                   {"d9e8", "A4+5", "士4进5"},
                   {"g9e7", "E7+5", "象7进5"},
                   {"b7b0", "C2+7", "炮2进7"},
               });
}

TEST_CASE("tandem pieces use front and rear", "[notation]") {
    // Two Red cannons on file 5.
    checkKnown("3k5/9/9/9/9/4C4/9/4C4/9/4K4 w", {
                                                    {"e4e5", "C++1", "前炮进一"},
                                                    {"e4e3", "C+-1", "前炮退一"},
                                                    {"e2d2", "C-.6", "后炮平六"},
                                                    {"e2e1", "C--1", "后炮退一"},
                                                });
    // Two Black chariots on Black's file 2: Black's front is the lower rank.
    checkKnown("1r2k4/9/9/9/1r7/9/9/9/9/3K5 b", {
                                                    {"b5b3", "R++2", "前车进2"},
                                                    {"b5a5", "R+.1", "前车平1"},
                                                    {"b9c9", "R-.3", "后车平3"},
                                                    {"b9b7", "R-+2", "后车进2"},
                                                });
    // Two horses on one file.
    checkKnown("3k5/9/9/9/9/9/2N6/9/2N6/4K4 w", {
                                                    {"c3d5", "H++6", "前马进六"},
                                                    {"c1a0", "H--9", "后马退九"},
                                                });
    // Advisors and elephants on one file keep their file: the direction tells them apart.
    checkKnown("3k5/9/9/9/9/9/9/3A5/9/3AK4 w", {
                                                   {"d0e1", "A6+5", "仕六进五"},
                                                   {"d2e1", "A6-5", "仕六退五"},
                                               });
    checkKnown("3k5/9/9/9/9/2B6/9/9/9/2B1K4 w", {
                                                    {"c0e2", "E7+5", "相七进五"},
                                                    {"c4e2", "E7-5", "相七退五"},
                                                    {"c4a2", "E7-9", "相七退九"},
                                                });
    // Front/rear designators are read for them as well.
    const Position pos = fen("3k5/9/9/9/9/9/9/3A5/9/3AK4 w");
    CHECK(*parseWxf(pos, "A+-5") == iccs(pos, "d2e1"));
    CHECK(*parseChinese(pos, "后仕进五") == iccs(pos, "d0e1"));
}

TEST_CASE("columns of soldiers follow the WXF and Chinese conventions", "[notation]") {
    // Three on Red's file 7 and two on file 3: the file replaces the piece.
    checkKnown("3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w", {
                                                          {"c7c8", "7++1", "前七进一"},
                                                          {"c6b6", "77.8", "中七平八"},
                                                          {"c5b5", "7-.8", "后七平八"},
                                                          {"g7g8", "3++1", "前三进一"},
                                                          {"g6h6", "3-.2", "后三平二"},
                                                      });
    // Three in one column (and a lone soldier): P+, P<file>, P-; 前兵, 中兵, 后兵.
    checkKnown("3k5/9/2P6/2P3P2/2P6/9/9/9/9/4K4 w", {
                                                        {"c7c8", "P++1", "前兵进一"},
                                                        {"c6b6", "P7.8", "中兵平八"},
                                                        {"c5d5", "P-.6", "后兵平六"},
                                                        {"g6g7", "P3+1", "兵三进一"},
                                                    });
    // Four in one column: ++ P+ P- --; 前兵 二兵 三兵 四兵.
    checkKnown("3k5/2P6/2P6/2P3P2/2P6/9/9/9/9/4K4 w", {
                                                          {"c8c9", "+++1", "前兵进一"},
                                                          {"c7b7", "P+.8", "二兵平八"},
                                                          {"c6d6", "P-.6", "三兵平六"},
                                                          {"c5b5", "--.8", "四兵平八"},
                                                          {"g6g7", "P3+1", "兵三进一"},
                                                      });
    // Five in one column: ++ P+ P<file> P- --; 前兵 二兵 三兵 四兵 五兵.
    checkKnown("2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w", {
                                                          {"c9d9", "++.6", "前兵平六"},
                                                          {"c8d8", "P+.6", "二兵平六"},
                                                          {"c7d7", "P7.6", "三兵平六"},
                                                          {"c6d6", "P-.6", "四兵平六"},
                                                          {"c5d5", "--.6", "五兵平六"},
                                                      });
    // Black soldiers: two on Black's file 3 and two on file 7.
    checkKnown("4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b", {
                                                        {"c3c2", "3++1", "前3进1"},
                                                        {"c4b4", "3-.2", "后3平2"},
                                                        {"g3g2", "7++1", "前7进1"},
                                                    });
}

TEST_CASE("readers accept the common variants", "[notation]") {
    const Position start = fen(std::string(kStartFen));
    const Move c25       = iccs(start, "h2e2");
    for (const char* text : {"C2.5", "C2=5", "C25", "c2.5", "C2 = 5"})
        CHECK(*parseWxf(start, text) == c25);
    CHECK(*parseWxf(start, "N2+3") == iccs(start, "h0g2"));
    CHECK(*parseWxf(start, "B3+5") == iccs(start, "g0e2"));
    CHECK(*parseWxf(start, "G5+1") == iccs(start, "e0e1"));
    for (const char* text :
         {"炮二平五", "炮2平5", "炮２平５", "砲二平五", "包二平五", "炮 二 平 五"})
        CHECK(*parseChinese(start, text) == c25);
    CHECK(*parseChinese(start, "傌二進三") == iccs(start, "h0g2"));
    CHECK(*parseChinese(start, "俥一進一") == iccs(start, "i0i1"));
    CHECK(*parseChinese(start, "帥五進一") == iccs(start, "e0e1"));

    const Position black = fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b");
    CHECK(*parseChinese(black, "馬8進7") == iccs(black, "h9g7"));
    CHECK(*parseChinese(black, "马八进七") == iccs(black, "h9g7"));
    CHECK(*parseChinese(black, "車9進2") == iccs(black, "i9i7"));
    CHECK(*parseChinese(black, "將5進1") == iccs(black, "e9e8"));
    CHECK(*parseChinese(black, "象7进5") == iccs(black, "g9e7"));

    // "+R.3" with the sign first; 後 for 后; 前兵七平八 with both piece and file.
    const Position cannons = fen("3k5/9/9/9/9/4C4/9/4C4/9/4K4 w");
    CHECK(*parseWxf(cannons, "+C+1") == iccs(cannons, "e4e5"));
    CHECK(*parseChinese(cannons, "後炮平六") == iccs(cannons, "e2d2"));
    const Position columns = fen("3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w");
    CHECK(*parseChinese(columns, "前兵七进一") == iccs(columns, "c7c8"));
    CHECK(*parseChinese(columns, "二七平八") == iccs(columns, "c6b6"));

    // parseMove detects the notation.
    CHECK(*parseMove(start, "h2e2") == c25);
    CHECK(*parseMove(start, "H2-E2") == c25);
    CHECK(*parseMove(start, "C2.5") == c25);
    CHECK(*parseMove(start, "炮二平五") == c25);
}

TEST_CASE("readers explain what is wrong", "[notation]") {
    const Position start = fen(std::string(kStartFen));
    auto err             = [&](const Position& pos, const char* text) {
        auto m = parseMove(pos, text);
        INFO(text);
        REQUIRE_FALSE(m);
        return m.error();
    };
    using Catch::Matchers::Contains;
    CHECK_THAT(err(start, "X2.5"), Contains("not a WXF move") && Contains("character 1"));
    CHECK_THAT(err(start, "C2*5"), Contains("expected a direction") && Contains("character 3"));
    CHECK_THAT(err(start, "C2.55"), Contains("end of the move"));
    CHECK_THAT(err(start, "炮二走五"), Contains("not a Chinese move") && Contains("direction"));
    CHECK_THAT(err(start, "飞二平五"), Contains("expected a piece"));
    CHECK_THAT(err(start, "R3+1"), Contains("Red has no chariot on file 3"));
    CHECK_THAT(err(start, "车三进一"), Contains("Red has no chariot on file 3"));
    CHECK_THAT(err(start, "R1+9"), Contains("the chariot on file 1 cannot move forward 9"));
    CHECK_THAT(err(start, "H2+2"), Contains("horse on file 2 cannot move forward to file 2"));
    CHECK_THAT(err(start, "H2.3"), Contains("cannot move sideways"));
    CHECK_THAT(err(start, "C2.2"), Contains("already stands on that file"));
    CHECK_THAT(err(start, "P3-1"), Contains("soldier on file 3 cannot move backward 1"));
    CHECK_THAT(err(start, "P+.4"), Contains("no two Red soldiers share a file"));
    CHECK_THAT(err(start, "i0i5"), Contains("not a legal move"));

    const Position cannons = fen("3k5/9/9/9/9/4C4/9/4C4/9/4K4 w");
    CHECK_THAT(err(cannons, "C5+1"),
               Contains("ambiguous") && Contains("2 cannons stand on file 5"));
    CHECK_THAT(err(cannons, "炮五进一"), Contains("ambiguous"));
    const Position columns = fen("3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w");
    CHECK_THAT(err(columns, "P+.8"), Contains("ambiguous") && Contains("files 7 and 3"));
    CHECK_THAT(err(columns, "前兵平八"), Contains("ambiguous"));
    CHECK_THAT(err(columns, "33.2"), Contains("no middle soldier"));
    CHECK_THAT(err(columns, "P3+1"), Contains("ambiguous"));

    // A pinned chariot; a chariot between the generals.
    const Position pinned = fen("3rk4/9/9/9/9/9/9/9/3R5/3K5 w");
    CHECK_THAT(err(pinned, "R6.5"), Contains("illegal") && Contains("Red general in check"));
    CHECK_THAT(err(pinned, "车六平五"), Contains("illegal"));
    const Position screen = fen("4k4/9/9/9/9/9/9/9/4A4/4K4 w");
    CHECK_THAT(err(screen, "A5+6"), Contains("generals facing each other"));
}

TEST_CASE("every legal move of random games reads back in every notation", "[notation]") {
    std::mt19937 rng(20240611);
    int positions = 0;
    for (int game = 0; game < 40; ++game) {
        Position pos = fen(std::string(kStartFen));
        for (int ply = 0; ply < 160; ++ply) {
            checkRoundTrips(pos);
            ++positions;
            MoveList list;
            generateLegal(pos, list);
            if (list.empty())
                break;
            // Every other ply prefers a soldier move, so that columns of soldiers appear.
            std::vector<Move> soldierMoves;
            for (Move m : list)
                if (typeOf(pos.at(m.from())) == PieceType::Pawn)
                    soldierMoves.push_back(m);
            const bool soldier  = ply % 2 == 0 && !soldierMoves.empty();
            const std::size_t n = soldier ? soldierMoves.size() : list.size();
            const std::size_t k = std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
            const Move m        = soldier ? soldierMoves[k] : list[k];
            Undo u;
            pos.makeMove(m, u);
        }
    }
    CHECK(positions > 2000);
}

TEST_CASE("every legal move reads back with random soldier columns", "[notation]") {
    // Five soldiers a side scattered over the far half: columns of 2 to 5, one or two per side.
    std::mt19937 rng(7);
    int positions = 0;
    for (int i = 0; i < 3000; ++i) {
        Position pos;
        pos.put(makeSquare(4, 0), makePiece(Color::Red, PieceType::King));
        pos.put(makeSquare(3, 9), makePiece(Color::Black, PieceType::King));
        const int files = 1 + static_cast<int>(rng() % 3);
        for (Color c : {Color::Red, Color::Black}) {
            int placed = 0;
            for (int tries = 0; placed < 5 && tries < 200; ++tries) {
                const int file = 2 + static_cast<int>(rng() % static_cast<unsigned>(files)) * 2;
                const int far  = 5 + static_cast<int>(rng() % 5); // ranks 5-9 from c's side
                const int rank = c == Color::Red ? far : 9 - far;
                const Square s = makeSquare(file, rank);
                if (pos.at(s) != kNoPiece)
                    continue;
                pos.put(s, makePiece(c, PieceType::Pawn));
                ++placed;
            }
        }
        pos.put(makeSquare(0, 0), makePiece(Color::Red, PieceType::Rook));
        pos.put(makeSquare(8, 9), makePiece(Color::Black, PieceType::Rook));
        pos.setSideToMove(i % 2 ? Color::Black : Color::Red);
        if (pos.isAttacked(~pos.sideToMove()) || pos.kingsFace())
            continue;
        checkRoundTrips(pos);
        ++positions;
    }
    CHECK(positions > 1000);
}

TEST_CASE("editor set-ups with three of a kind on a file still read back", "[notation]") {
    // Not reachable in play (parseFen refuses them), but a position editor may show them.
    for (const char* f : {"3k5/9/9/9/4R4/9/4R4/9/4R4/3K5 w", "3k5/9/9/2P6/2P6/2P6/2P6/9/9/4K4 w",
                          "3k5/9/9/9/9/1C2C2C1/9/9/9/4K4 w"}) {
        auto pos = parseFenBoard(f);
        INFO(f << ": " << pos.error());
        REQUIRE(pos);
        checkRoundTrips(*pos);
    }
    const Position rooks = *parseFenBoard("3k5/9/9/9/4R4/9/4R4/9/4R4/3K5 w");
    CHECK(toWxf(rooks, *parseIccs(rooks, "e3d3")) == "R5.6"); // the middle one keeps its file
    CHECK(toChinese(rooks, *parseIccs(rooks, "e3d3")) == "中车平六");
}
