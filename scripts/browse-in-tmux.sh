#!/usr/bin/env bash
# Drives `almanac deals browse` in a real terminal (tmux) and prints the screen after each step
# (the last quits while an export is being written),
# each capture preceded by a line `=== STEP name`. Used by the test suite.
# Usage: browse-in-tmux.sh ALMANAC_BINARY HOME_FOLDER
set -u
binary="$1"; home="$2"
source "$(dirname "$0")/tmux-browse.sh"
start_browse 110 24 --count 300000 --pace 400 --seed 7
sleep 1.2; capture start
t send-keys -t browse Down Down Down; sleep 0.4; capture scrolled
sleep 0.6; capture paused-later
t send-keys -t browse 3; sleep 0.4; capture price
t send-keys -t browse r; sleep 0.4; capture flipped
t send-keys -t browse f; sleep 0.6; capture follow
t send-keys -t browse End; sleep 0.4; capture end
# `e` then `q` in one frame: the export still being written when the browser quits.
t send-keys -t browse e q; sleep 1.5; capture quit
