"""The tengen package against the Python peers, in one run: SGF parsing (sgfmill), random
self-play (a pure-Python board, OpenSpiel's go when it is installed) and the count of finished
19x19 games (a pure-Python area count).

    python crates/tengen-py/bench/bench.py [--data ../shared/data] [--seconds 3]

Needs tengen, numpy and sgfmill (``pip install ./crates/tengen-py numpy sgfmill``);
``open_spiel`` is measured when it imports. The records of ``--data`` (GNU Go's self-play,
``sgf-gnugo-selfplay/``) are read in place, never copied; without them the script says so
and uses generated records only.
"""

import argparse
import pathlib
import platform
import random
import sys
import time

import numpy as np

import tengen

try:
    from sgfmill import boards as sgfmill_boards
    from sgfmill import sgf as sgfmill_sgf
except ImportError:  # the peer is what this script measures against: it must be there
    sys.exit("bench.py needs sgfmill: pip install sgfmill")

try:
    import pyspiel
except ImportError:
    pyspiel = None


def timed(work, seconds):
    """Runs ``work()`` (returning units done) until ``seconds`` have passed; units/s."""
    work()  # warm-up
    done, start = 0, time.perf_counter()
    while True:
        done += work()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


# --- SGF ------------------------------------------------------------------------------------


def generated_records(count, seed=1):
    """Records of random 19x19 games of 150 to 250 moves, as tengen writes them."""
    rng = random.Random(seed)
    records = []
    for _ in range(count):
        game = tengen.Game(19, rules="japanese")
        for _ in range(rng.randint(150, 250)):
            legal = game.legal_moves()
            if game.is_over() or len(legal) <= 1:
                break
            game.play(rng.choice(legal[:-1]))
        records.append(game.to_sgf().encode())
    return records


def sgfmill_replay(data):
    record = sgfmill_sgf.Sgf_game.from_bytes(data)
    board = sgfmill_boards.Board(record.get_size())
    for node in record.get_main_sequence():
        colour, point = node.get_move()
        if point is not None:
            board.play(point[0], point[1], colour)


def bench_sgf(corpora, seconds):
    rows = []
    for name, records in corpora:
        size = sum(len(r) for r in records)
        mb = size / 1e6

        def tengen_parse():
            for data in records:
                tengen.parse_sgf(data)
            return mb

        def sgfmill_parse():
            for data in records:
                sgfmill_sgf.Sgf_game.from_bytes(data)
            return mb

        def tengen_replay():
            for data in records:
                tengen.SgfGame.from_bytes(data).replay()
            return mb

        def sgfmill_play():
            for data in records:
                sgfmill_replay(data)
            return mb

        for what, ours, theirs in [
            ("parse", tengen_parse, sgfmill_parse),
            ("parse + replay", tengen_replay, sgfmill_play),
        ]:
            a, b = timed(ours, seconds), timed(theirs, seconds)
            rows.append((f"{name}: {what}", a, b))
    print("\n| SGF | tengen MB/s | sgfmill MB/s | ratio |\n| --- | --- | --- | --- |")
    for what, a, b in rows:
        print(f"| {what} | {a:.2f} | {b:.2f} | **{a / b:.1f}×** |")


# --- Random self-play -----------------------------------------------------------------------


class PyBoard:
    """A plain Python Go board: captures, no suicide, simple ko. The peer a Python user
    would write; ``legal_moves`` tries every empty point as ``GameBatch`` does."""

    def __init__(self, size):
        self.size = size
        self.width = size + 1
        # A border column and border rows around the points: no bounds checks.
        self.cells = [3] * (self.width * (size + 2) + 1)
        for y in range(size):
            for x in range(size):
                self.cells[self.at(x, y)] = 0
        self.to_move, self.ko, self.passes, self.moves = 1, None, 0, 0
        self.offsets = (1, -1, self.width, -self.width)
        self.points = [self.at(x, y) for y in range(size) for x in range(size)]

    def at(self, x, y):
        return (y + 1) * self.width + x

    def chain(self, point):
        colour, stones, liberties, todo = self.cells[point], {point}, set(), [point]
        while todo:
            p = todo.pop()
            for d in self.offsets:
                q = p + d
                c = self.cells[q]
                if c == 0:
                    liberties.add(q)
                elif c == colour and q not in stones:
                    stones.add(q)
                    todo.append(q)
        return stones, liberties

    def is_legal(self, point):
        if self.cells[point] != 0 or point == self.ko:
            return False
        me, them = self.to_move, 3 - self.to_move
        for d in self.offsets:
            c = self.cells[point + d]
            if c == 0:
                return True
        self.cells[point] = me
        try:
            for d in self.offsets:
                q = point + d
                c = self.cells[q]
                if c in (1, 2):
                    _, liberties = self.chain(q)
                    if c == me and liberties:
                        return True
                    if c == them and not liberties:
                        return True
            return False
        finally:
            self.cells[point] = 0

    def legal_moves(self):
        return [p for p in self.points if self.is_legal(p)] + [None]

    def play(self, point):
        self.moves += 1
        if point is None:
            self.passes += 1
            self.ko = None
        else:
            self.passes = 0
            me, them = self.to_move, 3 - self.to_move
            self.cells[point] = me
            captured = []
            for d in self.offsets:
                q = point + d
                if self.cells[q] == them:
                    stones, liberties = self.chain(q)
                    if not liberties:
                        captured.extend(stones)
                        for s in stones:
                            self.cells[s] = 0
            _, liberties = self.chain(point)
            self.ko = captured[0] if len(captured) == 1 and len(liberties) == 1 else None
        self.to_move = 3 - self.to_move

    def over(self, max_moves):
        return self.passes >= 2 or self.moves >= max_moves


