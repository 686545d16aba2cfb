#!/usr/bin/env python3
"""Fails when a public declaration of the package has no doc comment.

Reads the symbol graphs `swift package dump-symbol-graph --minimum-access-level public` wrote
(the folder is the first argument) and prints each undocumented declaration as file:line. The
modules named after the folder must have a graph there (a missing one fails: nothing was checked).
"""
import glob
import json
import sys

folder = sys.argv[1]
missing = []
for module in sys.argv[2:]:
    if not glob.glob(f"{folder}/{module}.symbols.json"):
        print(f"check-docs: no symbol graph for {module} in {folder}")
        sys.exit(1)
for path in glob.glob(folder + "/*.symbols.json"):
    for symbol in json.load(open(path))["symbols"]:
        location = symbol.get("location", {}).get("uri", "")
        if symbol.get("accessLevel") != "public" or "/Sources/" not in location or symbol.get("docComment"):
            continue
        line = symbol.get("location", {}).get("position", {}).get("line", 0) + 1
        missing.append(f"{location.split('/Sources/', 1)[1]}:{line}: public {symbol['kind']['displayName'].lower()} "
                       f"{'.'.join(symbol['pathComponents'])} has no doc comment")
for line in sorted(set(missing)):
    print("Sources/" + line)
sys.exit(1 if missing else 0)
