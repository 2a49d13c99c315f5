#!/usr/bin/env python3
"""draws-we-scored.py GAMES.pgn [ENGINE] [--threshold PAWNS] [--stockfish DEPTH]: the drawn games
of a fastchess PGN in which ENGINE (default evochess) had scored itself THRESHOLD pawns (default 2)
or more, and for each the first and the last position, ENGINE to move, where it still did. With
--stockfish, Debian's Stockfish (one thread, 64 MB) scores both at DEPTH, from the side to move:
whether the positions were won or ENGINE's evaluation only thought so (docs/RESULTS.md, session 29).

The positions come from pgn-extract (Debian's pgn-extract, --fencomments), the scores from the
comments fastchess writes after each move ({+1.23/14 0.456s}). Prints one line a game: its index
in the file (from 0), the scores, and the last position's FEN; then how many of the last positions
Stockfish scores within ±0.50."""
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from stockfish import MATE, Stockfish  # noqa: E402

SCORE = re.compile(r"([+-]?)(M?)([\d.]+)/(\d+)")


def usage(msg):
    sys.exit(f"draws-we-scored: {msg}\nusage: draws-we-scored.py GAMES.pgn [ENGINE] [--threshold PAWNS] [--stockfish DEPTH]")


def args():
    pos, threshold, depth = [], 2.0, 0
    it = iter(sys.argv[1:])
    for a in it:
        try:
            if a == "--threshold":
                threshold = float(next(it))
            elif a == "--stockfish":
                depth = int(next(it))
                if depth < 1:
                    usage("--stockfish needs a depth of 1 or more")
            else:
                pos.append(a)
        except (StopIteration, ValueError):
            usage(f"{a} needs a number")
    if len(pos) not in (1, 2):
        usage("one PGN file, and optionally the engine's name")
    return pos[0], pos[1] if len(pos) == 2 else "evochess", threshold, depth


def with_fens(path):
    """The PGN with each move followed by its score comment and the FEN after it."""
    tool = shutil.which("pgn-extract") or "/usr/games/pgn-extract"
    out = subprocess.run([tool, "--fencomments", "--quiet", "-w", "100000", path],
                         capture_output=True, text=True, check=True)
    return out.stdout


def scored_positions(game, engine):
    """(score in pawns, FEN before the move) for each move of engine in game."""
    white = re.search(r'\[White "([^"]*)"\]', game)
    start = re.search(r'\[FEN "([^"]*)"\]', game)
    if not white or not start or "\n\n" not in game:
        return []
    ours_white = white.group(1) == engine
    comments = re.findall(r"\{([^}]*)\}", game.split("\n\n", 1)[1])
    before, rows, i = start.group(1), [], 0
    while i + 1 < len(comments):
        m = SCORE.match(comments[i].strip())
        if not m:
            i += 1
            continue
        if (before.split()[1] == "w") == ours_white:
            v = 100.0 if m.group(2) else float(m.group(3))
            rows.append((-v if m.group(1) == "-" else v, before))
        before = comments[i + 1].strip()
        i += 2
    return rows


def pawns(sf, fen, depth):
    """Stockfish's score of fen in pawns from the side to move (±100 for a mate)."""
    v = sf.search(fen, f"depth {depth}")[1]
    return v / 100 if abs(v) < MATE - 1000 else (100.0 if v > 0 else -100.0)


def main():
    path, engine, threshold, depth = args()
    sf = Stockfish() if depth else None
    found = drawn = 0
    for n, game in enumerate(with_fens(path).split("[Event ")[1:]):
        if '[Result "1/2-1/2"]' not in game:
            continue
        high = [(v, fen) for v, fen in scored_positions(game, engine) if v >= threshold]
        if not high:
            continue
        found += 1
        line = f"{n}\tours first {high[0][0]:+.2f} last {high[-1][0]:+.2f}"
        if sf:
            first, last = pawns(sf, high[0][1], depth), pawns(sf, high[-1][1], depth)
            drawn += abs(last) <= 0.5
            line += f"\tstockfish first {first:+.2f} last {last:+.2f}"
        print(f"{line}\t{high[-1][1]}")
    print(f"{found} drawn games where {engine} scored ≥ {threshold:+.2f}" +
          (f"; Stockfish depth {depth} scores the last position within ±0.50 in {drawn}" if sf else ""))


if __name__ == "__main__":
    main()
