#!/usr/bin/env bash
# cluster-overhead.sh: what remote play costs on one machine (issue 15).
#   local:  evochess match, the in-process pool of 2 workers
#   remote: the same match with no local worker (--concurrency 0, the
#           embedded NATS server) and two `evochess worker --workers 1`
#           processes started as soon as it listens
# Both play the same GAMES games of `full` v `seed004` at nodes=NODES from
# the same book and seed (checked: same standings, same move texts). The
# two are measured interleaved, ROUNDS times each (local, remote, local,
# remote, ...), so that load from other jobs on a shared machine falls on
# both alike. Figures: games / wall seconds of the whole run (remote: from
# the coordinator's start, workers' start-up included) and CPU seconds
# (user + system) of all its processes per game.
#
# Usage: scripts/cluster-overhead.sh
# Env: GAMES (default 100), NODES (default 5000), ROUNDS (default 3), HASH (MB, default 16)
set -euo pipefail
export LC_ALL=C
GAMES=${GAMES:-100}
NODES=${NODES:-5000}
ROUNDS=${ROUNDS:-3}
HASH=${HASH:-16}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/evochess" .)
bin="$tmp/evochess"
match=(match "name=a,chromosome=full,hash=$HASH" "name=b,chromosome=seed004,hash=$HASH" --games "$GAMES"
	--tc "nodes=$NODES" --openings "$root/arena/testdata/book200.epd" --seed 5 --max-moves 150 --json)

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
freeport() {
	local p
	while :; do
		p=$((20000 + RANDOM % 20000))
		listening "$p" || { echo "$p"; return; }
	done
}

# cpu reads `times` (its second line: the user and system time of the
# children a shell waited for) as seconds.
cpu() { awk 'NR == 2 { split($1, u, /m|s/); split($2, s, /m|s/); printf "%.3f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }'; }

local_run() { # round
	"$bin" "${match[@]}" --concurrency 2 --pgn "$tmp/local$1.pgn" >"$tmp/local$1.json" 2>/dev/null
}

# alone runs a command in a subshell that records its pid in $tmp/$1.pid
# and, once it ends, its CPU seconds in $tmp/$1.cpu.
alone() { # name command...
	local name=$1
	shift
	(
		"$@" &
		echo $! >"$tmp/$name.pid"
		wait $! || true
		times >"$tmp/$name.times"
		cpu <"$tmp/$name.times" >"$tmp/$name.cpu"
	) &
}

remote_run() { # round
	local port
	port=$(freeport)
	rm -f "$tmp"/coordinator.pid "$tmp"/w[12].pid
	alone coordinator "$bin" "${match[@]}" --concurrency 0 --cluster-listen "127.0.0.1:$port" --data "$tmp/data$1" \
		--pgn "$tmp/remote$1.pgn" >"$tmp/remote$1.json" 2>"$tmp/remote$1.log"
	until listening "$port"; do sleep 0.01; done
	alone w1 "$bin" worker --cluster "nats://127.0.0.1:$port" --workers 1 --name w1 2>>"$tmp/workers$1.log"
	alone w2 "$bin" worker --cluster "nats://127.0.0.1:$port" --workers 1 --name w2 2>>"$tmp/workers$1.log"
	until [ -s "$tmp/coordinator.cpu" ]; do sleep 0.05; done
	for w in w1 w2; do
		until [ -s "$tmp/$w.pid" ]; do sleep 0.01; done
		kill "$(cat "$tmp/$w.pid")"
	done
	wait
	echo "$(cat "$tmp/coordinator.cpu") $(cat "$tmp/w1.cpu") $(cat "$tmp/w2.cpu")" >"$tmp/remote$1.cpu"
	rm -f "$tmp"/coordinator.cpu "$tmp"/w[12].cpu
}

# measure runs one configuration in a subshell and prints "wall cpu".
measure() { # local_run|remote_run round
	(
		start=$EPOCHREALTIME
		"$1" "$2"
		end=$EPOCHREALTIME
		times >"$tmp/times" # here, not in a $(...) subshell, which has no children
		awk -v s="$start" -v e="$end" -v c="$(cpu <"$tmp/times")" 'BEGIN { printf "%.2f %s\n", e - s, c }'
	)
}

# games prints a hash of a PGN file's games (players, start, result and
# moves, comments and game order aside).
games() {
	awk 'BEGIN { RS = "" }
		/^\[/ { h = ""; n = split($0, l, "\n"); for (i = 1; i <= n; i++) if (l[i] ~ /^\[(White|Black|FEN|Result) /) h = h l[i]; next }
		{ m = $0; gsub(/\{[^}]*\}/, "", m); gsub(/[ \n]+/, " ", m); print h " " m }' "$1" | sort | md5sum | cut -c1-12
}

echo "$GAMES games of full v seed004 at nodes=$NODES, hash $HASH MB; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-7s %5s %9s %11s %12s\n" run round "wall s" "games/s" "cpu s/game"
for r in $(seq "$ROUNDS"); do
	for kind in local remote; do
		read -r wall c < <(measure "${kind}_run" "$r")
		printf "%-7s %5d %9.2f %11.3f %12.4f\n" "$kind" "$r" "$wall" "$(awk -v g="$GAMES" -v w="$wall" 'BEGIN { print g / w }')" \
			"$(awk -v g="$GAMES" -v c="$c" 'BEGIN { print c / g }')" | tee -a "$tmp/summary"
	done
	read -r cc c1 c2 <"$tmp/remote$r.cpu"
	awk -v g="$GAMES" -v c="$cc" -v w="$(awk -v a="$c1" -v b="$c2" 'BEGIN { print a + b }')" \
		'BEGIN { printf "        remote CPU a game: coordinator with the server %.4f s, the two workers %.4f s\n", c / g, w / g }' |
		tee -a "$tmp/split"
	a=$(jq -c '[.standings[] | [.player, .wins, .draws, .losses]]' "$tmp/local$r.json")
	b=$(jq -c '[.standings[] | [.player, .wins, .draws, .losses]]' "$tmp/remote$r.json")
	if [ "$a" != "$b" ] || [ "$(games "$tmp/local$r.pgn")" != "$(games "$tmp/remote$r.pgn")" ]; then
		echo "round $r: the remote games differ from the local ones: $a v $b" >&2
		exit 1
	fi
done
awk '{ n[$1]++; g[$1] += $4; c[$1] += $5 } END {
	printf "mean: local %.3f games/s, remote %.3f games/s: remote = %.1f%% of local; CPU per game local %.4f s, remote %.4f s (%+.1f%%)\n",
		g["local"] / n["local"], g["remote"] / n["remote"], 100 * (g["remote"] / n["remote"]) / (g["local"] / n["local"]),
		c["local"] / n["local"], c["remote"] / n["remote"], 100 * (c["remote"] / c["local"] - 1)
}' "$tmp/summary"
awk '{ c += $9; w += $14; n++ } END { printf "mean remote CPU a game: coordinator with the server %.4f s, workers %.4f s\n", c / n, w / n }' "$tmp/split"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
