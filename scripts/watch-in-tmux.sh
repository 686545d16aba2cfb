#!/usr/bin/env bash
# Drives `almanac crypto --watch` in a real terminal (tmux, 100x30) against the Twelve Data the
# environment points at (ALMANAC_TWELVEDATA_URL, TWELVEDATA_API_KEY) and prints the screen after
# each step, each capture preceded by a line `=== STEP name`: the first prices, then q; a second
# run, then Ctrl+C. The terminal's modes before and after each run land in HOME_FOLDER
# (stty-before-NAME.txt, stty-after-NAME.txt). Used by the test suite.
# Usage: watch-in-tmux.sh ALMANAC_BINARY HOME_FOLDER
set -u
binary="$1"; home="$2"
socket="almanac-watch-$$"
t() { tmux -L "$socket" "$@"; }
capture() { echo "=== STEP $1"; t capture-pane -p -t watch; }
wait_for() { for _ in $(seq 1 100); do t capture-pane -p -t watch | grep -q "$1" && return 0; sleep 0.1; done; return 1; }
cleanup() { t kill-server >/dev/null 2>&1; }
trap cleanup EXIT

run() {
  t -f /dev/null new-session -d -s watch -x 100 -y 30 \
    "stty -a > '$home/stty-before-$1.txt'; ALMANAC_HOME='$home' TERM=xterm-256color '$binary' crypto --watch; echo \"EXIT=\$?\"; stty -a > '$home/stty-after-$1.txt'; sleep 60" \
    </dev/null >/dev/null 2>&1
}

run q
wait_for "next update in"; capture first
t send-keys -t watch q; wait_for "EXIT="; sleep 0.2; capture quit
t kill-server >/dev/null 2>&1; sleep 0.3

run interrupt
wait_for "next update in"; capture second
t send-keys -t watch C-c; wait_for "EXIT="; sleep 0.2; capture interrupted
