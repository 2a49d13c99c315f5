#!/usr/bin/env bash
# tune-glaurung.sh: issue 24's recovery experiment — detune Debian's
# glaurung (8 evaluation options far from their default of 100), measure
# the loss, tune the options back with spsa, cmaes and classic on one
# budget of games from the detuned start, and measure each result against
# the start and against stock glaurung.
#
# Stages (run in order; each is saved in $DATA and resumes where it stopped):
#   baseline      detuned v stock: $GAMES games at nodes=$NODES
#   profile       every gene halfway (150 or 50) v stock and v the detuned start
#   pilot C R     spsa for $PILOT games from the detuned start with every gene's
#                 C_END and R_END replaced by C and R (the calibration)
#   tune M        method M (spsa, cmaes, cmaes-rr, classic) from the detuned start
#                 for $BUDGET games at nodes=$NODES, saved as glaurung-M (cmaes
#                 scores its samples v the start, cmaes-rr by a round-robin)
#   null M        cmaes, cmaes-rr or classic as tune M, every game drawn after one move a
#                 side: no information, only the method's own moves (the control)
#   reproduce [M] a short run of each method (or M) on 1 and 2 local workers and on
#                 2 remote workers (loopback): the run files must be the same
#   table [M…]    each finished glaurung-M's result (spsa: θ, cmaes: its mean,
#                 classic: its best) v the detuned start and v stock: $GAMES
#                 games each at nodes=$NODES, then each run's genes
#
# Every game is at fixed nodes, one thread, no book, no pondering, so the
# load of the machine changes wall times only, and a stage run again
# plays the same games.
#
# Usage: scripts/tune-glaurung.sh STAGE [ARGS]
# Env: DATA (data directory, default /tmp/evochess-glaurung/data), OUT (logs,
#      default /tmp/evochess-glaurung), BIN (an evochess binary; default: built
#      from this tree into $OUT), GLAURUNG (/usr/games/glaurung), GAMES (400),
#      NODES (5000), BUDGET (games of each tuning run, 12000), PILOT (2000),
#      WORKERS (2), SEED (24)
set -euo pipefail
export LC_ALL=C
root=$(cd "$(dirname "$0")/.." && pwd)
OUT=${OUT:-/tmp/evochess-glaurung}
DATA=${DATA:-$OUT/data}
GLAURUNG=${GLAURUNG:-/usr/games/glaurung}
GAMES=${GAMES:-400}
NODES=${NODES:-5000}
BUDGET=${BUDGET:-12000}
PILOT=${PILOT:-2000}
WORKERS=${WORKERS:-2}
SEED=${SEED:-24}
mkdir -p "$OUT" "$DATA"
bin=${BIN:-}
if [ -z "$bin" ]; then
	bin=$OUT/evochess
	(cd "$root" && go build -o "$bin" .)
fi
genes=$root/scripts/tune-glaurung/detuned.spsa

# The engine as every player and run has it: one thread, no book, no
# pondering, a small hash (fixed, never tuned).
fixed="option.Threads=1,option.OwnBook=false,option.Hash=16,option.Ponder=false"
engine="uci=$GLAURUNG,$fixed"
# detuned: the gene file's START values as options (NAME=START,…).
detuned=$(awk -F', *' '!/^[ \t]*(#|$)/ { printf "%soption.%s=%s", sep, $1, $3; sep = "," }' "$genes")
stock="name=stock,$engine"
start="name=detuned,$engine,$detuned"

# saved NAME KIND: a saved run (runs) or match (tournaments) NAME exists.
saved() { [ -e "$DATA/$2/$1" ]; }
# match NAME A B: $GAMES games A v B at nodes=$NODES, journaled as NAME
# (resumed if it stopped); the JSON summary to $OUT/NAME.json.
match() {
	local name=$1
	shift
	if saved "$name" tournaments; then
		"$bin" match --resume "$name" --data "$DATA" --concurrency "$WORKERS" --json >"$OUT/$name.json"
	else
		"$bin" match "$@" --games "$GAMES" --tc "nodes=$NODES" --max-moves 200 --seed "$SEED" \
			--concurrency "$WORKERS" --save "$name" --data "$DATA" --json >"$OUT/$name.json"
	fi
	summary "$name" "$OUT/$name.json"
}
# summary NAME FILE: the first player's W-D-L, score and Elo with its 95%
# interval (the trinomial's, as arena.EloFromWDL computes it).
summary() {
	jq -r '.players[0] as $a | .standings[] | select(.player == $a) | "\(.wins) \(.draws) \(.losses)"' "$2" |
		awk -v name="$1" 'function elo(s) { s = s < 1e-6 ? 1e-6 : s > 1 - 1e-6 ? 1 - 1e-6 : s; return -400 * log(1 / s - 1) / log(10) }
		{ n = $1 + $2 + $3; s = ($1 + $2 / 2) / n; v = ($1 * (1 - s) ^ 2 + $2 * (0.5 - s) ^ 2 + $3 * s * s) / n; se = sqrt(v / n)
		  printf "%s: %d-%d-%d in %d games, %.1f %%, Elo %+.0f [%+.0f, %+.0f]\n", name, $1, $2, $3, n, 100 * s, elo(s), elo(s - 1.96 * se), elo(s + 1.96 * se) }'
}

