#!/usr/bin/env bash
# tune-search.sh: issue 24's second experiment — tune evochess's own search
# parameters, as UCI options of `evochess uci`, with OpenBench's SPSA, then
# test the tuned set against the shipped one with an SPRT.
#
# Stages (each saved in $DATA and resumed where it stopped):
#   tune      spsa over scripts/tune-search/search.spsa: evochess as a UCI engine
#             (one process a colour per worker, Hash 16), $BUDGET games at
#             nodes=$NODES, from the shipped values, saved as search-spsa
#   options   the tuned set (θ) as option.NAME=VALUE, one SPEC fragment
#   sprt      the tuned set v the shipped one, both built-in `full`:
#             match --sprt 0,5 at nodes=$SPRT_NODES, saved as search-sprt
#
# Usage: scripts/tune-search.sh STAGE
# Env: DATA (default /tmp/evochess-search/data), OUT (logs, /tmp/evochess-search),
#      BIN (an evochess binary; default: built from this tree into $OUT), BUDGET
#      (12000), NODES (10000), SPRT_NODES (20000), WORKERS (2), SEED (24),
#      GENES (default scripts/tune-search/search.spsa), NAME (the run's and the
#      SPRT's name stem, default search: runs search-spsa, search-sprt)
set -euo pipefail
export LC_ALL=C
root=$(cd "$(dirname "$0")/.." && pwd)
OUT=${OUT:-/tmp/evochess-search}
DATA=${DATA:-$OUT/data}
BUDGET=${BUDGET:-12000}
NODES=${NODES:-10000}
SPRT_NODES=${SPRT_NODES:-20000}
WORKERS=${WORKERS:-2}
SEED=${SEED:-24}
mkdir -p "$OUT" "$DATA"
bin=${BIN:-}
if [ -z "$bin" ]; then
	bin=$OUT/evochess
	(cd "$root" && go build -o "$bin" .)
fi
genes=${GENES:-$root/scripts/tune-search/search.spsa}
stem=${NAME:-search}
name=$stem-spsa
sprt=$stem-sprt

# options: the run's θ as option.NAME=VALUE,… (saves export writes NAME, VALUE).
options() {
	"$bin" saves export "$name" --to "$OUT/$name.txt" --data "$DATA" >/dev/null
	# Hash is the run's fixed option, not a gene: both players of the SPRT
	# keep the built-in player's own.
	awk -F', *' '!/^[ \t]*(#|$)/ && $1 != "Hash" { printf "%soption.%s=%s", sep, $1, $2; sep = "," }' "$OUT/$name.txt"
}

main() {
	case ${1:?stage: tune, options or sprt} in
	tune)
		if [ -e "$DATA/runs/$name" ]; then
			"$bin" evolve --resume "$name" --workers "$WORKERS" --data "$DATA" --json >>"$OUT/$name.jsonl"
		else
			"$bin" evolve --method spsa --engine "uci=$bin,args=uci,option.Hash=16" --genes "$genes" --start default \
				--fitness round-robin --games 2 --population 16 --generations $((BUDGET / 16)) --tc "nodes=$NODES" \
				--max-moves 200 --seed "$SEED" --workers "$WORKERS" --save "$name" --data "$DATA" --json >"$OUT/$name.jsonl"
		fi
		tail -n 1 "$OUT/$name.jsonl"
		;;
	options)
		options
		echo
		;;
	sprt)
		if [ -e "$DATA/tournaments/$sprt" ]; then
			"$bin" match --resume "$sprt" --data "$DATA" --concurrency "$WORKERS"
		else
			"$bin" match "name=tuned,chromosome=full,$(options)" "name=main,chromosome=full" --sprt 0,5 --games 40000 \
				--tc "nodes=$SPRT_NODES" --max-moves 200 --seed "$SEED" --concurrency "$WORKERS" --save "$sprt" --data "$DATA"
		fi
		;;
	*)
		echo "tune-search: unknown stage $1" >&2
		exit 2
		;;
	esac
}
main "$@"; exit
