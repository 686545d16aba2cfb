#!/usr/bin/env python3
"""The project's rules as checks (`make lint`): each prints the place that breaks it and fails.

- Text reaches the terminal only through the writers that neutralise it (docs/architecture.md
  §2, item 7): no other file writes to stdout or stderr directly.
- Small pieces, each read at a glance: no function, initializer or subscript over 40 lines from its
  declaration to its closing brace, no Swift file over 350 lines (300 in Sources/DealTable), in
  Sources, Tests and Examples; no script (scripts/, Python or shell) over 350 lines either. Data a
  script writes (`GENERATED`) is not code: it is exempt, and must open naming its script.
- JSON is built by a writer (`JSONValue.encoded()`, `JSONEncoder`), never by splicing values into
  a string literal that holds JSON members (`"{\"name\":\"\\(value)\"}"`): a quote in the value would
  change the document.
- No closure is a lock's value (`Mutex<(() -> Void)?>`): every `withLock` re-wraps such a
  closure in two conversion thunks, so it grows a call longer each time it is read (see
  `closure_in_lock`).
- The library names no flag and no command (docs/architecture.md §9, "Errors worded once"): string
  literals under the library's modules never hold `--word` or `almanac word`; the command line's
  names live in its front end (`CommandLineHint`). An input rule's `flag:` is the one exception:
  it is the rule's data, which the command line reads.
- Every figure in docs/benchmarks.md names the commit it was measured on (see
  `benchmark_figures`).
- The client stays an executor (docs/architecture.md §4, "The answer machine"): its files
  (`Sources/AlmanacClient/Client/DataClient*.swift`) hold at most 250 lines together and no
  function over 30; the decisions are the machine's, and a state machine's switches are total —
  no `default:` in a `*Machine*.swift` file (see `executor_budget`).
- An options group holds only flat groups (structs with options that are not commands; see
  `nested_option_groups`): a debug build of the argument parser checks each group on every parse
  and each check builds the groups inside it again, so a third level multiplies every parse's work
  (Sources/FrontKit/CommandLine/GlobalOptions.swift).
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# The writers, and what each is allowed to write raw.
WRITERS = {
    "Sources/AlmanacCore/Terminal/Console.swift",  # neutralises every text it is given
    "Sources/TerminalKit/Terminal/RawTerminal.swift",  # the app's own mode switches
    "Sources/FrontKit/App/ScreenWriter.swift",  # neutralises every line of a frame
    "Sources/Deals/Front/DealBrowser.swift",  # a frame of lines cut by ScreenWriter.clip
    "Sources/Fruit/Front/FruitView.swift",  # the confetti line, neutralised
    "Sources/Deals/Front/DealsCommand.swift",  # the progress line: the program's own figures
    "Sources/Exams/Front/ExamsCommand.swift",  # an .ics file to stdout (escaped as .ics asks)
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


FUNCTION_LIMIT = 40
FILE_LIMIT = 350
# The deals engine keeps its files smaller still: each piece of the table readable on its own.
FOLDER_LIMITS = {"Sources/DealTable/": 300}
# Data written by a script, not code: held to what the script writes, not to the file budget.
GENERATED = {
    "Sources/Geography/CountryOutlines+Data.swift": "scripts/make_outlines.py",
    "Sources/Geography/TimeZoneOutlines+Data.swift": "scripts/make_zones.py",
    "Sources/Geography/WarningAreaOutlines+Data.swift": "scripts/make_warning_areas.py",
    "Sources/Geography/WarningAreaOutlines+Aliases.swift": "scripts/make_warning_areas.py",
}
TREES = ("Sources", "Tests", "Examples")
DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|private|fileprivate|internal|package|open|static|class|final|override|mutating|nonmutating|"
    r"nonisolated|convenience|required|isolated)(?:\(set\))?\s+)*"
    r"(?:func\s|init[?!]?\s*[(<]|deinit\b|subscript\s*[(<])")


def code_only(lines):
    """Each line with its comments and string literals' contents removed (braces in them do not count)."""
    block = multiline = False
    result = []
    for line in lines:
        out, i = [], 0
        while i < len(line):
            if block or multiline:
                end = line.find("*/" if block else '"""', i)
                if end < 0:
                    break
                i = end + (2 if block else 3)
                block = multiline = False
            elif line.startswith("//", i):
                break
            elif line.startswith("/*", i):
                block, i = True, i + 2
            elif line.startswith('"""', i):
                multiline, i = True, i + 3
            elif line[i] == '"':
                i = skip_string(line, i + 1)
                out.append('""')
            else:
                out.append(line[i])
                i += 1
        result.append("".join(out))
    return result


