#!/usr/bin/env bash
# Removes exactly what `make install` put under a prefix: the program, its server, its share/almanac folder
# (the sample data, COMMIT, CHANNEL, LICENSE and CREDITS), the manual and the three completion files; then the folders that
# this left empty. Usage: uninstall.sh PREFIX
set -euo pipefail
prefix="$1"
rm -f "$prefix/bin/almanac" "$prefix/lib/systemd/user/almanac.service" "$prefix/share/man/man1/almanac.1" "$prefix/share/bash-completion/completions/almanac" \
  "$prefix/share/zsh/site-functions/_almanac" "$prefix/share/fish/vendor_completions.d/almanac.fish"
rm -rf "$prefix/share/almanac" "$prefix/libexec/almanac"
for folder in bin libexec lib/systemd/user lib/systemd lib share/man/man1 share/man share/bash-completion/completions share/bash-completion share/zsh/site-functions \
  share/zsh share/fish/vendor_completions.d share/fish share; do
  rmdir "$prefix/$folder" 2>/dev/null || true
done
echo "Removed almanac from $prefix."
