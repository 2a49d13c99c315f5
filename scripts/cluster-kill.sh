#!/usr/bin/env bash
# cluster-kill.sh: issue 15's process-level check. One evolution run twice
# on this machine: locally (2 workers), then on a coordinator with no local
# worker (--workers 0, the embedded NATS server) and three `evochess
# worker` processes, one of them killed with SIGKILL in the middle of a
# game. Its game goes back to the queue and another worker plays it; the
# two run files must be the same, wall and CPU times aside (`cmp` after
# jq blanks them).
#
# Issue 25: a rogue client (scripts/cluster-rogue) holds the workers'
# credentials through the whole distributed run: it takes jobs off the
# queue and answers them with forged results, publishes junk on every
# subject a worker may use and tries what a worker may not. The run file
# must still equal the local one, every forgery be refused, and the
# coordinator's log stay short; the script prints the rogue's counts and
# the coordinator's.
#
# Usage: scripts/cluster-kill.sh
# Env: NODES (default 2000), GENS (default 3), POP (default 6), PORT (default: a free one),
#      OUT (default: a temporary directory, removed unless KEEP=1)
set -euo pipefail
export LC_ALL=C
command -v jq >/dev/null || { echo "cluster-kill.sh: needs jq" >&2; exit 2; }
NODES=${NODES:-2000}
GENS=${GENS:-3}
POP=${POP:-6}
root=$(cd "$(dirname "$0")/.." && pwd)
OUT=${OUT:-$(mktemp -d)}
[ "${KEEP:-}" = 1 ] || trap 'rm -rf "$OUT"' EXIT
mkdir -p "$OUT"
. "$root/scripts/lib/cluster-harness.sh"
cluster_build
free_port

args=(evolve --method classic --population "$POP" --generations "$GENS" --fitness round-robin --games 2
	--tc "nodes=$NODES" --max-moves 100 --seed 15 --save r)

echo "local run: $POP individuals, $GENS generations, nodes=$NODES, 2 workers"
"$bin" "${args[@]}" --data "$OUT/local" --workers 2 2>"$OUT/local.log"

echo "distributed run: coordinator on 127.0.0.1:$PORT with no local worker, three worker processes"
"$bin" "${args[@]}" --data "$OUT/remote" --workers 0 --cluster-listen "127.0.0.1:$PORT" \
	--cluster-ack-wait 3s 2>"$OUT/coordinator.log" &
coordinator=$!
pids=()
stop() { # the processes this script started, by pid
	for p in "${pids[@]}" "$coordinator"; do kill "$p" 2>/dev/null || true; done
}
trap 'stop; [ "${KEEP:-}" = 1 ] || rm -rf "$OUT"' EXIT
for _ in $(seq 200); do listening "$PORT" && break; sleep 0.05; done
for i in 1 2 3; do
	"$bin" worker --cluster "nats://127.0.0.1:$PORT" --workers 1 --name "w$i" 2>"$OUT/w$i.log" &
	pids+=($!)
done
"$OUT/rogue" --cluster "nats://127.0.0.1:$PORT" >"$OUT/rogue.log" 2>&1 &
rogue=$!
pids+=("$rogue")

# Killed once the first generation is done, in the middle of a later one:
# at nodes=2000 a worker spends nearly all its time inside a game.
until grep -q "^gen    0" "$OUT/coordinator.log"; do
	kill -0 "$coordinator" 2>/dev/null || { cat "$OUT/coordinator.log" >&2; exit 1; }
	sleep 0.1
done
# In a game, not waiting for one (the rogue empties the queue now and
# then): busy on the CPU, a fifth of half a second at least (a worker that
# waits uses none; clock ticks of 10 ms).
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
for _ in $(seq 60); do
	before=$(cpu "${pids[1]}")
	sleep 0.5
	[ $(($(cpu "${pids[1]}") - before)) -ge 10 ] && break
done
kill -KILL "${pids[1]}"
echo "killed worker w2 (pid ${pids[1]}) with SIGKILL"
wait "$coordinator"
kill "${pids[0]}" "${pids[2]}" "$rogue"
wait "${pids[0]}" "${pids[2]}" "$rogue" || true
cat "$OUT/coordinator.log"
grep -h "delivery\|stopped" "$OUT/w1.log" "$OUT/w3.log" || true
cat "$OUT/rogue.log"
echo "coordinator log: $(wc -l <"$OUT/coordinator.log") lines, $(wc -c <"$OUT/coordinator.log") bytes"

status=0
redelivered=$(sed -n 's/^rogue: took [0-9]* jobs (\([0-9]*\) of them redelivered).*/\1/p' "$OUT/rogue.log")
if ! grep -q "its last worker died" "$OUT/w1.log" "$OUT/w3.log" && [ "${redelivered:-0}" -eq 0 ]; then
	echo "FAIL: no job of the killed worker was played again (killed between two games?)"
	status=1
fi
taken=$(sed -n 's/^rogue: took \([0-9]*\) jobs.*/\1/p' "$OUT/rogue.log")
answered=$(sed -n 's/.* with \([0-9]*\) signed forgeries and \([0-9]*\) unsigned.*/\1 + \2/p' "$OUT/rogue.log")
refused=$(sed -n 's/.* results accepted, \([0-9]*\) refused.*/\1/p' "$OUT/coordinator.log")
if [ -z "$taken" ] || [ "$taken" -eq 0 ]; then
	echo "FAIL: the rogue took no job (it did not test anything)"
	status=1
elif [ -z "$refused" ] || [ "$refused" -lt "$((answered))" ]; then
	echo "FAIL: the rogue answered $((answered)) jobs with forgeries, the coordinator refused ${refused:-no} results"
	status=1
fi
if grep -q "deleted the results stream" "$OUT/rogue.log"; then
	echo "FAIL: the rogue's credentials deleted a stream"
	status=1
fi
if same_runs "$OUT/local" "$OUT/remote"; then
	games=$(jq '[.content.history[].games] | add' "$OUT/remote/runs/r/run.json")
	echo "the distributed run file equals the local one ($games games; wall and CPU times aside); the rogue took $taken jobs, the coordinator refused $refused results"
else
	echo "FAIL: the run files differ"
	status=1
fi
[ "$status" = 0 ] && echo PASS
exit "$status"
