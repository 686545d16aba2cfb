#!/usr/bin/env bash
# Redraws docs/images/app.png, README's picture, from a real run: the full-screen app in tmux at
# 100x30 on the recorded sample data (offline, ALMANAC_TODAY=2026-11-21), Oslo saved and its
# 25-day outlook shown, captured with its colours and drawn by scripts/ansi-to-png.py.
# Usage: scripts/screenshot.sh [ALMANAC_BINARY]   (default: .build/debug/almanac)
# What it needs (tmux, Pillow, the DejaVu fonts) is installed like the rest, by install-deps.sh.
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
ALMANAC_NEED_SCREENSHOT=1 "$root/scripts/install-deps.sh"
binary="${1:-$root/.build/debug/almanac}"
home="$(mktemp -d)"; socket="almanac-shot-$$"
t() { tmux -L "$socket" "$@"; }
trap 't kill-server >/dev/null 2>&1; rm -rf "$home"' EXIT
export ALMANAC_HOME="$home" ALMANAC_TODAY=2026-11-21
"$binary" weather add Oslo --offline >/dev/null
t -f /dev/null new-session -d -s app -x 100 -y 30 \
  "ALMANAC_HOME='$home' ALMANAC_TODAY=2026-11-21 TERM=xterm-256color '$binary' ui --offline; sleep 30"
t set-option -t app window-size manual >/dev/null
for _ in $(seq 1 50); do t capture-pane -p -t app | grep -q "Oslo" && break; sleep 0.1; done
t send-keys -t app t; sleep 1.0
t capture-pane -e -p -t app > "$home/capture.txt"
python="python3"; "$python" -c "import PIL" 2>/dev/null || python=/usr/bin/python3  # where python3-pil is
"$python" "$root/scripts/ansi-to-png.py" "$home/capture.txt" "$root/docs/images/app.png"
echo "wrote docs/images/app.png"
