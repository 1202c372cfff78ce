"""The .deb as a user gets it: built by CPack from a built tree, unpacked with dpkg-deb -x, its
desktop entry and AppStream metainfo validated, then copied to another directory and run from
there, from an empty working directory, with nothing pointing into the checkout or the build tree:
the game under Xvfb must show the board and the 32 pieces of the start position, the engine must
answer UCI with legal moves, and no installed file may contain the source or build path.

    python3 tests/install/install_test.py --build-dir build [--source-dir .] [--keep]

Needs cpack, dpkg-deb and dpkg-shlibdeps (dpkg-dev), desktop-file-validate (desktop-file-utils),
appstreamcli (appstream), strings (binutils), xvfb-run and ImageMagick (tests/gui/xqtest.py).
lintian, when installed, must report no error, warning or info tag."""
import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gui"))
import xqtest  # noqa: E402  (tests/gui/xqtest.py: Xvfb runs and screenshot reading)

START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
HICOLOR_SIZES = [16, 22, 24, 32, 48, 64, 128, 256]


def fail(message):
    xqtest.fail(message)


def run(cmd, **kwargs):
    """Runs cmd; fails the test with its output when it exits non-zero."""
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, **kwargs)
    out = proc.stdout.decode("utf-8", "replace")
    if proc.returncode != 0:
        fail(f"{' '.join(cmd)} exited {proc.returncode}:\n{out}")
    return out


def cmake_cache(build_dir, name):
    with open(os.path.join(build_dir, "CMakeCache.txt"), encoding="utf-8") as f:
        for line in f:
            if line.startswith(name + ":"):
                return line.split("=", 1)[1].strip()
    fail(f"{name} not in {build_dir}/CMakeCache.txt")


def build_deb(cpack, build_dir, out_dir):
    run([cpack, "-G", "DEB", "--config", os.path.join(build_dir, "CPackConfig.cmake"),
         "-B", out_dir], cwd=build_dir)
    debs = [f for f in os.listdir(out_dir) if f.endswith(".deb")]
    if len(debs) != 1:
        fail(f"cpack made {debs}, wanted one .deb")
    return os.path.join(out_dir, debs[0])


def check_control(deb, version):
    fields = {}
    for name in ("Package", "Version", "Section", "Depends", "Architecture"):
        fields[name] = run(["dpkg-deb", "-f", deb, name]).strip()
    if fields["Package"] != "xiangqi":
        fail(f"package name {fields['Package']!r}")
    if not fields["Version"].startswith(version + "-"):
        fail(f"package version {fields['Version']!r} is not {version}-<release>")
    if fields["Section"] != "games":
        fail(f"section {fields['Section']!r}")
    for lib in ("libsfml-graphics2.5", "libsfml-audio2.5", "libsfml-window2.5",
                "libsfml-system2.5", "libspdlog", "libstdc++6", "libc6"):
        if lib not in fields["Depends"]:
            fail(f"Depends lacks {lib}: {fields['Depends']}")
    print(f"ok: control: {fields['Package']} {fields['Version']} {fields['Architecture']}, "
          f"section {fields['Section']}\n    Depends: {fields['Depends']}")


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        fail(f"{path} is not a PNG")
    return struct.unpack(">II", head[16:24])


def desktop_entry(path):
    entry = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if "=" in line and not line.startswith("#"):
                key, value = line.rstrip("\n").split("=", 1)
                entry[key] = value
    return entry


