#!/usr/bin/env bash
# Runs the test suite with the clock set a year ahead (libfaketime), a test class at a time, so a
# test that reads the wall clock against recorded data shows itself (docs/development.md, "On any
# date"). Needs the `faketime` package and a test build (`swift build --build-tests`). Prints one
# line per class that failed or did not finish within SECONDS_PER_CLASS (45): some tests of waits and
# threads stall under libfaketime; they read no recorded data. Exit 1 when any class failed.
#
# Usage: scripts/year-ahead.sh [OFFSET (+365d)] [CLASS-FILTER (a grep pattern)]
set -uo pipefail
cd "$(dirname "$0")/.."
offset="${1:-+365d}"
filter="${2:-.}"
seconds="${SECONDS_PER_CLASS:-45}"
command -v faketime >/dev/null || { echo "year-ahead: install faketime (apt install faketime)" >&2; exit 2; }
# The products copied aside (inside the checkout, where the program finds its sample data), so a
# build meanwhile does not change them under the run.
bin="$(swift build --show-bin-path)"
aside=".build/year-ahead"
rm -rf "$aside" && mkdir -p "$aside"
cp "$bin/AlmanacPackageTests.xctest" "$bin/almanac" "$bin/almanac-bench" "$bin/almanac-fuzz" "$aside/"
tests="$aside/AlmanacPackageTests.xctest"
# Wall-clock time a year ahead; monotonic time left alone, so waits and timeouts keep their length.
export FAKETIME_DONT_FAKE_MONOTONIC=1 FAKETIME_FORCE_MONOTONIC_FIX=1
failed=0
for class in $("$tests" --list-tests 2>/dev/null | grep / | sed 's|/.*||' | sort -u | grep -E "$filter"); do
  out="$(timeout "$seconds" faketime -f "$offset" "$tests" "$class" 2>&1 </dev/null)"
  case $? in
    0) ;;
    124) echo "stalled  $class" ;;
    *) echo "FAILED   $class"; grep -E "error:" <<<"$out" | head -5 | sed 's/^/    /'; failed=1 ;;
  esac
done
exit "$failed"
