# cluster-harness.sh: what the cluster scripts share, sourced by them
# after setting root and OUT: cluster_build (evochess and the rogue client
# into $OUT; $bin), listening PORT, free_port (sets PORT unless given) and
# same_runs LOCAL REMOTE (the run file r of two data directories, wall and
# CPU times aside, compared; the differences shown).
cluster_build() {
	(cd "$root" && go build -o "$OUT/evochess" . && go build -o "$OUT/rogue" ./scripts/cluster-rogue)
	bin="$OUT/evochess"
}

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

free_port() {
	PORT=${PORT:-}
	while [ -z "$PORT" ] || listening "$PORT"; do PORT=$((20000 + RANDOM % 20000)); done
}

same_runs() {
	local blank='walk(if type == "object" then with_entries(if (.key | IN("saved", "elapsed", "cpu", "cpu_elapsed", "seconds", "workers")) then .value = 0 else . end) else . end)'
	jq -S "$blank" "$1/runs/r/run.json" >"$OUT/local.json"
	jq -S "$blank" "$2/runs/r/run.json" >"$OUT/remote.json"
	cmp -s "$OUT/local.json" "$OUT/remote.json" && return 0
	diff "$OUT/local.json" "$OUT/remote.json" | head -20
	return 1
}
