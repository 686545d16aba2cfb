#!/usr/bin/env bash
# Copies the staged files (scripts/stage.sh) under a prefix: `make install` (PREFIX, DESTDIR).
# Usage: install.sh STAGE_FOLDER DESTINATION_PREFIX
set -euo pipefail
stage="$1"; prefix="$2"
cd "$stage"
find . -type f | sort | while read -r file; do
  mode=644; case "$file" in ./bin/almanac | ./libexec/almanac/almanac-server) mode=755 ;; esac
  install -D -m "$mode" "$file" "$prefix/${file#./}"
done
echo "Installed almanac under $prefix (make uninstall removes it)."
