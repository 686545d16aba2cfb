#!/usr/bin/env bash
# `make dist`: almanac-VERSION-linux-ARCH.tar.gz (the staged files and INSTALL, in one folder)
# and its SHA-256 beside it, in dist/; then the recipes for it (scripts/make_recipes.py).
# Usage: dist.sh STAGE_FOLDER VERSION ARCH
set -euo pipefail
stage="$1"; version="$2"; arch="$3"
root="$(cd "$(dirname "$0")/.." && pwd)"
name="almanac-$version-linux-$arch"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -R "$stage" "$work/$name"
echo tarball > "$work/$name/share/almanac/CHANNEL"  # `almanac --version` says how it came
cat > "$work/$name/INSTALL" <<TEXT
Almanac $version for Linux ($arch)

Needs only libcurl (Debian and Ubuntu: sudo apt-get install libcurl4); the Swift runtime is
linked into the program.

Install for yourself (no root):
    mkdir -p ~/.local && cp -R bin libexec lib share ~/.local/
  and make sure ~/.local/bin is on your PATH. For everyone:
    sudo cp -R bin libexec lib share /usr/local/

Or run it where it is: ./bin/almanac weather
(it finds its sample data in ../share/almanac beside itself).

Manual: man almanac (or man -l share/man/man1/almanac.1).
Completions: bash loads share/bash-completion/completions/almanac by itself when installed under
/usr/local or ~/.local; zsh needs share/zsh/site-functions on its fpath; fish reads
share/fish/vendor_completions.d.
Uninstall: remove bin/almanac, libexec/almanac, share/almanac, share/man/man1/almanac.1 and the three completion
files from where you copied them.
TEXT
mkdir -p "$root/dist"
tar -C "$work" -czf "$root/dist/$name.tar.gz" "$name"
(cd "$root/dist" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "dist/$name.tar.gz"
# The Homebrew formula and the AUR recipe for this tarball (packaging/homebrew, packaging/aur).
python3 "$root/scripts/make_recipes.py" "$version" "$root/dist/$name.tar.gz"
