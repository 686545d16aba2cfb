#!/usr/bin/env bash
# Drives the app on narrow terminals (tmux) and prints the screen after each step, each capture
# preceded by a line `=== STEP name`: the Deals and Fruit tabs at 60x20, the Fruit tab at 80x24
# and again after a resize back to 60x20; then `deals top` on a 40-column terminal. Used by the
# test suite (NarrowTerminalTests).
# Usage: narrow-in-tmux.sh ALMANAC_BINARY HOME_FOLDER
set -u
binary="$1"; home="$2"
socket="almanac-narrow-$$"
t() { tmux -L "$socket" "$@"; }
capture() { echo "=== STEP $1"; t capture-pane -p -t app; }
wait_for() { for _ in $(seq 1 60); do t capture-pane -p -t app | grep -q "$1" && return 0; sleep 0.1; done; return 1; }
cleanup() { t kill-server >/dev/null 2>&1; }
trap cleanup EXIT

# run COLUMNS ROWS ARGUMENTS…: the program in a new session of that size, offline, colourless.
run() {
  columns="$1"; rows="$2"; shift 2
  t -f /dev/null new-session -d -s app -x "$columns" -y "$rows" \
    "ALMANAC_HOME='$home' ALMANAC_TODAY=2026-11-21 NO_COLOR=1 TERM=xterm-256color '$binary' $*; echo \"EXIT=\$?\"; sleep 60" \
    </dev/null >/dev/null 2>&1
  t set-option -t app window-size manual >/dev/null 2>&1
}

run 60 20 ui --offline --count 5000
wait_for "Weather"; t send-keys -t app 5; sleep 1.0; capture deals-60
t send-keys -t app 3; wait_for "Banana"; sleep 0.2; capture fruit-60
t resize-window -t app -x 80 -y 24; sleep 0.5; capture fruit-80
t resize-window -t app -x 60 -y 20; sleep 0.5; capture fruit-back-60
t send-keys -t app q; wait_for "EXIT="
t kill-server >/dev/null 2>&1; sleep 0.3

run 40 20 deals top --count 1000 --limit 3
wait_for "EXIT="; capture deals-top-40
