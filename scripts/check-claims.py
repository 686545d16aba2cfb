#!/usr/bin/env python3
"""What the documents claim, held to the code (`make lint`): a change that makes one untrue fails.

- docs/architecture.md §5 lists every place the program starts a thread or a detached task,
  every kind of lock it uses and every `@unchecked Sendable` type, and nothing else: one the
  lists do not name fails, and so does a listed one the code no longer has; each `@unchecked
  Sendable` says why beside it (`// @unchecked: …`).
- Every code name a page puts in backticks (`DealStore`, `Job.result`, `sortInBackground`) is a
  name in the code, but those listed in `OUTSIDE` with the reason they are not.
- Each docs page opens, under its title, with what it is for and a sentence saying who reads it
  ("For …").
- `make fuzz` covers every provider: each folder of Sources/AlmanacProviders has a fuzz target
  named for it.
- No committed file is over 1 MB unless `DATA` lists it (a wheel once slipped in at the root).
- docs/benchmarks.md has one `##` per measured thing, `BENCHMARK_SECTIONS`, in that order (that
  every figure there names its commit is check-rules.py's).
Also prints the three largest Swift files and functions, so sizes bunching at the limits show.
"""
import importlib.util
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("rules", ROOT / "scripts" / "check-rules.py")
rules = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rules)
code_only, function_lengths = rules.code_only, rules.function_lengths

# Names in backticks that are not the code's, and why.
OUTSIDE = {
    "Mirror": "Swift's standard library",
    "Vary": "an HTTP header",
    "updateHead": "a test of the public HTTP caching suite",
    "BackgroundThread": "gone; benchmarks name it for the commits that had it",
    "BackgroundJob": "gone; benchmarks name it for the commits that had it",
    "BlockingPool": "gone; benchmarks name it for the commits that had it",
    "DrawingThread": "gone; benchmarks name it for the commits that had it",
    "giveBack": "gone; benchmarks name it for the commits that had it",
}
# Committed files over 1 MB that are data on purpose (none today).
DATA = set()
BENCHMARK_SECTIONS = ["Deals", "A glance", "Serve", "The cache", "The tuning layer"]
# Each provider folder's fuzz targets start with this name.
FUZZ_PREFIX = {
    "Fruityvice": "fruityvice", "Kraken": "kraken", "METNorway": "metno", "OpenMeteo": "openmeteo",
    "OpenWeather": "openweather", "TwelveData": "twelvedata", "YandexGeocoder": "yandex",
    "NationalWeatherService": "nws", "BrightSky": "brightsky", "MeteoAlarm": "meteoalarm",
    "CAP": "cap", "ECCC": "eccc",
}

# Test support, the bench and the fuzzer run beside the program, not in it.
NOT_THE_PROGRAM = ("Sources/AlmanacTestSupport/", "Sources/TestHarness/", "Sources/almanac-bench/", "Sources/almanac-fuzz/")
STARTS = re.compile(r"Thread\.detachNewThread|\bThread\(|pthread_create|Task\.detached")
LOCKS = {
    "Mutex": re.compile(r"\bMutex[(<]"), "Atomic": re.compile(r"\bAtomic[(<]"), "WaitableLock": re.compile(r"\bWaitableLock\("),
    "flock": re.compile(r"\bflock\("), "NSCondition": re.compile(r"\bNSCondition\b"), "NSLock": re.compile(r"\bNS(Recursive)?Lock\b"),
    "DispatchSemaphore": re.compile(r"\bDispatchSemaphore\b"), "os_unfair_lock": re.compile(r"\bos_unfair_lock"),
    "pthread_mutex": re.compile(r"\bpthread_mutex_t\b"), "pthread_rwlock": re.compile(r"\bpthread_rwlock"),
}
UNCHECKED = re.compile(r"(?:class|struct|enum|extension)\s+(\w+)[^{]*@unchecked Sendable")
# The one primitive built on a pthread mutex and condition is `WaitableLock` itself.
PRIMITIVES = {"pthread_mutex": "Sources/AlmanacCore/Concurrency/WaitableLock.swift"}


def concurrency_inventory(doc=ROOT / "docs" / "architecture.md"):
    starts, kinds, unchecked, problems = set(), set(), set(), []
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        relative = str(path.relative_to(ROOT))
        if relative.startswith(NOT_THE_PROGRAM):
            continue
        raw = path.read_text().splitlines()
        for number, line in enumerate(code_only(raw), 1):
            if STARTS.search(line):
                starts.add(path.stem)
            kinds |= {kind for kind, pattern in LOCKS.items() if pattern.search(line) and PRIMITIVES.get(kind) != relative}
            if match := UNCHECKED.search(line):
                unchecked.add(match.group(1))
                near = raw[max(0, number - 4) : number + 3]
                if not any(re.match(r"\s*// @unchecked: \S", other) for other in near):
                    problems.append(f"{relative}:{number}: `@unchecked Sendable` without a `// @unchecked: why` beside it")
    text = doc.read_text()
    listed = {}
    names = ("Thread and task starts", "Lock kinds", "`@unchecked Sendable` types")
    for name in names:
        match = re.search(rf"^{re.escape(name)} \(held to the code by `make lint`\): (.+)$", text, re.M)
        listed[name] = set(re.findall(r"`([^`]+)`", match.group(1))) if match else None
    for name, found in zip(names, (starts, kinds, unchecked)):
        if listed[name] is None:
            problems.append(f"docs/architecture.md: no line \"{name} (held to the code by `make lint`): …\" in §5")
            continue
        for missing in sorted(found - listed[name]):
            problems.append(f"docs/architecture.md §5: {name[0].lower() + name[1:]} do not list `{missing}`, which the code has")
        for gone in sorted(listed[name] - found):
            problems.append(f"docs/architecture.md §5: {name[0].lower() + name[1:]} list `{gone}`, which the code no longer has")
    return problems


