# Sourced by scripts/test-install.sh and scripts/test-deb.sh: `check NAME COMMAND…` runs the
# command (a program or a shell function), prints `ok    NAME` or `FAIL  NAME` with the first 20
# lines it printed, and counts it in `passed` and `failed`; `ok` and `fail` count a step by hand.
passed=0; failed=0
ok() { passed=$((passed + 1)); echo "ok    $1"; }
fail() { failed=$((failed + 1)); echo "FAIL  $1"; [ -z "${2:-}" ] || sed 's/^/      /' <<<"$2" | head -20; }
check() { local name="$1"; shift; local out; if out="$("$@" 2>&1)"; then ok "$name"; else fail "$name" "$out"; fi; }
