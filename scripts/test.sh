#!/usr/bin/env bash
# Every test Tengen has, after installing what they need: unit, property, integration,
# GNU Go peer tests, and the browser end-to-end test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PATH:/usr/games"
cargo build --release -p tengen
cargo test --workspace --release
# The playout benchmark as a test: Tengen and go_game_board must print the same reference
# checksums (PLAYOUT.md's and others), and every criterion benchmark runs once.
cargo test --release -p tengen-core --benches
if [ -x e2e/run.sh ]; then
  bash e2e/run.sh
fi