def skip_string(line, i):
    """The index after the string literal whose contents start at `i` (interpolations skipped whole)."""
    while i < len(line):
        if line.startswith("\\(", i):
            depth, i = 1, i + 2
            while i < len(line) and depth:
                depth += {"(": 1, ")": -1}.get(line[i], 0)
                i += 1
        elif line[i] == "\\":
            i += 2
        elif line[i] == '"':
            return i + 1
        else:
            i += 1
    return i


def function_lengths(lines):
    """(line number, length in lines) of each function, initializer and subscript with a body."""
    code = code_only(lines)
    found = []
    for start, line in enumerate(code):
        if not DECLARATION.match(line):
            continue
        depth, opened = 0, False
        for end in range(start, min(len(code), start + 2000)):
            for character in code[end]:
                if character == "{":
                    depth, opened = depth + 1, True
                elif character == "}":
                    depth -= 1
            if opened and depth <= 0:
                found.append((start + 1, end - start + 1))
                break
            if not opened and (end > start + 15 or (end > start and DECLARATION.match(code[end]))):
                break  # a requirement without a body
    return found


def sizes():
    problems = []
    for tree in TREES:
        for path in sorted((ROOT / tree).rglob("*.swift")):
            relative = str(path.relative_to(ROOT))
            if "/.build" in relative or relative in GENERATED:
                continue
            lines = path.read_text().splitlines()
            limit = next((n for folder, n in FOLDER_LIMITS.items() if relative.startswith(folder)), FILE_LIMIT)
            if len(lines) > limit:
                problems.append(f"{relative}: {len(lines)} lines; split it (at most {limit} a file here)")
            for number, length in function_lengths(lines):
                if length > FUNCTION_LIMIT:
                    problems.append(f"{relative}:{number}: a function of {length} lines; split it (at most {FUNCTION_LIMIT})")
    for relative, script in GENERATED.items():
        if not (ROOT / relative).read_text().startswith(f"// Generated by {script}"):
            problems.append(f"{relative}: exempt from the file budget as data, but does not open with \"// Generated by {script}\"")
    for path in sorted((ROOT / "scripts").rglob("*")):
        if path.suffix in (".py", ".sh") and len(path.read_text().splitlines()) > FILE_LIMIT:
            problems.append(f"{path.relative_to(ROOT)}: {len(path.read_text().splitlines())} lines; split it (at most {FILE_LIMIT})")
    return problems


JSON_MEMBER = re.compile(r'\\"[A-Za-z_][\w-]*\\"\s*:|(?:^|[{,]\s*)\\"\\\([^)]*\)\\"\s*:')


def spliced_json():
    """String literals that hold a JSON member and an interpolation, in the program (tests may
    write the bodies their servers send by hand)."""
    problems = []
    for tree in ("Sources", "Examples"):
        for path in sorted((ROOT / tree).rglob("*.swift")):
            relative = str(path.relative_to(ROOT))
            for number, line in enumerate(path.read_text().splitlines(), 1):
                for literal in re.findall(r'"((?:[^"\\]|\\.)*)"', line):
                    if JSON_MEMBER.search(literal) and "\\(" in literal:
                        problems.append(f"{relative}:{number}: JSON spliced from a string; build it with JSONValue.encoded()")
    return problems


LOCKED_CLOSURE = re.compile(r"\b(?:Mutex|Atomic|OSAllocatedUnfairLock)<[^>]*->")


def closure_in_lock():
    """A function type as a `Mutex`'s value: the inout access of `withLock` converts it to the
    generic form and back, wrapping it in two thunks each time, so a hook read once a batch became
    a chain of 157k calls that slowed ingest and overflowed the stack when released
    (DealInbox). Wrap the closure in a struct."""
    problems = []
    for tree in TREES:
        for path in sorted((ROOT / tree).rglob("*.swift")):
            relative = str(path.relative_to(ROOT))
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if LOCKED_CLOSURE.search(line.split("//")[0]):
                    problems.append(f"{relative}:{number}: a closure as a lock's value grows a thunk each access; wrap it in a struct")
    return problems


LIBRARY = ("Sources/AlmanacCore/", "Sources/AlmanacHTTP/", "Sources/AlmanacProviders/", "Sources/AlmanacClient/", "Sources/AlmanacKit/",
           "Sources/DealTable/") + tuple(f"Sources/{service.parent.name}/Service/" for service in sorted(ROOT.glob("Sources/*/Service")))
FLAG_WORDS = re.compile(r"(?:^|[\s(])--[a-z]|\balmanac (?:cache|crypto|deals|doctor|exams|fixtures|fruit|line|menu|profile|ui|weather)\b")


