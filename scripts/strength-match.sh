#!/usr/bin/env bash
# strength-match.sh: evochess against reference engines under an
# independent tournament manager (fastchess, built from its own source
# outside this repository: set FASTCHESS to its binary).
#
# Each opponent plays GAMES games (colour-swapped pairs from a balanced
# book) at TC, two games at a time on this two-core machine (one thread per
# engine, no pondering, engines' own books off). fastchess prints the score,
# Elo and error; the PGN of every match lands in OUT.
#
# Usage: FASTCHESS=/path/to/fastchess scripts/strength-match.sh [OPPONENT…]
#   OPPONENT: sfNNNN (Stockfish 15.1, UCI_LimitStrength, UCI_Elo NNNN,
#             e.g. sf1800, sf2200, sf2500), glaurung, toga2
#             (default: sf1800 glaurung toga2)
# Env: GAMES (default 100), TC (default 10+0.1), CONCURRENCY (default 2),
#      BOOK (default arena/books/noob_3moves.first2000.epd), OUT (default /tmp/evochess-matches),
#      CHROMOSOME (default full), OPTIONS (evochess's UCI options, NAME=VALUE
#      separated by commas, e.g. OPTIONS="TimeFrontload=true,Move Overhead=9"), SRAND (the opening order's seed, default 20261122:
#      a second run of the same opponent with another seed plays other openings).
# To keep a match on a core of its own while other work runs, pin it:
#   taskset -c 0 env CONCURRENCY=1 … scripts/strength-match.sh toga2
# (both engines then share that core, so any slowdown hits both alike).
set -euo pipefail

FASTCHESS=${FASTCHESS:?set FASTCHESS to a fastchess binary}
GAMES=${GAMES:-100}
TC=${TC:-10+0.1}
CONCURRENCY=${CONCURRENCY:-2}
OUT=${OUT:-/tmp/evochess-matches}
CHROMOSOME=${CHROMOSOME:-full}
SRAND=${SRAND:-20261122}
OPTIONS=${OPTIONS:-}
root=$(cd "$(dirname "$0")/.." && pwd)
BOOK=${BOOK:-$root/arena/books/noob_3moves.first2000.epd} # the book the repository ships
[[ -f $BOOK ]] || { echo "strength-match: no book at $BOOK" >&2; exit 1; }
mkdir -p "$OUT"
(cd "$root" && go build -o "$OUT/evochess" .)

opponent() {
	case $1 in
	sf[0-9][0-9][0-9][0-9]) echo "cmd=/usr/games/stockfish name=$1 option.UCI_LimitStrength=true option.UCI_Elo=${1#sf} option.Threads=1 option.Hash=64" ;;
	glaurung) echo "cmd=/usr/games/glaurung name=glaurung option.Threads=1 option.OwnBook=false option.Ponder=false option.Hash=64" ;;
	toga2) echo "cmd=/usr/games/toga2 name=toga2 option.OwnBook=false option.Ponder=false option.Hash=64" ;;
	*) echo "strength-match: unknown opponent $1" >&2; exit 1 ;;
	esac
}

ours=()
IFS=, read -ra opts <<<"$OPTIONS"
for o in "${opts[@]}"; do
	[[ $o == *=* ]] || { echo "strength-match: OPTIONS entry '$o' is not NAME=VALUE" >&2; exit 1; }
	ours+=("option.$o")
done

opponents=("$@")
[[ ${#opponents[@]} -gt 0 ]] || opponents=(sf1800 glaurung toga2)
for opp in "${opponents[@]}"; do
	spec=$(opponent "$opp")
	echo "== evochess ($CHROMOSOME${OPTIONS:+, $OPTIONS}) vs $opp: $GAMES games at $TC"
	# fastchess writes config.json into its working directory: run it in $OUT.
	# shellcheck disable=SC2086
	(cd "$OUT" && "$FASTCHESS" -engine cmd="$OUT/evochess" args="uci --chromosome $CHROMOSOME" name=evochess option.Hash=64 "${ours[@]}" \
		-engine $spec \
		-each tc="$TC" proto=uci \
		-openings file="$BOOK" format=epd order=random \
		-srand "$SRAND" -rounds $((GAMES / 2)) -games 2 -repeat -concurrency "$CONCURRENCY" \
		-recover -ratinginterval 10 \
		-pgnout file="$OUT/evochess-vs-$opp.pgn") | tee "$OUT/evochess-vs-$opp.log" | grep -E "Results of|Elo:|Games:|Points:|Ptnml|LOS" || true
done
