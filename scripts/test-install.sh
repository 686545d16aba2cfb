#!/usr/bin/env bash
# Installs into a temporary DESTDIR and checks the result as a user would meet it, from another
# folder with an empty environment and no keys; then uninstalls, and checks the tarball of
# `make dist` on its own, then the Debian package (scripts/test-deb.sh). Prints one line per check
# and "install: N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
destdir="$(mktemp -d)"; elsewhere="$(mktemp -d)"; unpacked="$(mktemp -d)"
trap 'rm -rf "$destdir" "$elsewhere" "$unpacked"' EXIT
. scripts/checks.sh
run_clean() { (cd "$elsewhere" && env -i HOME="$elsewhere" "$@"); }

make -s install DESTDIR="$destdir" PREFIX=/usr/local >/dev/null || { echo "install: 0 passed, 1 failed"; exit 1; }
prefix="$destdir/usr/local"
forecast() { run_clean "$1" weather forecast Moscow --offline | grep -q "^7-day forecast — Moscow, Russia"; }
check "the installed binary shows the sample 7-day forecast for Moscow" forecast "$prefix/bin/almanac"
check "it finds its sample data beside itself" sh -c "cd '$elsewhere' && env -i HOME='$elsewhere' '$prefix/bin/almanac' doctor | grep -q 'installed beside the program'"
check "--version says the version, source and the commit" sh -c "'$prefix/bin/almanac' --version | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+ \(source, commit [0-9a-f]{12}\)$'"
serves() { # the installed `almanac serve` answers a wttr.in URL, then stops on SIGTERM
  local log="$elsewhere/serve.log"
  (cd "$elsewhere" && exec env -i HOME="$elsewhere" ALMANAC_HOME="$elsewhere/home" "$1" serve --port 0 2>"$log") &
  local pid=$!
  for _ in $(seq 1 50); do grep -q "listening on" "$log" 2>/dev/null && break; sleep 0.1; done
  local port; port="$(sed -n 's/.*127\.0\.0\.1:\([0-9]*\).*/\1/p' "$log" | head -1)"
  local answer; answer="$(python3 -c "import urllib.request; print(urllib.request.urlopen('http://127.0.0.1:$port/:help').read().decode())")"
  kill -TERM "$pid"; wait "$pid"
  grep -q "almanac serve" <<<"$answer" && grep -q "stopped." "$log"
}
check "almanac serve runs the installed server and stops on SIGTERM" serves "$prefix/bin/almanac"
unit="$prefix/lib/systemd/user/almanac.service"
check "the systemd user unit starts the installed program" grep -qx "ExecStart=/usr/local/bin/almanac serve" "$unit"
if command -v systemd-analyze >/dev/null 2>&1; then
  # As installed, but its program and manual where this scratch install put them.
  sed "s|/usr/local/bin|$prefix/bin|" "$unit" > "$elsewhere/almanac.service"
  check "systemd-analyze verifies the unit" env MANPATH="$prefix/share/man" systemd-analyze verify "$elsewhere/almanac.service"
fi
manual="$prefix/share/man/man1/almanac.1"
if command -v man >/dev/null 2>&1; then
  check "man -l renders the manual" sh -c "MANWIDTH=100 man -l '$manual' 2>/dev/null | grep -q 'almanac weather'"
else
  check "the manual is mdoc" sh -c "head -5 '$manual' | grep -q '^.Dt ALMANAC 1'"
fi
check "bash completion loads" bash -c "source '$prefix/share/bash-completion/completions/almanac' && complete -p almanac"
check "zsh and fish completions are there" test -s "$prefix/share/zsh/site-functions/_almanac" -a -s "$prefix/share/fish/vendor_completions.d/almanac.fish"
(cd "$prefix" && find . -type f | sort) > "$elsewhere/installed.txt"  # make install's list, for the recipes
make -s uninstall DESTDIR="$destdir" PREFIX=/usr/local >/dev/null
check "make uninstall leaves no file behind" sh -c "test -z \"\$(find '$destdir' -type f)\""

make -s dist >/dev/null || { failed=$((failed + 1)); echo "FAIL  make dist"; }
tarball="$(ls dist/almanac-*-linux-*.tar.gz 2>/dev/null | head -1)"
check "the tarball's checksum holds" sh -c "cd dist && sha256sum -c '$(basename "$tarball").sha256'"
tar -C "$unpacked" -xzf "$tarball"
bin="$(ls -d "$unpacked"/almanac-*/bin/almanac)"
check "the tarball's binary needs no Swift runtime (no libswift in ldd)" sh -c "! ldd '$bin' | grep -q libswift"
check "the tarball's binary says its version and channel" sh -c "run() { cd '$elsewhere' && env -i '$bin' --version; }; run | grep -q '(tarball, commit '"
check "the tarball's binary shows the sample forecast from its folder" forecast "$bin"
check "the tarball carries INSTALL" test -s "$(dirname "$(dirname "$bin")")/INSTALL"
check "the Homebrew and AUR recipes name the tarball and install what make install does" \
  python3 scripts/check-recipes.py "$tarball" "$(dirname "$(dirname "$bin")")" "$elsewhere/installed.txt"
# The Debian package, installed and removed in a throwaway Debian 12 (scripts/test-deb.sh).
deb_log="$elsewhere/deb.log"
./scripts/test-deb.sh | tee "$deb_log"
deb_counts="$(sed -n 's/^deb: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$deb_log")"
deb_counts="${deb_counts:-0 1}"  # no summary: the script itself failed
passed=$((passed + ${deb_counts% *}))
failed=$((failed + ${deb_counts#* }))
echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