def flags_in_library():
    """A string literal in the library that names a flag or an `almanac` command."""
    problems = []
    for folder in LIBRARY:
        for path in sorted((ROOT / folder).rglob("*.swift")):
            relative = str(path.relative_to(ROOT))
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if line.lstrip().startswith("//") or re.search(r'\bflag: "--', line):
                    continue
                for literal in re.findall(r'"((?:[^"\\]|\\.)*)"', line):
                    if FLAG_WORDS.search(literal):
                        problems.append(f"{relative}:{number}: the library names a flag or command; say it in CommandLineHint")
    return problems


COMMIT = re.compile(r"\b[0-9a-f]{7,40}\b")
FIGURE = re.compile(r"\d(?:[\d,.]*)\s?(?:ms|µs|s\b|×|%|MB|M\b|bytes)")


def benchmark_figures(readme=ROOT / "docs" / "benchmarks.md"):
    """Each paragraph, table or block with a measured figure in docs/benchmarks.md names a commit
    git knows, or follows a paragraph that does (the paragraph that introduces a table)."""
    if not readme.exists():
        return ["docs/benchmarks.md: missing"]
    problems, previous_commits = [], []
    for block in blocks(readme.read_text().split("\n", 1)[1]):
        commits = [c for c in COMMIT.findall(block) if is_commit(c)]
        if FIGURE.search(block) and not commits and not (block.startswith(("```", "|")) and previous_commits):
            first = block.splitlines()[0][:60]
            problems.append(f"docs/benchmarks.md: figures without the commit they were measured on: {first!r}")
        previous_commits = commits
    return problems


def blocks(text):
    """Paragraphs, tables and fenced blocks (a fenced block is one block, blank lines and all)."""
    found, current, fenced = [], [], False
    for line in text.splitlines():
        if line.startswith("```"):
            if not fenced and current:
                found.append("\n".join(current))
                current = []
            fenced = not fenced
            current.append(line)
            if not fenced:
                found.append("\n".join(current))
                current = []
        elif not fenced and not line.strip():
            if current:
                found.append("\n".join(current))
            current = []
        else:
            current.append(line)
    return found + (["\n".join(current)] if current else [])


def is_commit(text):
    import subprocess
    return subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{text}^{{commit}}"],
                          capture_output=True).returncode == 0


CLIENT_FILES = "Sources/AlmanacClient/Client/DataClient*.swift"
CLIENT_LIMIT = 250
CLIENT_FUNCTION_LIMIT = 30


def executor_budget():
    problems = []
    files = sorted(ROOT.glob(CLIENT_FILES))
    total = sum(len(path.read_text().splitlines()) for path in files)
    if total > CLIENT_LIMIT:
        problems.append(f"{CLIENT_FILES}: {total} lines together; the client is the machine's executor (at most {CLIENT_LIMIT})")
    for path in files:
        for number, length in function_lengths(path.read_text().splitlines()):
            if length > CLIENT_FUNCTION_LIMIT:
                problems.append(f"{path.relative_to(ROOT)}:{number}: a function of {length} lines (at most {CLIENT_FUNCTION_LIMIT} in the client)")
    for path in sorted((ROOT / "Sources").rglob("*Machine*.swift")):
        for number, line in enumerate(code_only(path.read_text().splitlines()), 1):
            if re.match(r"\s*default\s*:", line):
                problems.append(f"{path.relative_to(ROOT)}:{number}: `default:` in a state machine; name every case")
    return problems


GROUP_FIELD = re.compile(r"@OptionGroup(?:\([^)]*\))?\s+(?:package\s+|public\s+)?var\s+\w+:\s*(\w+)")


def option_groups():
    """Each options group (a struct with options that is no command) and the group types it holds."""
    groups = {}
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        text = path.read_text()
        for match in re.finditer(r"struct (\w+)(?:<[^>]*>)?:([^{]*)\{", text):
            if "Command" in match.group(2):
                continue
            depth, end = 1, match.end()
            while depth and end < len(text):
                depth += {"{": 1, "}": -1}.get(text[end], 0)
                end += 1
            if re.search(r"@(Option|Flag|Argument|OptionGroup)\b", text[match.end():end]):
                groups[match.group(1)] = (path.relative_to(ROOT), GROUP_FIELD.findall(text[match.end():end]))
    return groups


def nested_option_groups():
    groups = option_groups()
    problems = []
    for name, (path, held) in sorted(groups.items()):
        for inner in held:
            if inner not in groups:  # a generic parameter: any group, nested or not
                problems.append(f"{path}: {name} holds a group of any type ({inner}); declare the groups side by side")
            elif groups[inner][1]:
                problems.append(f"{path}: {name} holds {inner}, which holds groups itself; declare the groups side by side")
    return problems


def main():
    problems = (
        direct_writes() + sizes() + spliced_json() + closure_in_lock() + flags_in_library()
        + benchmark_figures() + executor_budget() + nested_option_groups()
    )
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
