#!/usr/bin/env bash
# Drives `almanac weather` with no saved city in a real terminal (tmux): answers the first-run
# question with the city of the time zone (TZ=Europe/Oslo), or — with a zone that names no city
# (TZ=UTC) — types Oslo at the name prompt, then prints the screen; with ACTION `interrupt`, presses
# Ctrl+C at the question instead.
# Used by the test suite. Usage: first-run-in-tmux.sh ALMANAC_BINARY HOME_FOLDER [ZONE] [ACTION]
set -u
binary="$1"; home="$2"; zone="${3:-Europe/Oslo}"; action="${4:-answer}"
socket="almanac-first-run-$$"
t() { tmux -L "$socket" "$@"; }
cleanup() { t kill-server >/dev/null 2>&1; }
trap cleanup EXIT

t -f /dev/null new-session -d -s first -x 140 -y 50 \
  "ALMANAC_HOME='$home' ALMANAC_METNO_URL=http://127.0.0.1:1 ALMANAC_OPENMETEO_GEOCODING_URL=http://127.0.0.1:1 ALMANAC_OPENMETEO_ENSEMBLE_URL=http://127.0.0.1:1 ALMANAC_KRAKEN_URL=http://127.0.0.1:1 ALMANAC_TODAY=2026-11-21 TZ=$zone TERM=xterm-256color '$binary' weather; echo \"EXIT=\$?\"; sleep 60" \
  </dev/null >/dev/null 2>&1
for _ in $(seq 1 50); do
  t capture-pane -p -t first | grep -q "Choose 1-2\|City name:" && break
  sleep 0.1
done
echo "=== STEP asked"; t capture-pane -p -t first
if [ "$action" = interrupt ]; then t send-keys -t first C-c
elif t capture-pane -p -t first | grep -q "City name:"; then t send-keys -t first Oslo Enter; else t send-keys -t first 2 Enter; fi
for _ in $(seq 1 50); do
  t capture-pane -p -t first | grep -q "EXIT=" && break
  sleep 0.1
done
echo "=== STEP answered"; t capture-pane -p -S -60 -t first