def check_files(root):
    """The files a desktop program needs, and the validators' verdicts on the two metadata
    files. Returns the application ID."""
    usr = os.path.join(root, "usr")
    # Debian keeps games in /usr/games (Policy 11.11).
    for rel in ("games/xiangqi", "games/xiangqi-engine", "games/xiangqi-egtb"):
        if not os.access(os.path.join(usr, rel), os.X_OK):
            fail(f"usr/{rel} missing or not executable")
    if os.path.exists(os.path.join(usr, "bin")):
        fail(f"usr/bin in the package: {os.listdir(os.path.join(usr, 'bin'))}")
    for rel in ("fonts/xq-serif.otf", "fonts/xq-sans.otf", "fonts/OFL.txt", "book/book.txt",
                "puzzles/puzzles.txt", "images/wood.png", "sounds/move.wav"):
        if not os.path.isfile(os.path.join(usr, "share/xiangqi", rel)):
            fail(f"usr/share/xiangqi/{rel} missing")
    for rel in ("man/man6/xiangqi.6.gz", "man/man6/xiangqi-engine.6.gz",
                "man/man6/xiangqi-egtb.6.gz",
                "doc/xiangqi/copyright", "doc/xiangqi/changelog.Debian.gz",
                "doc/xiangqi/README.assets.md"):
        if not os.path.isfile(os.path.join(usr, "share", rel)):
            fail(f"usr/share/{rel} missing")

    apps = os.path.join(usr, "share/applications")
    desktops = os.listdir(apps) if os.path.isdir(apps) else []
    if len(desktops) != 1 or not desktops[0].endswith(".desktop"):
        fail(f"usr/share/applications holds {desktops}, wanted one .desktop file")
    desktop = os.path.join(apps, desktops[0])
    app_id = desktops[0][:-len(".desktop")]
    print(run(["desktop-file-validate", desktop]).strip() or "ok: desktop-file-validate")
    entry = desktop_entry(desktop)
    for key, want in (("Categories", "Game;BoardGame;"), ("Exec", "xiangqi"),
                      ("Icon", app_id), ("Type", "Application")):
        if entry.get(key) != want:
            fail(f"{desktops[0]}: {key}={entry.get(key)!r}, wanted {want!r}")
    for key in ("Name", "GenericName", "Name[zh_CN]", "Comment"):
        if not entry.get(key):
            fail(f"{desktops[0]} has no {key}")

    metainfo = os.path.join(usr, "share/metainfo", app_id + ".metainfo.xml")
    if not os.path.isfile(metainfo):
        fail(f"no metainfo {os.path.relpath(metainfo, root)} for the desktop entry's ID")
    print(run(["appstreamcli", "validate", "--no-net", metainfo]).strip())
    with open(metainfo, encoding="utf-8") as f:
        text = f.read()
    if f"<launchable type=\"desktop-id\">{app_id}.desktop</launchable>" not in text:
        fail("the metainfo does not launch the desktop entry")
    if not re.search(r"<image>https://[^<]+/docs/screenshots/game\.png</image>", text):
        fail("the metainfo has no screenshot docs/screenshots/game.png")

    icons = os.path.join(usr, "share/icons/hicolor")
    if not os.path.isfile(os.path.join(icons, "scalable/apps", app_id + ".svg")):
        fail("no scalable icon")
    for n in HICOLOR_SIZES:
        png = os.path.join(icons, f"{n}x{n}/apps/{app_id}.png")
        if not os.path.isfile(png):
            fail(f"no {n}x{n} icon")
        if png_size(png) != (n, n):
            fail(f"{n}x{n} icon is {png_size(png)}")
    print(f"ok: files, desktop entry and metainfo for {app_id}, icons "
          f"{', '.join(str(n) for n in HICOLOR_SIZES)} and scalable")
    return app_id


def check_no_build_paths(root, forbidden):
    """No installed file (binaries through `strings`, the rest as bytes) names the checkout or
    the build tree."""
    checked = 0
    for dirpath, _, files in os.walk(root):
        for name in files:
            path = os.path.join(dirpath, name)
            if os.path.islink(path):
                continue
            with open(path, "rb") as f:
                is_elf = f.read(4) == b"\x7fELF"
            if is_elf:
                text = run(["strings", "-a", path])
            else:
                with open(path, "rb") as f:
                    text = f.read().decode("utf-8", "replace")
            for bad in forbidden:
                if bad in text:
                    fail(f"{os.path.relpath(path, root)} contains {bad}")
            checked += 1
    print(f"ok: none of {checked} installed files names {' or '.join(sorted(forbidden))}")


