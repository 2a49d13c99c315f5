#!/usr/bin/env bash
# cluster-kill.sh: issue 15's process-level check. One evolution run twice
# on this machine: locally (2 workers), then on a coordinator with no local
# worker (--workers 0, the embedded NATS server) and three `evochess
# worker` processes, one of them killed with SIGKILL in the middle of a
# game. Its game goes back to the queue and another worker plays it; the
# two run files must be the same, wall and CPU times aside (`cmp` after
# jq blanks them).
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
bin="$OUT/evochess"
(cd "$root" && go build -o "$bin" .)

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
PORT=${PORT:-}
while [ -z "$PORT" ] || listening "$PORT"; do PORT=$((20000 + RANDOM % 20000)); done

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

# Killed once the first generation is done, in the middle of a later one:
# at nodes=2000 a worker spends nearly all its time inside a game.
until grep -q "^gen    0" "$OUT/coordinator.log"; do
	kill -0 "$coordinator" 2>/dev/null || { cat "$OUT/coordinator.log" >&2; exit 1; }
	sleep 0.1
done
sleep 1
kill -KILL "${pids[1]}"
echo "killed worker w2 (pid ${pids[1]}) with SIGKILL"
wait "$coordinator"
kill "${pids[0]}" "${pids[2]}"
wait "${pids[0]}" "${pids[2]}" || true
cat "$OUT/coordinator.log"
grep -h "delivery\|stopped" "$OUT/w1.log" "$OUT/w3.log" || true

blank='walk(if type == "object" then with_entries(if (.key | IN("saved", "elapsed", "cpu", "cpu_elapsed", "seconds", "workers")) then .value = 0 else . end) else . end)'
jq -S "$blank" "$OUT/local/runs/r/run.json" >"$OUT/local.json"
jq -S "$blank" "$OUT/remote/runs/r/run.json" >"$OUT/remote.json"
if ! grep -q "its last worker died" "$OUT/w1.log" "$OUT/w3.log"; then
	echo "FAIL: no job of the killed worker was played again (killed between two games?)"
	exit 1
fi
if cmp "$OUT/local.json" "$OUT/remote.json"; then
	games=$(jq '[.content.history[].games] | add' "$OUT/remote/runs/r/run.json")
	echo "PASS: the distributed run file equals the local one ($games games; wall and CPU times aside)"
else
	echo "FAIL: the run files differ"
	diff "$OUT/local.json" "$OUT/remote.json" | head -20
	exit 1
fi
