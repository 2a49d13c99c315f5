#!/usr/bin/env bash
# arena-bench.sh: games per second of the arena, measured in one run:
#   1. in-process: two built-in players at nodes=5000
#   2. the same games with both players as "evochess uci" processes
#   3. in-process again with one worker instead of two (scaling)
# Every configuration plays the same GAMES games (default 200) from the
# same book and seed; the figures are games / wall seconds of the whole
# "evochess match" process.
#
# Both configurations use the same hash size HASH (MB, default 16), so they
# play the same games; a small table (HASH=2) suits 5000-node searches and
# makes the search cheaper, which is where in-process play gains most.
#
# Usage: scripts/arena-bench.sh   Env: GAMES (default 200), NODES (default 5000), HASH (default 16)
set -euo pipefail
export LC_ALL=C
GAMES=${GAMES:-200}
NODES=${NODES:-5000}
HASH=${HASH:-16}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/evochess" .)
book="$root/arena/testdata/book200.epd"

run() { # name concurrency spec-a spec-b
	local start end
	start=$EPOCHREALTIME
	"$tmp/evochess" match "$3" "$4" --games "$GAMES" --tc "nodes=$NODES" --concurrency "$2" \
		--openings "$book" --seed 5 --max-moves 150 --json >"$tmp/$1.json" 2>/dev/null
	end=$EPOCHREALTIME
	awk -v s="$start" -v e="$end" -v g="$GAMES" -v n="$1" 'BEGIN { printf "%-28s %8.1f s %8.2f games/s\n", n, e - s, g / (e - s) }' | tee -a "$tmp/summary"
}

run in-process-2-workers 2 "name=a,chromosome=full,hash=$HASH" "name=b,chromosome=seed004,hash=$HASH"
run uci-processes-2-workers 2 "name=a,uci=$tmp/evochess,args=uci --chromosome full --hash $HASH" "name=b,uci=$tmp/evochess,args=uci --chromosome seed004 --hash $HASH"
run in-process-1-worker 1 "name=a,chromosome=full,hash=$HASH" "name=b,chromosome=seed004,hash=$HASH"
echo "hash $HASH MB, nodes $NODES, $GAMES games each" | tee -a /dev/stderr >/dev/null
awk '{ r[NR] = $4 } END {
	printf "in-process / uci processes: %.2fx (required >= 2, aim 3)\n", r[1] / r[2]
	printf "2 workers / 1 worker:       %.2fx (required >= 1.8)\n", r[1] / r[3]
}' "$tmp/summary"
