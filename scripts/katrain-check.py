#!/usr/bin/env python3
"""Does KaTrain analyse a game with `tengen analysis` as its engine? (issue 41)

KaTrain's own engine client (`katrain.core.engine.KataGoEngine`) and game
(`katrain.core.game.Game`) are driven without a window: KaTrain starts its "KataGo" the
way it always does (`<katago> analysis -model M -config C -override-config ...`), here a
wrapper that drops those arguments and runs `tengen analysis`; KaTrain sends a query for
every move of a game record, and this script waits until every move is analysed, then
prints KaTrain's own figures: win rate, score, points lost, best move. Then two of
KaTrain's extra analyses: a sweep (a query for every legal move of the last position, with
the policy Tengen reported choosing which) and pondering (10,000,000 visits with partial
reports every 0.3 s, stopped with `terminate`). The wrapper logs the traffic both ways,
and the script counts Tengen's answers, warnings and errors from it.

Setup, outside the repository:

    python3 -m venv /work/venv-katrain && /work/venv-katrain/bin/pip install katrain
    cargo build --release -p tengen
    /work/venv-katrain/bin/python scripts/katrain-check.py --tengen target/release/tengen

Exits 0 when every move got a complete analysis, 1 otherwise.
"""
import argparse
import collections
import importlib.metadata
import json
import os
import stat
import sys
import tempfile
import time
import types

# Kivy reads the command line and opens log files on import unless told not to.
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_NO_FILELOG", "1")

# A short 19x19 game (a common opening), komi 6.5, Japanese rules as KaTrain defaults to.
GAME = (
    "(;GM[1]FF[4]SZ[19]KM[6.5]RU[japanese]PB[Black]PW[White]"
    ";B[pd];W[dp];B[pp];W[dd];B[fq];W[cn];B[dr];W[cq];B[kq];W[qn];B[nq];W[pj]"
    ";B[qf];W[nc];B[qc];W[kc];B[jd];W[jc];B[id];W[hc];B[ce];W[cf];B[de];W[ed]"
    ";B[df];W[cg];B[ee];W[fc])"
)


