"""The external engine in the real program: our own xiangqi-engine given with --engine plays the
computer's moves (the log names the engine of each move, and the saved game has them);
a fake engine that crashes hands the game to our engine with a message, and the game goes on;
the Engine dialog (Settings -> External engine) starts the engine, lists its fifteen options, and
what the person changes there is saved in settings.json under the engine's name."""
import json
import os
import re
import sys

import xqtest

HERE = os.path.dirname(os.path.abspath(__file__))
FAKE = os.path.join(HERE, "..", "data", "engines", "fake_engine.sh")

PLAY = """
wait 30
click h2
click e2
idle
expect-ply 2
click h0
click g2
idle
expect-ply 4
click i0
click h0
idle
expect-ply 6
save-pgn {pgn}
"""

DIALOG = """
wait 30
button settings
wait 5
button engine
idle
expect-state engine-options 15
button u-analysis
button o-3-plus
button o-0-plus
wait 5
button close
wait 5
quit
"""


def run(program, args, script, box):
    path = box.path("test.script")
    with open(path, "w") as f:
        f.write(script.format(pgn=box.path("game.pgn")))
    status, output = xqtest.run(program, args + ["--script", path, "--size", "1000x700"], box)
    if status != 0:
        print(output[-3000:])
        print(box.log()[-3000:])
        xqtest.fail(f"script failed (exit {status}) with {args}")
    return box.log()


def moves_of(pgn_path):
    with open(pgn_path, encoding="utf-8") as f:
        text = f.read()
    body = "\n".join(line for line in text.splitlines() if not line.startswith("["))
    return [w for w in body.split() if not w.endswith(".") and w not in ("*", "1-0", "0-1")]


def main():
    program = os.path.abspath(sys.argv[1])
    engine = os.path.join(os.path.dirname(program), "xiangqi-engine")
    if not os.path.exists(engine):
        xqtest.fail(f"no engine program beside the game: {engine}")

    # 1. Our engine program as the external opponent.
    box = xqtest.Sandbox()
    try:
        log = run(program, ["--engine", engine, "--depth", "2"], PLAY, box)
        # Our engine program tells its name "Xiangqi <version>"; our own search is "Xiangqi engine".
        external = [l for l in log.splitlines()
                    if "computer plays" in l and re.search(r"\(Xiangqi \d", l)]
        if len(external) != 3:
            print(log[-3000:])
            xqtest.fail(f"expected 3 moves of the external engine, the log has {len(external)}")
        if "external engine:" in log:
            xqtest.fail("the external engine reported a failure:\n" + log[-2000:])
        if len(moves_of(box.path("game.pgn"))) < 6:
            xqtest.fail("the saved game lacks moves")
    finally:
        box.cleanup()

    # 2. An engine that crashes on its first search: our engine plays instead, with a message.
    box = xqtest.Sandbox()
    try:
        log = run(program, ["--engine", f"sh '{FAKE}' crash", "--depth", "2"], PLAY, box)
        if "external engine: engine 'Fake crash': stopped during a search (exited with status 3)" \
                not in log:
            print(log[-3000:])
            xqtest.fail("no message about the crashed engine in the log")
        if "(Fake crash)" in log:
            xqtest.fail("a move was credited to the crashed engine")
        if len(moves_of(box.path("game.pgn"))) < 6:
            xqtest.fail("the game did not go on after the engine crashed")
    finally:
        box.cleanup()

    # 3. The dialog: options listed, changes saved.
    box = xqtest.Sandbox()
    try:
        run(program, ["--engine", engine], DIALOG, box)
        with open(os.path.join(box.config, "xiangqi", "settings.json"), encoding="utf-8") as f:
            saved = json.load(f)["engine"]
        if saved["command"] != engine or not saved["analysis"] or not saved["opponent"]:
            xqtest.fail(f"the dialog's changes were not saved: {saved}")
        ours = [v for k, v in saved["options"].items() if k.startswith("Xiangqi ")]
        if len(ours) != 1 or ours[0].get("MultiPV") != "2":
            xqtest.fail(f"MultiPV + did not store 2 for the engine: {saved['options']}")
        # Hash (1 to 4096 MB) steps by doubling: 64 -> 128, not 64 -> 64 + a fiftieth.
        if ours[0].get("Hash") != "128":
            xqtest.fail(f"Hash + did not double 64 to 128: {saved['options']}")
    finally:
        box.cleanup()
    print("external engine: OK")


if __name__ == "__main__":
    main()
