#!/usr/bin/env python3
"""docs/architecture.md §1's table of modules is Package.swift's targets (`make lint`).

Each target of Package.swift (but the tests') is a row of the table between the markers
`<!-- modules -->` and `<!-- /modules -->`, with the targets it depends on, in the order the
manifest gives them; a target added, removed or given another dependency fails the check until
the table says so. `--write` rewrites the table from the manifest.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
KINDS = ("systemLibrary", "target", "executableTarget")


def calls(text):
    """Each `.kind(` … `)` call of the manifest, its body with brackets balanced."""
    for match in re.finditer(r"\.(systemLibrary|target|executableTarget|testTarget)\(", text):
        depth, index = 1, match.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(text[index], 0)
            index += 1
        yield match.group(1), text[match.end():index - 1]


def targets(manifest=ROOT / "Package.swift"):
    """(kind, name, dependencies) of every target but the tests, in the manifest's order."""
    rows = []
    for kind, body in calls(manifest.read_text()):
        if kind not in KINDS:
            continue
        name = re.search(r'name:\s*"([^"]+)"', body).group(1)
        listed = re.search(r"dependencies:\s*\[(.*?)\]\s*(?:,|$)", body, re.S)
        names = []
        if listed:
            for item in re.finditer(r'\.product\(name:\s*"([^"]+)",\s*package:\s*"[^"]+"\)|"([^"]+)"', listed.group(1)):
                names.append(item.group(1) or item.group(2))
        rows.append((kind, name, names))
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
