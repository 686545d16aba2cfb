#!/usr/bin/env bash
# Soak: the full-screen app's Deals tab while 10M deals stream, random keys every few
# milliseconds for MINUTES minutes — filters (good and bad), sorts, flips, jumps, next-match,
# the groups (F, b, Enter into one), the statistics (I), scrolls, resizes and tab switches — then q. `e` (export) is left out: it writes the whole view
# to disk (627 MB at 10M) on a thread of its own, and a run of them would fill the disk. The app
# writes its frame times (ALMANAC_FRAME_LOG).
#
# Fails when the app crashed or did not end cleanly, when the terminal settings after differ from
# those before, or when its peak memory went over 100 bytes a deal plus 60 MB (the table at rest
# holds about 55 bytes a deal; a background re-sort or filter builds a second view). Frames over
# 16 ms are counted and printed; with SOAK_STRICT=1 any of them fails the run too.
# Usage: scripts/soak.sh MINUTES [ALMANAC_BINARY]   (a release build by default)
set -u
minutes="${1:-1}"
binary="${2:-}"
cd "$(dirname "$0")/.."
if [ -z "$binary" ]; then
  # The newer of the static and the plain release build (an old one would soak old code).
  for candidate in .build-static/release/almanac .build/release/almanac; do
    [ -x "$candidate" ] && { [ -z "$binary" ] || [ "$candidate" -nt "$binary" ]; } && binary="$candidate"
  done
fi
if [ -z "$binary" ]; then
  swift build -c release --product almanac >/dev/null && binary=.build/release/almanac
fi
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
count="${SOAK_DEALS:-10000000}"
home="$(mktemp -d)"
socket="almanac-soak-$$"
t() { tmux -L "$socket" "$@"; }
cleanup() { t kill-server >/dev/null 2>&1; [ -n "${SOAK_KEEP:-}" ] && echo "soak: kept $home" || rm -rf "$home"; }
trap cleanup EXIT

t -f /dev/null new-session -d -s soak -x 120 -y 40 \
  "cd '$home'; stty -a > stty-before.txt; ALMANAC_HOME='$home' ALMANAC_FRAME_LOG='$home/frames.txt' ALMANAC_METNO_URL=http://127.0.0.1:1 ALMANAC_OPENMETEO_GEOCODING_URL=http://127.0.0.1:1 ALMANAC_OPENMETEO_ENSEMBLE_URL=http://127.0.0.1:1 ALMANAC_KRAKEN_URL=http://127.0.0.1:1 TERM=xterm-256color sh -c 'echo \$\$ > pid; exec \"\$0\" \"\$@\"' '$binary' ui --offline --count $count --pace 0 2> '$home/stderr.txt'; echo \"EXIT=\$?\" > exit.txt; stty -a > stty-after.txt; sleep 600" \
  </dev/null >/dev/null 2>&1
t set-option -t soak window-size manual >/dev/null 2>&1
sleep 1.5
pid="$(cat "$home/pid" 2>/dev/null)"
t send-keys -t soak 5; sleep 0.5   # the Deals tab

filters=("eur/usd" "side:buy" "usd side:sell amount<2.5m" "price>1" "price>abc" "gbp price>=1.2 price<1.3" "amount>4m" "xau" "")
# F: the groups (b regroups, Enter opens one); I: the statistics.
keys=(s r f F b I Enter Down Up PageDown PageUp Home End n N Tab BTab 5 5 5)
sizes=("120 40" "80 24" "160 50" "100 30")
# The driver shares the cores with the app, so it forks as little as it can: one tmux client an
# action (commands joined with `;`), bash's own clock and a timed read for the pauses. The peak
# memory is the kernel's high-water mark (VmHWM), read once before quitting.
exec 3<> <(:)
pause() { read -r -t "$1" -u 3; }
peak_now() { local key value rest; while read -r key value rest; do [ "$key" = VmHWM: ] && echo "$value"; done < "/proc/$pid/status"; }
end=$(( SECONDS + minutes * 60 ))
while [ "$SECONDS" -lt "$end" ]; do
  case $(( RANDOM % 10 )) in
    0) line="${filters[RANDOM % ${#filters[@]}]}"
       escape=()
       [ "$line" = "price>abc" ] && escape=(\; send-keys -t soak Escape)   # a bad line keeps the field open
       t send-keys -t soak 5 / \; send-keys -t soak -N 80 BSpace \; send-keys -t soak -l "$line" \; send-keys -t soak Enter "${escape[@]}" ;;
    1) t send-keys -t soak 5 g \; send-keys -t soak -l "$(( 100000 + RANDOM * 300 ))" \; send-keys -t soak Enter ;;
    2) size=(${sizes[RANDOM % ${#sizes[@]}]}); t resize-window -t soak -x "${size[0]}" -y "${size[1]}" >/dev/null 2>&1 ;;
    3) t send-keys -t soak Escape ;;
    *) t send-keys -t soak "${keys[RANDOM % ${#keys[@]}]}" ;;
  esac
  pause 0.00$(( RANDOM % 9 + 1 ))
  if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then break; fi
done
peak=0
[ -n "$pid" ] && [ -r "/proc/$pid/status" ] && peak="$(peak_now)"
t resize-window -t soak -x 120 -y 40 >/dev/null 2>&1   # the size it started at, for the stty comparison
t send-keys -t soak Escape 5; sleep 0.2; t send-keys -t soak q; sleep 1.5

fail=0
exit_line="$(cat "$home/exit.txt" 2>/dev/null)"
[ "$exit_line" = "EXIT=0" ] || {
  echo "soak: the app did not end cleanly (${exit_line:-still running or crashed})"
  tail -5 "$home/stderr.txt" 2>/dev/null
  fail=1
}
frames="$(cat "$home/frames.txt" 2>/dev/null)"
over="$(sed -nE 's/.*over_16ms=([0-9]+).*/\1/p' <<<"$frames" | head -1)"
[ -n "$over" ] || { echo "soak: no frame log"; fail=1; }
if [ "${over:-0}" != 0 ]; then
  echo "soak: ${over} frames over 16 ms; the slowest:"
  grep '^slow' "$home/frames.txt" | head -3 | cut -c1-150
  [ -n "${SOAK_STRICT:-}" ] && fail=1
fi
limit_kb=$(( count * 100 / 1024 + 60 * 1024 ))
peak_mb=$(( peak / 1024 ))
[ "$peak" -le "$limit_kb" ] || { echo "soak: peak memory ${peak_mb} MB over the goal $(( limit_kb / 1024 )) MB"; fail=1; }
cmp -s "$home/stty-before.txt" "$home/stty-after.txt" || { echo "soak: the terminal settings were not restored"; fail=1; }
echo "soak: $minutes min, $count deals: $(head -1 "$home/frames.txt" 2>/dev/null || echo no frame log), peak ${peak_mb} MB ($(( peak * 1024 / count )) bytes a deal; limit $(( limit_kb / 1024 )) MB), $exit_line"
[ "$fail" = 0 ] && echo "soak: passed" || echo "soak: failed"
exit "$fail"
