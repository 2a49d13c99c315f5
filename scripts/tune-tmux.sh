#!/usr/bin/env bash
# tune-tmux.sh: tune a real engine from the Evolution tab of the real
# evochess binary in tmux (send-keys, capture-pane), end to end: pick
# Debian's glaurung as the chromosome, pick three of its evaluation
# options as genes, start SPSA at 3000 nodes a move for four generations,
# watch the plot of each gene's path update, keep θ as a named player (K),
# then play that player against glaurung in a round robin in the
# Tournament tab and see the tournament finish. Prints the screens of the
# gene plot and of the tournament. Needs tmux and /usr/games/glaurung
# (skipped, saying so, without it).
#
# Usage: scripts/tune-tmux.sh        Env: KEEP=1 keeps the temp directory
if [ ! -x /usr/games/glaurung ]; then
	echo "skip: /usr/games/glaurung is not installed (Debian's glaurung package): nothing to tune"
	exit 0
fi
# shellcheck source=lib/tmux-harness.sh
source "$(dirname "$0")/lib/tmux-harness.sh"

# press_until PANE KEY TEXT [MAX]: press KEY until TEXT shows (at most MAX
# times): for a row whose place depends on what is installed.
press_until() {
	local i
	for ((i = 0; i < ${4:-40}; i++)); do
		screen "$1" | grep -qF -- "$3" && return 0
		T send-keys -t "$1" "$2"
		sleep 0.1
	done
	wait_for "$1" "$3" 2
}

# A session that outlives the others keeps the tmux server up between them.
T new-session -d -s keep "sleep 3600"
T new-session -d -s a -x 110 -y 34 "NO_COLOR=1 TERM=xterm-256color $bin arena --data $data"
wait_for a "1 Play"
T send-keys -t a '3'
wait_for a "chromosome   seed003"

# --- The engine and its genes ---------------------------------------------------
T send-keys -t a 'j' 'l' 'l' 'l' # method: dynamic → spsa
wait_for a "method       spsa"
T send-keys -t a 'j'
press_until a 'l' "chromosome   engine glaurung"
wait_for a "glaurung (Glaurung 2.2): 58 options" 15
ok "evolution: glaurung chosen, its 58 options asked in the background"
T send-keys -t a Enter
wait_for a "Genes of glaurung (Glaurung 2.2)"
for gene in "mobility (middle" "space" "aggressiveness"; do
	T send-keys -t a '/' C-u # ctrl+u clears the filter typed before
	T send-keys -t a -l "$gene" # literally: tmux reads "space" as the key
	T send-keys -t a Enter ' '
	sleep 0.2
done
wait_for a "3 genes · 3 fixed · 58 options"
T send-keys -t a Enter
wait_for a "genes        3: Mobility (Middle Game), Space, Aggressiveness · 3 fixed"
ok "evolution: three evaluation genes picked, Threads=1 OwnBook=false Hash=16 fixed"

# population 4 (two pairs), 4 generations, 3000 nodes a move, seed 2 (its
# perturbations move the three genes apart from the start).
T send-keys -t a 'j' 'j' 'j' Enter
wait_for a "population: "
T send-keys -t a C-u '4' Enter 'j' Enter
wait_for a "generations: "
T send-keys -t a C-u '4' Enter 'j' 'j'
press_until a 'l' "search       nodes=3000"
T send-keys -t a 'j' 'j' 'l'
wait_for a "seed         2"
wait_for a "population   4"
wait_for a "generations  4"
T send-keys -t a 's'
wait_for a "spsa running on engine:glaurung" 30
ok "evolution: spsa started at nodes=3000"

# --- Watch the gene paths ---------------------------------------------------------
wait_for a "generation 0 " 60
T send-keys -t a 'g'
wait_for a "gene paths: θ per generation, in the engine's units"
wait_for a "x: generation 0 … 1" 60
first=$(screen a)
wait_for a "x: generation 0 … 2" 60
wait_for a "Aggressiveness"
ok "evolution: the plot of each gene's path updated (generation 1, then 2)"
wait_for a "finished: 4 generations done" 120
plot=$(screen a)
[ "$first" != "$plot" ] || {
	echo "FAIL: the gene plot did not change" >&2
	exit 1
}

# --- Keep θ as a player -----------------------------------------------------------
T send-keys -t a 'K'
wait_for a "keep the θ of generation 3 as player: glaurung-spsa-g3"
T send-keys -t a C-u 'glaurung-tuned' Enter
wait_for a "kept as player glaurung-tuned (glaurung, 6 options)"
[ -f "$data/players/glaurung-tuned.json" ] || {
	echo "FAIL: no player file" >&2
	exit 1
}
grep -q '"engine": "/usr/games/glaurung"' "$data/players/glaurung-tuned.json"
ok "evolution: K kept θ as the player glaurung-tuned (the engine and its options)"

# --- The kept player in a tournament ---------------------------------------------------
T send-keys -t a '2'
wait_for a "New tournament"
wait_for a "[ ] player glaurung-tuned"
for p in "full" "seed000" "seed001"; do
	press_until a 'j' "› [x] $p"
	T send-keys -t a Enter
done
press_until a 'j' "› [ ] player glaurung-tuned"
T send-keys -t a Enter
press_until a 'j' "› [ ] glaurung (UCI, depth 1)"
T send-keys -t a Enter
wait_for a "› [x] glaurung (UCI, depth 1)"
T send-keys -t a 'k' 'k' 'k' 'k' # up to rounds: 2 rounds, 4 games
press_until a 'k' "› rounds       1"
T send-keys -t a 'l'
wait_for a "› rounds       2"
T send-keys -t a 's'
wait_for a "glaurung-tuned" 30
wait_for a "finished (complete): 4 games" 120
tour=$(screen a)
grep -q "glaurung1" <<<"$tour"
ok "tournament: glaurung-tuned played glaurung at depth 1, 4 games, finished"

echo "--- the gene plot (Evolution tab, g) ---"
echo "$plot"
echo "--- the tournament with the kept player (Tournament tab) ---"
echo "$tour"
T send-keys -t a 'q'
echo "all flows passed"
