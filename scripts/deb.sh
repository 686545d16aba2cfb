#!/usr/bin/env bash
# `make deb`: dist/almanac_VERSION_ARCH.deb from a stage laid out for /usr (scripts/stage.sh with
# PREFIX /usr), in the places Debian's policy puts things:
#   usr/bin/almanac, usr/libexec/almanac/almanac-server, usr/lib/systemd/user/almanac.service,
#   usr/share/almanac/ (the sample data, COMMIT, and CHANNEL saying `deb` to --version),
#   usr/share/man/man1/almanac.1.gz, the completions (bash-completion/completions, zsh's
#   vendor-completions, fish's vendor_completions.d), usr/share/doc/almanac/ (copyright, CREDITS,
#   changelog.gz). Depends: what dpkg-shlibdeps finds the programs link (libcurl4 and the C and
#   C++ runtimes; the Swift runtime is linked in). Usage: deb.sh STAGE_FOLDER VERSION
set -euo pipefail
stage="$1"; version="$2"
root="$(cd "$(dirname "$0")/.." && pwd)"
arch="$(dpkg --print-architecture)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
umask 022
pkg="$work/pkg"
doc="$pkg/usr/share/doc/almanac"
install -d "$pkg/DEBIAN" "$pkg/usr/bin" "$pkg/usr/libexec/almanac" "$pkg/usr/lib/systemd/user" "$pkg/usr/share/man/man1" \
  "$pkg/usr/share/bash-completion/completions" "$pkg/usr/share/zsh/vendor-completions" "$pkg/usr/share/fish/vendor_completions.d" "$doc"
install -m 755 "$stage/bin/almanac" "$pkg/usr/bin/almanac"
install -m 755 "$stage/libexec/almanac/almanac-server" "$pkg/usr/libexec/almanac/almanac-server"
install -m 644 "$stage/lib/systemd/user/almanac.service" "$pkg/usr/lib/systemd/user/almanac.service"
cp -R "$stage/share/almanac" "$pkg/usr/share/almanac"
echo deb > "$pkg/usr/share/almanac/CHANNEL"
rm "$pkg/usr/share/almanac/LICENSE" "$pkg/usr/share/almanac/CREDITS"  # in usr/share/doc/almanac, as Debian keeps them
find "$pkg/usr/share/almanac" -type d -exec chmod 755 {} + -o -type f -exec chmod 644 {} +
gzip -9n < "$stage/share/man/man1/almanac.1" > "$pkg/usr/share/man/man1/almanac.1.gz"
# bash-completion sources the file; a `#!` line in it says otherwise (lintian).
sed '1{/^#!/d}' "$stage/share/bash-completion/completions/almanac" > "$pkg/usr/share/bash-completion/completions/almanac"
chmod 644 "$pkg/usr/share/bash-completion/completions/almanac"
install -m 644 "$stage/share/zsh/site-functions/_almanac" "$pkg/usr/share/zsh/vendor-completions/_almanac"
install -m 644 "$stage/share/fish/vendor_completions.d/almanac.fish" "$pkg/usr/share/fish/vendor_completions.d/almanac.fish"
install -m 644 "$root/packaging/copyright" "$doc/copyright"
install -m 644 "$root/packaging/CREDITS" "$doc/CREDITS"

# A native package's changelog: this version, the commit it was built from, dated by that commit.
commit="$(cat "$stage/share/almanac/COMMIT")"
date="$(git -C "$root" log -1 --format=%cD 2>/dev/null || date -R)"
maintainer="The Almanac developers <almanac-cli@users.noreply.github.com>"
printf 'almanac (%s) unstable; urgency=medium\n\n  * Almanac %s, built from commit %s.\n\n -- %s  %s\n' \
  "$version" "$version" "$commit" "$maintainer" "$date" | gzip -9n > "$doc/changelog.gz"

# What the programs link, as Debian's own tool works it out.
mkdir -p "$work/debian"
printf 'Source: almanac\n\nPackage: almanac\nArchitecture: any\n' > "$work/debian/control"
shlibs="$(cd "$work" && dpkg-shlibdeps -O -e pkg/usr/bin/almanac -e pkg/usr/libexec/almanac/almanac-server)" \
  || { echo "deb: dpkg-shlibdeps could not work out the dependencies (above)" >&2; exit 1; }
depends="$(sed -n 's/^shlibs:Depends=//p' <<<"$shlibs")"
[ -n "$depends" ] || { echo "deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
cat > "$pkg/DEBIAN/control" <<CONTROL
Package: almanac
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
Depends: $depends
Section: utils
Priority: optional
Homepage: https://github.com/almanac-cli/almanac
Description: weather, crypto prices and planners in the terminal, cache-first
 Almanac puts the weather (forecasts, official warnings, climate normals),
 crypto prices, fruit nutrition, an exam planner and a live table of trading
 deals behind one fast command-line client that answers from its cache first
 and also works offline.
 .
 It needs no API key: keyless services answer, and recorded sample data
 answers offline. The resident server keeps status bars current; its systemd
 user unit is installed (systemctl --user enable --now almanac).
CONTROL
(cd "$pkg" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$pkg/DEBIAN/md5sums"
chmod 644 "$pkg/DEBIAN/control" "$pkg/DEBIAN/md5sums"
mkdir -p "$root/dist"
out="$root/dist/almanac_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$out" >/dev/null
echo "dist/$(basename "$out")"
