#!/usr/bin/env python3
"""The project's rules as checks (`make lint`): each prints the place that breaks it and fails.

- Text reaches the terminal only through the writers that neutralise it (docs/architecture.md
  §2, item 7): no other file writes to stdout or stderr directly.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# The writers, and what each is allowed to write raw.
WRITERS = {
    "Sources/AlmanacCore/Support/Console.swift",  # neutralises every text it is given
    "Sources/AlmanacUI/Terminal/RawTerminal.swift",  # the app's own mode switches
    "Sources/AlmanacUI/App/ScreenWriter.swift",  # neutralises every line of a frame
    "Sources/AlmanacUI/Terminal/DealBrowser.swift",  # a frame of lines cut by ScreenWriter.clip
    "Sources/AlmanacUI/Views/FruitView.swift",  # the confetti line, neutralised
    "Sources/almanac/Commands/DealsCommand.swift",  # the progress line: the program's own figures
    "Sources/almanac/Commands/ExamsCommand.swift",  # an .ics file to stdout (escaped as .ics asks)
}
# Benchmarks and the fuzzer print their own tables; they never show provider text.
EXEMPT = ("Sources/almanac-bench/", "Sources/almanac-fuzz/")
DIRECT = re.compile(r"FileHandle\.standard(Output|Error)\.write|RawTerminal\.write\(|Console\.writeRaw\(|(^|[^.\w])print\(|\bfputs\(|\bputs\(")


def direct_writes():
    problems = []
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        relative = str(path.relative_to(ROOT))
        if relative in WRITERS or relative.startswith(EXEMPT):
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("//")[0]
            if DIRECT.search(code) and "func print" not in code:
                problems.append(f"{relative}:{number}: writes to the terminal directly; use Console (it neutralises provider text)")
    return problems


def main():
    problems = direct_writes()
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
