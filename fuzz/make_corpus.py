#!/usr/bin/env python3
"""Writes the seed corpora in fuzz/corpus/<target>/ from the repository's test data.

Run from anywhere: python3 fuzz/make_corpus.py. Seeds are small, valid (and a few invalid)
inputs that show each fuzzer the shape of real input; the fuzzers mutate copies of them.
Existing seed files are replaced; files named by libFuzzer (crash inputs) are not touched.
"""
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "fuzz" / "corpus"
DATA = ROOT / "tests" / "data"

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def write(target, name, data):
    d = CORPUS / target
    d.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    (d / name).write_bytes(data)


def data_fens():
    fens = []
    for name in ("perft.txt", "rules.txt", "mates.txt", "tactics.txt"):
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fen = line.split(";")[0].strip()
            if fen not in fens:
                fens.append(fen)
    return fens


def fen_seeds():
    fens = data_fens()
    for i, fen in enumerate(fens):
        write("fuzz_fen", f"data_{i:03d}", fen)
    extra = [
        "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 7 12\n",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w",
        "3k5/9/9/9/9/9/9/9/9/3R1K3 w",
        "4k4/9/9/9/9/9/9/9/9/4K4 w",
        "3k5/9/9/9/9/9/1P7/9/9/3K5 w",
        "",
    ]
    for i, fen in enumerate(extra):
        write("fuzz_fen", f"extra_{i:02d}", fen)


# (position index in fuzz_notation.cpp's kFens, move text)
NOTATION_SEEDS = [
    (0, "h2e2"), (0, "H2-E2"), (0, "C2=5"), (0, "C2.5"), (0, "H8+7"), (0, "炮二平五"),
    (0, "马八进七"), (0, "馬八進七"), (0, "P7+1"), (0, "兵七进一"), (0, "A4+5"), (0, "仕四进五"),
    (1, "h9g7"), (1, "H2+3"), (1, "马2进3"), (1, "马２进３"), (1, "c7c6"), (1, "卒3进1"),
    (2, "P++.7"), (2, "前兵平四"), (2, "c8d8"), (3, "二兵平四"), (3, "P2=6"),
    (4, "R+.3"), (4, "前兵进一"), (5, "C-=2"), (5, "前卒进1"), (6, "C+.1"), (6, "前炮进一"),
    (6, "后炮平四"), (7, "后马进八"), (7, "H-+8"), (8, "相七进五"), (8, "E7+5"),
    (9, "仕六进五"), (10, "前车平6"), (10, "R-=6"), (11, "e5e8"), (11, "车六进一"),
    (12, "R4+1"), (13, "车4平5"), (14, "k9e9"), (14, "将4平5"), (15, "d9e9"), (16, "e0d0"),
]


def notation_seeds():
    # The last position index (17) means: a FEN line, then the move text.
    for i, (pos, text) in enumerate(NOTATION_SEEDS):
        write("fuzz_notation", f"seed_{i:03d}", bytes([pos]) + text.encode("utf-8"))
    write("fuzz_notation", "custom_fen", bytes([17]) + (START + "\nh0g2").encode("utf-8"))


UCI_SESSIONS = [
    "uci\nisready\nucinewgame\nposition startpos\ngo depth 1\nquit\n",
    "position startpos moves h2e2 h9g7 h0g2\nd\ngo movetime 10\n",
    "position fen " + START + " moves h2e2 h7e7\ngo perft 2\n",
    "position fen 3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1\ngo depth 3\n",
    "position fen 3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1\ngo nodes 100\n",
    "setoption name Hash value 1\nsetoption name MultiPV value 3\nposition startpos\n"
    "go wtime 1000 btime 1000 winc 10 binc 10 movestogo 20\nstop\n",
    "setoption name OwnBook value false\nposition startpos moves c3c4\ngo infinite\nisready\nstop\n",
    "position startpos moves h2e2 h9g7 x9x9\nposition startpos moves h2e2 h2e2\n"
    "position fen rnbakabnr/9 w\nposition foo\ngo depth 99\ngo perft x\nbench 1\n",
    "go mate 2\ngo searchmoves h2e2\ngo ponder\nponderhit\nsetoption name Clear Hash\n",
]


