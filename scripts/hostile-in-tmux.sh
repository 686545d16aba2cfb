#!/usr/bin/env bash
# Opens the full-screen app offline on HOME_FOLDER (whose saved cities the test made) in a real
# terminal (tmux) and prints the screen and the pane's title: provider text that tried to retitle
# the window or clear the screen must show as text, and the title must stay the test's own.
# Usage: hostile-in-tmux.sh ALMANAC_BINARY HOME_FOLDER
set -u
binary="$1"; home="$2"
socket="almanac-hostile-$$"
t() { tmux -L "$socket" "$@"; }
cleanup() { t kill-server >/dev/null 2>&1; }
trap cleanup EXIT
t -f /dev/null new-session -d -s app -x 100 -y 30 \
  "printf '\033]2;almanac-test\007'; ALMANAC_HOME='$home' NO_COLOR=1 TERM=xterm-256color '$binary' ui --offline; sleep 60" \
  </dev/null >/dev/null 2>&1
for _ in $(seq 1 60); do t capture-pane -p -t app | grep -q "1 Weather" && break; sleep 0.1; done
sleep 0.5
echo "=== SCREEN"
t capture-pane -p -t app
echo "TITLE=$(t display-message -p -t app '#{pane_title}')"
t send-keys -t app q
