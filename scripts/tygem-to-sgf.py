#!/usr/bin/env python3
"""Unpacks the Tygem 9-dan games of github.com/godmoves/Standard_Computer_Go_Dataset into one
SGF file per game, for `learn_gammas` (the table of the tree's priors; see BENCHMARKS.md).

    scripts/tygem-to-sgf.py GIT_DIR OUT_DIR 2010-09 2010-10 ...

GIT_DIR is the dataset's git directory (the tool library's `fetch` gives one); each month is
the archive `Tygem_9d_1516031/Kifu/<month>.zip`, whose lines are `id TAB ;B[..];W[..]...`.
The games go to OUT_DIR/<month>/<id>.sgf, outside the repository: the data is not committed.
The lines carry no komi; KM[6.5] is written because learning the priors ignores it.
"""
import io
import os
import subprocess
import sys
import zipfile


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    git, out, months = sys.argv[1], sys.argv[2], sys.argv[3:]
    for month in months:
        path = f"HEAD:Tygem_9d_1516031/Kifu/{month}.zip"
        blob = subprocess.run(["git", f"--git-dir={git}", "show", path],
                              capture_output=True).stdout
        if not blob:
            print(f"{month}: {path} is not in {git}", file=sys.stderr)
            continue
        archive = zipfile.ZipFile(io.BytesIO(blob))
        directory = os.path.join(out, month)
        os.makedirs(directory, exist_ok=True)
        games = 0
        for name in archive.namelist():
            for line in archive.read(name).decode("latin-1").splitlines():
                game_id, _, moves = line.partition("\t")
                moves = moves.strip()
                if not moves.startswith(";B["):
                    continue
                with open(os.path.join(directory, game_id.strip() + ".sgf"), "w") as f:
                    f.write("(;GM[1]FF[4]SZ[19]KM[6.5]" + moves + ")\n")
                games += 1
        print(month, games, "games", flush=True)


if __name__ == "__main__":
    main()
