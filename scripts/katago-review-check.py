#!/usr/bin/env python3
"""Reviews a record on `tengen serve --analysis-engine` with a real KataGo, as a user who has
KataGo would: starts the server on a fresh SQLite file, uploads the record, waits for the
review, and checks that every position carries KataGo's figures (no fallback to Tengen's own
engine), that the downloaded record carries them too, and that `tengen check` reads it.

    scripts/katago-review-check.py --tengen target/release/tengen \\
        --katago "/path/to/katago analysis -model model.bin.gz -config analysis.cfg" --visits 20

KataGo is not a dependency: this needs one built or installed (BENCHMARKS.md says how it was
done here). Exit status 0 when every check holds; each failed check is printed.
"""

import argparse
import json
import os
import shlex
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

# A 9×9 record with a handicap, its own rules and a variation: what an uploaded record holds.
RECORD = (
    "(;GM[1]FF[4]SZ[9]RU[Japanese]KM[0.5]HA[2]AB[cc][gg]PB[Ann]PW[Bo]RE[W+R]"
    ";W[ee];B[ce];W[ec](;B[eg];W[ge];B[gc])(;B[gc]C[a variation];W[eg]))"
)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(base, method, path, body=None, content_type="application/json"):
    request = urllib.request.Request(base + path, data=body, method=method)
    if body is not None:
        request.add_header("Content-Type", content_type)
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, response.read()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tengen", default=os.path.abspath("target/release/tengen"))
    parser.add_argument("--katago", required=True, help="KataGo's analysis command line")
    parser.add_argument("--visits", type=int, default=20, help="KataGo's maxVisits")
    parser.add_argument("--record", help="an SGF file instead of the built-in 9×9 record")
    parser.add_argument("--timeout", type=float, default=600, help="seconds for the review")
    args = parser.parse_args()

    record = open(args.record, "rb").read() if args.record else RECORD.encode()
    engine = (
        f"{args.katago} -override-config "
        f"maxVisits={args.visits},numAnalysisThreads=1,numSearchThreads=1"
    )
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = subprocess.Popen(
            [args.tengen, "serve", "--addr", f"127.0.0.1:{port}",
             "--db", os.path.join(tmp, "review.db"),
             "--analysis-engine", engine, "--engine-timeout", "300"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        try:
            for _ in range(600):
                try:
                    call(base, "GET", "/")
                    break
                except OSError:
                    if server.poll() is not None:
                        sys.exit(f"the server stopped: {server.stdout.read()}")
                    time.sleep(0.1)
            start = time.time()
            status, body = call(base, "POST", "/api/reviews", record, "application/x-go-sgf")
            review = json.loads(body)
            rid = review["id"]
            print(f"uploaded: HTTP {status}, review {rid}")
            while review.get("status") != "done":
                if time.time() - start > args.timeout:
                    sys.exit(f"the review did not finish in {args.timeout} s: {review}")
                time.sleep(1)
                review = json.loads(call(base, "GET", f"/api/reviews/{rid}")[1])
            took = time.time() - start
            positions = review["positions"]
            print(f"reviewed {len(positions)} positions in {took:.1f} s")
            print(" node  to move  B win%  B lead  best  visits  candidates")
            for number, p in enumerate(positions):
                print(f"{number:5}  {p.get('to_move', ''):7}  {100 * p['black_winrate']:6.1f}"
                      f"  {p['black_lead']:6.1f}  {p.get('best_text', ''):4}  {p['playouts']:6}"
                      f"  {len(p.get('candidates', []))}")
                if p["playouts"] < args.visits:
                    failures.append(f"position {number}: {p['playouts']} visits, "
                                    f"fewer than KataGo's {args.visits}")
                if len(p.get("ownership", [])) != 81 and not args.record:
                    failures.append(f"position {number}: no ownership")
            if "engine_failure" in review:
                failures.append(f"the review fell back to Tengen: {review['engine_failure']}")
            sgf = call(base, "GET", f"/api/reviews/{rid}/sgf")[1].decode()
            path = os.path.join(tmp, "reviewed.sgf")
            with open(path, "w") as out:
                out.write(sgf)
            if "win rate" not in sgf:
                failures.append("the downloaded record has no win rates")
            check = subprocess.run([args.tengen, "check", path], capture_output=True, text=True)
            print(f"tengen check on the download: exit {check.returncode}: "
                  f"{check.stdout.strip()[:200]}")
            if check.returncode != 0:
                failures.append(f"tengen check refused the download: {check.stdout}{check.stderr}")
            first = next((c for c in sgf.split(";") if "C[" in c), "")
            print("first comment:", first[first.find("C["):][:160].replace("\n", " "))
        finally:
            server.terminate()
            try:
                log, _ = server.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                log, _ = server.communicate()
            warnings = [line for line in log.splitlines() if "WARN" in line or "ERROR" in line]
            for line in warnings[:10]:
                print("server:", line)
    for failure in failures:
        print("FAILED:", failure)
    print("every check holds" if not failures else f"{len(failures)} check(s) failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
