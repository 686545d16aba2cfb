#!/usr/bin/env bash
# Coverage-guided fuzzing of every reader of outside bytes (libFuzzer + AddressSanitizer, both
# part of the Swift toolchain). Builds `almanac-fuzz` with the sanitizers into .build-fuzz, runs
# each target for FUZZ_SECONDS (60 by default) from its seeds in Fuzz/corpus/, and prints a
# table. Exits non-zero on any crash, leak or slow input; the input is kept in Fuzz/findings/.
# Usage: scripts/fuzz.sh [TARGET ...]     (default: every target)
set -uo pipefail
cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-60}"
swift build --product almanac-fuzz --scratch-path .build-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -parse-as-library >/dev/null || {
  echo "fuzz: the sanitizer build failed" >&2; exit 1; }
binary=.build-fuzz/debug/almanac-fuzz
targets=("$@")
[ ${#targets[@]} -eq 0 ] && mapfile -t targets < <(ls Fuzz/corpus)
mkdir -p Fuzz/findings .build-fuzz/corpus .build-fuzz/logs
failed=0
printf '%-24s %12s %8s %8s %9s  %s\n' target runs corpus cov features findings
for target in "${targets[@]}"; do
  work=".build-fuzz/corpus/$target"; log=".build-fuzz/logs/$target.log"
  mkdir -p "$work"
  ALMANAC_FUZZ_TARGET="$target" ASAN_OPTIONS=detect_leaks=1 "$binary" -max_total_time="$seconds" -timeout=1 \
    -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 -artifact_prefix="Fuzz/findings/$target-" \
    "$work" "Fuzz/corpus/$target" >"$log" 2>&1
  status=$?
  runs=$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
  line=$(grep -E '^#[0-9]+' "$log" | tail -1)
  cov=$(grep -oE 'cov: [0-9]+' <<<"$line" | grep -oE '[0-9]+'); ft=$(grep -oE 'ft: [0-9]+' <<<"$line" | grep -oE '[0-9]+')
  corp=$(grep -oE 'corp: [0-9]+' <<<"$line" | grep -oE '[0-9]+')
  found=$(ls Fuzz/findings 2>/dev/null | grep -c "^$target-" || true)
  verdict="0"
  if [ "$status" -ne 0 ] || [ "$found" -gt 0 ]; then
    failed=1
    verdict="$found ($(grep -oE 'ERROR: [A-Za-z]+: [a-z-]+|deadly signal|timeout|out-of-memory|detected memory leaks' "$log" | head -1))"
  fi
  printf '%-24s %12s %8s %8s %9s  %s\n' "$target" "${runs:-?}" "${corp:-?}" "${cov:-?}" "${ft:-?}" "$verdict"
done
[ "$failed" -eq 0 ] || echo "fuzz: findings kept in Fuzz/findings/ (logs in .build-fuzz/logs/)" >&2
exit "$failed"