# main STAGE ARGS…: read whole before it runs, so that editing this file
# during a long stage does not change it.
main() {
stage=${1:?stage: baseline, profile, pilot C_END R_END, tune M, null M or table [M…]}
shift
case $stage in
baseline)
	match glaurung-baseline "$start" "$stock"
	;;
profile)
	# The loss along the line from stock to the detuned start: every gene
	# halfway (150 or 50) v stock and v the detuned start.
	half=$(awk -F', *' '!/^[ \t]*(#|$)/ { printf "%soption.%s=%d", sep, $1, ($3 + 100) / 2; sep = "," }' "$genes")
	match glaurung-half-v-stock "name=half,$engine,$half" "$stock"
	match glaurung-half-v-detuned "name=half,$engine,$half" "$start"
	;;
pilot)
	# SPSA for $PILOT games with every gene's C_END and R_END replaced: how
	# far θ moves at those rates (the calibration of detuned.spsa).
	c=${1:?C_END} r=${2:?R_END}
	name=glaurung-pilot-c$c-r$r
	if [ -e "$DATA/runs/$name" ]; then
		"$bin" evolve --resume "$name" --workers "$WORKERS" --data "$DATA" --json >>"$OUT/$name.jsonl"
	else
		pg=$OUT/$name.spsa
		awk -F', *' -v c="$c" -v r="$r" '!/^[ \t]*(#|$)/ { printf "%s, %s, %s, %s, %s, %s, %s\n", $1, $2, $3, $4, $5, c, r }' "$genes" >"$pg"
		"$bin" evolve --method spsa --engine "$engine" --genes "$pg" --start default --fitness round-robin --games 2 \
			--population 16 --generations $((PILOT / 16)) --tc "nodes=$NODES" --max-moves 200 --seed "$SEED" \
			--workers "$WORKERS" --save "$name" --data "$DATA" --json >"$OUT/$name.jsonl"
	fi
	tail -n 1 "$OUT/$name.jsonl"
	;;
tune | null)
	# null M: the same run with every game drawn after one move a side, so
	# that no sample is told from another (fitness ties: the selection is
	# random): what the method's mechanics alone — random steps, samples
	# clipped at the bounds the detuned genes start on — make of the start.
	m=${1:?method: spsa, cmaes or classic}
	name=glaurung-$m
	moves=200
	if [ "$stage" = null ]; then
		name=glaurung-null-$m moves=1
		[ "$m" = spsa ] && { echo "tune-glaurung: no null spsa (drawn games move θ nowhere)" >&2; exit 2; }
	fi
	if [ -e "$DATA/runs/$name" ]; then
		"$bin" evolve --resume "$name" --workers "$WORKERS" --data "$DATA" --json >>"$OUT/$name.jsonl"
	else
		args=(--method "$m" --engine "$engine" --genes "$genes" --start default --tc "nodes=$NODES" --max-moves "$moves"
			--seed "$SEED" --workers "$WORKERS" --save "$name" --data "$DATA" --json)
		case $m in
		# OpenBench's SPSA: 8 pairs an iteration, one colour-swapped game
		# pair each (16 games), C_END and R_END from the gene file.
		spsa) args+=(--fitness round-robin --games 2 --population 16 --generations $((BUDGET / 16))) ;;
		# The mean and 16 samples, 12 games each v the start (6 middlegame
		# starts), σ 0.3 of each range (docs/RESULTS.md: 0.1, the engine
		# default, is too small a step for games' noise).
		cmaes) args+=(--fitness reference --reference start --population 17 --reference-games 12 --sigma 0.3
			--generations $((BUDGET / (17 * 12)))) ;;
		# The same, scored by a round-robin of the 17 (2 games a pairing,
		# 272 games a generation), its openings drawn afresh every
		# generation: reference games replay the same 6 middlegame starts
		# all run long, and at fixed nodes the same games, which CMA-ES
		# learns (docs/RESULTS.md).
		cmaes-rr) args[1]=cmaes
			args+=(--fitness round-robin --games 2 --population 17 --sigma 0.3 --generations $((BUDGET / (17 * 16)))) ;;
		# Seed 000's own settings (40 players, 20 games each v the start,
		# mutation ±0.3 of each range annealed to 0); generation 0 plays 40
		# players, each later one 38 (the two elites keep their fitness).
		classic) args+=(--fitness reference --reference start --population 40 --reference-games 20
			--generations $((1 + (BUDGET - 40 * 20) / (38 * 20)))) ;;
		*) echo "tune-glaurung: unknown method $m" >&2; exit 2 ;;
		esac
		"$bin" evolve "${args[@]}" >"$OUT/$name.jsonl"
	fi
	tail -n 1 "$OUT/$name.jsonl"
	;;
