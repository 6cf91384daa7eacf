#!/usr/bin/env bash
# The browser end-to-end test: starts an already-built `tengen serve` on a free loopback
# port with a fresh database, runs the node test (playwright-core + Debian's chromium),
# and stops the server. Builds nothing: run `cargo build --release -p tengen` first (the
# binary is looked for where cargo puts it: $CARGO_TARGET_DIR, relative to the repository
# root, or target/).
set -euo pipefail
cd "$(dirname "$0")"
root="$(cd .. && pwd)"
target="${CARGO_TARGET_DIR:-target}"
case "$target" in
  /*) ;;
  *) target="$root/$target" ;;
esac
bin=""
for candidate in "$target/release/tengen" "$target/debug/tengen"; do
  if [ -x "$candidate" ]; then bin="$candidate"; break; fi
done
if [ -z "$bin" ]; then
  echo "e2e: no $target/release/tengen or $target/debug/tengen: build it first (cargo build --release -p tengen)" >&2
  exit 1
fi
[ -d node_modules/playwright-core ] || npm install --no-audit --no-fund --silent
tmp="$(mktemp -d)"
out="$tmp/server.out"
# Every test's browser is 127.0.0.1: one address creating more games than the default burst
# (10) allows a player.
"$bin" serve --addr 127.0.0.1:0 --db "$tmp/e2e.db" --games-burst 100 >"$out" 2>"$tmp/server.err" &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
for _ in $(seq 1 100); do
  grep -q 'http://' "$out" 2>/dev/null && break
  sleep 0.1
done
url="$(grep -o 'http://[0-9.:]*' "$out" | head -1)"
if [ -z "$url" ]; then
  echo "e2e: the server did not start" >&2
  cat "$tmp/server.err" >&2
  exit 1
fi
echo "e2e: $bin serving on $url"
# One browser at a time (2 cores in CI); `e2e/run.sh chat.test.mjs` runs one file.
if [ "$#" -eq 0 ]; then set -- play.test.mjs end.test.mjs chat.test.mjs phone.test.mjs review.test.mjs record.test.mjs club.test.mjs links.test.mjs tournament.test.mjs estimate.test.mjs; fi
# TENGEN_BIN: for the tests that start (and stop) a server of their own; TENGEN_DB: the
# shared server's database, for `tengen admin`.
TENGEN_URL="$url" TENGEN_BIN="$bin" TENGEN_DB="$tmp/e2e.db" node --test --test-concurrency=1 "$@"
