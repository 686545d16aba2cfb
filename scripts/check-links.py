#!/usr/bin/env python3
"""Links between the documentation's pages hold (`make lint`).

Every relative link in README.md and docs/*.md — `[text](file.md)`, `[text](file.md#heading)`,
`[text](#heading)` — names a file that exists and, with `#`, a heading in it, as GitHub makes its
anchors (lower case, punctuation dropped, spaces to hyphens). Links to the web are not followed.
Prints each broken link with its file and line; exits 1 when there is one.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def anchors(path):
    """The anchors of a Markdown file's headings (duplicates get -1, -2, as GitHub does)."""
    seen, result, fence = {}, set(), False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fence = not fence
        match = None if fence else re.match(r"^#{1,6}\s+(.*)$", line)
        if not match:
            continue
        slug = re.sub(r"[^\w\- ]", "", match.group(1).strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        result.add(slug if count == 0 else f"{slug}-{count}")
    return result


def problems(page):
    found, fence = [], False
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```"):
            fence = not fence
        if fence:
            continue
        for target in LINK.findall(line):
            if re.match(r"^[a-z]+:", target):
                continue
            file, _, anchor = target.partition("#")
            path = (page.parent / file).resolve() if file else page
            if not path.exists():
                found.append(f"{page.relative_to(ROOT)}:{number}: {target}: no such file")
            elif anchor and path.suffix == ".md" and anchor not in anchors(path):
                found.append(f"{page.relative_to(ROOT)}:{number}: {target}: no such heading in {path.name}")
    return found


def main():
    pages = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
    broken = [problem for page in pages for problem in problems(page)]
    for problem in broken:
        print(problem)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
