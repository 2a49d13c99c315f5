#!/usr/bin/env python3
"""mistakes-screen.py GAMES.pgn... [--engine NAME] [--nodes N] [--threshold CP] [--lost CP]
[--all-games] [--stockfish PATH]: a screen of ENGINE's mistakes in fastchess games, as EPD on
standard output.

Each move ENGINE (default evochess) played in the games it lost (with --all-games, in every game) is
scored by full-strength Stockfish (Debian's, one thread, 64 MB, N nodes a search, default 300 000):
first for Stockfish's own best move; where that is another move, the two moves are scored alike,
each alone (searchmoves) from fresh tables. Where ENGINE's
move scores THRESHOLD centipawns (default 70) or more below Stockfish's best, the position is
printed as testdata/suites/sf2500-mistakes.epd has them: `bm` Stockfish's move, `am` ENGINE's (both
in UCI notation, which `evochess solve` reads), `id` "gGmM" (game G of the input from 0, move M), `c0`
the loss in centipawns. A game is read only until Stockfish scores ENGINE's position below −LOST
centipawns (default 300): the moves of a lost position decide nothing. A screen for a search change
before its SPRT (`evochess solve --suite FILE --tc nodes=300000`), made from the games the engine
of today lost; not a measure of strength.

The positions come from pgn-extract (Debian's pgn-extract, -Wuci --fencomments). Progress and a
summary go to standard error. Stockfish's scores are from the side to move; a mate in n counts as
10 000 − n centipawns (as a loss, −10 000 + n)."""
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from stockfish import Stockfish  # noqa: E402


def usage(msg):
    sys.exit(f"mistakes-screen: {msg}\nusage: mistakes-screen.py GAMES.pgn... [--engine NAME] "
             "[--nodes N] [--threshold CP] [--lost CP] [--all-games] [--stockfish PATH]")


def args():
    opts = {"engine": "evochess", "nodes": 300000, "threshold": 70, "lost": 300, "all": False,
            "stockfish": None, "pgns": []}
    it = iter(sys.argv[1:])
    for a in it:
        try:
            if a == "--engine":
                opts["engine"] = next(it)
            elif a == "--nodes":
                opts["nodes"] = int(next(it))
            elif a == "--threshold":
                opts["threshold"] = int(next(it))
            elif a == "--stockfish":
                opts["stockfish"] = next(it)
            elif a == "--lost":
                opts["lost"] = int(next(it))
            elif a == "--all-games":
                opts["all"] = True
            elif a.startswith("--"):
                usage(f"unknown option {a}")
            else:
                opts["pgns"].append(a)
        except StopIteration:
            usage(f"{a} needs a value")
        except ValueError:
            usage(f"{a} needs a whole number")
    if not opts["pgns"]:
        usage("no PGN file")
    if opts["nodes"] < 1 or opts["threshold"] < 1 or opts["lost"] < 1:
        usage("--nodes, --threshold and --lost must be 1 or more")
    return opts


def games(paths):
    """Each game of the files as (tags, [(uci move, FEN before it)]), in order."""
    tool = shutil.which("pgn-extract") or "/usr/games/pgn-extract"
    for path in paths:
        out = subprocess.run([tool, "-Wuci", "--fencomments", "--quiet", "-w", "100000", path],
                             capture_output=True, text=True, check=True).stdout
        for text in re.split(r"\n(?=\[Event )", out):
            if "\n\n" not in text:
                continue
            head, body = text.split("\n\n", 1)
            tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', head))
            fen = tags.get("FEN", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            moves = []
            # pgn-extract writes promotions in upper case (a7a8Q), UCI in lower.
            for move, after in re.findall(r"([a-h][1-8][a-h][1-8][qrbnQRBN]?)\s*\{\s*([^}]*?)\s*\}", body):
                if after.split()[1:2] == fen.split()[1:2]:
                    sys.exit(f"mistakes-screen: {path}: the side to move does not alternate at {move} "
                             f"(game {tags.get('Round', '?')}): a move the pattern missed")
                moves.append((move.lower(), fen))
                fen = after
            yield tags, moves


def main():
    o = args()
    sf = Stockfish(o["stockfish"])
    found = scored = 0
    for g, (tags, moves) in enumerate(games(o["pgns"])):
        ours_white = tags.get("White") == o["engine"]
        if not ours_white and tags.get("Black") != o["engine"]:
            continue
        lost = tags.get("Result") == ("0-1" if ours_white else "1-0")
        if not lost and not o["all"]:
            continue
        for move, fen in moves:
            white_to_move = fen.split()[1] == "w"
            if white_to_move != ours_white:
                continue
            best, best_score = sf.search(fen, f"nodes {o['nodes']}")
            scored += 1
            if best_score is not None and best_score < -o["lost"]:
                break  # lost already: the moves from here on decide nothing
            if best == move or best_score is None:
                continue
            # Both moves scored alike: each alone, from fresh tables.
            _, best_score = sf.search(fen, f"nodes {o['nodes']}", best)
            played, our_score = sf.search(fen, f"nodes {o['nodes']}", move)
            if played != move:
                sys.exit(f"mistakes-screen: game {g}: Stockfish does not take {move} in {fen}")
            if best_score is None or our_score is None or best_score - our_score < o["threshold"]:
                continue
            found += 1
            ply_fields = fen.split()
            fullmove = ply_fields[5] if len(ply_fields) > 5 else "?"
            print(f'{" ".join(ply_fields[:4])} bm {best}; am {move}; id "g{g}m{fullmove}"; '
                  f'c0 "loss {best_score - our_score}";', flush=True)
        print(f"mistakes-screen: game {g}: {found} mistakes in {scored} moves so far", file=sys.stderr)
    sf.close()
    print(f"mistakes-screen: {found} of {scored} moves lose {o['threshold']} cp or more "
          f"at {o['nodes']} nodes", file=sys.stderr)


if __name__ == "__main__":
    main()
