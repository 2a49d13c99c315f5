#!/usr/bin/env bash
# bench-vs-stockfish.sh: search speed of "evochess bench" next to
# "stockfish bench" (Debian's Stockfish 15.1, its own bench: 16 MB hash, one
# thread, depth 13), measured in one run on the same machine.
#
# Each engine runs R times (env R, default 5), alternating so that drift in
# machine load hits both alike; each keeps its best nodes/s. The figures are
# the engines' own: Stockfish's "Nodes/second" line, evochess's "nps" from
# bench --json (search time only, start-up excluded on both sides: each
# reports the time of its searches).
#
# Usage: scripts/bench-vs-stockfish.sh
# Env: R (runs, default 5), DEPTH (evochess bench depth, default 11),
#      CHROMOSOME (default full), STOCKFISH (default /usr/games/stockfish).
set -euo pipefail
export LC_ALL=C

R=${R:-5}
DEPTH=${DEPTH:-11}
CHROMOSOME=${CHROMOSOME:-full}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
die() {
	echo "bench-vs-stockfish: $*" >&2
	exit 1
}
[[ $R =~ ^[1-9][0-9]*$ ]] || die "R must be a positive whole number, got '$R'"
[[ -x $STOCKFISH ]] || die "no stockfish at $STOCKFISH (apt-get install stockfish, or set STOCKFISH)"

root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/evochess" .) || die "build failed"

best_evo=0 best_sf=0 evo_nodes=0 sf_nodes=0
for ((i = 1; i <= R; i++)); do
	echo "run $i/$R" >&2
	out=$("$tmp/evochess" bench --depth "$DEPTH" --chromosome "$CHROMOSOME" --json)
	nps=$(sed -E 's/.*"nps":([0-9]+).*/\1/' <<<"$out")
	evo_nodes=$(sed -E 's/.*"nodes":([0-9]+).*/\1/' <<<"$out")
	((nps > best_evo)) && best_evo=$nps
	sfout=$("$STOCKFISH" bench 2>&1)
	sfnps=$(awk -F: '/Nodes\/second/ {gsub(/ /, "", $2); print $2}' <<<"$sfout")
	sf_nodes=$(awk -F: '/Nodes searched/ {gsub(/ /, "", $2); print $2}' <<<"$sfout")
	[[ -n $sfnps ]] || die "could not read stockfish's Nodes/second"
	((sfnps > best_sf)) && best_sf=$sfnps
done

echo "cpu:       $(awk -F: '/model name/ {print $2; exit}' /proc/cpuinfo | sed 's/^ *//') ($(nproc) cores, one thread each)"
echo "evochess:  $(cd "$root" && git rev-parse --short HEAD), bench depth $DEPTH, chromosome $CHROMOSOME, signature $evo_nodes nodes"
echo "stockfish: $("$STOCKFISH" quit 2>/dev/null <<<"" | head -1), bench defaults, $sf_nodes nodes"
echo "best of $R runs each"
printf '%-10s %12s\n' engine nodes/s
printf '%-10s %12d\n' evochess "$best_evo" stockfish "$best_sf"
awk -v a="$best_evo" -v b="$best_sf" 'BEGIN { printf "ratio evochess/stockfish: %.2f\n", a / b }'
