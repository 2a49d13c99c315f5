#!/usr/bin/env bash
# soak.sh: issue 13's soak of "evochess serve": 50 scripted SSH sessions
# playing the Play tab by typing moves and 200 REST clients playing whole
# games, for 10 minutes, against a server in a fresh data directory (its
# HOME, XDG dirs and TMPDIR in a temporary directory too). It fails (exit 1)
# if a game does not finish, the server dies or stops answering, its RSS
# passes MAX_RSS MiB, or a file outside the data directory changes; the
# summary states the peak RSS. Not run by CI: it takes the machine for
# the whole run. Run as root to have the server's writes attributed by
# fanotify; without it, anything else writing in the repository or /tmp
# during the run fails the soak unless named with --fs-ignore.
#
# Usage: scripts/soak.sh [more harness flags, e.g. --keep]
# Env: SSH (50), REST (200), DURATION (10m), MAX_RSS (2048)
set -euo pipefail
export LC_ALL=C
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/evochess" . && go build -o "$tmp/soak" ./scripts/soak)
cd "$root" # the harness watches the repository it is run from
"$tmp/soak" --ssh "${SSH:-50}" --rest "${REST:-200}" --duration "${DURATION:-10m}" \
	--max-rss "${MAX_RSS:-2048}" --binary "$tmp/evochess" "$@"
