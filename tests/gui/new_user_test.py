"""A new user's first minutes, in the real program under Xvfb:
1. On a 1024x640 screen the window opens scaled down to fit (the default 1280x800 does not),
   and a last size that fits is kept.
2. Without an audio device the log says "sound off: no audio device" once, and OpenAL and ALSA
   print nothing.
3. The longest end-of-game sentence (a perpetual chase) is wrapped and fits the panel above the
   next row, in English and Chinese, from the smallest window the settings allow up.
4. Switching analysis on and off moves no button (a click aimed at Settings hit Paste).
5. The strength's "-" is greyed at level 1 and depth 1, "+" at level 10 and depth 20.
6. The Chinese New game dialog shows "untimed" in Chinese in the Other box, and starts an
   untimed game from it.
7. The puzzle list has a scrollbar: its arrows, the arrow keys and Page Down scroll the list.
8. No button label is cut ("Cont…", "Check …") in the panel, Settings, New game or the puzzle
   list, from 640x480 up, in English and Chinese.
"""
import glob
import json
import os
import re
import sys

import xqtest


def audio_device_present():
    """The program's own test (app/gui/shell/audio.cpp): an ALSA playback device or a sound
    server's socket."""
    if os.environ.get("PULSE_SERVER"):
        return True
    run = os.environ.get("XDG_RUNTIME_DIR")
    if run and (os.path.exists(os.path.join(run, "pulse", "native"))
                or os.path.exists(os.path.join(run, "pipewire-0"))):
        return True
    return bool(glob.glob("/dev/snd/pcmC*D*p"))


def window_fits(program):
    for saved, want in (((1280, 800), (947, 592)), ((900, 560), (900, 560))):
        box = xqtest.Sandbox()
        try:
            with open(os.path.join(box.config, "xiangqi", "settings.json"), "w") as f:
                json.dump({"windowWidth": saved[0], "windowHeight": saved[1]}, f)
            shot = box.path("shot.png")
            status, output = xqtest.run(program, ["--screenshot", shot], box, screen="1024x640")
            if status != 0 or not os.path.exists(shot):
                xqtest.fail(f"exit {status}, no screenshot\n{output}")
            image = xqtest.Image(shot)
            if (image.width, image.height) != want:
                xqtest.fail(f"saved {saved} on a 1024x640 screen: the window is "
                            f"{image.width}x{image.height}, wanted {want}")
            print(f"ok: saved {saved[0]}x{saved[1]} opens at {want[0]}x{want[1]} on 1024x640")
        finally:
            box.cleanup()


def no_sound_device(program):
    box = xqtest.Sandbox()
    try:
        status, output = xqtest.run(program, ["--quit-after", "2"], box)
        if status != 0:
            xqtest.fail(f"exit {status}\n{output}")
        log = box.log()
        said = log.count("sound off: no audio device")
        if audio_device_present():
            if said:
                xqtest.fail("an audio device is present but the log says there is none")
            print("ok: an audio device is present (the silent start is not checked here)")
            return
        if said != 1:
            xqtest.fail(f"'sound off: no audio device' is in the log {said} times\n{log}")
        for noise in ("AL lib", "OpenAL", "ALSA", "alDeleteSources", "audio device"):
            if noise in output:
                xqtest.fail(f"the terminal shows {noise!r}:\n{output}")
        print("ok: no audio device: said once in the log, nothing on the terminal")
    finally:
        box.cleanup()


CHASE_FEN = "5k3/9/9/2n6/9/9/9/R8/9/3K5 w - - 0 1"
CHASE = """
click a2
click c2
click c6
click a7
click c2
click a2
click a7
click c6
click a2
click c2
wait 3
button yes
wait 3
click c6
click a7
click c2
click a2
click a7
click c6
wait 5
expect-state over yes
expect-state status-fits yes
expect-state status-lines {lines}
screenshot {shot}
"""
# Lines of the sentence at each size (English, Chinese): two while two fit, more on narrow panels.
SIZES = {"640x480": (3, 2), "800x600": (3, 2), "1024x640": (2, 1), "1280x800": (2, 1),
         "1920x1080": (2, 1)}


def status_fits(program):
    for size, lines in SIZES.items():
        for language, n in zip(("en", "zh"), lines):
            box = xqtest.Sandbox()
            try:
                with open(os.path.join(box.config, "xiangqi", "settings.json"), "w") as f:
                    json.dump({"language": language}, f)
                shot = box.path("shot.png")
                path = box.path("chase.script")
                with open(path, "w") as f:
                    f.write(CHASE.format(lines=n, shot=shot))
                status, output = xqtest.run(program, ["--side", "both", "--fen", CHASE_FEN,
                                                      "--size", size, "--script", path], box,
                                            screen="2000x1200")
                if status != 0:
                    xqtest.fail(f"{size} {language}: the end of the chase does not fit "
                                f"(exit {status})\n{box.log()[-2000:]}")
                print(f"ok: {size} {language}: the verdict fits on {n} lines")
            finally:
                box.cleanup()


ANALYSIS = """
wait 5
log-state button:settings
log-state button:new
key A
wait 30
expect-state analysis on
log-state button:settings
log-state button:new
key A
wait 5
expect-state analysis off
log-state button:settings
log-state button:new
"""


