#!/usr/bin/env bash
# Tengen's standings against OpenGotha's on random tournaments that Tengen pairs: for each
# seed, crates/tengen-club's `opengotha_compare` example writes the tournament (the line
# format of this folder) and Tengen's standings; OpenGotha ranks the same tournament; the two
# tables are diffed whole (places, scores, every tie-breaker, the crosstable).
#
# usage: OPENGOTHA_HOME=/path/to/opengotha-build scripts/opengotha/compare.sh PLAYERS ROUNDS SEEDS [swiss]
#   e.g. compare.sh 120 8 10        (120 players, 8 rounds, seeds 1..10, McMahon)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
players="${1:?players}"; rounds="${2:?rounds}"; seeds="${3:?seeds}"; system="${4:-}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$root" && cargo build -q --release -p tengen-club --example opengotha_compare)
target="${CARGO_TARGET_DIR:-$root/target}"
same=0
for seed in $(seq 1 "$seeds"); do
  dir="$work/$seed"
  "$target/release/examples/opengotha_compare" "$players" "$rounds" "$seed" "$dir" $system
  "$here/run.sh" standings "$dir/tournament.txt" 2>/dev/null | grep -v '^#' > "$dir/opengotha.tsv"
  if [ "$system" = swiss ]; then
    # OpenGotha's MMS column has no meaning in a Swiss tournament: left out of both.
    for f in opengotha tengen; do cut -f1-6,8- "$dir/$f.tsv" > "$dir/$f.cut"; mv "$dir/$f.cut" "$dir/$f.tsv"; done
  fi
  if diff "$dir/opengotha.tsv" "$dir/tengen.tsv" > "$dir/diff"; then
    same=$((same + 1))
  else
    echo "seed $seed: the standings differ (< OpenGotha, > Tengen):"
    head -20 "$dir/diff"
  fi
done
echo "$same of $seeds tournaments ($players players, $rounds rounds${system:+, $system}): standings identical to OpenGotha's"
[ "$same" -eq "$seeds" ]
