"""The endgame trainer in the real program: key G opens it, choosing "Chariot against a single
advisor" makes the table (KRka and the tables below it) into the XDG cache directory, a won
position is drawn (XQ_TRAINER_SEED fixes which), the table's best move keeps the win one ply
shorter, a move into a draw is called a thrown win and is taken back, and the progress file
counts the position tried. The moves are chosen with xiangqi-egtb probe on the same tables."""
import json
import os
import re
import subprocess
import sys

import xqtest


def run_script(program, box, lines):
    script = box.path("trainer.txt")
    with open(script, "w") as f:
        f.write("\n".join(lines) + "\n")
    status, output = xqtest.run(program, ["--script", script], box)
    if status != 0:
        xqtest.fail(f"exit status {status}\n{output}\n{box.log()}")


def main():
    program, egtb = sys.argv[1], sys.argv[2]
    box = xqtest.Sandbox()
    os.environ["XDG_CACHE_HOME"] = box.path("cache")
    os.environ["XQ_TRAINER_SEED"] = "44"
    tables = box.path("cache", "xiangqi", "egtb")
    try:
        run_script(program, box, ["wait 5", "key G", "wait 3", "button ending6", "idle",
                                  "wait 3", "expect-state trainer playing", "quit"])
        if not os.path.isfile(os.path.join(tables, "KRka.xqtb")):
            xqtest.fail(f"no KRka table in {tables}: {os.listdir(box.path('cache'))}")
        found = re.findall(r"trainer KRka: (\S+ w - - 0 1)", box.log())
        if not found:
            xqtest.fail("no trainer position in the log\n" + box.log())
        fen = found[-1]
        probe = subprocess.run([egtb, "--dir", tables, "probe", fen], check=True,
                               stdout=subprocess.PIPE).stdout.decode()
        head = re.match(r"tb win dtm=(\d+) best=(\w+)", probe)
        if not head:
            xqtest.fail(f"{fen}: not a won position for Red:\n{probe}")
        best = head.group(2)
        draws = re.findall(r"^  (\w+) draw", probe, re.M)
        print(f"ok: the table was made and {fen} drawn (win in {head.group(1)} plies)")

        lines = ["wait 5", "key G", "wait 3", "button ending6", "idle", "wait 3",
                 f"expect-fen {fen}"]
        if draws:
            lines += [f"click {draws[0][:2]}", f"click {draws[0][2:]}", "wait 3",
                      "expect-state trainer threw", "button takeback", "wait 3",
                      f"expect-fen {fen}"]
        lines += [f"click {best[:2]}", f"click {best[2:]}", "wait 3"]
        lines += ["expect-state trainer " + ("won" if head.group(1) == "1" else "playing"),
                  "quit"]
        run_script(program, box, lines)
        with open(os.path.join(box.data, "xiangqi", "trainer.json")) as f:
            progress = json.load(f)
        if progress.get("KRka", {}).get("started") != 2:
            xqtest.fail(f"progress not counted: {progress}")
        print(f"ok: {'a draw move was called a thrown win and taken back, ' if draws else ''}"
              f"the best move {best} played, progress {progress['KRka']}")
        print("PASS")
    finally:
        box.cleanup()


if __name__ == "__main__":
    main()
