#!/usr/bin/env python3
"""paired-pgn.py A.pgn B.pgn [OPPONENT]: the paired difference of two players' scores against the
same opponent (default sf1) over the same games: the PGNs of two `evochess match` runs with the
same --seed and starts, each game of A paired with B's of the same round and colours, checked by
the start FEN. Prints the mean difference per 100 games ± 1.96 standard errors of the per-game
differences (docs/RESULTS.md, seed 000), and each side's score."""
import math
import re
import sys


def games(path):
    """Each game's tags (the moves are not needed), in file order."""
    out, tags = [], {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r'\[(\w+) "(.*)"\]', line)
            if not m:
                continue
            if m.group(1) == "Event" and tags:
                out.append(tags)
                tags = {}
            tags[m.group(1)] = m.group(2)
    if tags:
        out.append(tags)
    return out


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: paired-pgn.py A.pgn B.pgn [OPPONENT]")
    opp = sys.argv[3] if len(sys.argv) == 4 else "sf1"

    def key(g):  # games finish out of order with --concurrency > 1
        return int(g.get("Round", "0")), g.get("White") == opp

    def score(g):
        r = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(g.get("Result"))
        if r is None:
            sys.exit(f"round {g.get('Round')}: no result")
        return 1 - r if g.get("White") == opp else r

    a, b = (sorted(games(p), key=key) for p in sys.argv[1:3])
    if len(a) != len(b) or not a:
        sys.exit(f"{len(a)} games against {len(b)}: not the same match")
    d = []
    for x, y in zip(a, b):
        if key(x) != key(y) or x.get("FEN") != y.get("FEN"):
            sys.exit(f"round {x.get('Round')}: the games differ in start or colours")
        d.append(score(x) - score(y))
    n = len(d)
    mean = sum(d) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in d) / (n - 1)) if n > 1 else 0.0
    print(f"{sys.argv[1]} - {sys.argv[2]}: {100 * mean:+.1f} ± {100 * 1.96 * sd / math.sqrt(n):.1f} "
          f"points per 100 games (n={n}); A {100 * sum(map(score, a)) / n:.1f}%  B {100 * sum(map(score, b)) / n:.1f}%")


main()
