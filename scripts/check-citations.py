#!/usr/bin/env python3
"""Citations hold (`make lint`): docs cannot drift from the code.

Every docs page cited (`docs/` + a name + `.md`) in Sources/, Tests/, scripts/, the Makefile, README.md and docs/ is a
file that exists; a `§N` after it is a section `## N.` of that file; a `"Name"` after that (or after
the file) is a heading or a bold lead (`**Name**`) in that section (or file), case aside. Prints
each broken citation with its file and line; exits 1 when there is one.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CITATION = re.compile(r'docs/([A-Za-z0-9_-]+\.md)(?:\s*§(\d+))?(?:,\s*"([^"]+)")?')


def sections(path):
    """Section number → its text, and the whole text under key None."""
    text = path.read_text(encoding="utf-8")
    found = {None: text}
    parts = re.split(r"^## (\d+)\. ", text, flags=re.M)
    for number, body in zip(parts[1::2], parts[2::2]):
        found[number] = "## " + body  # its own title counts as one of its headings
    return found


def names(text):
    """Headings and bold leads, lower-cased, without trailing punctuation."""
    heads = re.findall(r"^#{1,6}\s+(.+?)\s*$", text, flags=re.M) + re.findall(r"\*\*([^*]+?)\*\*", text)
    return {re.sub(r"[.:]+$", "", head).strip().lower() for head in heads}


def problems():
    found = []
    files = [p for folder in ("Sources", "Tests", "scripts", "docs") for p in (ROOT / folder).rglob("*") if p.is_file()]
    files += [ROOT / "Makefile", ROOT / "README.md"]
    for path in files:
        if path.suffix not in (".swift", ".py", ".sh", ".md", ".h", ".cpp", "") or ".build" in path.parts:
            continue
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(lines, 1):
            for name, section, heading in CITATION.findall(line):
                where = f"{path.relative_to(ROOT)}:{number}"
                cited = ROOT / "docs" / name
                if not cited.exists():
                    found.append(f"{where}: docs/{name} does not exist")
                    continue
                parts = sections(cited)
                if section and section not in parts:
                    found.append(f"{where}: docs/{name} has no §{section}")
                elif heading and heading.lower() not in names(parts.get(section or None, "")):
                    found.append(f"{where}: docs/{name}{' §' + section if section else ''} has no \"{heading}\"")
    return found


def main():
    broken = problems()
    for problem in broken:
        print(problem)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