def check_game(prefix, workdir):
    box = xqtest.Sandbox()
    try:
        shot, dump = box.path("shot.png"), box.path("board.txt")
        env = box.env()
        env["PATH"] = "/usr/bin:/bin"
        cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24",
               os.path.join(prefix, "usr/games/xiangqi"), "--size", "1000x700",
               "--screenshot", shot, "--dump-board", dump, "--quit-after", "20"]
        proc = subprocess.run(cmd, env=env, cwd=workdir, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=90)
        output = proc.stdout.decode("utf-8", "replace")
        if proc.returncode != 0 or not os.path.exists(shot):
            fail(f"the unpacked game exited {proc.returncode} without a screenshot\n{output}\n"
                 f"{box.log()}")
        # The game says where it found its assets: the copy's own share/xiangqi.
        want = os.path.join(prefix, "usr/share/xiangqi")
        found = re.search(r"assets (\S+), config", box.log())
        if not found or os.path.realpath(found.group(1)) != os.path.realpath(want):
            fail(f"the game used assets {found.group(1) if found else '?'}, wanted {want}")
        image = xqtest.Image(shot)
        if (image.width, image.height) != (1000, 700):
            fail(f"screenshot is {image.width}x{image.height}, wanted 1000x700")
        points = xqtest.read_dump(dump)
        if len(points) != 90:
            fail(f"the board dump has {len(points)} points, wanted 90")
        want_pieces = expected_pieces(START_FEN)
        red_pieces = black_pieces = 0
        for name, (piece, x, y, r) in points.items():
            expect = want_pieces.get(name, ".")
            if piece != expect:
                fail(f"{name}: the game shows {piece}, the start position has {expect}")
            red, dark, total = image.disc_counts(x, y, r * 0.8)
            if expect == ".":
                ok = red < 5 and dark < 15
            elif expect.isupper():
                ok = red >= 15
                red_pieces += ok
            else:
                ok = dark >= 15 and red < 5
                black_pieces += ok
            if not ok:
                fail(f"point {name} ({expect}) at ({x:.0f},{y:.0f}) has {red} red and {dark} "
                     f"dark pixels of {total}")
        _, x, y, r = points["e4"]
        cell = r / 0.45
        pr, pg, pb = image.at(x + cell / 2, y + cell / 2)
        if not (pr > 150 and pg > 100 and pb < pr):
            fail(f"no wood between the points: pixel ({pr},{pg},{pb})")
        print(f"ok: the unpacked game ran from {workdir} with assets {want}; the screenshot "
              f"shows the wooden board, {red_pieces} red and {black_pieces} black pieces")
    finally:
        box.cleanup()


def expected_pieces(fen):
    board = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        rank, file = 9 - i, 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
            else:
                board["abcdefghi"[file] + str(rank)] = ch
                file += 1
    return board


class Engine:
    """The engine as a child process, talked to one command at a time: a search runs on its own
    thread, so a "quit" sent before "bestmove" arrives would cut it short."""

    def __init__(self, program, workdir):
        self.proc = subprocess.Popen([program], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, cwd=workdir,
                                     env={"PATH": "/usr/bin:/bin"}, text=True, bufsize=1)
        self.transcript = []

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()

    def ask(self, command, until, timeout=60):
        """Sends command; returns the lines up to and including the first that starts with
        `until`."""
        self.send(command)
        deadline, lines = time.monotonic() + timeout, []
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                break
            line = line.rstrip("\n")
            lines.append(line)
            self.transcript.append(line)
            if line.startswith(until):
                return lines
        fail(f"no '{until}' after '{command}':\n" + "\n".join(self.transcript))

    def close(self):
        self.proc.stdin.write("quit\n")
        self.proc.stdin.close()
        if self.proc.wait(timeout=10) != 0:
            fail(f"engine exited {self.proc.returncode}")


