#!/usr/bin/env python3
"""A rule as a check (`make lint`): a `Double` becomes a rounded `Int` only through
`Int(rounding:)` (Sources/AlmanacCore/Math/Rounding.swift), which clamps and takes NaN, never
through `Int(x.rounded())`, which traps on a hostile answer's `1e20` (a MET answer did exactly
that). Sources/Geography is exempt: it depends on nothing and is given checked coordinates.
Prints each place that breaks it; exits 1 if any does."""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXEMPT = ("Sources/Geography/", "Sources/AlmanacCore/Math/Rounding.swift")
ROUNDED = re.compile(r"\.rounded\([^()]*\)$")  # the argument ends in `.rounded()` or `.rounded(.up)`


def rounded_conversions(text):
    """The line numbers of `Int(…)` calls whose argument ends in `.rounded(…)`."""
    found, start = [], 0
    while (at := text.find("Int(", start)) >= 0:
        start = at + 4
        if at > 0 and (text[at - 1].isalnum() or text[at - 1] in "_."):
            continue
        depth, end = 1, start
        while end < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            end += 1
        inner = text[start:end - 1].rstrip()
        if not inner.startswith("rounding:") and ROUNDED.search(inner):
            found.append(text.count("\n", 0, at) + 1)
    return found


def main():
    problems = []
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        relative = str(path.relative_to(ROOT))
        if relative.startswith(EXEMPT):
            continue
        for line in rounded_conversions(path.read_text()):
            problems.append(f"{relative}:{line}: Int(x.rounded()) traps on 1e20 or NaN from an answer; use Int(rounding: x)")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
