#!/usr/bin/env python3
"""Holds the generated recipes (scripts/make_recipes.py) to the tarball they are for: the same
version, the tarball's SHA-256 and name, and the files each installs equal to what `make install`
installs (its list, INSTALLED: paths under the prefix, one a line).
The AUR recipe's package() is run for real into a scratch folder; the Homebrew formula (Ruby,
no brew here) is read for its install lines. Prints what differs; exits 1 if anything does.
Usage: check-recipes.py TARBALL UNPACKED_FOLDER INSTALLED_LIST"""
import hashlib
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Where the Homebrew formula's install targets put things, as paths under the prefix.
BREW = {
    "bin": "bin", 'libexec/"almanac"': "libexec/almanac", 'lib/"systemd/user"': "lib/systemd/user",
    "pkgshare": "share/almanac", "man1": "share/man/man1", "bash_completion": "share/bash-completion/completions",
    "zsh_completion": "share/zsh/site-functions", "fish_completion": "share/fish/vendor_completions.d",
}
# Where the AUR recipe puts them (Arch's places), as the same prefix paths.
ARCH = [("usr/lib/almanac/", "libexec/almanac/"), ("usr/lib/systemd/", "lib/systemd/"),
        ("usr/share/licenses/almanac-bin/", "share/almanac/"), ("usr/", "")]


def files_under(folder):
    return {os.path.relpath(os.path.join(top, name), folder) for top, _, names in os.walk(folder) for name in names}


def brew_files(text, unpacked):
    installed = set()
    for target, source in re.findall(r'^\s*\(?([\w/"]+?)\)?\.install (.+)$', text, re.M):
        place = BREW[target]
        glob = re.fullmatch(r'Dir\["(.+)/\*"\]', source)
        if glob:
            base = os.path.join(unpacked, glob.group(1))
            installed |= {os.path.join(place, path) for path in files_under(base)}
        else:
            installed.add(os.path.join(place, os.path.basename(source.strip('"'))))
    return installed


def aur_files(pkgbuild, unpacked):
    with tempfile.TemporaryDirectory() as scratch:
        pkgdir = os.path.join(scratch, "pkg")
        srcdir = os.path.dirname(unpacked)
        script = f'set -e; source "{pkgbuild}"; pkgdir="{pkgdir}"; cd "{srcdir}"; package'
        subprocess.run(["bash", "-c", script], check=True, capture_output=True)
        installed = set()
        for path in files_under(pkgdir):
            for arch, prefix in ARCH:
                if path.startswith(arch):
                    installed.add(prefix + path[len(arch):])
                    break
        return installed


def main():
    tarball, unpacked, installed_list = sys.argv[1:4]
    with open(tarball, "rb") as handle:
        sha = hashlib.sha256(handle.read()).hexdigest()
    version, arch = re.search(r"almanac-(.+)-linux-(\w+)\.tar\.gz$", os.path.basename(tarball)).groups()
    with open(installed_list) as handle:
        expected = {line.strip().removeprefix("./") for line in handle if line.strip()}
    formula = open(os.path.join(ROOT, "packaging/homebrew/almanac.rb")).read()
    pkgbuild = os.path.join(ROOT, "packaging/aur/PKGBUILD")
    recipe = open(pkgbuild).read()
    problems = []
    for name, text, fields in [
        ("formula", formula, [f'version "{version}"', f'sha256 "{sha}"', os.path.basename(tarball)]),
        ("PKGBUILD", recipe, [f"pkgver={version}", f"arch=('{arch}')", f"sha256sums_{arch}=('{sha}')", os.path.basename(tarball)]),
    ]:
        problems += [f"{name}: no {field}" for field in fields if field not in text]
    for name, files in [("formula", brew_files(formula, unpacked)), ("PKGBUILD", aur_files(pkgbuild, unpacked))]:
        problems += [f"{name} does not install {path}" for path in sorted(expected - files)]
        problems += [f"{name} installs {path}, which make install does not" for path in sorted(files - expected)]
    for problem in problems:
        print(problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
