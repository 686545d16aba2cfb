#!/usr/bin/env bash
# Drives `almanac deals browse` in a real terminal (tmux) and prints the screen after each step,
# each capture preceded by a line `=== STEP name`. Used by the test suite.
# Usage: browse-in-tmux.sh ALMANAC_BINARY HOME_FOLDER
set -u
binary="$1"; home="$2"
socket="almanac-test-$$"
t() { tmux -L "$socket" "$@"; }
capture() { echo "=== STEP $1"; t capture-pane -p -t browse; }
cleanup() { t kill-server >/dev/null 2>&1; }
trap cleanup EXIT

t -f /dev/null new-session -d -s browse -x 110 -y 24 \
  "stty -a > '$home/stty-before.txt'; ALMANAC_HOME='$home' TERM=xterm-256color '$binary' deals browse --count 300000 --pace 400 --seed 7; echo \"EXIT=\$?\"; stty -a > '$home/stty-after.txt'; sleep 60" \
  </dev/null >/dev/null 2>&1
sleep 1.2; capture start
t send-keys -t browse Down Down Down; sleep 0.4; capture scrolled
sleep 0.6; capture paused-later
t send-keys -t browse 3; sleep 0.4; capture price
t send-keys -t browse r; sleep 0.4; capture flipped
t send-keys -t browse f; sleep 0.6; capture follow
t send-keys -t browse End; sleep 0.4; capture end
t send-keys -t browse q; sleep 0.8; capture quit
