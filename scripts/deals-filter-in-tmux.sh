#!/usr/bin/env bash
# Drives the filter, go-to and export keys of `almanac deals browse` in a real terminal (tmux)
# of the given size and prints the screen after each step, each capture preceded by a line
# `=== STEP name`. Exports land in HOME_FOLDER (the browser's working folder). Used by the tests.
# Usage: deals-filter-in-tmux.sh ALMANAC_BINARY HOME_FOLDER WIDTH HEIGHT HIDDEN_ID
set -u
binary="$1"; home="$2"; width="$3"; height="$4"; hidden="$5"
source "$(dirname "$0")/tmux-browse.sh"
start_browse "$width" "$height" --count 200000 --pace 400 --seed 7
sleep 1.2; capture start
t send-keys -t browse g; t send-keys -t browse -l 100500; t send-keys -t browse Enter; sleep 0.4; capture jump
t send-keys -t browse /; sleep 0.3; capture prompt
t send-keys -t browse '?'; sleep 0.3; capture syntax
t send-keys -t browse '?'; t send-keys -t browse -l 'price>abc'; t send-keys -t browse Enter; sleep 0.3; capture bad
t send-keys -t browse Escape; sleep 0.3
t send-keys -t browse /; t send-keys -t browse -l 'eur/usd side:buy'; t send-keys -t browse Enter; sleep 0.8; capture filtered
t send-keys -t browse g; t send-keys -t browse -l "$hidden"; t send-keys -t browse Enter; sleep 0.4; capture hidden
t send-keys -t browse n; sleep 0.4; capture next
t send-keys -t browse e; sleep 1.0; capture export
t send-keys -t browse Escape; sleep 0.8; capture cleared
t send-keys -t browse q; sleep 0.8; capture quit
