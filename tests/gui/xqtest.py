"""Helpers for the GUI tests: run the real xiangqi program under a virtual X server (xvfb-run)
with private XDG directories, and read screenshots (via ImageMagick's convert to PPM)."""
import os
import shutil
import subprocess
import sys
import tempfile


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


class Sandbox:
    """A temporary home: XDG config, data and state directories for one run."""

    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="xq-gui-test-")
        self.config = os.path.join(self.root, "config")
        self.data = os.path.join(self.root, "data")
        self.state = os.path.join(self.root, "state")
        for d in (self.config, self.data, self.state):
            os.makedirs(os.path.join(d, "xiangqi"), exist_ok=True)

    def path(self, *parts):
        return os.path.join(self.root, *parts)

    def env(self):
        env = dict(os.environ)
        env.update(XDG_CONFIG_HOME=self.config, XDG_DATA_HOME=self.data,
                   XDG_STATE_HOME=self.state, HOME=self.root)
        env.pop("DISPLAY", None)
        return env

    def log(self):
        try:
            with open(os.path.join(self.state, "xiangqi", "xiangqi.log"), encoding="utf-8") as f:
                return f.read()
        except OSError:
            return ""

    def cleanup(self):
        shutil.rmtree(self.root, ignore_errors=True)


def run(program, args, sandbox, timeout=90, screen="1600x1200"):
    """Runs the program under xvfb-run on a screen of the given size; returns (exit status,
    combined output)."""
    cmd = ["xvfb-run", "-a", "-s", f"-screen 0 {screen}x24", program] + args
    proc = subprocess.run(cmd, env=sandbox.env(), stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, timeout=timeout)
    return proc.returncode, proc.stdout.decode("utf-8", "replace")


class Image:
    """An RGB image read through `convert file ppm:-` (binary P6)."""

    def __init__(self, png):
        data = subprocess.run(["convert", png, "-depth", "8", "ppm:-"], check=True,
                              stdout=subprocess.PIPE).stdout
        fields, pos = [], 0
        while len(fields) < 4:
            while data[pos:pos + 1].isspace():
                pos += 1
            if data[pos:pos + 1] == b"#":
                while data[pos:pos + 1] != b"\n":
                    pos += 1
                continue
            start = pos
            while not data[pos:pos + 1].isspace():
                pos += 1
            fields.append(data[start:pos])
        if fields[0] != b"P6":
            raise ValueError("not a binary PPM")
        self.width, self.height = int(fields[1]), int(fields[2])
        self.pixels = data[pos + 1:]

    def at(self, x, y):
        i = (int(y) * self.width + int(x)) * 3
        return self.pixels[i], self.pixels[i + 1], self.pixels[i + 2]

    def disc_counts(self, cx, cy, radius):
        """Counts of red-ink and black-ink pixels inside a disc."""
        red = dark = total = 0
        r2 = radius * radius
        for y in range(int(cy - radius), int(cy + radius) + 1):
            for x in range(int(cx - radius), int(cx + radius) + 1):
                if (x - cx) ** 2 + (y - cy) ** 2 > r2:
                    continue
                if not (0 <= x < self.width and 0 <= y < self.height):
                    continue
                r, g, b = self.at(x, y)
                total += 1
                if r > 140 and g < 80 and b < 80:
                    red += 1
                elif max(r, g, b) < 60:
                    dark += 1
        return red, dark, total


def read_dump(path):
    """The --dump-board file: {point: (piece char, x, y, radius)}."""
    points = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, piece, x, y, r = line.split()
            points[name] = (piece, float(x), float(y), float(r))
    return points
