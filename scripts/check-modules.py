#!/usr/bin/env python3
"""docs/architecture.md §1's table of modules is Package.swift's targets (`make lint`).

Each target of Package.swift (but the tests') is a row of the table between the markers
`<!-- modules -->` and `<!-- /modules -->`, with the targets it depends on, in the order the
manifest gives them; a target added, removed or given another dependency fails the check until
the table says so. `--write` rewrites the table from the manifest.

The tests mirror the modules by subject, not only by what a target may reach (`subjects`): a
test file imports the module its target tests (a test that runs a command runs it in process);
one in AlmanacProgramTests that runs more than one feature's commands, or the program's own, or
imports the program — a test of one feature's commands lives in that feature's target.
`SUBJECT_EXCEPTIONS` lists the few that stay elsewhere, each with its reason.

What only a process shows — a signal, a terminal, files and locks shared by processes, the
README's examples — is tested through the built binary in one target, `BinaryTests`, and only
there (`processes`): every test file in it starts a process of the program, and no test file
elsewhere does.
"""
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"


# The one test target whose subject is the built program as a process (see `processes`).
BINARY_TESTS = "BinaryTests"
# How a test starts a process of the program: the built binary, or a script handed it.
STARTS_PROCESS = re.compile(r"runAlmanacBinary\(|runScript\(|LongRun\(|productsFolder|readme-examples\.py")

# Library modules that are test helpers or a yardstick, not tested by a target of their own.
UNTESTED = {"AlmanacTestSupport", "TestHarness", "AlmanacFuzz", "CSortBaseline"}


def manifest():
    """Package.swift as `swift package dump-package` reads it (so helper arrays in it count)."""
    return json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True).stdout)


def closure(names, edges):
    """`names` and every target they depend on, directly or not."""
    found, todo = set(), list(names)
    while todo:
        name = todo.pop()
        if name not in found:
            found.add(name)
            todo += edges.get(name, [])
    return found


def mirrored(manifest):
    """Where the tests do not mirror the modules."""
    libraries = {t["name"] for t in manifest["targets"] if t["type"] == "regular"}
    edges = {t["name"]: [list(d.values())[0][0] for d in t["dependencies"]] for t in manifest["targets"]}
    problems, tested = [], set()
    for target in (t for t in manifest["targets"] if t["type"] == "test" and t["name"] != BINARY_TESTS):
        name, module = target["name"], target["name"].removesuffix("Tests")
        dependencies = {list(d.values())[0][0] for d in target["dependencies"]}
        if not name.endswith("Tests") or module not in libraries:
            problems.append(f"Package.swift: test target {name} is not <Module>Tests for a library module")
        elif module not in dependencies:
            problems.append(f"Package.swift: {name} does not depend on {module}, the module it tests")
        if target.get("path") not in (None, f"Tests/{name}"):
            problems.append(f"Package.swift: {name} lives in {target['path']}, not Tests/{name}")
        tested.add(module)
        if f"{module}Front" in libraries and f"{module}Front" in dependencies:
            tested.add(f"{module}Front")
        # What it tests, what that is built on, and the test helpers (with what they bring).
        allowed = closure({module, f"{module}Front"} | (dependencies & UNTESTED), edges)
        for beyond in sorted(dependencies - allowed):
            problems.append(f"Package.swift: {name} depends on {beyond}, which {module} is not built on")
    for module in sorted(libraries - tested - UNTESTED):
        problems.append(f"Package.swift: no {module}Tests for the module {module}")
    return problems


# The commands of each feature; the others (`line`, `menu`, `doctor`…) are the program's.
FEATURES = {"weather": "Weather", "crypto": "Crypto", "fruit": "Fruit", "exams": "Exams", "deals": "Deals", "profile": "Profile"}
HELPERS = {"Foundation", "XCTest", "TestHarness", "AlmanacTestSupport", "Synchronization", "Glibc", "ArgumentParser"}
SUBJECT_EXCEPTIONS = {
    "Tests/AlmanacProgramTests/HangingNetworkTests.swift": "the run's deadline (`--timeout`) as the program sets it, through weather",
    "Tests/AlmanacProgramTests/InterruptTests.swift": "the program's Ctrl+C (`Main`, `Interrupt`), through a fruit command",
    "Tests/AlmanacProgramTests/FuzzRegressionTests.swift": "the fuzz targets' regressions, which span every reader (`AlmanacFuzz`)",
}


