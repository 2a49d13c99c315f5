#!/usr/bin/env bash
# tui-tmux.sh: drive the real evochess binary in tmux (send-keys,
# capture-pane) through the arena's flows, over SSH too, and the REST API
# with curl; then measure key-to-screen latency while two workers play a
# tournament. Needs tmux, ssh and curl.
#
# Usage: scripts/tui-tmux.sh        Env: KEEP=1 keeps the temp directory
# shellcheck source=lib/tmux-harness.sh
source "$(dirname "$0")/lib/tmux-harness.sh"

# A session that outlives the others keeps the tmux server up between them.
T new-session -d -s keep "sleep 3600"

# --- Play, Tournament, Evolution in one arena -------------------------------
T new-session -d -s a -x 110 -y 34 "NO_COLOR=1 TERM=xterm-256color $bin arena --data $data"
wait_for a "1 Play"
T send-keys -t a ':e4' Enter
wait_for a "1. e4"
wait_for a "White to move" 10
ok "play: typed e4, the engine answered"
T send-keys -t a 'u'
wait_for a "took back 2 move(s)"
T send-keys -t a 'mmm'
wait_for a "white: you  ·  black: you"
for m in f3 e5 g4 Qh4; do T send-keys -t a ":$m" Enter; sleep 0.1; done
wait_for a "black wins by checkmate"
ok "play: fool's mate by SAN between two people"
T send-keys -t a '2' 'j' 'hhh' 's'
wait_for a "finished (complete): 6 games" 60
wait_for a "seed001"
ok "tournament: round robin of 3 at depth 1, crosstable filled"
T send-keys -t a '3' 's'
wait_for a "generation 0 " 60
T send-keys -t a '}'
wait_for a "population 5 → 7" 60
T send-keys -t a 'x'
wait_for a "stopped after" 60
ok "evolution: a generation appeared, population 5 → 7 applied at the next one"

T send-keys -t a 'q'

# --- Latency of a key while two workers play --------------------------------
# A fresh arena: a round robin of the three first presets, 10 rounds at
# nodes=20000 on 2 workers, then the Play tab's cursor moved 40 times.
T new-session -d -s b -x 110 -y 34 "NO_COLOR=1 TERM=xterm-256color $bin arena --data $data"
wait_for b "1 Play"
T send-keys -t b '2'
wait_for b "New tournament"
T send-keys -t b 'j'
T send-keys -t b 'l'
T send-keys -t b 'j'
for _ in 1 2 3 4 5 6 7 8 9; do T send-keys -t b 'l'; done
wait_for b "rounds       10"
wait_for b "time control nodes=20000"
T send-keys -t b 's'
wait_for b "ETA" 30
T send-keys -t b '1'
wait_for b "White to move"
lat="$tmp/latency"
: >"$lat"
arena_pid=""
for p in $(pgrep -f "arena --data $data"); do
	[ "$(cat "/proc/$p/comm")" = evochess ] && arena_pid=$p
done
cpu() { awk '{ print $14 + $15 }' "/proc/$arena_pid/stat"; } # user+system ticks
cpu0=$(cpu)
t0=$EPOCHREALTIME
for i in $(seq 1 40); do
	if [ $((i % 2)) -eq 1 ]; then k=l; else k=h; fi
	before=$(screen b | grep -n '\[' | head -1 || true)
	start=$EPOCHREALTIME
	T send-keys -t b "$k"
	while [ "$(screen b | grep -n '\[' | head -1 || true)" = "$before" ]; do sleep 0.002; done
	end=$EPOCHREALTIME
	awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f\n", (e - s) * 1000 }' >>"$lat"
done
cpu1=$(cpu)
t1=$EPOCHREALTIME
busy=$(awk -v c0="$cpu0" -v c1="$cpu1" -v t0="$t0" -v t1="$t1" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.0f", 100 * (c1 - c0) / hz / (t1 - t0) }')
sort -n "$lat" | awk -v busy="$busy" '{ v[NR] = $1 } END { printf "key to screen while 2 workers play (arena process at %s%% CPU): median %.1f ms, p90 %.1f ms, max %.1f ms (%d keys)\n", busy, v[int((NR+1)/2)], v[int(NR*0.9)], v[NR], NR }'
T send-keys -t b '2'
wait_for b "round-robin"
progress=$(screen b | grep -o '[0-9]*/60' | head -1)
echo "     (the tournament stood at $progress games when the keys were done)"
T send-keys -t b 'x' 'q'

# --- Over SSH ------------------------------------------------------------------
port=$((20000 + RANDOM % 20000))
"$bin" serve --ssh "127.0.0.1:$port" --http "127.0.0.1:$((port + 1))" --data "$data" 2>"$tmp/serve.log" &
serve_pid=$!
for _ in $(seq 1 100); do grep -q "ssh: listening" "$tmp/serve.log" && break; sleep 0.05; done
T new-session -d -s s -x 100 -y 30 "ssh -p $port -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null 127.0.0.1"
wait_for s "1 Play" 15
T send-keys -t s ':d4' Enter
wait_for s "1. d4"
ok "ssh: the arena in a session, d4 played and answered"
nopty=$(ssh -T -p "$port" -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null 127.0.0.1 </dev/null 2>&1 || true)
if [[ $nopty == *"Requires an active PTY"* ]]; then
	ok "ssh: a session without a PTY is refused"
else
	echo "FAIL: no refusal without a PTY" >&2
	exit 1
fi

# --- The REST API with curl ---------------------------------------------------
base="http://127.0.0.1:$((port + 1))"
c() { curl -s -b "$tmp/jar" -c "$tmp/jar" "$@"; }
want() { # want GOT EXPECTED-PREFIX
	case "$1" in "$2"*) ok "rest: $2…" ;; *)
		echo "FAIL: rest: got \"$1\", want \"$2…\"" >&2
		exit 1
		;;
	esac
}
want "$(c -X POST "$base/post/new")" "/post/new" # only this starts a game (and sets the cookie)
want "$(c "$base/get/board")" "/get/boardrnbqkbnrpppppppp"
want "$(c "$base/get/possible_moves/g1")" "/get/possible_moves/g1f3h3"
want "$(c -X POST "$base/post/move/g1f3")" "/post/move/g1f3"
want "$(c "$base/get/status/")" "/get/status/w*"
[ -z "$(c -X POST "$base/post/move/e2e5")" ] && ok "rest: an illegal move answers nothing"
[ -z "$(c "$base/no/such/path")" ] && ok "rest: a bad path answers nothing"
echo "all flows passed"
