#!/usr/bin/env python3
"""CPU seconds of Tengen's genmove in the same 19×19 positions, for builds or settings side by side.

    scripts/genmove-cpu.py PLAYOUTS 'BINARY[:ARGS]'...

The positions: every 25th test of GNU Go's move tests (../shared/data/gnugo-genmove-dev) on
19×19 from move 60 on, loaded with `loadsgf`. Each engine answers one `genmove` per position
(`--threads 1 --seed 3 --no-resign`), the engines alternating, two rounds; printed: the user CPU seconds
of the engine processes summed over the positions, and the moves chosen.
"""
import json, os, resource, shlex, subprocess, sys

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "data", "gnugo-genmove-dev")


def positions():
    found, chosen = 0, []
    with open(os.path.join(DATA, "tests.jsonl")) as tests:
        for line in tests:
            test = json.loads(line)
            sgf = os.path.join(DATA, test["sgf"])
            with open(sgf, encoding="latin-1") as f:
                if "SZ[19]" not in f.read():
                    continue
            if test["move"] and test["move"] >= 60 and not test["pre"]:
                found += 1
                if found % 25 == 0:
                    chosen.append((sgf, test["move"], test["color"]))
    return chosen


def run(binary, args, playouts, where):
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    moves = []
    for sgf, move, color in where:
        gtp = f"loadsgf {sgf} {move}\ngenmove {color}\nquit\n"
        command = [binary, "gtp", "--threads", "1", "--playouts", playouts, "--seed", "3", "--no-resign"]
        out = subprocess.run(command + args, input=gtp, capture_output=True, text=True).stdout
        answers = [line[2:] for line in out.splitlines() if line.startswith("= ") and len(line) > 2]
        moves.append(answers[-1] if answers else "?")
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before, moves


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    if not os.path.isdir(DATA):
        sys.exit(f"the move tests are not at {DATA}")
    where = positions()
    for _ in range(2):
        for engine in sys.argv[2:]:
            binary, _, args = engine.partition(":")
            seconds, moves = run(binary, shlex.split(args), sys.argv[1], where)
            print(f"{engine}: {seconds:.2f} CPU s over {len(where)} positions; {' '.join(moves)}", flush=True)


main()
