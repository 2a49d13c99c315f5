#!/usr/bin/env bash
# cluster-soak.sh: issue 25's soak of a cluster (not in CI: it takes the
# machine for twice the run's length). A distributed evolution on a
# coordinator with no local worker (the embedded NATS server), WORKERS
# worker processes killed with SIGKILL and started again at random moments
# all along, and a rogue client (scripts/cluster-rogue) forging results,
# dropping jobs and publishing junk throughout. Then the same evolution
# locally. The run files must be the same (wall and CPU times aside); the
# script states the coordinator's memory minute by minute and at its peak
# (VmHWM) and its log's size, and fails when they pass MAX_RSS MiB or
# MAX_LOG lines a minute (a log is bounded in rate: each kind of event says
# at most 10 lines a minute and a count).
#
# Usage: scripts/cluster-soak.sh
# Env: NODES (default 3000), POP (default 8), GENS (default 27: about ten
#      minutes on three workers of a loaded 2-core machine, where 12 took
#      270 s), WORKERS (default 3),
#      KILL_EVERY (default 30: seconds between kills, at random up to it),
#      MAX_RSS (default 512), MAX_LOG (default 100), PORT, OUT, KEEP=1.
set -euo pipefail
export LC_ALL=C
command -v jq >/dev/null || { echo "cluster-soak.sh: needs jq" >&2; exit 2; }
NODES=${NODES:-3000}
POP=${POP:-8}
GENS=${GENS:-27}
WORKERS=${WORKERS:-3}
KILL_EVERY=${KILL_EVERY:-30}
MAX_RSS=${MAX_RSS:-512}
MAX_LOG=${MAX_LOG:-100}
root=$(cd "$(dirname "$0")/.." && pwd)
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"
. "$root/scripts/lib/cluster-harness.sh"
cluster_build
free_port
url="nats://127.0.0.1:$PORT"

args=(evolve --method classic --population "$POP" --generations "$GENS" --fitness round-robin --games 2
	--tc "nodes=$NODES" --max-moves 100 --seed 25 --save r)

echo "distributed run: $POP individuals, $GENS generations, nodes=$NODES; $WORKERS workers killed at random, a rogue throughout"
began=$(date +%s)
"$bin" "${args[@]}" --data "$OUT/remote" --workers 0 --cluster-listen "127.0.0.1:$PORT" \
	--cluster-ack-wait 3s 2>"$OUT/coordinator.log" &
coordinator=$!
declare -A worker
rogue=""
stop() { # the processes this script started, by pid
	for p in "${worker[@]}" $rogue "$coordinator"; do kill "$p" 2>/dev/null || true; done
}
trap 'stop; [ "${KEEP:-}" = 1 ] || rm -rf "$OUT"' EXIT
for _ in $(seq 200); do listening "$PORT" && break; sleep 0.05; done
start_worker() { # start_worker I: worker wI, its log appended to
	"$bin" worker --cluster "$url" --workers 1 --name "w$1" 2>>"$OUT/w$1.log" &
	worker[$1]=$!
}
for i in $(seq "$WORKERS"); do start_worker "$i"; done
"$OUT/rogue" --cluster "$url" >"$OUT/rogue.log" 2>&1 &
rogue=$!

peak=0 kills=0 next=$((RANDOM % KILL_EVERY + 1)) t=0 minutes=""
while kill -0 "$coordinator" 2>/dev/null; do
	sleep 1
	t=$((t + 1))
	rss=$(awk '/^VmHWM/ {print $2}' "/proc/$coordinator/status" 2>/dev/null || echo 0)
	[ "${rss:-0}" -gt "$peak" ] && peak=$rss
	if [ $((t % 60)) = 0 ]; then
		minutes="$minutes $(($(awk '/^VmRSS/ {print $2}' "/proc/$coordinator/status" 2>/dev/null || echo 0) / 1024))"
	fi
	if [ "$t" -ge "$next" ]; then
		i=$((RANDOM % WORKERS + 1))
		kill -KILL "${worker[$i]}" 2>/dev/null || true
		wait "${worker[$i]}" 2>/dev/null || true
		kills=$((kills + 1))
		start_worker "$i"
		next=$((t + RANDOM % KILL_EVERY + 1))
	fi
done
wait "$coordinator"
took=$(($(date +%s) - began))
kill "${worker[@]}" "$rogue" 2>/dev/null || true
wait "${worker[@]}" "$rogue" 2>/dev/null || true
tail -5 "$OUT/coordinator.log"
cat "$OUT/rogue.log"

echo "local run: the same evolution, 2 workers"
"$bin" "${args[@]}" --data "$OUT/local" --workers 2 2>"$OUT/local.log"

lines=$(wc -l <"$OUT/coordinator.log")
echo "distributed run: $took s, $kills workers killed and started again; coordinator: RSS by minute (MiB):$minutes, peak $((peak / 1024)) MiB; log $lines lines ($(wc -c <"$OUT/coordinator.log") bytes)"
status=0
if ! same_runs "$OUT/local" "$OUT/remote"; then
	echo "FAIL: the run files differ"
	status=1
fi
[ $((peak / 1024)) -le "$MAX_RSS" ] || { echo "FAIL: the coordinator's RSS passed $MAX_RSS MiB"; status=1; }
[ $((lines * 60 / (took + 1))) -le "$MAX_LOG" ] || { echo "FAIL: the coordinator's log passed $MAX_LOG lines a minute"; status=1; }
[ "$status" = 0 ] && echo "PASS: the run file equals the local one's, memory and log bounded"
exit "$status"
