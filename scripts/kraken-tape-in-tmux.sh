#!/usr/bin/env bash
# Drives `almanac deals browse --source kraken:BTC/USD` in a real terminal (tmux) against the
# Kraken at KRAKEN_URL and prints the screen after each step, each capture preceded by a line
# `=== STEP name`. Used by the test suite.
# Usage: kraken-tape-in-tmux.sh ALMANAC_BINARY HOME_FOLDER KRAKEN_URL
set -u
binary="$1"; home="$2"; kraken="$3"
socket="almanac-test-$$"
t() { tmux -L "$socket" "$@"; }
capture() { echo "=== STEP $1"; t capture-pane -p -t tape; }
cleanup() { t kill-server >/dev/null 2>&1; }
trap cleanup EXIT

t -f /dev/null new-session -d -s tape -x 80 -y 24 \
  "ALMANAC_HOME='$home' ALMANAC_KRAKEN_URL='$kraken' TERM=xterm-256color '$binary' deals browse --source kraken:BTC/USD; echo \"EXIT=\$?\"; sleep 60" \
  </dev/null >/dev/null 2>&1
sleep 1.0; capture first
sleep 3.0; capture later
t send-keys -t tape 3; sleep 0.5; capture price
t send-keys -t tape q; sleep 0.8; capture quit
