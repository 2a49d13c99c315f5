# tmux-harness.sh: what the tmux scripts share, sourced by them. It builds
# evochess into a temp directory ($tmp, removed at exit unless KEEP=1),
# runs a private tmux server on its own socket, and gives T (tmux on that
# socket), screen PANE, wait_for PANE TEXT [SECONDS] and ok MESSAGE.
# A script may set serve_pid (killed at exit) and serve_log (whose end
# wait_for prints on a failure).
set -euo pipefail
export LC_ALL=C.UTF-8
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tmp=$(mktemp -d)
sock="$tmp/tmux.sock"
T() { tmux -S "$sock" "$@"; }
cleanup() {
	T kill-server 2>/dev/null || true
	[ -n "${serve_pid:-}" ] && kill "$serve_pid" 2>/dev/null || true
	[ -z "${KEEP:-}" ] && rm -rf "$tmp"
}
trap cleanup EXIT
(cd "$root" && go build -o "$tmp/evochess" .)
bin="$tmp/evochess"
data="$tmp/data"

screen() { T capture-pane -p -t "$1"; }
# wait_for PANE TEXT [SECONDS]: poll the screen until TEXT shows.
wait_for() {
	local deadline=$((SECONDS + ${3:-30}))
	until screen "$1" | grep -qF -- "$2"; do
		if [ $SECONDS -ge $deadline ]; then
			echo "FAIL: no \"$2\" on $1 within ${3:-30}s; the screen:" >&2
			screen "$1" >&2
			if [ -n "${serve_log:-}" ]; then
				echo "(the server's log ends:)" >&2
				tail -5 "$serve_log" >&2 || true
			fi
			exit 1
		fi
		sleep 0.05
	done
}
ok() { echo "ok   $*"; }
