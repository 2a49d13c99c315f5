#!/usr/bin/env bash
# lobby-tmux.sh: people play people over SSH (issue 16), as they would:
# three real OpenSSH sessions in tmux, each with a key of its own, against
# `evochess serve --ssh` built from this repository. Alice challenges Bob
# to a rated game, Bob accepts, Carol watches it live; fool's mate is typed
# move by move and seen on all three screens; the ladder then shows both
# players' new ratings, and the saved PGN is read by pgn-extract. Needs
# tmux, ssh and ssh-keygen; pgn-extract (Debian: pgn-extract) if present.
#
# Usage: scripts/lobby-tmux.sh        Env: KEEP=1 keeps the temp directory
# shellcheck source=lib/tmux-harness.sh
source "$(dirname "$0")/lib/tmux-harness.sh"
fail() {
	echo "FAIL: $1; the screen of $2:" >&2
	screen "$2" >&2
	exit 1
}
# press PANE KEY TEXT: type one key, then wait for its effect (keys sent
# together over SSH can reach the app as one, which is then no key).
press() {
	T send-keys -t "$1" "$2"
	wait_for "$1" "$3"
}
# move PANE SAN UCI WATCHERS...: the mover opens the prompt, types the
# move; every other screen shows it as "last: UCI".
move() {
	local pane=$1 san=$2 uci=$3
	shift 3
	press "$pane" ':' 'move: e4, Nf3'
	T send-keys -t "$pane" -l "$san" # -l: literally ("f3" is a key name to tmux)
	T send-keys -t "$pane" Enter
	for w in "$pane" "$@"; do wait_for "$w" "last: $uci"; done
}

# --- The server and three people, each with a key ---------------------------
port=$((20000 + RANDOM % 20000))
serve_log="$tmp/serve.log"
"$bin" serve --ssh "127.0.0.1:$port" --data "$data" 2>"$tmp/serve.log" &
serve_pid=$!
for _ in $(seq 1 100); do grep -q "ssh: listening" "$tmp/serve.log" && break; sleep 0.05; done
T new-session -d -s keep "sleep 3600" # keeps the tmux server up between sessions
for who in alice bob carol; do
	ssh-keygen -q -t ed25519 -N "" -C "$who" -f "$tmp/$who"
	T new-session -d -s "$who" -x 110 -y 40 "ssh -F /dev/null -i $tmp/$who -o IdentitiesOnly=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -p $port $who@127.0.0.1"
done
for who in alice bob carol; do
	wait_for "$who" "1 Play" 15
	press "$who" L "Lobby · you are $who"
done
wait_for alice "Online (3)"
ok "lobby: three people over SSH, each known by their key"

# --- A challenge, accepted; a spectator --------------------------------------
# Alice's list: alice (her), bob, carol; the form: time 5+0, colour, rated
# (yes: both have keys), the send line.
press alice j "› bob"
press alice c "Challenge bob"
press alice j "› colour"
press alice l "› colour       white"
press alice j "› rated        yes"
press alice j "› [ challenge bob ]"
press alice Enter "challenged bob to 5+0 rated, white"
wait_for bob "from alice: 5+0 rated, alice white" # the first line of his list
T send-keys -t bob a
wait_for alice "to move: white" # the game opens by itself on both screens
wait_for bob "to move: white"
wait_for bob "black bob (you)"
ok "challenge: alice challenged bob to 5+0 rated, bob accepted, the game opened for both"
wait_for carol "alice v bob"
press carol k "› alice v bob" # her choice was the first line before the game came
press carol w "1 watching"
wait_for carol "last: -"
ok "watch: carol watches alice v bob"

# --- Fool's mate, typed, seen live -------------------------------------------
move alice f3 f2f3 bob carol
move bob e5 e7e5 alice carol
move alice g4 g2g4 bob carol
move bob Qh4 d8h4 alice carol
for who in alice bob carol; do wait_for "$who" "game over: 0-1, black wins by checkmate"; done
ok "play: f3 e5 g4 Qh4# typed in turn, each move on the other two screens"
wait_for alice "saved as games/"
wait_for bob "saved as games/"
rating=$(screen alice | grep -o 'rating: alice [-+][0-9.]*, bob [-+][0-9.]*' || fail "no rating change" alice)
ok "rated: $rating"

# --- The ladder ------------------------------------------------------------------
press carol Escape "Ladder"
ladder=$(screen carol | awk '/Ladder/ { on = 1; next } on && /[0-9]+\. /')
for who in alice bob; do
	line=$(grep -E "[0-9]+\. $who +[0-9]+ ± [0-9]+ +1 games" <<<"$ladder" || fail "$who not on the ladder with 1 game" carol)
	r=$(awk '{ print $3 }' <<<"$line")
	[ "$r" != 1500 ] || fail "$who's rating is still 1500" carol
done
ok "ladder: $(tr -s ' ' <<<"$ladder" | paste -sd';' | sed 's/;/; /g')"

# --- The saved game ---------------------------------------------------------------
shopt -s nullglob
pgns=("$data"/games/*.pgn)
[ ${#pgns[@]} -eq 1 ] || { echo "FAIL: ${#pgns[@]} PGN files in $data/games" >&2; exit 1; }
for want in '[White "alice"]' '[Black "bob"]' '[Result "0-1"]' 'Qh4#'; do
	grep -qF -- "$want" "${pgns[0]}" || { echo "FAIL: the PGN lacks $want:" >&2; cat "${pgns[0]}" >&2; exit 1; }
done
pgn_extract=$(command -v pgn-extract || true)
[ -z "$pgn_extract" ] && [ -x /usr/games/pgn-extract ] && pgn_extract=/usr/games/pgn-extract
if [ -n "$pgn_extract" ]; then
	# -r reports errors (its status stays 0); with -s it says nothing else.
	report=$("$pgn_extract" -s -r "${pgns[0]}" 2>&1) || { echo "FAIL: pgn-extract: $report" >&2; exit 1; }
	[ -z "$report" ] || { echo "FAIL: pgn-extract: $report" >&2; exit 1; }
	ok "pgn: $(basename "${pgns[0]}") read by pgn-extract without a complaint"
else
	ok "pgn: $(basename "${pgns[0]}") has the players, the result and Qh4# (pgn-extract not installed: its check skipped)"
fi

for who in alice bob carol; do T send-keys -t "$who" q; done
echo "all lobby flows passed"
