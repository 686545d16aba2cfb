#!/usr/bin/env bash
# Drives the summaries of `almanac deals browse` in a real terminal (tmux) of the given size:
# `F` the groups, `s` their order, ↓ and `Enter` to open one, `Esc` back to the groups and to
# the table, then `I` the statistics. Prints the screen after each step, each capture preceded
# by a line `=== STEP name`. Used by the tests.
# Usage: deals-summary-in-tmux.sh ALMANAC_BINARY HOME_FOLDER WIDTH HEIGHT
set -u
binary="$1"; home="$2"; width="$3"; height="$4"
source "$(dirname "$0")/tmux-browse.sh"
start_browse "$width" "$height" --count 20000 --pace 0 --seed 7
sleep 1.5; capture start
t send-keys -t browse F; sleep 0.8; capture groups
t send-keys -t browse s; sleep 0.5; capture ordered
t send-keys -t browse Down; sleep 0.3; capture chosen
t send-keys -t browse Enter; sleep 0.8; capture opened
t send-keys -t browse Escape; sleep 0.5; capture back
t send-keys -t browse Escape; sleep 0.5; capture table
t send-keys -t browse I; sleep 0.8; capture statistics
t send-keys -t browse Escape; sleep 0.5; capture rows
t send-keys -t browse q; sleep 0.8; capture quit
