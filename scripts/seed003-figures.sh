#!/usr/bin/env bash
# seed003-figures.sh RUN.json [WIDTH]: seed 003's Tables II/III and its
# figures 2-3 as text, from a dynamic run on the seed003 chromosome (a
# run.json written by `evolve --out` or `--save`; the --json lines carry no
# per-gene figures). Prints
#   - a Markdown table of the population's per-gene mean ± std (population
#     std, as Table II's 0.71 for 3, 2.5, 2, 1.5, 1) at generations 0, 50,
#     100, 200, 300, 400 and the last;
#   - the best of the last generation;
#   - figure 2 (means) and figure 3 (stds) as one sparkline per gene, WIDTH
#     columns (default 60), each column the average over its share of the
#     generations, on the gene's own min…max scale, printed beside it
#     (one shared axis would flatten mobility's 0.1 against the queen's 8).
set -euo pipefail
export LC_ALL=C
run=${1:?usage: seed003-figures.sh RUN.json [WIDTH]}
width=${2:-60}
c=$(jq -c 'if .content then .content else . end' "$run")
jq -e '.settings.chromosome == "seed003"' <<<"$c" >/dev/null || { echo "not a seed003 run: $run" >&2; exit 1; }
echo "| generation | queen | rook | bishop | knight | doubled pawn | mobility | diversity |"
echo "|---|---|---|---|---|---|---|---|"
jq -r '.history as $h | ([0, 50, 100, 200, 300, 400] | map(select(. < ($h | length)))) + [($h | length) - 1] | unique[] as $g |
	$h[$g] | "| \(.generation) | " + ([range(6) as $i | "\(.gene_mean[$i] * 100 | round / 100) ± \(.gene_std[$i] * 100 | round / 100)"] | join(" | ")) +
	" | \(.diversity * 1000 | round / 1000) |"' <<<"$c"
jq -r '.hall_of_fame[-1] | "\nbest of the last generation (genome \(.id)): " + (.values | map(. * 100 | round / 100 | tostring) | join(" "))' <<<"$c"
jq -r '.history[] | [.generation] + .gene_mean + .gene_std | @tsv' <<<"$c" | awk -v W="$width" '
	{ for (i = 1; i <= 12; i++) v[NR, i] = $(i + 1); last = $1 }
	END {
		n = NR; if (W > n) W = n
		split("queen rook bishop knight doubled_pawn mobility", name, " ")
		split("\342\226\201 \342\226\202 \342\226\203 \342\226\204 \342\226\205 \342\226\206 \342\226\207 \342\226\210", ch, " ")
		for (f = 0; f < 2; f++) {
			printf "\n%s over generations 0 … %d, %d generations a column\n", f ? "figure 3: per-gene std" : "figure 2: per-gene mean", last, int((n + W - 1) / W)
			for (i = 1; i <= 6; i++) {
				lo = 1e300; hi = -1e300
				for (c = 0; c < W; c++) {
					a = int(c * n / W) + 1; b = int((c + 1) * n / W); s = 0
					for (r = a; r <= b; r++) s += v[r, i + 6 * f]
					col[c] = s / (b - a + 1)
					if (col[c] < lo) lo = col[c]
					if (col[c] > hi) hi = col[c]
				}
				line = ""
				for (c = 0; c < W; c++) {
					k = hi > lo ? int((col[c] - lo) / (hi - lo) * 7.999) + 1 : 1
					line = line ch[k]
				}
				printf "%-12s %s  %.3g … %.3g\n", name[i], line, lo, hi
			}
		}
	}'
