"""A corrupt settings file and a corrupt autosave: the program starts anyway, reports both (log
and a message in the window), renames them aside (never deletes) and writes fresh settings.
A good autosave of an unfinished game is offered for resumption and can be resumed. A bad --fen
on the command line is a usage error: the reason on the terminal, exit status 2, no window."""
import glob
import json
import os
import sys

import xqtest


def main():
    program = sys.argv[1]
    box = xqtest.Sandbox()
    try:
        settings = os.path.join(box.config, "xiangqi", "settings.json")
        autosave = os.path.join(box.data, "xiangqi", "autosave.pgn")
        with open(settings, "w") as f:
            f.write('{"depth": 5, "language": ')  # cut short
        with open(autosave, "w") as f:
            f.write('[Game "Chinese Chess"]\n\n1. h2e2 h9h9 *\n')  # an impossible move
        status, output = xqtest.run(program, ["--quit-after", "2"], box)
        if status != 0:
            xqtest.fail(f"exit status {status}\n{output}")
        aside = glob.glob(settings + ".corrupt-*")
        if len(aside) != 1:
            xqtest.fail(f"settings not set aside: {os.listdir(os.path.dirname(settings))}")
        with open(aside[0]) as f:
            if f.read() != '{"depth": 5, "language": ':
                xqtest.fail("the set-aside settings file was changed")
        with open(settings) as f:
            fresh = json.load(f)  # rewritten with defaults on exit
        if fresh.get("depth") != 6:
            xqtest.fail(f"fresh settings are not the defaults: {fresh}")
        if len(glob.glob(autosave + ".corrupt-*")) != 1:
            xqtest.fail("corrupt autosave not set aside")
        log = box.log()
        if "settings file is not valid JSON" not in log or "autosave" not in log:
            xqtest.fail(f"problems not logged:\n{log}")
        print("ok: corrupt files set aside")

        # A good unfinished game is offered; the script presses "Resume".
        with open(autosave, "w") as f:
            f.write('[Game "Chinese Chess"]\n[Mode "both"]\n\n1. h2e2 h9g7 *\n')
        script = box.path("resume.txt")
        with open(script, "w") as f:
            f.write("wait 3\nbutton yes\nwait 2\nexpect-ply 2\n")
        # --script normally skips the offer; --offer-resume keeps it.
        status, output = xqtest.run(program, ["--script", script, "--offer-resume"], box)
        if status != 0:
            xqtest.fail(f"resume failed ({status}):\n{output}\n{box.log()}")
        print("ok: resume offered and accepted")

        # A bad position on the command line: said on the terminal, exit 2, like --depth 99.
        for args, want in ((["--fen", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9 w"],
                            "--fen: FEN 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9 w': "),
                           (["--puzzle-fen", "xyz"], "--puzzle-fen: FEN 'xyz': "),
                           (["--depth", "99"], "--depth: Value 99 not in range 1 to 20")):
            status, output = xqtest.run(program, args, box)
            if status != 2 or want not in output:
                xqtest.fail(f"{args}: exit status {status} (want 2), output:\n{output}")
        print("ok: a bad --fen exits 2 with the reason")
        print("PASS")
    finally:
        box.cleanup()


if __name__ == "__main__":
    main()
