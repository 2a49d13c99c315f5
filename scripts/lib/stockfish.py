"""Debian's Stockfish over UCI for the analysis scripts (mistakes-screen.py, draws-we-scored.py):
one thread, 64 MB, each search from fresh tables."""
import re
import shutil
import subprocess
import sys

# A mate in n counts as MATE − n centipawns (being mated in n, −MATE + n).
MATE = 10000


class Stockfish:
    def __init__(self, path=None):
        path = path or shutil.which("stockfish") or "/usr/games/stockfish"
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 64")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, token):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("stockfish quit")
            lines.append(line)
            if line.startswith(token):
                return lines

    def search(self, fen, limit, moves=""):
        """(best move, score in centipawns from the side to move or None) of a search of fen
        limited by limit ("nodes 200000", "depth 20"), restricted to moves if given."""
        self.send("ucinewgame")
        self.send("isready")
        self.wait("readyok")
        self.send(f"position fen {fen}")
        self.send(f"go {limit}" + (f" searchmoves {moves}" if moves else ""))
        score = None
        lines = self.wait("bestmove")
        for line in lines:  # the last exact score Stockfish gave (MultiPV is 1)
            m = re.search(r" score (cp|mate) (-?\d+)\b(?! (lower|upper)bound)", line)
            if m:
                v = int(m.group(2))
                score = v if m.group(1) == "cp" else (MATE - v if v > 0 else -MATE - v)
        return lines[-1].split()[1], score

    def close(self):
        self.send("quit")
        self.p.wait()
