#!/usr/bin/env python3
"""Plays the level ladder: Tengen's levels against their neighbours and against GNU Go,
refereed by `tengen match`, one line per game appended to a results file.

    scripts/level-ladder.py --size 9 --games 20 --out bench/level-ladder/9x9.tsv \
        --pairs neighbours,gnugo:2-7

The file's lines are `size <TAB> black <TAB> white <TAB> result <TAB> moves`, players named
`L1`..`L10` and `gnugo-10` (GNU Go 3.8 at its level 10); results as `tengen match` prints
them (`B+R`, `W+3.5`, `Jigo`, `Void`). An interrupted run keeps the games it finished, and
a second run adds to the file: the fit (`cargo run --release -p tengen-club --example
level_ladder -- FILE...`) reads every line.

Pairs: `neighbours` (each level against the next), `skip` (each against the one after
next), `gnugo:A-B` (levels A to B against GNU Go level 10), `gnugo1:A-B` (against GNU Go
level 1: faster on 19×19), `L:M` (level L against level M).
"""

import argparse
import os
import re
import shlex
import subprocess
import sys
import time

GAME_LINE = re.compile(r"^game\s+(\d+): B (.+?) / W (.+?): (\S+) in (\d+) moves")


def engine_command(name, tengen, rules, level10_time):
    if name.startswith("gnugo-"):
        return f"/usr/games/gnugo --mode gtp --level {name.split('-')[1]}"
    level = int(name[1:])
    command = f"{tengen} gtp --level {level} --threads 1 --rules {rules}"
    if level == 10:
        command += f" --time {level10_time}"
    return command


def pairs_of(spec):
    pairs = []
    for part in spec.split(","):
        part = part.strip()
        if part == "neighbours":
            pairs += [(f"L{l}", f"L{l + 1}") for l in range(1, 10)]
        elif part == "skip":
            pairs += [(f"L{l}", f"L{l + 2}") for l in range(1, 9)]
        elif part.startswith("gnugo"):
            prefix, levels = part.split(":")
            gnugo = "gnugo-1" if prefix == "gnugo1" else "gnugo-10"
            low, high = (int(x) for x in levels.split("-"))
            pairs += [(f"L{l}", gnugo) for l in range(low, high + 1)]
        elif ":" in part:
            a, b = part.split(":")
            pairs.append((f"L{int(a)}", f"L{int(b)}"))
        else:
            sys.exit(f"level-ladder: unknown pair spec {part!r}")
    return pairs


def play(first, second, args):
    """Plays `args.games` games between two players, colours alternating; yields
    (black, white, result, moves) per game."""
    command = [
        args.tengen, "match",
        "--black", engine_command(first, args.tengen, args.rules, args.level10_time),
        "--white", engine_command(second, args.tengen, args.rules, args.level10_time),
        "--games", str(args.games), "--size", str(args.size), "--rules", args.rules,
        "--alternate", "--timeout", "120",
    ]
    out = subprocess.run(command, capture_output=True, text=True)
    if out.returncode != 0:
        sys.stderr.write(f"level-ladder: {first} vs {second} failed:\n{out.stderr}\n")
    for line in out.stdout.splitlines():
        m = GAME_LINE.match(line)
        if not m:
            continue
        number = int(m.group(1))
        black, white = (first, second) if number % 2 == 1 else (second, first)
        yield black, white, m.group(4), int(m.group(5))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--games", type=int, default=20, help="games per pair")
    parser.add_argument("--rules", default="japanese")
    parser.add_argument("--pairs", default="neighbours,gnugo:2-7")
    parser.add_argument("--out", required=True)
    parser.add_argument("--tengen", default=os.path.abspath("target/release/tengen"))
    parser.add_argument("--level10-time", default="2", help="seconds a move at level 10")
    args = parser.parse_args()
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    for first, second in pairs_of(args.pairs):
        start = time.time()
        wins = {first: 0.0, second: 0.0}
        with open(args.out, "a") as out:
            for black, white, result, moves in play(first, second, args):
                out.write(f"{args.size}\t{black}\t{white}\t{result}\t{moves}\n")
                if result.startswith("B+"):
                    wins[black] += 1
                elif result.startswith("W+"):
                    wins[white] += 1
                elif result == "Jigo":
                    wins[black] += 0.5
                    wins[white] += 0.5
        print(f"{args.size}x{args.size} {first} {wins[first]:g} - {wins[second]:g} {second}"
              f" ({time.time() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
