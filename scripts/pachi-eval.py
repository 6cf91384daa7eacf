#!/usr/bin/env python3
"""Where a game was lost, as a stronger engine sees it: `pachi-eval.py GAME.sgf [PLAYOUTS]
[PACHI]` replays the record's main line and, after every move, asks Pachi (`-t =PLAYOUTS`,
20000 by default, one thread, Japanese rules, the record's size and komi) for its move and
win rate, and prints Black's win rate in Pachi's eyes. A move after which it falls by ten
points or more is a mistake worth looking at with `tengen gtp` and `lz-analyze`
(BENCHMARKS.md: against Pachi). A benchmark tool: Pachi is a peer, never a dependency."""
import re
import subprocess
import sys

if len(sys.argv) < 2:
    sys.exit(__doc__)
record = open(sys.argv[1]).read()
playouts = sys.argv[2] if len(sys.argv) > 2 else "20000"
pachi = sys.argv[3] if len(sys.argv) > 3 else "pachi"
size = int(re.search(r"SZ\[(\d+)\]", record).group(1)) if "SZ[" in record else 19
komi = re.search(r"KM\[([-\d.]+)\]", record)
komi = komi.group(1) if komi else "6.5"
moves = re.findall(r";\s*([BW])\[([a-s]{0,2})\]", record)
columns = "ABCDEFGHJKLMNOPQRST"


def vertex(xy):
    if not xy or (size <= 19 and xy == "tt"):
        return "pass"
    return f"{columns[ord(xy[0]) - 97]}{size - (ord(xy[1]) - 97)}"


engine = subprocess.Popen(
    [pachi, "-t", "=" + playouts, "threads=1,resign_threshold=0", "-r", "japanese"],
    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def send(command):
    """The lines up to and including the answer (Pachi's log comes on the same pipe)."""
    engine.stdin.write(command + "\n")
    engine.stdin.flush()
    lines = []
    while True:
        line = engine.stdout.readline()
        if not line:
            sys.exit(f"pachi ended during {command!r}")
        lines.append(line)
        if line.startswith(("=", "?")):
            engine.stdout.readline()
            return lines


for k in range(len(moves) + 1):
    send(f"boardsize {size}")
    send("clear_board")
    send(f"komi {komi}")
    for color, xy in moves[:k]:
        send(f"play {color} {vertex(xy)}")
    to_move = "W" if k and moves[k - 1][0] == "B" else "B"
    found = [re.search(r"WINNER is (\S+) with score\s+([\d.]+)%", line)
             for line in send(f"genmove {to_move}")]
    found = [m for m in found if m]
    last = f"{moves[k - 1][0]} {vertex(moves[k - 1][1])}" if k else "-"
    if not found:
        print(f"{k:3d} after {last:8s} no estimate")
        continue
    best, rate = found[-1].group(1), float(found[-1].group(2))
    black = rate if to_move == "B" else 100 - rate
    print(f"{k:3d} after {last:8s} Black {black:5.1f} %  (Pachi would play {best} for {to_move})",
          flush=True)
send("quit")
