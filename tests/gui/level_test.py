"""The playing level in the real program: --level N on the command line, the computer's first
move played at that level, the Settings dialog's - and + buttons (from 10 the next step is full
strength), and the level written to settings.json when it was changed in the game."""
import json
import os
import sys

import xqtest


def run_script(program, box, args, lines):
    script = box.path("level.txt")
    with open(script, "w") as f:
        f.write("\n".join(lines) + "\n")
    status, output = xqtest.run(program, args + ["--script", script], box)
    if status != 0:
        xqtest.fail(f"{args}: exit status {status}\n{output}\n{box.log()}")


def saved_level(box):
    with open(os.path.join(box.config, "xiangqi", "settings.json")) as f:
        return json.load(f).get("level")


def main():
    program = sys.argv[1]
    box = xqtest.Sandbox()
    try:
        # Level 1 plays Red's first move; "-" is disabled at level 1, "+" twice makes level 3.
        run_script(program, box, ["--level", "1", "--side", "black"],
                   ["idle", "expect-ply 1", "button settings", "wait 3", "button lv-down",
                    "wait 2", "button lv-up", "wait 2", "button lv-up", "wait 2",
                    "button close", "wait 2", "quit"])
        if saved_level(box) != 3:
            xqtest.fail(f"level changed in the dialog not saved: {saved_level(box)}")
        print("ok: --level 1 played, the dialog's + raised it to 3 and it was saved")

        # From level 10, "+" is full strength (0), and the computer plays at its depth again.
        run_script(program, box, ["--level", "10", "--side", "red", "--depth", "2"],
                   ["wait 3", "button settings", "wait 3", "button lv-up", "wait 2", "button close",
                    "wait 2", "click h2", "click e2", "idle", "expect-ply 2", "quit"])
        if saved_level(box) != 0:
            xqtest.fail(f"full strength after level 10 not saved: {saved_level(box)}")
        print("ok: + after level 10 is full strength")

        # --level for one run only: the file's level stays.
        run_script(program, box, ["--level", "6", "--quit-after", "1"], ["wait 5", "quit"])
        if saved_level(box) != 0:
            xqtest.fail(f"--level for one run was saved: {saved_level(box)}")
        print("ok: --level lasts one run")
        print("PASS")
    finally:
        box.cleanup()


if __name__ == "__main__":
    main()
