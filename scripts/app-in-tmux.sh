#!/usr/bin/env bash
# Drives the full-screen app (`almanac` alone on a terminal) in a real terminal (tmux) and prints
# the screen after each step, with colours (capture-pane -e), each capture preceded by a line
# `=== STEP name`. Starts at 80x24, resizes to 160x50 mid-screen, quits with q; then runs it
# again as `almanac` alone (a long note wraps in the status line, `m` shows the session's
# messages) and ends it with SIGTERM; then with TERM=dumb. Used by the test suite.
# Usage: app-in-tmux.sh ALMANAC_BINARY HOME_FOLDER
set -u
binary="$1"; home="$2"
socket="almanac-app-$$"
t() { tmux -L "$socket" "$@"; }
capture() { echo "=== STEP $1"; t capture-pane -e -p -t app; }
wait_for() { for _ in $(seq 1 60); do t capture-pane -p -t app | grep -q "$1" && return 0; sleep 0.1; done; return 1; }
cleanup() { t kill-server >/dev/null 2>&1; }
trap cleanup EXIT

# run NAME ENV ARGUMENTS…: the app in a new 80x24 session with ENV (NO_COLOR=1, or -u NO_COLOR
# for colour); its pid in HOME/pid.
run() {
  name="$1"; colour="$2"; shift 2
  t -f /dev/null new-session -d -s app -x 80 -y 24 \
    "stty -a > '$home/stty-before-$name.txt'; ALMANAC_HOME='$home' ALMANAC_METNO_URL=http://127.0.0.1:1 ALMANAC_OPENMETEO_GEOCODING_URL=http://127.0.0.1:1 ALMANAC_OPENMETEO_ENSEMBLE_URL=http://127.0.0.1:1 ALMANAC_KRAKEN_URL=http://127.0.0.1:1 ALMANAC_TODAY=2026-11-21 TERM=${TERM_FOR_RUN:-xterm-256color} env $colour sh -c 'echo \$\$ > \"$home/pid\"; exec \"\$0\" \"\$@\"' '$binary' $*; echo \"EXIT=\$?\"; stty -a > '$home/stty-after-$name.txt'; sleep 60" \
    </dev/null >/dev/null 2>&1
  t set-option -t app window-size manual >/dev/null 2>&1
}

run q '-u NO_COLOR' ui --offline --count 200000
wait_for "1 Weather"; sleep 0.3; capture weather
t send-keys -t app 2; wait_for "BTC/USD"; sleep 0.2; capture crypto
t send-keys -t app 3; wait_for "Banana"; capture fruit
t send-keys -t app 4 n; sleep 0.2
t send-keys -t app -l "Physics"; t send-keys -t app Enter; t send-keys -t app -l "2026-02-30 09:00"; sleep 0.3; capture exam-bad-date
t send-keys -t app Escape; sleep 0.3; capture exam-cancelled
t send-keys -t app 5; sleep 1.0; capture deals
t resize-window -t app -x 160 -y 50; sleep 0.5; capture deals-resized
t send-keys -t app 6; sleep 0.3; capture profile
t send-keys -t app q; wait_for "EXIT="; sleep 0.3; capture quit
t kill-server >/dev/null 2>&1; sleep 0.3

run term NO_COLOR=1
wait_for "1 Weather"; sleep 0.3; capture no-colour
# Live (no --offline) and no Twelve Data key: the crypto tab's note is longer than 80 columns.
t send-keys -t app 2; wait_for "for live data"; sleep 0.3; capture status-long
t send-keys -t app m; wait_for "Messages of this session"; capture messages
t send-keys -t app x; sleep 0.3
kill -TERM "$(cat "$home/pid")"; wait_for "EXIT="; sleep 0.3; capture terminated
t kill-server >/dev/null 2>&1; sleep 0.3

# TERM=dumb: the app refuses and points at the subcommands; `almanac` alone opens the line menu.
TERM_FOR_RUN=dumb run dumb-ui NO_COLOR=1 ui
wait_for "EXIT="; capture dumb-ui
t kill-server >/dev/null 2>&1; sleep 0.3
TERM_FOR_RUN=dumb run dumb NO_COLOR=1
wait_for "Choose"; capture dumb