def write_wrapper(directory, tengen, threads, visits_cap):
    """A `katago` that ignores KaTrain's arguments, runs `tengen analysis` and logs the
    queries and answers."""
    path = os.path.join(directory, "katago")
    with open(path, "w") as f:
        f.write("#!/bin/bash\n")
        f.write("# KaTrain runs: katago analysis -model M -config C -override-config ...\n")
        # `exec`: KaTrain stops its engine with SIGTERM, which must reach Tengen itself.
        f.write(
            f'exec "{tengen}" analysis --threads {threads} --visits-cap {visits_cap}'
            f' < <(tee "{directory}/queries.jsonl" 2>/dev/null)'
            f' > >(tee "{directory}/answers.jsonl" 2>/dev/null)\n'
        )
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def read_jsonl(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tengen", default="target/release/tengen")
    parser.add_argument("--visits", type=int, default=200, help="KaTrain's engine/max_visits")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=300.0)
    args = parser.parse_args()

    from katrain.core.base_katrain import KaTrainBase
    from katrain.core.constants import OUTPUT_ERROR
    from katrain.core.engine import KataGoEngine
    from katrain.core.game import Game, KaTrainSGF

    class HeadlessKaTrain(KaTrainBase):
        """KaTrain without its window: logs kept, errors counted, popups refused."""

        def __init__(self):
            super().__init__(force_package_config=True, debug_level=0)
            self.errors = []
            self.controls = types.SimpleNamespace(set_status=lambda *args, **kwargs: None)
            self.pondering = False

        def log(self, message, level=0):
            if level == OUTPUT_ERROR:
                self.errors.append(str(message))
                print("KaTrain error:", message, file=sys.stderr)

        def __call__(self, message, *args):
            # The GUI's messages (engine_recovery_popup, update_state): none expected.
            self.errors.append(f"{message} {args}")

    tengen = os.path.abspath(args.tengen)
    if not os.access(tengen, os.X_OK):
        sys.exit(f"{tengen} is not an executable: cargo build --release -p tengen")
    with tempfile.TemporaryDirectory() as directory:
        katrain = HeadlessKaTrain()
        config = dict(katrain.config("engine"))
        config["katago"] = write_wrapper(directory, tengen, args.threads, 10_000_000)
        config["max_visits"] = args.visits
        config["fast_visits"] = min(25, args.visits)
        config["allow_recovery"] = False
        engine = KataGoEngine(katrain, config)
        started = time.time()
        game = Game(katrain, engine, move_tree=KaTrainSGF.parse_sgf(GAME))
        nodes = game.root.nodes_in_tree
        while time.time() - started < args.timeout:
            if all(node.analysis_complete for node in nodes):
                break
            time.sleep(0.2)
        elapsed = time.time() - started

        # A sweep of the last position: one query per legal move, at KaTrain's fast visits.
        while game.current_node.children:
            game.current_node = game.current_node.children[0]
        sweep_started = time.time()
        game.analyze_extra("sweep")
        time.sleep(0.5)
        while not engine.is_idle() and time.time() - sweep_started < args.timeout:
            time.sleep(0.2)
        sweep_seconds = time.time() - sweep_started
        sweep_moves = len(game.current_node.analysis["moves"])

        # Pondering: 10,000,000 visits asked, partial answers, stopped by terminate.
        game.analyze_extra("ponder")
        time.sleep(1.5)
        ponder_visits = game.current_node.root_visits
        game.analyze_extra("stop")
        time.sleep(0.5)
        engine.shutdown(finish=False)
        time.sleep(0.3)
        queries = read_jsonl(os.path.join(directory, "queries.jsonl"))
        answers = read_jsonl(os.path.join(directory, "answers.jsonl"))

    complete = [node for node in nodes if node.analysis_complete]
    print(
        f"KaTrain {importlib.metadata.version('katrain')} with tengen analysis:"
        f" {len(complete)}/{len(nodes)} positions analysed in {elapsed:.1f} s at {args.visits} visits"
    )
    print(f"{'move':>6} {'B win%':>7} {'B lead':>7} {'lost':>6} {'visits':>6}  best")
    for node in nodes:
        if not node.analysis_complete:
            print(f"{node.move.gtp() if node.move else 'root':>6}  (no analysis)")
            continue
        best = node.candidate_moves[0]["move"] if node.candidate_moves else "-"
        lost = node.points_lost
        print(
            f"{(node.move.player + ' ' + node.move.gtp()) if node.move else 'root':>6}"
            f" {100 * node.winrate:7.1f} {node.score:7.1f}"
            f" {'' if lost is None else f'{lost:6.1f}':>6} {node.root_visits:6d}  {best}"
        )
    print(f"sweep of the last position: {sweep_moves} moves analysed in {sweep_seconds:.1f} s")
    print(f"pondering: {ponder_visits} visits after 1.5 s, then stopped")
    kinds = collections.Counter(
        "warning " + a["field"] if "warning" in a
        else "error " + a.get("field", "(no id)") if "error" in a
        else "partial analysis" if a.get("isDuringSearch")
        else "no results" if a.get("noResults")
        else "analysis" if "moveInfos" in a
        else "action " + a.get("action", "?")
        for a in answers
    )
    print(f"traffic: {len(queries)} query lines, {len(answers)} answer lines")
    for kind, count in sorted(kinds.items()):
        print(f"  {count:5d} {kind}")
    if katrain.errors:
        print(f"{len(katrain.errors)} KaTrain errors:", *katrain.errors[:5], sep="\n  ")
    ok = len(complete) == len(nodes) and not katrain.errors
    print("result:", "every position analysed" if ok else "INCOMPLETE")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