def analysis_keeps_buttons(program):
    for size in ("1024x640", "800x600"):
        box = xqtest.Sandbox()
        try:
            path = box.path("analysis.script")
            with open(path, "w") as f:
                f.write(ANALYSIS)
            status, output = xqtest.run(program, ["--side", "both", "--size", size,
                                                  "--script", path], box)
            log = box.log()
            if status != 0:
                xqtest.fail(f"{size}: the analysis script failed (exit {status})\n{log[-2000:]}")
            for button in ("settings", "new"):
                seen = re.findall(rf"state button:{button} = (\S+)", log)
                if len(seen) != 3 or len(set(seen)) != 1 or seen[0] == "none":
                    xqtest.fail(f"{size}: {button} moved with analysis off/on/off: {seen}")
            print(f"ok: {size}: analysis on and off moves no button")
        finally:
            box.cleanup()


STRENGTH = """
wait 5
expect-state enabled:minus no
expect-state enabled:plus yes
button plus
wait 3
expect-state enabled:minus yes
button minus
wait 3
expect-state enabled:minus no
"""


def strength_ends(program):
    for args in (["--level", "1"], ["--depth", "1"]):
        box = xqtest.Sandbox()
        try:
            path = box.path("strength.script")
            with open(path, "w") as f:
                f.write(STRENGTH)
            status, output = xqtest.run(program, ["--side", "both", "--script", path] + args, box)
            if status != 0:
                xqtest.fail(f"{args}: the strength buttons (exit {status})\n{box.log()[-2000:]}")
        finally:
            box.cleanup()
    for args in (["--level", "10"], ["--depth", "20"]):
        box = xqtest.Sandbox()
        try:
            path = box.path("strength.script")
            with open(path, "w") as f:
                f.write(STRENGTH.replace("minus", "MINUS").replace("plus", "minus")
                        .replace("MINUS", "plus"))
            status, output = xqtest.run(program, ["--side", "both", "--script", path] + args, box)
            if status != 0:
                xqtest.fail(f"{args}: the strength buttons (exit {status})\n{box.log()[-2000:]}")
        finally:
            box.cleanup()
    print("ok: - and + are greyed at the ends of the level and depth ranges")


UNTIMED = """
wait 5
button new
wait 5
expect-state time-control 不限时
button start
wait 5
expect-state timed no
button new
wait 5
button time-1
expect-state time-control 5+3
button time-0
expect-state time-control 不限时
button start
wait 5
expect-state timed no
"""


def chinese_untimed(program):
    box = xqtest.Sandbox()
    try:
        with open(os.path.join(box.config, "xiangqi", "settings.json"), "w") as f:
            json.dump({"language": "zh"}, f)
        path = box.path("untimed.script")
        with open(path, "w", encoding="utf-8") as f:
            f.write(UNTIMED)
        status, output = xqtest.run(program, ["--script", path], box)
        if status != 0:
            xqtest.fail(f"Chinese untimed (exit {status})\n{box.log()[-2000:]}")
        print("ok: the Chinese New game dialog says 不限时 and starts an untimed game")
    finally:
        box.cleanup()


PUZZLES = """
wait 5
button puzzles
wait 5
expect-state scrollbar yes
expect-state scroll 0
button scroll-up
wait 2
expect-state scroll 0
button scroll-down
wait 2
expect-state scroll 1
key Down
wait 2
expect-state scroll 2
key PageDown
wait 2
expect-state scroll 15
button scroll-up
wait 2
expect-state scroll 14
"""


def puzzle_scrollbar(program):
    box = xqtest.Sandbox()
    try:
        path = box.path("puzzles.script")
        with open(path, "w") as f:
            f.write(PUZZLES)
        # 13 rows in view at 800x600: Page Down moves 13.
        status, output = xqtest.run(program, ["--size", "800x600", "--script", path], box)
        if status != 0:
            xqtest.fail(f"puzzle list scrollbar (exit {status})\n{box.log()[-2000:]}")
        print("ok: the puzzle list scrolls with its scrollbar and keys")
    finally:
        box.cleanup()


LABELS = """
wait 5
expect-state labels-cut 0
button settings
wait 5
expect-state labels-cut 0
key Escape
wait 3
button new
wait 5
expect-state labels-cut 0
key Escape
wait 3
button puzzles
wait 5
expect-state labels-cut 0
"""


def labels_whole(program):
    for size in ("640x480", "800x600", "1024x640"):
        for language in ("en", "zh"):
            box = xqtest.Sandbox()
            try:
                with open(os.path.join(box.config, "xiangqi", "settings.json"), "w") as f:
                    json.dump({"language": language}, f)
                path = box.path("labels.script")
                with open(path, "w") as f:
                    f.write(LABELS)
                status, output = xqtest.run(program, ["--size", size, "--script", path], box)
                if status != 0:
                    xqtest.fail(f"{size} {language}: labels cut (exit {status})\n"
                                f"{box.log()[-2000:]}")
            finally:
                box.cleanup()
    print("ok: no label cut from 640x480 up in English and Chinese")


def main():
    program = sys.argv[1]
    window_fits(program)
    no_sound_device(program)
    status_fits(program)
    analysis_keeps_buttons(program)
    strength_ends(program)
    chinese_untimed(program)
    puzzle_scrollbar(program)
    labels_whole(program)
    print("new user test passed")


if __name__ == "__main__":
    main()
