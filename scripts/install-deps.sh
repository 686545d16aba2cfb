#!/usr/bin/env bash
# Installs the system packages Almanac needs to build and test, only when missing:
# the libcurl headers (libcurl4-openssl-dev), pkg-config, python3 (the doc-comment check),
# the C++ standard headers (g++ brings them; the bench's std::sort yardstick), tmux (terminal
# tests) and, with ALMANAC_NEED_SCREENSHOT=1, Pillow and the DejaVu fonts (scripts/ansi-to-png.py,
# which scripts/screenshot.sh runs).
set -euo pipefail

missing=()
if ! { [ -f /usr/include/curl/curl.h ] || ls /usr/include/*/curl/curl.h >/dev/null 2>&1; }; then
  missing+=(libcurl4-openssl-dev)
fi
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
ls /usr/include/c++/*/algorithm >/dev/null 2>&1 || missing+=(g++)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
if [ "${ALMANAC_NEED_TMUX:-0}" = 1 ] && ! command -v tmux >/dev/null 2>&1; then
  missing+=(tmux)
fi
if [ "${ALMANAC_NEED_SCREENSHOT:-0}" = 1 ]; then
  command -v tmux >/dev/null 2>&1 || missing+=(tmux)
  # python3-pil is the system Python's (/usr/bin/python3), whatever python3 comes first on PATH.
  /usr/bin/python3 -c "import PIL" >/dev/null 2>&1 || missing+=(python3-pil)
  [ -f /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || missing+=(fonts-dejavu-core)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing: ${missing[*]}" >&2
if [ "$(id -u)" = 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
else
  echo "Missing system packages. Install them with:" >&2
  echo "  sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
