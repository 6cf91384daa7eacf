#!/usr/bin/env bash
# The SQLite tail study of BENCHMARKS.md: the load example at 2,000 moves/s on 2,000 games,
#   inproc    server and generator in one process (the example's default), unpinned;
#   pinned    `tengen serve` on core 0 and the generator on core 1 (taskset), apart;
#   unpinned  the same two processes, unpinned.
# Usage: scripts/load-study.sh [MODE...]   (RUNS=3 SECONDS_PER_RUN=30 RATE=2000 GAMES=2000 PORT=18080;
# SECONDS_PER_RUN, since bash keeps SECONDS for itself)
# Needs `cargo build --release -p tengen -p tengen-server --examples`. Give it the machine:
# other work on the same cores is what makes the tail (BENCHMARKS.md).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${CARGO_TARGET_DIR:-target}/release
runs=${RUNS:-3} secs=${SECONDS_PER_RUN:-30} rate=${RATE:-2000} games=${GAMES:-2000} port=${PORT:-18080}
db=$(mktemp -d)/study.db
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$(dirname "$db")"' EXIT

serve() { # CPU list (empty: unpinned)
  local pin=() i
  [ -n "$1" ] && pin=(taskset -c "$1")
  rm -f "$db" "$db-wal" "$db-shm"
  "${pin[@]}" "$bin/tengen" serve --db "$db" --addr "127.0.0.1:$port" \
    --max-conns-per-ip 1000000 --games-burst 1000000 >/dev/null 2>&1 &
  server=$!
  for i in $(seq 100); do
    curl -sf -o /dev/null "http://127.0.0.1:$port/api/info" && return
    sleep 0.1
  done
  echo "load-study: tengen serve did not start on port $port" >&2
  exit 1
}

stop_server() { kill "$server"; wait "$server" 2>/dev/null || true; server=; }

modes=("$@"); [ ${#modes[@]} -gt 0 ] || modes=(inproc pinned unpinned)
for mode in "${modes[@]}"; do
  for run in $(seq "$runs"); do
    echo "== $mode #$run: $(uptime)"
    load=("$bin/examples/load" --games "$games" --rate "$rate" --seconds "$secs" --slowest 3)
    case $mode in
      inproc) "${load[@]}" | grep '^load:' | tail -n 4 ;;
      pinned) serve 0; taskset -c 1 "${load[@]}" --addr "127.0.0.1:$port" | grep '^load:' | tail -n 4; stop_server ;;
      unpinned) serve ""; "${load[@]}" --addr "127.0.0.1:$port" | grep '^load:' | tail -n 4; stop_server ;;
      *) echo "load-study: unknown mode $mode (inproc, pinned, unpinned)" >&2; exit 2 ;;
    esac
  done
done
