#!/usr/bin/env python3
"""docs/architecture.md §1's table of modules is Package.swift's targets (`make lint`).

Each target of Package.swift (but the tests') is a row of the table between the markers
`<!-- modules -->` and `<!-- /modules -->`, with the targets it depends on, in the order the
manifest gives them; a target added, removed or given another dependency fails the check until
the table says so. `--write` rewrites the table from the manifest.
"""
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"


def targets():
    """(kind, name, dependencies) of every target but the tests, in the manifest's order, as
    `swift package dump-package` reads Package.swift (so helper arrays in the manifest count)."""
    manifest = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True).stdout)
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
    wanted = table(targets()) + "\n"
    if "--write" in sys.argv:
        DOC.write_text(text[:found.start(1)] + wanted + text[found.end(1):])
        return 0
    if found.group(1) != wanted:
        print(f"{DOC.relative_to(ROOT)}: §1's table of modules is not Package.swift's (python3 scripts/check-modules.py --write)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
