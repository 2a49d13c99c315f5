#!/usr/bin/env bash
# tune-full.sh: issue 12's experiment — tune the `full` default with every
# method and fitness on the same budget, measure each result against the
# default in games, and test the best with an SPRT.
#
# Stages (run in order; each is resumable, saved in $DATA):
#   dataset      selfplay of `full` at nodes=5000 from the shipped book: 20 000 games,
#                at most 25 quiet positions a game (≈ 500 000 positions), seed 12
#   tune M F     evolve method M (cmaes, spsa, classic, mnc, dynamic, adaptive) with fitness F
#                (positions; default: the method's own; or any fitness name, played by the
#                strong search at nodes=2000, 200 moves at most) from the full default for
#                $CPU of CPU time (all cores: 2h is one hour of both cores), saved as tune-M-F
#   table [NAME…] every finished tune-M-F (or just the runs named) v the default: $GAMES games
#                at nodes=$NODES
#   sprt M F     tune-M-F's result v the default: match --sprt 0,10 at nodes=$SPRT_NODES
#
# Every run starts from $START (default the hand-set full, as the table in RESULTS did) and
# is scored against $REF (the same); with START=default and REF=full they are today's default.
#
# Usage: scripts/tune-full.sh STAGE [ARGS]   Env: DATA (default testdata/runs), CPU (2h),
#        GAMES (400), NODES (5000), SPRT_NODES (20000), OUT (/tmp/evochess-tune)
set -euo pipefail
# saved_run DIR: a saved run is there (run.json, or run.json.gz as testdata keeps them).
saved_run() { [ -e "$1/run.json" ] || [ -e "$1/run.json.gz" ]; }
root=$(cd "$(dirname "$0")/.." && pwd)
DATA=${DATA:-$root/testdata/runs}
CPU=${CPU:-2h}
GAMES=${GAMES:-400}
NODES=${NODES:-5000}
SPRT_NODES=${SPRT_NODES:-20000}
OUT=${OUT:-/tmp/evochess-tune}
# Relative to the repository (the script runs there): run files keep no machine's paths.
START=${START:-file=testdata/chromosomes/full-handset.chromosome.json}
REF=${REF:-chromosome=testdata/chromosomes/full-handset.chromosome.json}
cd "$root"
mkdir -p "$OUT"
bin=$OUT/evochess
(cd "$root" && go build -o "$bin" .)

dataset=full-n5k
stage=${1:?stage: dataset, tune M F, table or sprt M F}
shift
case $stage in
dataset)
	"$bin" selfplay --name "$dataset" --games 20000 --tc nodes=5000 --per-game 25 --seed 12 --workers 2 --data "$DATA"
	;;
tune)
	m=${1:?method} f=${2:-default}
	name=tune-$m-$f
	if saved_run "$DATA/runs/$name"; then
		"$bin" evolve --resume "$name" --workers 2 --data "$DATA" --json >>"$OUT/$name.jsonl"
		exit
	fi
	start=$START
	# dynamic learns only from games its players differ in: from a single
	# start every pairing ties, and a tie overwrites nobody. It starts from
	# the same chromosome with 2% noise around it.
	[ "$m" = dynamic ] && start="noise=0.02,$START"
	args=(--method "$m" --chromosome full --start "$start" --seed 12 --workers 2 --cpu "$CPU"
		--save "$name" --data "$DATA" --checkpoints 2 --json)
	case $f in
	positions) args+=(--fitness positions --dataset "$dataset") ;;
	default) ;;
	*) args+=(--fitness "$f" --search strong --tc nodes=2000 --max-moves 200) ;;
	esac
	# Games against the start itself, played as the tuned players are.
	[ "$f" = reference ] && args+=(--reference "name=start,$REF,search=strong,nodes=2000")
	case $m in
	# The budget ends them, not the methods' own stop rules (mnc's unchanged
	# best, dynamic's convergence, which a start of one chromosome meets at
	# once, adaptive's generation count); cmaes and spsa keep their defaults
	# (SPSA's gain schedule is set by the planned iterations).
	# classic's operator adds ±0.3 to every gene, whatever its range (seed
	# 000): on full's centipawn tables that is no step at all, so it moves
	# by 2% of each gene's range instead.
	classic) args+=(--generations 100000 --mutation scaled --mutation-strength 0.02) ;;
	mnc) args+=(--generations 100000 --stall-generations 0 --slow-generations 0) ;;
	dynamic) args+=(--generations 100000 --converged 0) ;;
	adaptive) args+=(--generations 100000) ;;
	esac
	"$bin" evolve "${args[@]}" >"$OUT/$name.jsonl"
	;;
table)
	names=("$@")
	if [ ${#names[@]} -eq 0 ]; then
		for run in "$DATA"/runs/tune-*/; do names+=("$(basename "$run")"); done
	fi
	for name in "${names[@]}"; do
		saved_run "$DATA/runs/$name" || { echo "tune-full: no run $name in $DATA" >&2; exit 1; }
		echo "== $name v full: $GAMES games at nodes=$NODES"
		"$bin" match "name=$name,population=$name#best" "name=full,$REF" --data "$DATA" \
			--games "$GAMES" --tc "nodes=$NODES" --max-moves 200 --seed 12 --json >"$OUT/$name-vs-full.json"
		tail -n 4 "$OUT/$name-vs-full.json"
	done
	;;
sprt)
	m=${1:?method} f=${2:-default}
	name=tune-$m-$f
	"$bin" match "name=$name,population=$name#best" "name=full,$REF" --data "$DATA" \
		--sprt 0,10 --games 20000 --tc "nodes=$SPRT_NODES" --max-moves 200 --seed 13
	;;
*)
	echo "tune-full: unknown stage $stage" >&2
	exit 2
	;;
esac
