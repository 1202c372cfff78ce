"""The games library under Xvfb: Import of a folder of real game files (XQF, CBR, CBL, CBF,
PGN) fills the games database; the table filters as one types a player's name; a double click
opens a game for review; the opening explorer lists the moves from the start position and a
click plays one, Left takes it back. A saved game goes into the database; a multi-game file
opens as a table; a damaged database is set aside and a new one started."""
import os
import sqlite3
import sys

import xqtest

FORMATS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "formats")


def main():
    program = sys.argv[1]
    box = xqtest.Sandbox()
    try:
        script = box.path("library.txt")
        with open(script, "w") as f:
            f.write(f"""wait 5
key L
wait 3
button importpath
type {os.path.abspath(FORMATS)}
key Enter
idle
wait 5
expect-state games 45
button filter
type 吕钦
wait 2
expect-state shown 6
button row-0
button row-0
wait 5
expect-ply 82
key X
wait 5
expect-state explorer-moves 6
button move-0
wait 5
expect-state explorer-moves 4
key Left
wait 5
expect-state explorer-moves 6
""")
        status, output = xqtest.run(program, ["--script", script], box)
        if status != 0:
            xqtest.fail(f"library script failed ({status}):\n{output}\n{box.log()}")
        db = os.path.join(box.data, "xiangqi", "games.sqlite")
        con = sqlite3.connect(db)
        games = con.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        if games != 45:
            xqtest.fail(f"{games} games in the database, expected 45")
        con.close()
        print("ok: import, filter, open, explorer")

        # A saved game is added to the database (once, however often it is saved).
        save = box.path("save.txt")
        with open(save, "w") as f:
            f.write("click h2\nclick e2\nidle\nkey Ctrl+S\nwait 2\nkey Ctrl+S\nwait 2\n")
        status, output = xqtest.run(program, ["--side", "both", "--script", save], box)
        if status != 0:
            xqtest.fail(f"save script failed ({status}):\n{output}\n{box.log()}")
        con = sqlite3.connect(db)
        saved = con.execute("SELECT COUNT(*) FROM games WHERE source='saved'").fetchone()[0]
        con.close()
        if saved != 1:
            xqtest.fail(f"{saved} saved games in the database, expected 1")
        print("ok: saved game in the database")

        # A library file opens as a table of its games.
        table = box.path("table.txt")
        with open(table, "w") as f:
            f.write("wait 5\nexpect-state games 36\n")
        cbl = os.path.join(FORMATS, "1989年龙化杯象棋名师邀请赛35局.CBL")
        status, output = xqtest.run(program, ["--pgn", cbl, "--script", table], box)
        if status != 0:
            xqtest.fail(f"CBL table failed ({status}):\n{output}\n{box.log()}")
        print("ok: a CBL file opens as a table")

        # A damaged database is set aside (not deleted) and a new one started.
        with open(db, "w") as f:
            f.write("not a database " * 10)
        damaged = box.path("damaged.txt")
        with open(damaged, "w") as f:
            f.write("wait 5\nkey L\nwait 5\nexpect-state games 0\n")
        status, output = xqtest.run(program, ["--script", damaged], box)
        if status != 0:
            xqtest.fail(f"damaged database ({status}):\n{output}\n{box.log()}")
        aside = [n for n in os.listdir(os.path.dirname(db)) if n.startswith("games.sqlite.corrupt-")]
        if len(aside) != 1 or "set aside" not in box.log():
            xqtest.fail(f"damaged database not set aside: {os.listdir(os.path.dirname(db))}")
        print("ok: a damaged database is set aside")
        print("PASS")
    finally:
        box.cleanup()


if __name__ == "__main__":
    main()
