#!/usr/bin/env bash
# Every test Tengen has, after installing what they need: unit, property, integration,
# GNU Go peer tests, and the browser end-to-end test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PATH:/usr/games"
# A throwaway PostgreSQL for the tests of the PostgreSQL store (scripts/pg.sh), stopped at exit.
TENGEN_TEST_POSTGRES_URL=$(bash scripts/pg.sh start)
export TENGEN_TEST_POSTGRES_URL
trap 'bash scripts/pg.sh stop' EXIT
cargo build --release -p tengen
cargo test --workspace --release
# The playout benchmark as a test: Tengen and go_game_board must print the same reference
# checksums (docs/playout.md's and others), and every criterion benchmark runs once.
cargo test --release -p tengen-core --benches
if [ -x e2e/run.sh ]; then
  bash e2e/run.sh
fi
