#!/usr/bin/env bash
# perft-vs-stockfish.sh: single-thread perft speed of evochess next to
# Debian's Stockfish, measured in one run on the same machine.
#
# For each position it runs R times (env R, default 5), alternating the two
# engines so drift in machine load hits both alike, and keeps each engine's
# fastest run (max nodes/s). Both engines must report the same node count,
# else the script fails: a speed comparison of wrong counts means nothing.
#
# What is timed, so neither engine pays for starting up:
#   evochess  - the "seconds" it reports in --json: wall time measured
#               inside the process around the perft call alone (after
#               start-up and FEN parsing). A fresh process per run.
#   stockfish - one process kept running for the whole script. After
#               "uci", "position fen ..." and "isready"/"readyok" (so start-up,
#               network loading and position set-up are done), the wall
#               time from writing "go perft N" to reading its
#               "Nodes searched:" line, taken with bash's $EPOCHREALTIME
#               (no fork). Stockfish's perft is single-threaded and uses no
#               hash table; it also prints one line per root move, which
#               this script reads while it runs.
#
# Usage: scripts/perft-vs-stockfish.sh
# Env: R (runs, default 5), STOCKFISH (default /usr/games/stockfish),
#      REV (a git commit to build instead of the work tree).
set -euo pipefail
export LC_ALL=C # $EPOCHREALTIME and awk must use a decimal point

R=${R:-5}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}

die() {
	echo "perft-vs-stockfish: $*" >&2
	exit 1
}

[[ $R =~ ^[1-9][0-9]*$ ]] || die "R must be a positive whole number, got '$R'"
[[ -x $STOCKFISH ]] || die "no stockfish at $STOCKFISH (apt-get install stockfish, or set STOCKFISH)"

root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
cleanup() {
	if [[ -n ${SF_PID:-} ]]; then
		printf 'quit\n' >&"${SF[1]}" 2>/dev/null || true
		wait "$SF_PID" 2>/dev/null || true
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT

# REV=<commit> measures a committed version instead of the work tree, e.g.
# to compare revisions or to measure while the work tree does not build.
if [[ -n ${REV:-} ]]; then
	mkdir "$tmp/src"
	git -C "$root" archive "$REV" | tar -x -C "$tmp/src"
	(cd "$tmp/src" && go build -o "$tmp/evochess" .)
	evo_version=$(git -C "$root" rev-parse --short "$REV")
else
	(cd "$root" && go build -o "$tmp/evochess" .)
	evo_version=$(git -C "$root" describe --always --dirty 2>/dev/null || echo '?')
fi
evochess=$tmp/evochess

# --- stockfish as a coprocess -------------------------------------------
coproc SF { exec "$STOCKFISH"; }

sf_send() { printf '%s\n' "$*" >&"${SF[1]}"; }

# sf_wait_for PREFIX: read stockfish's lines until one starts with PREFIX
# and leave it in $REPLY.
sf_wait_for() {
	local line
	while IFS= read -r -t 3600 -u "${SF[0]}" line; do
		if [[ $line == "$1"* ]]; then
			REPLY=$line
			return 0
		fi
	done
	die "stockfish ended or went silent waiting for '$1'"
}

sf_send uci
sf_wait_for "id name"
sf_name=${REPLY#id name }
sf_wait_for uciok
# Debian builds for any x86-64 (no POPCNT/BMI2); show what this one uses.
sf_send compiler
sf_wait_for "Compilation settings include:"
sf_build=$(echo "${REPLY#Compilation settings include:}" | xargs)
sf_send "setoption name Threads value 1"

# sf_perft FEN DEPTH: sets sf_nodes and sf_secs.
sf_perft() {
	sf_send "position fen $1"
	sf_send isready
	sf_wait_for readyok
	local t0=$EPOCHREALTIME
	sf_send "go perft $2"
	sf_wait_for "Nodes searched:"
	local t1=$EPOCHREALTIME
	sf_nodes=${REPLY#Nodes searched: }
	sf_secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')
}

# evo_perft FEN DEPTH: sets evo_nodes and evo_secs.
evo_perft() {
	local json
	json=$("$evochess" perft --json --fen "$1" --depth "$2")
	[[ $json =~ \"nodes\":([0-9]+) ]] || die "no nodes in evochess output: $json"
	evo_nodes=${BASH_REMATCH[1]}
	[[ $json =~ \"seconds\":([0-9.eE+-]+) ]] || die "no seconds in evochess output: $json"
	evo_secs=${BASH_REMATCH[1]}
}

# min A B: the smaller of two decimal numbers.
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a < b ? a : b) }'; }

positions=(
	"startpos|6|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	"kiwipete|5|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
)

rows=()
for entry in "${positions[@]}"; do
	IFS='|' read -r name depth fen <<<"$entry"
	evo_best=1e99 sf_best=1e99
	for ((i = 1; i <= R; i++)); do
		printf '%s perft %d: run %d/%d\n' "$name" "$depth" "$i" "$R" >&2
		evo_perft "$fen" "$depth"
		sf_perft "$fen" "$depth"
		if [[ $evo_nodes != "$sf_nodes" ]]; then
			die "NODE COUNTS DIFFER for $name perft $depth: evochess $evo_nodes, stockfish $sf_nodes"
		fi
		evo_best=$(min "$evo_secs" "$evo_best")
		sf_best=$(min "$sf_secs" "$sf_best")
	done
	rows+=("$(awk -v n="$name" -v d="$depth" -v nodes="$evo_nodes" -v e="$evo_best" -v s="$sf_best" 'BEGIN {
		printf "%-10s %5d %12d %15.1f %15.1f %8.2f", n, d, nodes, nodes / e / 1e6, nodes / s / 1e6, s / e
	}')")
done

echo
echo "cpu:       $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo) ($(nproc) cores, runs one at a time)"
# Other work on the machine slows either engine; show it so a reader can judge.
echo "load:      $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min averages, at the end)"
echo "evochess:  $evo_version, $(go version | awk '{ print $3 }')"
echo "stockfish: $sf_name ($STOCKFISH, built for: $sf_build)"
echo "best of $R runs each; Mn/s = million nodes per second; ratio = evochess / stockfish speed"
echo
printf '%-10s %5s %12s %15s %15s %8s\n' position depth nodes "evochess Mn/s" "stockfish Mn/s" ratio
printf '%s\n' "${rows[@]}"