def subjects():
    """Test files placed by closure rather than by subject (see the module's docstring)."""
    problems = []
    for target in sorted(t for t in (ROOT / "Tests").glob("*Tests") if t.name != BINARY_TESTS):
        module = target.name.removesuffix("Tests")
        for path in sorted(target.glob("*.swift")):
            relative, text = str(path.relative_to(ROOT)), path.read_text()
            if relative in SUBJECT_EXCEPTIONS or not re.search(r"^final class \w+: XCTestCase", text, re.M):
                continue
            imports = set(re.findall(r"^(?:@testable )?import (\w+)$", text, re.M)) - HELPERS
            commands = set(re.findall(r'runAlmanac\(\s*\[\s*"([a-z-]+)"', text))
            owners = {FEATURES.get(command, "AlmanacProgram") for command in commands}
            runs = "runAlmanac(" in text or "productsFolder" in text
            if not runs and not imports & {module, module + "Front"}:
                problems.append(f"{relative}: imports none of {module}; it belongs with the module it tests")
            elif module == "AlmanacProgram" and len(owners) == 1 and owners != {"AlmanacProgram"} and module not in imports:
                problems.append(f"{relative}: runs only `almanac {' '.join(sorted(commands))}`; it belongs in {owners.pop()}Tests")
    return problems


def processes():
    """Tests that start the program's process are in BINARY_TESTS, and every test there does."""
    problems = []
    for path in sorted((ROOT / "Tests").rglob("*.swift")):
        relative, text = str(path.relative_to(ROOT)), path.read_text()
        inside = path.parent.name == BINARY_TESTS
        if not re.search(r"^final class \w+: XCTestCase", text, re.M):
            continue
        if inside and not STARTS_PROCESS.search(text):
            problems.append(f"{relative}: starts no process of the program; test it in process, with the module it tests")
        elif not inside and STARTS_PROCESS.search(text):
            problems.append(f"{relative}: starts a process of the program; that test belongs in Tests/{BINARY_TESTS}")
    return problems


def targets(manifest):
    """(kind, name, dependencies) of every target but the tests, in the manifest's order."""
    kinds = {"system": "systemLibrary", "regular": "target", "executable": "executableTarget"}
    rows = []
    for target in manifest["targets"]:
        if target["type"] not in kinds:
            continue
        names = []
        for dependency in target["dependencies"]:
            (how, value), = dependency.items()
            names.append(value[0])
        rows.append((kinds[target["type"]], target["name"], names))
    return rows


def table(rows):
    lines = ["| module | kind | depends on |", "|---|---|---|"]
    for kind, name, names in rows:
        kinds = {"systemLibrary": "system library", "target": "library", "executableTarget": "executable"}
        lines.append(f"| `{name}` | {kinds[kind]} | {', '.join(f'`{n}`' for n in names) or '—'} |")
    return "\n".join(lines)


def main():
    text = DOC.read_text()
    found = re.search(r"<!-- modules -->\n(.*?)<!-- /modules -->", text, re.S)
    if not found:
        print(f"{DOC.relative_to(ROOT)}: no <!-- modules --> table")
        return 1
    package = manifest()
    problems = mirrored(package) + subjects() + processes()
    for problem in problems:
        print(problem)
    wanted = table(targets(package)) + "\n"
    if "--write" in sys.argv:
        DOC.write_text(text[:found.start(1)] + wanted + text[found.end(1):])
        return 0
    if found.group(1) != wanted:
        print(f"{DOC.relative_to(ROOT)}: §1's table of modules is not Package.swift's (python3 scripts/check-modules.py --write)")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
