#!/usr/bin/env python3
"""How far GNU Go 3.8's `final_score` (`--mode gtp --level 10 --chinese-rules`, as `tengen
bench estimate` asks it for a game counted by area) is from RE on the held-out half of a
counted-games manifest, in units of the handicap (issue 40, BENCHMARKS.md "An untouched corpus").

    scripts/gnugo-handicap-offset.py MANIFEST [GNUGO]

KGS counts an area game with HA stones by giving White HA points; GNU Go's count does not.
Prints each game whose difference is neither 0 nor exactly HA in Black's favour, then the three
counts. The held-out half is `tengen bench estimate`'s: the odd FNV-1a hash of `file`.
"""
import csv
import os
import subprocess
import sys


def held_out(name):
    h = 0xcbf29ce484222325
    for b in name.encode():
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h % 2 == 1


def margin(text):
    text = text.strip("= \n")
    if text[1:2] != "+":
        return 0.0
    return (1 if text[0] == "B" else -1) * float(text[2:])


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    manifest = sys.argv[1]
    program = sys.argv[2] if len(sys.argv) > 2 else "/usr/games/gnugo"
    root = os.path.dirname(os.path.abspath(manifest))
    gnugo = subprocess.Popen([program, "--mode", "gtp", "--level", "10", "--chinese-rules"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(command):
        gnugo.stdin.write(command + "\n")
        gnugo.stdin.flush()
        answer = ""
        while (line := gnugo.stdout.readline()).strip() or not answer:
            answer += line
        return answer

    exact = by_handicap = other = 0
    with open(manifest) as f:
        for row in csv.DictReader(f):
            if not held_out(row["file"]):
                continue
            ask("loadsgf " + os.path.join(root, row["file"]))
            difference = margin(ask("final_score")) - margin(row["result"])
            if difference == 0:
                exact += 1
            elif difference == int(row["handicap"] or 0):
                by_handicap += 1
            else:
                other += 1
                print(row["file"], "HA", row["handicap"], "RE", row["result"], difference)
    gnugo.stdin.write("quit\n")
    gnugo.stdin.flush()
    print(f"exact {exact}, off by exactly HA in Black's favour {by_handicap}, other {other}")


if __name__ == "__main__":
    main()
