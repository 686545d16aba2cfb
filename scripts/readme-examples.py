#!/usr/bin/env python3
"""The README's examples are tests (README.md, "Tests").

Every ```console block in README.md and docs/*.md is run, command by command, by bash in sample
mode: a fresh ALMANAC_HOME per block, no keys, every provider pointed at a closed loopback port,
ALMANAC_TODAY=2026-11-26, COLUMNS=100, no colour, stderr shown with stdout as on a terminal. The
commands of one block share their home and their working folder, in order. The output is compared
with the block; the first difference fails, naming the file, the block's first command and the
line.

A block whose info string says `console not-run` is shown but not run (a live provider, a root
install); say why beside it in the text.

A command that fails is followed by a line `exit N`, its exit code.

Placeholders, the only variable parts: `$HOME` for the block's home folder, `.` for its working
folder, `<checkout>` for the repository, and `<time>` for a clock time or an age that changes
from run to run (written by `--write`).

Usage: readme-examples.py BINARY [--write] [--file PATH …]
  --write rewrites the blocks from a real run (`make readme`); --file checks those files instead.
"""
import concurrent.futures
import os
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
TODAY = "2026-11-26"
CLOSED = "http://127.0.0.1:1"
PROVIDER_URLS = [
    "ALMANAC_TWELVEDATA_URL", "ALMANAC_FRUITYVICE_URL", "ALMANAC_OPENWEATHER_URL", "ALMANAC_OPENWEATHER_PRO_URL",
    "ALMANAC_YANDEX_GEOCODER_URL", "ALMANAC_METNO_URL", "ALMANAC_OPENMETEO_GEOCODING_URL", "ALMANAC_OPENMETEO_ENSEMBLE_URL",
    "ALMANAC_OPENMETEO_FORECAST_URL", "ALMANAC_OPENMETEO_AIR_URL", "ALMANAC_KRAKEN_URL",
]
FENCE = re.compile(r"^```console(?P<info>[^\n]*)\n(?P<body>.*?)^```[ \t]*$", re.M | re.S)
# Clock times and durations that differ between runs.
VARIABLE = [
    (re.compile(r"(?<= at )(?!00:00)\d{2}:\d{2}(?= UTC)"), "<time>"),
    (re.compile(r"(?<=UTC, in )\d+ (h|min|s)( \d+ min)?"), "<time>"),  # seconds in the last minute of a day
    (re.compile(r"\b\d+(\.\d+)? (ms|s)(?= ago| old)"), "<time>"),
]




def parse(body):
    """[(command, expected output)] from a block's text."""
    steps = []
    for line in body.splitlines():
        if line.startswith("$ "):
            steps.append([line[2:], []])
        elif steps:
            steps[-1][1].append(line)
    return [(command, "\n".join(lines).rstrip("\n")) for command, lines in steps]


def environment(home):
    variables = {
        "PATH": f"{BINARY_FOLDER}:/usr/bin:/bin", "HOME": home, "ALMANAC_HOME": home, "ALMANAC_TODAY": TODAY,
        "COLUMNS": "100", "NO_COLOR": "1", "TERM": "xterm-256color", "LANG": "C.UTF-8", "TZ": "UTC",
    }
    variables.update({name: CLOSED for name in PROVIDER_URLS})
    return variables


def run(command, home, work):
    result = subprocess.run(
        ["bash", "-c", command], cwd=work, env=environment(home), stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
    text = result.stdout.decode("utf-8", "replace").rstrip("\n")
    if result.returncode != 0:
        text += f"\nexit {result.returncode}"
    text = text.replace(home, "$HOME").replace(work, ".").replace(str(ROOT), "<checkout>")
    for pattern, placeholder in VARIABLE:
        text = pattern.sub(placeholder, text)
    return "\n".join(line.rstrip() for line in text.splitlines())


def run_block(body):
    """[(command, expected, actual)] for one block, in a fresh home."""
    with tempfile.TemporaryDirectory(prefix="almanac-readme-") as folder:
        home = os.path.join(folder, "home")
        work = os.path.join(folder, "work")
        os.makedirs(home)
        os.makedirs(work)
        return [(command, expected, run(command, home, work)) for command, expected in parse(body)]


def render(results):
    parts = []
    for command, _, actual in results:
        parts.append(f"$ {command}\n{actual}".rstrip("\n"))
    return "\n\n".join(parts) + "\n"


def main():
    write = "--write" in sys.argv
    files = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
    if "--file" in sys.argv:
        files = [pathlib.Path(argument).resolve() for argument in sys.argv[sys.argv.index("--file") + 1:]]
    failures = 0
    checked = 0
    # Blocks are independent (each its own home and folder), and most of a block's time is the
    # program waiting on the closed port (its retries' backoff): they run side by side.
    texts = {path: path.read_text() for path in files}
    blocks = [(path, match) for path in files for match in FENCE.finditer(texts[path]) if "not-run" not in match.group("info")]
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        ran = dict(zip((id(match) for _, match in blocks), pool.map(lambda block: run_block(block[1].group("body")), blocks)))
    for path in files:
        text = texts[path]
        rewritten = text
        for match in (match for block_path, match in blocks if block_path == path):
            results = ran[id(match)]
            checked += 1
            if write:
                rewritten = rewritten.replace(match.group(0), f"```console{match.group('info')}\n{render(results)}```", 1)
                continue
            for command, expected, actual in results:
                if same_rules(expected) != same_rules(actual):
                    failures += 1
                    report(path, command, expected, actual)
                    break
        if write and rewritten != text:
            path.write_text(rewritten)
    print(f"readme: {checked} console blocks {'rewritten' if write else 'run'}, {failures} differ")
    return 1 if failures else 0


# A table's rule under a column that holds a clock time (`in 52 min`, `in 3 h 5 min`) is as wide
# as the time's text: the last run of a rule line is compared by its presence, not its width. The
# lines with the text itself are still compared, with the time as `<time>`.
RULE_END = re.compile(r"(?m)^([─ ]*  )─+$")


def same_rules(text):
    return RULE_END.sub(r"\1─", text)


def report(path, command, expected, actual):
    wanted = expected.splitlines()
    got = actual.splitlines()
    for number in range(max(len(wanted), len(got))):
        a = wanted[number] if number < len(wanted) else "<end of output>"
        b = got[number] if number < len(got) else "<end of output>"
        if a != b:
            print(f"{path.name}: `$ {command}`, output line {number + 1}:\n  README says: {a}\n  the run says: {b}")
            return


if __name__ == "__main__":
    BINARY_FOLDER = str(pathlib.Path(sys.argv[1]).resolve().parent)
    sys.exit(main())
