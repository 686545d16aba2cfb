#!/usr/bin/env bash
# Idle CPU of the full-screen app: `almanac` alone in a real terminal (tmux, 160x50), on the
# sample data with every keyless provider at a closed port, left alone for SECONDS (30) after
# its first screen has settled (3 s), then again with the Deals tab shown once its stream has
# ended. Prints the process's processor time (utime + stime from /proc/PID/stat) over each
# stretch as a share of one core. The goal (docs/architecture.md §5): at most 0.5 %.
# Usage: idle-cpu.sh ALMANAC_BINARY [SECONDS]
set -u
binary="$1"; seconds="${2:-30}"
home="$(mktemp -d)"; socket="almanac-idle-$$"
t() { tmux -L "$socket" "$@"; }
cleanup() { t kill-server >/dev/null 2>&1; rm -rf "$home"; }
trap cleanup EXIT
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
hz="$(getconf CLK_TCK)"
measure() {  # LABEL: processor time over $seconds, as % of one core
  local before after
  before="$(ticks "$pid")"; sleep "$seconds"; after="$(ticks "$pid")"
  awk -v label="$1" -v used="$((after - before))" -v hz="$hz" -v s="$seconds" \
    'BEGIN { printf "%-34s %6.2f %% of a core (%d ticks in %d s)\n", label, 100 * used / hz / s, used, s }'
}
t -f /dev/null new-session -d -s app -x 160 -y 50 \
  "ALMANAC_FRAME_LOG=${FRAME_LOG:-} ALMANAC_HOME='$home' ALMANAC_METNO_URL=http://127.0.0.1:1 ALMANAC_OPENMETEO_GEOCODING_URL=http://127.0.0.1:1 ALMANAC_OPENMETEO_ENSEMBLE_URL=http://127.0.0.1:1 ALMANAC_KRAKEN_URL=http://127.0.0.1:1 ALMANAC_FRUITYVICE_URL=http://127.0.0.1:1 ALMANAC_TODAY=2026-11-26 TERM=xterm-256color sh -c 'echo \$\$ > \"$home/pid\"; exec \"\$0\" ui --count 20000' '$binary'; sleep 60" \
  </dev/null >/dev/null 2>&1
for _ in $(seq 1 50); do [ -s "$home/pid" ] && break; sleep 0.1; done
pid="$(cat "$home/pid")"
sleep 3
measure "idle, Weather tab"
t send-keys -t app 5; sleep 5
measure "idle, Deals tab (stream ended)"
t send-keys -t app q
