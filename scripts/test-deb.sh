#!/usr/bin/env bash
# The Debian package as a person on Debian 12 meets it: `make deb`, lintian (no error; its
# warnings printed), then in a throwaway Debian 12 made with debootstrap (a chroot, no container;
# its mirror the one this machine's apt uses): `apt install ./almanac_….deb`, the sample weather
# offline, `man almanac`, bash completing a command, `--version` saying `deb`; then `apt remove`
# and no file of the package left. Prints one line per check and "deb: N passed, M failed".
# Needs root (debootstrap, chroot), or sudo without a password.
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/checks.sh
finish() { echo "deb: $passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit $?; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi; }

make -s deb >/dev/null || { fail "make deb"; finish; }
deb="$(ls dist/almanac_*_*.deb | head -1)"
# lintian's own verdict (it exits non-zero on an error, or when it cannot run); warnings printed.
lint="$(lintian --fail-on error "$deb" 2>&1)"; lint_status=$?
grep -E '^[EW]: ' <<<"$lint" | sed 's/^/      lintian /'
check "lintian reports no error" test "$lint_status" -eq 0

as_root true 2>/dev/null || { fail "root or sudo for debootstrap and chroot"; finish; }
scratch="$(mktemp -d)" && [ -d "$scratch" ] || { fail "a scratch folder"; finish; }
root="$scratch/root"
# Never into a mount: /proc is unmounted first, and rm stays on the scratch's own file system.
trap 'as_root umount "$root/proc" 2>/dev/null; as_root rm -rf --one-file-system "$scratch"' EXIT
# DEBIAN_MIRROR, else the Debian mirror this machine's apt uses.
mirror="${DEBIAN_MIRROR:-$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)}"
[ -n "$mirror" ] || mirror="$(awk '$1 == "deb" && $2 ~ /debian/ { print $2; exit }' /etc/apt/sources.list 2>/dev/null)"
[ -n "$mirror" ] || { fail "a Debian mirror: this machine's apt names none; set DEBIAN_MIRROR"; finish; }
debootstrap_bin="$(command -v debootstrap || echo /usr/sbin/debootstrap)"
if ! out="$(as_root "$debootstrap_bin" --variant=minbase bookworm "$root" "$mirror" 2>&1)"; then
  fail "debootstrap makes a Debian 12" "$(tail -5 <<<"$out")"; finish
fi
ok "debootstrap makes a Debian 12"
as_root cp /etc/resolv.conf "$root/etc/resolv.conf"
as_root mount -t proc proc "$root/proc"
as_root cp "$deb" "$root/tmp/"
in_root() { as_root chroot "$root" env -i HOME=/tmp/home PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }
in_root apt-get update -qq >/dev/null 2>&1
check "apt installs man-db and bash-completion (what a desktop has)" in_root apt-get install -y -qq man-db bash-completion
check "apt install ./$(basename "$deb")" in_root apt-get install -y -qq "/tmp/$(basename "$deb")"
files="$(in_root dpkg -L almanac)"
in_root mkdir -p /tmp/home
weather() { in_root almanac weather Oslo --offline | grep -q '^Local time'; }
version() { in_root almanac --version | grep -Eq '^[0-9.]+ \(deb, commit [0-9a-f]{12}\)$'; }
manual() { in_root sh -c 'MANWIDTH=100 man almanac 2>/dev/null' | grep -q 'almanac weather'; }
completes() { # as bash-completion loads it on demand, then asked for `almanac wea`
  in_root bash -c '. /usr/share/bash-completion/bash_completion; _completion_loader almanac
    COMP_WORDS=(almanac wea); COMP_CWORD=1; COMP_LINE="almanac wea"; COMP_POINT=${#COMP_LINE}; _almanac; printf "%s\n" "${COMPREPLY[@]}"' | grep -qx weather
}
check "almanac weather Oslo --offline" weather
check "almanac --version says the package channel" version
check "man almanac" manual
check "bash completes almanac wea to weather" completes
check "the systemd user unit starts the packaged program" grep -qx "ExecStart=/usr/bin/almanac serve" "$root/usr/lib/systemd/user/almanac.service"
check "apt remove almanac" in_root apt-get remove -y -qq almanac
left=""
while IFS= read -r path; do
  case "$path" in /usr/share/almanac*|/usr/libexec/almanac*|/usr/share/doc/almanac*) [ -e "$root$path" ] && left+="$path"$'\n' ;;
    *) [ -e "$root$path" ] && [ ! -d "$root$path" ] && left+="$path"$'\n' ;; esac
done <<<"$files"
check "apt remove leaves nothing of the package behind" test -z "$left"
[ -z "$left" ] || echo "$left" | head -5 | sed 's/^/      /'
finish