def check_engine(prefix, workdir):
    """uci -> uciok; the start position's 44 legal moves (perft 1, a published count); a book
    move (the book was found beside the program) and a depth-6 search, both legal."""
    engine = Engine(os.path.join(prefix, "usr/games/xiangqi-engine"), workdir)
    try:
        engine.ask("uci", "uciok")
        engine.ask("isready", "readyok")
        engine.send("position startpos")
        lines = engine.ask("go perft 1", "Nodes searched")
        legal = {line.split(":")[0] for line in lines
                 if re.match(r"^[a-i][0-9][a-i][0-9]: 1$", line)}
        if len(legal) != 44:
            fail(f"perft 1 from the start listed {len(legal)} moves, wanted 44")
        lines = engine.ask("go depth 6", "bestmove")
        book_move = lines[-1].split()[1]
        if f"info string book move {book_move}" not in lines:
            fail("the first move did not come from the installed opening book:\n"
                 + "\n".join(lines))
        engine.send("setoption name OwnBook value false")
        lines = engine.ask("go depth 6", "bestmove")
        searched = lines[-1].split()[1]
        if not any(re.match(r"^info depth 6 .* pv ", line) for line in lines):
            fail("the search did not reach depth 6:\n" + "\n".join(lines))
        for move in (book_move, searched):
            if move not in legal:
                fail(f"bestmove {move} is not legal in the start position")
    finally:
        engine.close()
    print(f"ok: engine: uciok, 44 legal moves, book move {book_move}, depth-6 move {searched}")


def check_lintian(deb):
    """lintian, info tags included, must report nothing: errors, warnings and the info tags with
    a real fix (hardening, unneeded sections, documentation outside /usr/share/doc) are fixed;
    the rest are overridden with reasons (packaging/debian/lintian-overrides)."""
    if not shutil.which("lintian"):
        print("lintian not installed: not run")
        return
    proc = subprocess.run(["lintian", "--tag-display-limit", "0", "--display-info", deb],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = proc.stdout.decode("utf-8", "replace")
    tags = [line for line in out.splitlines() if re.match(r"^[EWI]: ", line)]
    if tags:
        fail("lintian tags:\n" + "\n".join(tags))
    print("ok: lintian reports no error, warning or info tag")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build-dir", required=True, help="a configured and built build tree")
    parser.add_argument("--source-dir", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    parser.add_argument("--cpack", default="cpack", help="the cpack program")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = parser.parse_args()
    build_dir = os.path.realpath(args.build_dir)
    source_dir = os.path.realpath(args.source_dir)
    started = time.monotonic()

    tmp = tempfile.mkdtemp(prefix="xq-install-test-")
    try:
        deb = build_deb(args.cpack, build_dir, os.path.join(tmp, "pkg"))
        print(f"ok: built {os.path.basename(deb)} in {time.monotonic() - started:.1f} s")
        check_control(deb, cmake_cache(build_dir, "CMAKE_PROJECT_VERSION"))
        unpacked = os.path.join(tmp, "unpacked")
        run(["dpkg-deb", "-x", deb, unpacked])
        check_files(unpacked)
        forbidden = {source_dir, build_dir, os.path.abspath(args.source_dir),
                     os.path.abspath(args.build_dir)}
        check_no_build_paths(unpacked, forbidden)

        # Another place, another name: the programs must find everything from where they are.
        copy = os.path.join(tmp, "elsewhere", "root")
        shutil.copytree(unpacked, copy, symlinks=True)
        shutil.rmtree(unpacked)
        workdir = os.path.join(tmp, "cwd")
        os.makedirs(workdir)
        check_engine(copy, workdir)
        check_game(copy, workdir)
        check_lintian(deb)
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    print(f"PASS ({time.monotonic() - started:.1f} s)")


if __name__ == "__main__":
    main()
