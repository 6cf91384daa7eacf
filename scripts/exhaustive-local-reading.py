#!/usr/bin/env python3
"""An exhaustive check of a local life-and-death question under JP-7's confirmation phase,
independent of Tengen's reading: can the attacker, moving first, capture the chain on TARGET
when only the points in MOVES may be played?

    scripts/exhaustive-local-reading.py POSITION TARGET MOVES [--depth N] [--first X|O]

POSITION is a text file of rows of X (Black), O (White) and . (empty), the top row first, as
`gnugo --mode gtp` draws a board without its labels; TARGET a point such as H8 (columns A-T
without I, row 1 at the bottom); MOVES the points either side may play, comma-separated, all
others fixed. The attacker is the colour opposed to TARGET's; --first says who moves first
(default: the attacker, as JP-7 asks).

The rules it plays by: captures and suicide as usual; a player may retake a single-stone ko
capture only after he has passed (the confirmation phase: ko threats no longer exist); the
target is dead once it is off the board; two passes in a row, or a line longer than --depth
plies (default 24), leave it alive, since the attacker must make progress. Every position
is searched (memoised, with the plies left): it answers what the rules say about the local
points, where Tengen's reading prunes and has a budget. It prints the verdict, then each
first move with the verdict after it.

Used for BENCHMARKS.md's claims about records whose counted result needs another status than
the rules give (e.g. the dev set's `pogonyshev`).
"""
import argparse
import signal
import sys

COLUMNS = "ABCDEFGHJKLMNOPQRST"


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("position")
    parser.add_argument("target")
    parser.add_argument("moves")
    parser.add_argument("--depth", type=int, default=24, help="plies, 1 to 200")
    parser.add_argument("--first", choices=["X", "O"])
    args = parser.parse_args()
    if not 1 <= args.depth <= 200:
        parser.error(f"--depth {args.depth}: give 1 to 200 plies")
    return args


def main():
    args = parse_args()
    try:
        rows = [line.split() for line in open(args.position) if line.strip()]
    except OSError as e:
        sys.exit(f"{args.position}: {e}")
    size = len(rows)
    if size < 2 or size > 19 or any(len(r) != size for r in rows):
        sys.exit(f"{args.position}: expected a square board of 2 to 19 rows of X, O and .")
    board = {}
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            if c not in "XO.":
                sys.exit(f"{args.position}: row {y + 1}: unexpected {c!r}")
            board[(x, y)] = c

    def point(name):
        name = name.strip().upper()
        try:
            x, y = COLUMNS.index(name[0]), size - int(name[1:])
        except (ValueError, IndexError):
            sys.exit(f"not a point: {name!r}")
        if not (0 <= x < size and 0 <= y < size):
            sys.exit(f"off the board: {name}")
        return (x, y)

    def name(p):
        return COLUMNS[p[0]] + str(size - p[1])

    target = point(args.target)
    defender = board[target]
    if defender == ".":
        sys.exit(f"no stone on {args.target}")
    attacker = "O" if defender == "X" else "X"
    moves = [point(m) for m in args.moves.split(",")]
    first = args.first or attacker

    def neighbours(p):
        x, y = p
        for q in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
            if 0 <= q[0] < size and 0 <= q[1] < size:
                yield q

    def chain(b, p):
        colour, stones, todo, libs = b[p], {p}, [p], set()
        while todo:
            q = todo.pop()
            for r in neighbours(q):
                if b[r] == colour and r not in stones:
                    stones.add(r)
                    todo.append(r)
                elif b[r] == ".":
                    libs.add(r)
        return stones, libs

    def play(b, p, colour):
        """The board after the move, the stones it took and whether it is a ko capture; or
        None when the point is taken or the move is suicide."""
        if b[p] != ".":
            return None
        b = dict(b)
        b[p] = colour
        other = "O" if colour == "X" else "X"
        taken = []
        for q in neighbours(p):
            if b[q] == other:
                stones, libs = chain(b, q)
                if not libs:
                    for r in stones:
                        b[r] = "."
                    taken += stones
        stones, libs = chain(b, p)
        if not libs:
            return None
        return b, taken, len(taken) == 1 and len(stones) == 1 and len(libs) == 1

    def key(b):
        return "".join(b[(x, y)] for y in range(size) for x in range(size))

    memo = {}

    def dead(b, to_move, bans, passes, plies_left):
        """Whether the attacker captures the target from here. `bans[i]` (0: X, 1: O): the
        ko captures, as (point, stone taken), that player may not make before he passes."""
        if b[target] != defender:
            return True
        if passes >= 2 or plies_left == 0:
            return False
        k = (key(b), to_move, bans, passes, plies_left)
        if k in memo:
            return memo[k]
        other = "O" if to_move == "X" else "X"
        mine = 0 if to_move == "X" else 1
        result = None
        for p in moves:
            after = play(b, p, to_move)
            if after is None:
                continue
            nb, taken, ko = after
            if len(taken) == 1 and (p, taken[0]) in bans[mine]:
                continue
            if dead(nb, other, banned_after(bans, mine, ko, taken, p), 0, plies_left - 1) == (
                to_move == attacker
            ):
                result = to_move == attacker
                break
        if result is None:
            lifted = (frozenset(), bans[1]) if mine == 0 else (bans[0], frozenset())
            result = dead(b, other, lifted, passes + 1, plies_left - 1)
        memo[k] = result
        return result

    def banned_after(bans, mine, ko, taken, p):
        """The bans after a move of player `mine` at p: a ko capture bars the opponent from
        taking back at once; every ban lasts until its player passes."""
        if not ko:
            return bans
        theirs = bans[1 - mine] | {(taken[0], p)}
        return (bans[0], theirs) if mine == 1 else (theirs, bans[1])

    sys.setrecursionlimit(10_000)
    no_bans = (frozenset(), frozenset())
    verdict = dead(board, first, no_bans, 0, args.depth)
    print(f"{args.target} ({defender}), {first} first, {args.depth} plies: "
          f"{'dead' if verdict else 'alive'} ({len(memo)} positions)")
    other = "O" if first == "X" else "X"
    mine = 0 if first == "X" else 1
    for p in moves:
        after = play(board, p, first)
        if after is None:
            continue
        nb, taken, ko = after
        v = dead(nb, other, banned_after(no_bans, mine, ko, taken, p), 0, args.depth - 1)
        print(f"  {first} {name(p)}: {'dead' if v else 'alive'}")


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends it quietly
    main()
