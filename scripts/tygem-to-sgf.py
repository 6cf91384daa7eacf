#!/usr/bin/env python3
"""Unpacks the Tygem 9-dan games of github.com/godmoves/Standard_Computer_Go_Dataset into one
SGF file per game, for `learn_gammas` (the table of the tree's priors; see BENCHMARKS.md), or,
with --counted, into a corpus of counted games for `tengen bench estimate` (issue 40).

    scripts/tygem-to-sgf.py [--counted] GIT_DIR OUT_DIR 2010-09 2010-10 ...

GIT_DIR is the dataset's git directory (the tool library's `fetch` gives one); each month is
the archive `Tygem_9d_1516031/Kifu/<month>.zip`, whose lines are `id TAB ;B[..];W[..]...`.
The games go to OUT_DIR/<month>/<id>.sgf, outside the repository: the data is not committed.
The lines carry no komi; KM[6.5] is written, Tygem's komi for even games under its (Korean)
rules, which count territory as the Japanese rules do.

--counted keeps only the games whose result in the year's index
(`Tygem_9d_1516031/index/Kifu<year>.index.tar.gz`, one line per game: id, date, the two
players, the result, the number of moves, the time limit) is a count, B+N or W+N, not a
resignation, time or disconnection, and whose number of moves is the record's. Each record
gets RE and RU[Korean] (the Japanese preset), and OUT_DIR/manifest.csv lists them with the
columns of ../shared/data/go-counted-games-dev/manifest.csv. The records carry no territory
marks, so the oracle is the result alone; no game is chosen by what an estimator says of it.
"""
import argparse
import io
import os
import re
import subprocess
import sys
import tarfile
import zipfile

HEADER = ("file,game_index,rules,RU_raw,size,komi,handicap,result,moves,trailing_passes,"
          "territory_markup,markup_check")
COUNT = re.compile(r"^[BW]\+\d+(\.\d+)?$")


def git_blob(git, path):
    return subprocess.run(["git", f"--git-dir={git}", "show", f"HEAD:{path}"],
                          capture_output=True).stdout


def counted_results(git, year):
    """{game id: (result, moves)} of the year's games whose result is a count."""
    blob = git_blob(git, f"Tygem_9d_1516031/index/Kifu{year}.index.tar.gz")
    if not blob:
        sys.exit(f"the index of {year} is not in {git}")
    results = {}
    with tarfile.open(fileobj=io.BytesIO(blob)) as archive:
        for member in archive.getmembers():
            if not member.isfile():
                continue
            for line in archive.extractfile(member).read().decode("utf-8", "replace").splitlines():
                fields = line.split("\t")
                if len(fields) >= 10 and COUNT.match(fields[8]) and fields[9].isdigit():
                    results[fields[0].strip()] = (fields[8], int(fields[9]))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--counted", action="store_true",
                        help="keep only counted games, with RE, and write manifest.csv")
    parser.add_argument("git")
    parser.add_argument("out")
    parser.add_argument("months", nargs="+")
    args = parser.parse_args()
    counted, git, out, months = args.counted, args.git, args.out, args.months
    years = {}
    rows = []
    for month in months:
        path = f"Tygem_9d_1516031/Kifu/{month}.zip"
        blob = git_blob(git, path)
        if not blob:
            print(f"{month}: {path} is not in {git}", file=sys.stderr)
            continue
        if counted and month[:4] not in years:
            years[month[:4]] = counted_results(git, month[:4])
        archive = zipfile.ZipFile(io.BytesIO(blob))
        directory = os.path.join(out, month)
        os.makedirs(directory, exist_ok=True)
        games = 0
        for name in archive.namelist():
            for line in archive.read(name).decode("latin-1").splitlines():
                game_id, _, moves = line.partition("\t")
                game_id, moves = game_id.strip(), moves.strip()
                if not moves.startswith(";B["):
                    continue
                header = "(;GM[1]FF[4]SZ[19]KM[6.5]"
                if counted:
                    result, length = years[month[:4]].get(game_id, (None, 0))
                    if result is None or moves.count(";") != length:
                        continue
                    header += f"RU[Korean]RE[{result}]"
                    rows.append(f"{month}/{game_id}.sgf,0,japanese,Korean,19,6.5,0,{result},"
                                f"{length},0,no,")
                with open(os.path.join(directory, game_id + ".sgf"), "w") as f:
                    f.write(header + moves + ")\n")
                games += 1
        print(month, games, "games", flush=True)
    if counted:
        with open(os.path.join(out, "manifest.csv"), "w") as f:
            f.write(HEADER + "\n" + "".join(row + "\n" for row in rows))


if __name__ == "__main__":
    main()
