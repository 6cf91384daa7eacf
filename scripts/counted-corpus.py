#!/usr/bin/env python3
"""Builds a corpus of counted KGS games whose own territory marks reproduce their result, for
`tengen bench estimate` (issue 40: the dead-stone estimator measured on data it was not tuned
on). The games stay outside the repository; only this script is committed.

    scripts/counted-corpus.py GIT_DIR OUT_DIR [--tengen target/release/tengen]

GIT_DIR is the git directory of the Standard Computer Go Dataset,
github.com/godmoves/Standard_Computer_Go_Dataset (the tool library's `fetch` gives one). Its
`KGS_6d_190000/*.tar.gz` archives (KGS games with a 6-dan or stronger player, 19x19) are
unpacked into OUT_DIR/games/ (the archives of 4 MiB and more are absent from the snapshot and
are skipped, and named). Only the 2017 archives' games carry territory marks: KGS writes the
final marks of a counted game as TW on White's closing pass and TB on Black's.

A game is kept when
  (a) its main line's last two nodes carry TB or TW (the counted position's marks),
  (b) RE is a count, B+N or W+N (not resignation, time or forfeit), the board is 9, 13 or
      19, the game is not a duplicate (same size and moves) of a game kept before it,
  (c) `tengen score --dead marked --json` (replay under the record's own RU, KM, HA and the
      captures; the stones inside the other colour's marks are dead) gives RE's margin.
Files are taken in sorted order, so the selection is deterministic; nothing is sampled.

OUT_DIR/manifest.csv has the columns of ../shared/data/go-counted-games-dev/manifest.csv
(file,game_index,rules,RU_raw,size,komi,handicap,result,moves,trailing_passes,
territory_markup,markup_check), `file` relative to OUT_DIR (games/<archive folder>/<name>.sgf);
every row is `yes,match`. OUT_DIR/SOURCE.md names the repository, its commit and the counts.
Beside it, subsets with the same rows: manifest-{japanese,chinese,aga}.csv by rules, and
manifest-chinese-{even,handicap}.csv (HA < 2, HA >= 2) for GNU Go's handicap convention.

THE HELD-OUT PART is fixed by `tengen bench estimate`'s own rule (crates/tengen/src/
bench_estimate.rs, `Half`): the FNV-1a 64-bit hash of the manifest's `file` field, odd =
held out (`--half held-out`), even = tuning (`--half tuning`). It was fixed before any
estimate was run on the corpus. Estimator changes may be chosen on the tuning half only.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tarfile

ARCHIVES = "KGS_6d_190000"
HEADER = ("file,game_index,rules,RU_raw,size,komi,handicap,result,moves,trailing_passes,"
          "territory_markup,markup_check")


def fnv1a_odd(text):
    """Whether `tengen bench estimate` puts `text` in the held-out half."""
    h = 0xcbf29ce484222325
    for b in text.encode():
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h % 2 == 1


def parse_sgf(text):
    """The main line of the first game tree: a list of nodes, each {prop: [values]}."""
    i, n = 0, len(text)
    nodes, depth = [], 0
    # Walk the text; a node belongs to the main line while every enclosing '(' was the first
    # variation of its parent.
    on_main = [True]
    seen_child = [False]
    while i < n:
        c = text[i]
        if c == "(":
            first = not seen_child[-1]
            seen_child[-1] = True
            on_main.append(on_main[-1] and first)
            seen_child.append(False)
            depth += 1
            i += 1
        elif c == ")":
            on_main.pop()
            seen_child.pop()
            depth -= 1
            i += 1
            if depth == 0:
                break
        elif c == ";":
            node = {}
            i += 1
            while True:
                while i < n and text[i].isspace():
                    i += 1
                m = re.match(r"[A-Za-z]+", text[i:i + 16])
                if not m:
                    break
                ident = "".join(ch for ch in m.group(0) if ch.isupper())
                i += len(m.group(0))
                values = []
                while True:
                    while i < n and text[i].isspace():
                        i += 1
                    if i >= n or text[i] != "[":
                        break
                    j = i + 1
                    buf = []
                    while j < n and text[j] != "]":
                        if text[j] == "\\" and j + 1 < n:
                            j += 1
                        buf.append(text[j])
                        j += 1
                    values.append("".join(buf))
                    i = j + 1
                node.setdefault(ident, []).extend(values)
            if on_main[-1] and not seen_child[-1]:
                nodes.append(node)
        else:
            i += 1
    return nodes


def count_result(text):
    m = re.fullmatch(r"\s*([BW])\+(\d+(?:\.\d*)?)\s*", text or "")
    if not m:
        return None
    half = round(float(m.group(2)) * 2)
    return half if m.group(1) == "B" else -half


def unpack(git, out):
    names = subprocess.run(["git", f"--git-dir={git}", "ls-tree", "--name-only", "HEAD",
                            ARCHIVES + "/"], capture_output=True, text=True,
                           check=True).stdout.split()
    games = os.path.join(out, "games")
    os.makedirs(games, exist_ok=True)
    present, absent = [], []
    for name in sorted(names):
        blob = subprocess.run(["git", f"--git-dir={git}", "show", f"HEAD:{name}"],
                              capture_output=True)
        if blob.returncode != 0 or not blob.stdout:
            absent.append(name)
            continue
        proc = subprocess.run(["tar", "xzf", "-", "-C", games], input=blob.stdout)
        if proc.returncode != 0:
            sys.exit(f"cannot unpack {name}")
        present.append(name)
    return present, absent


def candidates(out):
    """Rows of the games passing (a) and (b), in sorted order, and the rejection counts."""
    root = os.path.join(out, "games")
    files = sorted(os.path.relpath(os.path.join(d, f), out)
                   for d, _, fs in os.walk(root) for f in fs if f.lower().endswith(".sgf"))
    rejected = {"no territory marks at the end": 0, "result not a count": 0,
                "board not 9, 13 or 19": 0, "duplicate moves": 0}
    rows, seen = [], set()
    for rel in files:
        with open(os.path.join(out, rel), encoding="utf-8", errors="replace") as f:
            nodes = parse_sgf(f.read())
        if not nodes:
            continue
        root_node = nodes[0]
        get = lambda p: (root_node.get(p) or [""])[0].strip()
        if not any("TB" in nd or "TW" in nd for nd in nodes[-2:]):
            rejected["no territory marks at the end"] += 1
            continue
        result = get("RE")
        if count_result(result) is None:
            rejected["result not a count"] += 1
            continue
        size = get("SZ") or "19"
        if size not in ("9", "13", "19"):
            rejected["board not 9, 13 or 19"] += 1
            continue
        moves = [(("B", nd["B"][0]) if "B" in nd else ("W", nd["W"][0]))
                 for nd in nodes if "B" in nd or "W" in nd]
        key = (size, tuple(moves))
        if key in seen:
            rejected["duplicate moves"] += 1
            continue
        seen.add(key)
        trailing = 0
        for _, v in reversed(moves):
            if v not in ("", "tt"):  # "tt" is a pass in FF[3], off every board up to 19
                break
            trailing += 1
        rows.append({"file": rel, "RU_raw": get("RU"), "size": size, "komi": get("KM"),
                     "handicap": get("HA") or "0", "result": result, "moves": len(moves),
                     "trailing_passes": trailing})
    return rows, rejected


def check_marks(out, rows, tengen):
    """Adds `rules` and `counted` (Tengen's margin with the marks) to each row."""
    by_path = {os.path.realpath(os.path.join(out, r["file"])): r for r in rows}
    paths = list(by_path)
    for start in range(0, len(paths), 200):
        chunk = paths[start:start + 200]
        proc = subprocess.run([tengen, "score", "--dead", "marked", "--json", *chunk],
                              capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            if not line.startswith("{"):
                continue
            d = json.loads(line)
            row = by_path.get(os.path.realpath(d["file"]))
            if row is None or d.get("game", 1) != 1:
                continue
            row["rules"] = d.get("rules", "")
            row["counted"] = count_result(d.get("result", ""))


def manifest_line(r):
    return ",".join(str(x).replace(",", " ") for x in (
        r["file"], 0, r["rules"], r["RU_raw"], r["size"], r["komi"], r["handicap"],
        r["result"], r["moves"], r["trailing_passes"], "yes", "match"))


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("git_dir")
    parser.add_argument("out_dir")
    parser.add_argument("--tengen", default="target/release/tengen")
    args = parser.parse_args()
    out = os.path.abspath(args.out_dir)
    commit = subprocess.run(["git", f"--git-dir={args.git_dir}", "rev-parse", "HEAD"],
                            capture_output=True, text=True, check=True).stdout.strip()
    present, absent = unpack(args.git_dir, out)
    rows, rejected = candidates(out)
    check_marks(out, rows, args.tengen)
    kept = [r for r in rows if r.get("counted") is not None
            and r["counted"] == count_result(r["result"])]
    rejected["marks do not reproduce RE"] = len(rows) - len(kept)
    with open(os.path.join(out, "manifest.csv"), "w") as f:
        f.write(HEADER + "\n")
        for r in kept:
            f.write(manifest_line(r) + "\n")
    # Subsets, same rows and columns, for figures by rules and handicap (the halves stay the
    # same: they follow the `file` field).
    subsets = {
        "japanese": lambda r: r["rules"] == "japanese",
        "chinese": lambda r: r["rules"] == "chinese",
        "aga": lambda r: r["rules"] == "aga",
        "chinese-even": lambda r: r["rules"] == "chinese" and int(r["handicap"] or 0) < 2,
        "chinese-handicap": lambda r: r["rules"] == "chinese" and int(r["handicap"] or 0) >= 2,
    }
    for name, keep in subsets.items():
        with open(os.path.join(out, f"manifest-{name}.csv"), "w") as f:
            f.write(HEADER + "\n")
            for r in filter(keep, kept):
                f.write(manifest_line(r) + "\n")
    held = sum(fnv1a_odd(r["file"]) for r in kept)
    sizes = {}
    for r in kept:
        sizes[r["size"]] = sizes.get(r["size"], 0) + 1
    rules = {}
    for r in kept:
        rules[r["rules"] or "(none)"] = rules.get(r["rules"] or "(none)", 0) + 1
    total = sum(1 for d, _, fs in os.walk(os.path.join(out, "games")) for f in fs)
    lines = [
        "# Counted KGS games whose own marks reproduce RE (made by scripts/counted-corpus.py)",
        "",
        "Source: github.com/godmoves/Standard_Computer_Go_Dataset, commit " + commit,
        f"Archives unpacked ({len(present)}): " + ", ".join(os.path.basename(p) for p in present),
        f"Archives absent from the snapshot ({len(absent)}): "
        + ", ".join(os.path.basename(p) for p in absent),
        f"Records unpacked: {total}",
        "Rejected: " + "; ".join(f"{k}: {v}" for k, v in rejected.items()),
        f"Kept: {len(kept)} (held out: {held}, tuning: {len(kept) - held})",
        "By size: " + ", ".join(f"{k}x{k}: {v}" for k, v in sorted(sizes.items())),
        "By rules: " + ", ".join(f"{k}: {v}" for k, v in sorted(rules.items())),
        "",
        "Held out: the odd FNV-1a 64-bit hash of the manifest's `file` field "
        "(`tengen bench estimate --half held-out`); tuning: the even hash.",
    ]
    with open(os.path.join(out, "SOURCE.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