def bench_selfplay(size, batch_size, max_moves, seconds):
    rng = np.random.default_rng(1)
    batch = tengen.GameBatch(batch_size, size=size, rules="japanese")

    def batched():
        masks = batch.legal_masks()
        actions = np.argmax(masks * rng.random(masks.shape), axis=1)
        batch.step(actions)
        batch.reset(batch.done() | (batch.move_counts() >= max_moves))
        return batch_size

    py_rng = random.Random(1)
    games = [tengen.Game(size, rules="japanese")]

    def one_at_a_time():
        game = games[0]
        game.play(py_rng.choice(game.legal_moves()))
        if game.is_over() or len(game.moves) >= max_moves:
            games[0] = tengen.Game(size, rules="japanese")
        return 1

    boards = [PyBoard(size)]

    def pure_python():
        board = boards[0]
        board.play(py_rng.choice(board.legal_moves()))
        if board.over(max_moves):
            boards[0] = PyBoard(size)
        return 1

    rows = [
        (f"tengen.GameBatch, {batch_size} games, NumPy sampling", timed(batched, seconds)),
        ("tengen.Game, one game, a Python loop", timed(one_at_a_time, seconds)),
        ("pure-Python board (simple ko, no superko)", timed(pure_python, seconds)),
    ]
    if pyspiel is not None:
        spiel = pyspiel.load_game("go", {"board_size": size, "komi": 7.5})
        states = [spiel.new_initial_state()]

        def open_spiel():
            state = states[0]
            state.apply_action(py_rng.choice(state.legal_actions()))
            if state.is_terminal() or state.move_number() >= max_moves:
                states[0] = spiel.new_initial_state()
            return 1

        rows.append(("OpenSpiel go (C++ state, a Python loop)", timed(open_spiel, seconds)))
    else:
        rows.append(("OpenSpiel go: not installed (pip install open_spiel)", None))
    base = rows[2][1]
    print(
        f"\n| random self-play, {size}×{size}, games cut at {max_moves} moves | steps/s | "
        "vs pure Python |\n| --- | --- | --- |"
    )
    for what, rate in rows:
        if rate is None:
            print(f"| {what} | — | — |")
        else:
            print(f"| {what} | {rate:,.0f} | {rate / base:.1f}× |")


# --- Counting finished games ----------------------------------------------------------------


def python_area_count(board, komi):
    """Tromp-Taylor area: stones plus empty regions that reach only one colour."""
    n = len(board)
    score = {1: 0, -1: 0}
    seen = set()
    for y in range(n):
        for x in range(n):
            c = board[y][x]
            if c:
                score[c] += 1
            elif (x, y) not in seen:
                region, reaches, todo = 0, set(), [(x, y)]
                seen.add((x, y))
                while todo:
                    px, py = todo.pop()
                    region += 1
                    for qx, qy in ((px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)):
                        if 0 <= qx < n and 0 <= qy < n:
                            q = board[qy][qx]
                            if q:
                                reaches.add(q)
                            elif (qx, qy) not in seen:
                                seen.add((qx, qy))
                                todo.append((qx, qy))
                if len(reaches) == 1:
                    score[reaches.pop()] += region
    return score[1] - score[-1] - komi


def bench_scoring(games, source, seconds):
    boards = [g.board().tolist() for g in games]
    rows = [
        ("tengen `Game.score()` (the count, every stone alive)", lambda: [g.score() for g in games]),
        (
            "pure-Python area count (flood fill)",
            lambda: [python_area_count(b, 7.5) for b in boards],
        ),
        ("tengen `Game.estimate()` (dead stones, seki, then the count)", lambda: [g.estimate() for g in games]),
    ]
    print(f"\n| counting {len(games)} finished 19×19 games ({source}) | ms per game |\n| --- | --- |")
    for what, work in rows:
        rate = timed(lambda: len(work()), seconds)
        print(f"| {what} | {1000 / rate:.3f} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=pathlib.Path, default=pathlib.Path("../shared/data"))
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    print(
        f"tengen {tengen.__version__}, Python {platform.python_version()}, numpy {np.__version__}, "
        f"OpenSpiel {'yes' if pyspiel else 'no'}; {args.seconds} s per measurement"
    )
    selfplay_dir = args.data / "sgf-gnugo-selfplay"
    real = sorted(selfplay_dir.glob("*.sgf")) if selfplay_dir.is_dir() else []
    corpora = []
    if real:
        records = [p.read_bytes() for p in real]
        corpora.append((f"GNU Go self-play, {len(records)} files ({sum(map(len, records)) // 1000} KB)", records))
    else:
        print(f"{selfplay_dir}: absent — generated records only")
    generated = generated_records(100)
    corpora.append((f"generated 19×19 games, 100 files ({sum(map(len, generated)) // 1000} KB)", generated))
    bench_sgf(corpora, args.seconds)
    bench_selfplay(9, 256, 200, args.seconds)

    finished = []
    for path in real:
        record = tengen.SgfGame.from_bytes(path.read_bytes())
        if record.size == 19:
            finished.append(record.replay())
    source = "GNU Go self-play"
    if not finished:
        source = "generated: random play to two passes"
        batch = tengen.GameBatch(4, size=19, rules="chinese")
        rng = np.random.default_rng(2)
        while not batch.done().all():
            masks = batch.legal_masks()
            masks[:, -1] &= masks[:, :-1].sum(axis=1) < 40  # pass only near the end
            batch.step(np.argmax(masks * rng.random(masks.shape), axis=1))
        finished = [batch.game(i) for i in range(4)]
    bench_scoring(finished, source, args.seconds)


if __name__ == "__main__":
    main()