def uci_seeds():
    for i, s in enumerate(UCI_SESSIONS):
        write("fuzz_uci", f"session_{i:02d}", s)
    for i, fen in enumerate(data_fens()[::6]):
        write("fuzz_uci", f"fen_{i:02d}", f"position fen {fen} moves\ngo depth 2\nd\n")


def pgn_seeds():
    pgn_dir = DATA / "pgn"
    if pgn_dir.is_dir():
        for f in sorted(pgn_dir.glob("*.pgn")):
            b = f.read_bytes()
            if len(b) <= 16384:
                write("fuzz_pgn", f.stem, b)
                write("fuzz_savefile", f.stem, b)
    game = (
        '[Game "Chinese Chess"]\n[Event "Seed"]\n[Red "A"]\n[Black "B"]\n[Result "1-0"]\n'
        '[Format "ICCS"]\n\n{start} 1. h2e2 h9g7 {reply} 2. h0g2 $1 (2. b0c2 i9h9) i9h9 1-0\n'
    )
    write("fuzz_pgn", "seed_iccs", game)
    write("fuzz_pgn", "seed_two_games", game + "\n" + game.replace("1-0", "*"))
    wxf = ('[Game "Chinese Chess"]\n[Format "WXF"]\n[FEN "3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1"]'
           '\n\n1... K4=5 2. R6+8 *\n')
    write("fuzz_pgn", "seed_wxf_fen", wxf)
    chinese = '[Game "Chinese Chess"]\n\n1. 炮二平五 马8进7 2. 马二进三 车9平8 *\n'
    write("fuzz_pgn", "seed_chinese", chinese)
    write("fuzz_pgn", "seed_chinese_gbk", chinese.encode("gbk"))
    write("fuzz_savefile", "seed_autosave",
          '[Game "Chinese Chess"]\n[Event "Casual game"]\n[Site "xiangqi"]\n'
          '[Date "2024.01.01"]\n[Red "Red"]\n[Black "Black"]\n[Result "*"]\n[Format "ICCS"]\n\n'
          '1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 *\n')
    write("fuzz_savefile", "seed_wxf", '[Result "0-1"]\n\n1. C2=5 H8+7 2. H2+3 0-1\n')
    write("fuzz_savefile", "seed_fen",
          '[FEN "3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1"]\n\n1... d9e9 {comment} (1... d9d8) *\n')


def book_seeds():
    book = (ROOT / "assets" / "book" / "book.txt").read_text(encoding="utf-8")
    write("fuzz_book", "seed_book", book)
    write("fuzz_book", "seed_fen_line", START + " ; h2e2 10 b2e2 5\n")
    write("fuzz_book", "seed_bad_lines",
          "startpos moves h2e2 ; h9g7 3 zz99 4\nh2e2 h9g7 ; x 1\n; ; ;\nstartpos ; h2e2 -5\n")


def settings_seeds():
    write("fuzz_settings", "defaults",
          '{\n  "depth": 6,\n  "useMoveTime": false,\n  "moveTimeMs": 3000,\n  "side": "red",\n'
          '  "notation": "chinese",\n  "sound": true,\n  "pieceStyle": "chinese",\n'
          '  "language": "en",\n  "windowWidth": 1280,\n  "windowHeight": 800\n}\n')
    write("fuzz_settings", "changed",
          '{"depth": 25, "useMoveTime": true, "moveTimeMs": 50, "side": "none",'
          ' "notation": "wxf", "sound": false, "pieceStyle": "western", "language": "zh",'
          ' "windowWidth": 100000, "windowHeight": -5, "extra": [1, 2.5, null, {"a": "b"}]}')
    write("fuzz_settings", "wrong_type", '{"depth": "six"}')
    write("fuzz_settings", "not_object", '[1, 2, 3]')
    write("fuzz_settings", "truncated", '{"depth": 6, "side": "bla')


def main():
    fen_seeds()
    notation_seeds()
    uci_seeds()
    pgn_seeds()
    book_seeds()
    settings_seeds()
    for d in sorted(CORPUS.iterdir()):
        print(f"{d.name}: {len(list(d.iterdir()))} seeds")


if __name__ == "__main__":
    main()
