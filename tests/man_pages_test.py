#!/usr/bin/env python3
"""The man pages against the programs they describe.

xiangqi-engine.6: every option of the engine's `uci` reply has an entry under OPTIONS whose first
words give its type, default and range as the reply does ("spin, default 64, 1 to 4096: ...";
a combo's values as "one of Asian, Chinese, Simple"; the Threads maximum, which is the machine's,
as "the machine's hardware threads"), and no entry names an option the engine lacks.
Every command app/engine/uci.cpp reads (cmd == "name") has an entry under COMMANDS.
xiangqi.6: the flags under OPTIONS are exactly those of `xiangqi --help`.
README.md: when it has an options table (| `Name` | type | default | range | what |), its rows are
the engine's options with the same type, default and range.

Usage: man_pages_test.py --engine BIN --man-dir DIR [--uci-source FILE] [--game BIN]
                         [--readme FILE]
Exits 1 and names every disagreement.
"""
import argparse
import os
import re
import subprocess
import sys

HARDWARE_THREADS = "the machine's hardware threads"


def engine_options(engine):
    """The `uci` reply's options: name -> (type, default, range text)."""
    out = subprocess.run([engine], input="uci\nquit\n", capture_output=True, text=True,
                         timeout=60, check=True).stdout
    options = {}
    pattern = re.compile(r"^option name (.+?) type (\w+)(?: default (.*?))?"
                         r"(?: min (-?\d+) max (-?\d+))?((?: var \S+)*)$")
    for line in out.splitlines():
        if not line.startswith("option "):
            continue
        m = pattern.match(line)
        if not m:
            raise SystemExit(f"cannot read the engine's line: {line}")
        name, kind, default, lo, hi, vars_ = m.groups()
        if kind == "spin":
            top = hi
            if name == "Threads":
                expected = max(1, min(os.cpu_count() or 1, 256))
                if int(hi) != expected:
                    raise SystemExit(f"Threads max {hi} is not the machine's {expected} threads")
                top = HARDWARE_THREADS
            rng = f"{lo} to {top}"
        elif kind == "combo":
            rng = ", ".join(vars_.split(" var ")[1:])
        else:
            rng = ""
        options[name] = (kind, default or "", rng)
    if not options:
        raise SystemExit("the engine's uci reply lists no options")
    return options


def plain(troff):
    """Text of a troff line without its font changes and escapes."""
    text = re.sub(r"^\.(B|I|BR|BI|RB|IR|RI)\s+", "", troff)
    text = re.sub(r"\\f[BIRP]", "", text)
    text = text.replace("\\-", "-").replace("\\(en", "-").replace("\\e", "\\")
    return text.replace('"', "").strip()


def section(lines, title):
    """The lines of a man page's section (.SH title) up to the next section."""
    out, inside = [], False
    for line in lines:
        if line.startswith(".SH"):
            inside = line[3:].strip().strip('"') == title
            continue
        if inside:
            out.append(line)
    return out


def man_options(path):
    """The engine man page's OPTIONS entries: name -> (type, default, range text)."""
    lines = section(open(path, encoding="utf-8").read().splitlines(), "OPTIONS")
    entries = {}
    for i, line in enumerate(lines):
        if line != ".TP" or i + 2 >= len(lines):
            continue
        name = plain(lines[i + 1])
        # The first words up to the first ": ", across the lines of the entry's paragraph.
        body = []
        for follow in lines[i + 2:]:
            if follow.startswith((".TP", ".SH", ".PP")):
                break
            body.append(plain(follow))
        head = " ".join(body).split(": ", 1)[0]
        m = re.match(r"^(\w+)(?:, default ([^,\s]+))?(?:, (?:one of )?(.*))?$", head)
        if not m:
            entries[name] = ("?", "?", head)
            continue
        kind, default, rng = m.groups()
        entries[name] = (kind, default or "", rng or "")
    return entries


def readme_options(path):
    """README's options table, or None when it has none."""
    rows = {}
    for line in open(path, encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 5 and re.fullmatch(r"`[^`]+`", cells[0]) and cells[1] in (
                "spin", "check", "combo", "button", "string"):
            rows[cells[0].strip("`")] = (cells[1], cells[2].strip("`"), cells[3])
    return rows or None


def compare(what, expected, found, problems):
    for name, spec in expected.items():
        if name not in found:
            problems.append(f"{what}: no entry for the engine's option {name} {spec}")
        elif found[name] != spec:
            problems.append(f"{what}: {name} is {found[name]}, the engine says {spec}")
    for name in found:
        if name not in expected:
            problems.append(f"{what}: {name} is not an option of the engine")


def source_commands(path):
    return set(re.findall(r'cmd == "([^"]+)"', open(path, encoding="utf-8").read()))


def man_commands(path):
    """The first word of each entry under COMMANDS."""
    lines = section(open(path, encoding="utf-8").read().splitlines(), "COMMANDS")
    return {plain(lines[i + 1]).split()[0] for i, line in enumerate(lines)
            if line == ".TP" and i + 1 < len(lines)}


def help_flags(game):
    out = subprocess.run([game, "--help"], capture_output=True, text=True, timeout=60,
                         check=True).stdout
    flags = set()
    for line in out.splitlines():
        # Option lines start with the flags; descriptions that mention other flags come later.
        m = re.match(r"^\s+((?:-{1,2}[\w-]+(?:\{\w+\})?,?)+)", line)
        if m:
            flags.update(re.sub(r"\{\w+\}", "", f) for f in m.group(1).split(",") if f)
    return flags


def man_flags(path):
    flags = set()
    for line in section(open(path, encoding="utf-8").read().splitlines(), "OPTIONS"):
        if line.startswith((".B ", ".BI ", ".BR ")):
            flags.update(re.findall(r"(?<![\w-])--?[a-z][\w-]*", plain(line)))
    return flags


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    ap.add_argument("--man-dir", required=True)
    ap.add_argument("--uci-source")
    ap.add_argument("--game")
    ap.add_argument("--readme")
    args = ap.parse_args()
    problems = []

    options = engine_options(args.engine)
    compare("xiangqi-engine.6", options,
            man_options(os.path.join(args.man_dir, "xiangqi-engine.6.in")), problems)
    print(f"engine options checked against the man page: {', '.join(options)}")

    if args.uci_source:
        commands = source_commands(args.uci_source)
        documented = man_commands(os.path.join(args.man_dir, "xiangqi-engine.6.in"))
        for c in sorted(commands - documented):
            problems.append(f"xiangqi-engine.6: the command {c} is not under COMMANDS")
        print(f"engine commands checked against the man page: {', '.join(sorted(commands))}")

    if args.readme:
        table = readme_options(args.readme)
        if table is None:
            print("README.md has no options table; not compared")
        else:
            compare("README.md", options, table, problems)
            print(f"README.md's options table checked: {len(table)} rows")

    if args.game:
        flags = help_flags(args.game)
        if "--help" not in flags:
            problems.append(f"cannot read the flags of {args.game} --help: {sorted(flags)}")
        documented = man_flags(os.path.join(args.man_dir, "xiangqi.6.in"))
        for flag in sorted(flags - documented):
            problems.append(f"xiangqi.6: {flag} (in xiangqi --help) is not documented")
        for flag in sorted(documented - flags):
            problems.append(f"xiangqi.6: {flag} is documented but not in xiangqi --help")
        print(f"xiangqi --help flags checked against the man page: {len(flags)}")

    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
