#!/usr/bin/env python3
"""The layers' rules as checks (`make lint`, docs/architecture.md §1).

- Honest imports: no module re-exports another (`@_exported import`); a file imports what it uses.
- The shared parts stand beneath the providers and the features: they import neither.
- The shared parts know no feature and no provider: the code of AlmanacCore, AlmanacHTTP,
  AlmanacClient, FrontKit and TerminalKit — identifiers, string literals and file names; not
  comments, which may give an example — holds no feature's or provider's name, but the few in
  `ALLOWED`, each with its reason. A feature and its providers are declared in their own homes
  and composed by the program (`AlmanacProgram`'s `Features` and `Providers`).
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHARED = ("AlmanacCore", "AlmanacHTTP", "AlmanacClient", "FrontKit", "TerminalKit")
# Features, their documents and their commands; providers by every name they go by.
NAMES = re.compile(
    r"weather|crypto|fruit|exam|profile|deals?(?![a-z])|portfolio|watchlist|forecast|credit"
    r"|twelve[ _-]?data|fruityvice|open[ _-]?weather|yandex|met[ _-]?norway|metno|open[ _-]?meteo|kraken"
    r"|national[ _-]?weather|nws(?![a-z])|bright[ _-]?sky|dwd(?![a-z])",
    re.IGNORECASE,
)
# (file, text on the line) → why it may name one.
ALLOWED = {
    ("Sources/FrontKit/CommandLine/GlobalOptions.swift", "a wait for credits that cannot fit"):
        "`--timeout`'s help, words a user reads: the one wait it weighs is crypto's credit budget's",
    ("Sources/FrontKit/CommandLine/GlobalOptions.swift", "When the Twelve Data credits are spent"):
        "`--no-wait`'s help, words a user reads: the one plan that waits is Twelve Data's",
}


def code_only(line):
    """The line without its comment (a `//` outside a string literal)."""
    inside = False
    for i, char in enumerate(line):
        if char == '"' and (i == 0 or line[i - 1] != "\\"):
            inside = not inside
        if not inside and line.startswith("//", i):
            return line[:i]
    return line


def exported_imports():
    problems = []
    for path in sorted(ROOT.glob("Sources/**/*.swift")) + sorted(ROOT.glob("Tests/**/*.swift")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if line.startswith("@_exported import"):
                problems.append(f"{path.relative_to(ROOT)}:{number}: `@_exported import`; import what each file uses instead")
    return problems


def shared_imports():
    """A shared target imports no provider and no feature module: they are above it."""
    above = {"AlmanacProviders", "Geography", "AlmanacProgram", "AlmanacKit"}
    above |= {path.parent.name for path in ROOT.glob("Sources/*/Service")}
    above |= {path.parent.name + "Front" for path in ROOT.glob("Sources/*/Front")}
    problems = []
    for target in SHARED:
        for path in sorted((ROOT / "Sources" / target).rglob("*.swift")):
            for number, line in enumerate(path.read_text().splitlines(), 1):
                match = re.match(r"(?:@testable )?import (\w+)$", line)
                if match and match.group(1) in above:
                    problems.append(f"{path.relative_to(ROOT)}:{number}: imports {match.group(1)}, which stands above the shared parts")
    return problems


def allowed(relative, line):
    return any(relative == file and text in line for file, text in ALLOWED)


def names_in_shared():
    problems = []
    for target in SHARED:
        for path in sorted((ROOT / "Sources" / target).rglob("*")):
            relative = str(path.relative_to(ROOT))
            if NAMES.search(path.name):
                problems.append(f"{relative}: the file's name names a feature or provider")
            if path.suffix != ".swift":
                continue
            for number, line in enumerate(path.read_text().splitlines(), 1):
                code = code_only(line)
                match = NAMES.search(code)
                if match and not allowed(relative, code):
                    problems.append(f"{relative}:{number}: names `{match.group(0)}`; shared parts know no feature or provider")
    return problems


def main():
    problems = exported_imports() + shared_imports() + names_in_shared()
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