def code_words():
    """Every identifier in the code, scripts and build files."""
    text = ""
    for tree in ("Sources", "Tests", "scripts", "Examples"):
        for path in (ROOT / tree).rglob("*"):
            if path.is_file() and path.suffix in (".swift", ".py", ".sh") and "/.build" not in str(path):
                text += path.read_text(errors="ignore") + "\n"
    text += (ROOT / "Makefile").read_text() + (ROOT / "Package.swift").read_text()
    return set(re.findall(r"[A-Za-z_]\w*", text))


# `Type`, `Type.member`, `Type.member()`, `camelCase`, `camelCase()`: code names, not commands,
# flags, files, fields or variables.
CODE_NAME = re.compile(r"^(?:[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*(?:\.[a-z][A-Za-z0-9]*)*|[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)(?:\(\))?$")


def pages():
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def names_exist():
    words, problems = code_words(), []
    for page in pages():
        fence = False
        for number, line in enumerate(page.read_text().splitlines(), 1):
            if line.startswith("```"):
                fence = not fence
            if fence or line.startswith("```"):
                continue
            for name in re.findall(r"`([^`\n]+)`", line):
                if not CODE_NAME.match(name):
                    continue
                gone = [part for part in re.findall(r"[A-Za-z_]\w*", name) if part not in words and part not in OUTSIDE]
                if gone:
                    problems.append(f"{page.relative_to(ROOT)}:{number}: `{name}` names {', '.join(gone)}, which the code does not have")
    return problems


def page_openings():
    problems = []
    for page in sorted((ROOT / "docs").glob("*.md")):
        text = page.read_text()
        opening = text.split("\n\n")[1] if text.startswith("# ") and "\n\n" in text else ""
        if opening.startswith(("#", "```", "|")) or not re.search(r"(?:^|[.!?]\s)For \S", opening):
            problems.append(f"{page.relative_to(ROOT)}:3: open with what the page is for and who reads it (\"For …\")")
    return problems


def fuzz_covers_providers():
    targets = set()
    for path in (ROOT / "Sources" / "AlmanacFuzz").glob("*.swift"):
        targets |= set(re.findall(r'FuzzTarget\(name: "([^"]+)"', path.read_text()))
    problems = []
    for folder in sorted(p.name for p in (ROOT / "Sources" / "AlmanacProviders").iterdir() if p.is_dir()):
        prefix = FUZZ_PREFIX.get(folder)
        if prefix is None:
            problems.append(f"scripts/check-claims.py: FUZZ_PREFIX does not name provider folder {folder}")
        elif not any(target.startswith(prefix) for target in targets):
            problems.append(f"Sources/AlmanacFuzz: no fuzz target for Sources/AlmanacProviders/{folder} (a name starting {prefix})")
    return problems


def big_files(limit=1 << 20):
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True).stdout.split("\0")
    problems = []
    for name in filter(None, listed):
        path = ROOT / name
        if path.is_file() and path.stat().st_size > limit and name not in DATA:
            problems.append(f"{name}: {path.stat().st_size / 1e6:.1f} MB committed; over 1 MB only as listed data (DATA)")
    return problems


def benchmark_sections():
    found = re.findall(r"^## (.+)$", (ROOT / "docs" / "benchmarks.md").read_text(), re.M)
    if found != BENCHMARK_SECTIONS:
        return [f"docs/benchmarks.md: sections {found}; one per measured thing: {BENCHMARK_SECTIONS}"]
    return []


def largest():
    """The three largest Swift files and functions of Sources, Tests and Examples (data a script
    writes, `GENERATED`, aside)."""
    files, functions = [], []
    for tree in rules.TREES:
        for path in (ROOT / tree).rglob("*.swift"):
            relative = str(path.relative_to(ROOT))
            if "/.build" in relative or relative in rules.GENERATED:
                continue
            lines = path.read_text().splitlines()
            files.append((len(lines), relative))
            functions += [(length, f"{relative}:{number}") for number, length in function_lengths(lines)]
    top = lambda found: ", ".join(f"{where} ({n})" for n, where in sorted(found, reverse=True)[:3])
    return [f"largest files: {top(files)}", f"largest functions: {top(functions)}"]


def main():
    problems = (
        concurrency_inventory() + names_exist() + page_openings() + fuzz_covers_providers() + big_files()
        + benchmark_sections()
    )
    for line in largest():
        print(line)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