table)
	runs=("$@")
	[ ${#runs[@]} -eq 0 ] && runs=(spsa cmaes classic)
	for m in "${runs[@]}"; do
		name=glaurung-$m
		[ -e "$DATA/runs/$name/run.json" ] || { echo "tune-glaurung: no run $name in $DATA" >&2; exit 1; }
		# What each method tunes: SPSA's θ and CMA-ES's mean (#center), not a
		# lucky sample; classic's best player.
		sel=best
		case $m in *cmaes*) sel=center ;; esac
		tuned="name=$m,population=$name#$sel"
		match "glaurung-$m-v-detuned" "$tuned" "$start"
		match "glaurung-$m-v-stock" "$tuned" "$stock"
		# The genes: start, then every quarter of the run (the population's
		# mean: θ, CMA-ES's mean and its samples, classic's players), then the
		# result.
		jq -r --arg sel "$sel" '.content as $r | ($r.history | length) as $n
			| [0, ($n / 4 | floor), ($n / 2 | floor), (3 * $n / 4 | floor), $n - 1] as $at
			| "gene\tstart\t" + ([$at[1:][] | "gen \(.)"] | join("\t")),
			  ( range(0; $r.settings.engine.genes | length) as $i
			    | $r.settings.engine.genes[$i].name + "\t" + ($r.settings.engine.genes[$i].start | tostring) + "\t"
			      + ([$at[1:][] | $r.history[.].gene_mean[$i] | round | tostring] | join("\t")) )' \
			"$DATA/runs/$name/run.json"
		"$bin" saves keep "$name#$sel" --as "$name-result" --data "$DATA" >/dev/null 2>&1 || true
		"$bin" saves export "$name-result" --to "$OUT/$name-result.txt" --data "$DATA" >/dev/null && cat "$OUT/$name-result.txt"
	done
	;;
reproduce)
	# A short run of each method (spsa: 10 iterations; cmaes: 3 generations
	# of the mean and 8 samples, 4 games each; classic: 3 generations of 8,
	# 4 games each) three times: 1 local worker, 2 local workers, and no
	# local worker but two `evochess worker` processes on loopback. The run
	# files must be the same, wall and CPU times aside.
	command -v jq >/dev/null || { echo "tune-glaurung: reproduce needs jq" >&2; exit 2; }
	listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
	blank='walk(if type == "object" then with_entries(if (.key | IN("saved", "elapsed", "cpu", "cpu_elapsed", "seconds", "workers")) then .value = 0 else . end) else . end)'
	# The workers' --engine allow-list: the fixed options at their values,
	# the genes at any value glaurung takes.
	allow="$GLAURUNG,$fixed$(awk -F', *' '!/^[ \t]*(#|$)/ { printf ",option.%s=*", $1 }' "$genes")"
	rep=$OUT/reproduce
	rm -rf "$rep"
	mkdir -p "$rep"
	status=0
	for m in ${1:-spsa cmaes classic}; do
		args=(evolve --method "$m" --engine "$engine" --genes "$genes" --start default --tc "nodes=$NODES"
			--max-moves 200 --seed "$SEED" --save r)
		case $m in
		spsa) args+=(--fitness round-robin --games 2 --population 16 --generations 10) ;;
		cmaes) args+=(--fitness reference --reference start --population 9 --reference-games 4 --sigma 0.3 --generations 3) ;;
		classic) args+=(--fitness reference --reference start --population 8 --reference-games 4 --generations 3) ;;
		esac
		for w in 1 2; do
			"$bin" "${args[@]}" --data "$rep/$m-w$w" --workers "$w" 2>"$rep/$m-w$w.log"
		done
		port=
		while [ -z "$port" ] || listening "$port"; do port=$((20000 + RANDOM % 20000)); done
		"$bin" "${args[@]}" --data "$rep/$m-remote" --workers 0 --cluster-listen "127.0.0.1:$port" 2>"$rep/$m-remote.log" &
		coordinator=$!
		for _ in $(seq 200); do listening "$port" && break; sleep 0.05; done
		workers=()
		for i in 1 2; do
			"$bin" worker --cluster "nats://127.0.0.1:$port" --workers 1 --name "w$i" --engine "$allow" 2>"$rep/$m-worker$i.log" &
			workers+=($!)
		done
		wait "$coordinator"
		kill "${workers[@]}"
		wait "${workers[@]}" || true
		for v in w1 w2 remote; do jq -S "$blank" "$rep/$m-$v/runs/r/run.json" >"$rep/$m-$v.json"; done
		games=$(jq '[.content.history[].games] | add' "$rep/$m-w1/runs/r/run.json")
		if cmp -s "$rep/$m-w1.json" "$rep/$m-w2.json" && cmp -s "$rep/$m-w1.json" "$rep/$m-remote.json"; then
			echo "$m: PASS, $games games: 1 local worker, 2 local workers and 2 remote workers give the same run file (wall and CPU times aside); sha256 $(sha256sum <"$rep/$m-w1.json" | cut -c1-16)"
		else
			echo "$m: FAIL, the run files differ"
			diff "$rep/$m-w1.json" "$rep/$m-w2.json" | head -10
			diff "$rep/$m-w1.json" "$rep/$m-remote.json" | head -10
			status=1
		fi
	done
	return $status
	;;
*)
	echo "tune-glaurung: unknown stage $stage" >&2
	exit 2
	;;
esac
}
main "$@"; exit
