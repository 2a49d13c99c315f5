#!/usr/bin/env bash
# reproduce-seeds.sh: the four seed methods at small scale, each followed
# by the check docs/RESULTS.md reports (Elo of evolved v start from >= 200
# games; seed 004 also problems solved before v after; seed 000 also 100
# games v the depth-1 reference from middlegame starts). Every run is
# seeded and uses fixed-depth or fixed-node players, so rerunning gives the
# same runs and games.
#
# Usage: scripts/reproduce-seeds.sh [000|001|003|004 ...]   Env: OUT (default /tmp/evochess-repro)
set -euo pipefail
export LC_ALL=C
root=$(cd "$(dirname "$0")/.." && pwd)
OUT=${OUT:-/tmp/evochess-repro}
mkdir -p "$OUT"
bin="$OUT/evochess"
(cd "$root" && go build -o "$bin" .)
SF=${SF:-/usr/games/stockfish}
seeds=("$@")
[ ${#seeds[@]} -eq 0 ] && seeds=(003 004 000 001)
# run CMD…: the command line and its stderr (progress) go to $OUT/log,
# its stdout wherever the caller sends it.
run() { echo "\$ $*" >>"$OUT/log"; "$@" 2>>"$OUT/log"; }

for s in "${seeds[@]}"; do
	case $s in
	003) # dynamic boundary strategy from table I; plain depth 3 + 3 capture plies, as the seed
		run "$bin" evolve --method dynamic --generations 300 --seed 3 --out "$OUT/s003" --json >"$OUT/s003.jsonl"
		run "$bin" tournament --format gauntlet --rounds 20 --tc depth=3 --seed 3 --json \
			--player "name=evolved,population=$OUT/s003/run.json#best,search=plain,qs=3" \
			--player "name=t1,chromosome=seed003_table1_1,search=plain,qs=3" \
			--player "name=t2,chromosome=seed003_table1_2,search=plain,qs=3" \
			--player "name=t3,chromosome=seed003_table1_3,search=plain,qs=3" \
			--player "name=t4,chromosome=seed003_table1_4,search=plain,qs=3" \
			--player "name=t5,chromosome=seed003_table1_5,search=plain,qs=3" >"$OUT/s003-gauntlet.json"
		run "$bin" match "name=evolved,population=$OUT/s003/run.json#best,search=plain,qs=3" \
			"name=shannon,chromosome=seed003,search=plain,qs=3" --games 200 --tc depth=3 --seed 3 --json >"$OUT/s003-vs-shannon.json"
		;;
	004) # adaptive: 30 problems, half WAC (tactical) half STS (positional), N = 10, Gmax = 50
		run "$bin" evolve --method adaptive --population 10 --problems 30 --suite wac,sts --tc nodes=5000 --seed 4 --out "$OUT/s004" --json >"$OUT/s004.jsonl"
		for who in gen0 best; do
			run "$bin" solve --player "population=$OUT/s004/run.json#$who" --suite wac,sts --tc nodes=5000 --json >"$OUT/s004-solve-$who.json"
		done
		run "$bin" match "name=evolved,population=$OUT/s004/run.json#best" "name=gen0,population=$OUT/s004/run.json#gen0" \
			--games 200 --tc nodes=5000 --seed 4 --json >"$OUT/s004-vs-gen0.json"
		;;
	000) # classic against Stockfish at depth 1 from middlegame starts
		run "$bin" evolve --method classic --population 20 --generations 15 --reference-games 10 \
			--reference "name=sf1,uci=$SF,depth=1" --tc nodes=2000 --seed 5 --out "$OUT/s000" --json >"$OUT/s000.jsonl"
		run "$bin" match "name=evolved,population=$OUT/s000/run.json#best,nodes=2000" "name=sf1,uci=$SF,depth=1" \
			--games 100 --max-moves 200 --tc nodes=2000 --seed 5 --json >"$OUT/s000-vs-sf1.json"
		run "$bin" match "name=gen0,population=$OUT/s000/run.json#gen0,nodes=2000" "name=sf1,uci=$SF,depth=1" \
			--games 100 --max-moves 200 --tc nodes=2000 --seed 5 --json >"$OUT/s000-gen0-vs-sf1.json"
		run "$bin" match "name=evolved,population=$OUT/s000/run.json#best" "name=gen0,population=$OUT/s000/run.json#gen0" \
			--games 200 --max-moves 200 --tc nodes=2000 --seed 5 --json >"$OUT/s000-vs-gen0.json"
		;;
	001) # multi-niche crowding over the 640 PVT genes, round-robin fitness
		run "$bin" evolve --method mnc --population 20 --generations 15 --tc nodes=1000 --seed 1 --out "$OUT/s001" --json >"$OUT/s001.jsonl"
		run "$bin" match "name=evolved,population=$OUT/s001/run.json#best" "name=gen0,population=$OUT/s001/run.json#gen0" \
			--games 200 --max-moves 200 --tc nodes=1000 --seed 1 --json >"$OUT/s001-vs-gen0.json"
		;;
	*) echo "unknown seed $s" >&2; exit 2 ;;
	esac
done
