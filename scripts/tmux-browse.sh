# Sourced by the scripts that drive `almanac deals browse` in a real terminal (tmux) for the
# tests: a private tmux server, `t` to talk to it, `capture NAME` to print the screen after a
# line `=== STEP NAME`, and `start_browse WIDTH HEIGHT ARGUMENTS…` to run the browser in
# HOME_FOLDER at that size (terminal settings saved before and after, its exit status printed).
# Needs `binary` and `home` set; the server goes when the script exits.
socket="almanac-browse-$$"
t() { tmux -L "$socket" "$@"; }
capture() { echo "=== STEP $1"; t capture-pane -p -t browse; }
cleanup() { t kill-server >/dev/null 2>&1; }
trap cleanup EXIT

start_browse() {
  local width="$1" height="$2"
  shift 2
  t -f /dev/null new-session -d -s browse -x "$width" -y "$height" \
    "cd '$home'; stty -a > '$home/stty-before.txt'; ALMANAC_HOME='$home' TERM=xterm-256color '$binary' deals browse $*; echo \"EXIT=\$?\"; stty -a > '$home/stty-after.txt'; sleep 60" \
    </dev/null >/dev/null 2>&1
}
