#!/usr/bin/env bash
# Installs the system packages Almanac needs to build and test, only when missing:
# the libcurl headers (libcurl4-openssl-dev), pkg-config, python3 (the doc-comment check),
# the C++ standard headers (g++ brings them; the bench's std::sort yardstick), tmux (terminal
# tests) and, with ALMANAC_NEED_SCREENSHOT=1, Pillow and the DejaVu fonts (scripts/ansi-to-png.py,
# which scripts/screenshot.sh runs), with ALMANAC_NEED_DEB=1 dpkg-dev, lintian and debootstrap
# (make deb, make install-test), and with ALMANAC_NEED_WTTR_CLIENT=1 python3-venv and then
# .build/wttr-client, a virtual environment holding pywttr (pinned): the wttr.in client from the
# registry that Tests/BinaryTests/ServeTests+WttrJSON.swift reads `almanac serve`'s `?format=j1` with.
set -euo pipefail
cd "$(dirname "$0")/.."

# pywttr and everything it brings, at the versions the test was written against: a newer
# pydantic or HTTP library cannot change what the test reads.
WTTR_CLIENT=(pywttr==4.0.5 pywttr-models==2.0.10 pydantic==2.14.4 pydantic_core==2.50.5 httpx2==2.16.2 httpcore2==2.16.2
  annotated-types==0.8.0 anyio==4.16.0 h11==0.16.0 idna==3.20 truststore==0.10.5 typing-inspection==0.4.5 typing_extensions==4.16.0)
wttr_client() {
  [ "${ALMANAC_NEED_WTTR_CLIENT:-0}" = 1 ] || return 0
  [ -x .build/wttr-client/bin/python ] && .build/wttr-client/bin/python -c "import pywttr" >/dev/null 2>&1 && return 0
  rm -rf .build/wttr-client
  mkdir -p .build
  # Without the registry (one quick try), or without python3-venv, the test says it skipped (and
  # why) rather than the whole run failing.
  if ! { python3 -m venv .build/wttr-client >/dev/null 2>&1 \
    && .build/wttr-client/bin/python -m pip install --quiet --disable-pip-version-check --retries 1 --timeout 10 "${WTTR_CLIENT[@]}"; }; then
    echo "install-deps: pywttr could not be installed (python3-venv, or the registry); ServeTests.testAWttrClientFromTheRegistryReadsJ1AndUnitsAreTheCommandsWithThem will skip." >&2
    rm -rf .build/wttr-client
  fi
}

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
# The Debian package's tools (make deb, make install-test): dpkg-shlibdeps, lintian, debootstrap.
if [ "${ALMANAC_NEED_DEB:-0}" = 1 ]; then
  command -v dpkg-shlibdeps >/dev/null 2>&1 || missing+=(dpkg-dev)
  command -v lintian >/dev/null 2>&1 || missing+=(lintian)
  command -v debootstrap >/dev/null 2>&1 || [ -x /usr/sbin/debootstrap ] || missing+=(debootstrap)
fi
# python3-venv only when this can install it: the wttr.in client is never worth a failed run.
if [ "${ALMANAC_NEED_WTTR_CLIENT:-0}" = 1 ] && ! python3 -c "import ensurepip" >/dev/null 2>&1 \
  && { [ "$(id -u)" = 0 ] || { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; }; }; then
  missing+=(python3-venv)
fi
if [ ${#missing[@]} -eq 0 ]; then
  wttr_client
  exit 0
fi

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
wttr_client
