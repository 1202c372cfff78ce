#!/usr/bin/env python3
"""Synthesise assets/sounds/clock.wav: the tick of the clock in a player's last ten seconds.

A short, bright "tock": two sine partials (1900 Hz and 3100 Hz) with a 2 ms attack and a fast
exponential decay, 0.09 s, 16-bit mono 44100 Hz, peak at -6 dBFS. Standard library only (the
other sounds need SoX; this one is simple enough to compute directly). Licence: MIT, part of
this project.
"""
import math
import os
import struct
import wave

RATE = 44100
LENGTH = 0.09
PEAK = 10 ** (-6 / 20)


def samples():
    n = int(RATE * LENGTH)
    for i in range(n):
        t = i / RATE
        attack = min(1.0, t / 0.002)
        decay = math.exp(-t / 0.018)
        fade = min(1.0, (n - i) / (RATE * 0.005))  # no click at the cut
        v = 0.75 * math.sin(2 * math.pi * 1900 * t) + 0.25 * math.sin(2 * math.pi * 3100 * t)
        yield v * attack * decay * fade


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(here, "..", "..", "assets", "sounds", "clock.wav")
    values = list(samples())
    scale = PEAK / max(abs(v) for v in values)
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", round(v * scale * 32767)) for v in values))
    print(os.path.normpath(out))


if __name__ == "__main__":
    main()
