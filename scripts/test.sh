#!/usr/bin/env bash
# Every test Tengen has, after installing what they need: unit, property, integration,
# GNU Go peer tests, the Python package's tests, and the browser end-to-end test.
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
# The Python package (crates/tengen-py): a virtualenv beside the build, not in the sources;
# maturin, NumPy and pytest from PyPI; one release build of the extension, installed; then
# its tests, the docstrings' examples among them.
# An absolute path: pip runs the build elsewhere, where a relative PATH entry finds nothing.
pyenv="$(realpath -m "${CARGO_TARGET_DIR:-target}")/pyenv"
"$pyenv/bin/python" -c "" 2>/dev/null || python3 -m venv --clear "$pyenv"
"$pyenv/bin/python" -m pip install --quiet --disable-pip-version-check maturin numpy pytest
# No build isolation: the maturin just installed builds (pip would fetch another), found on PATH.
PATH="$pyenv/bin:$PATH" "$pyenv/bin/python" -m pip install --quiet --disable-pip-version-check \
  --no-cache-dir --no-build-isolation --force-reinstall --no-deps ./crates/tengen-py
"$pyenv/bin/python" -m pytest -q -p no:cacheprovider crates/tengen-py/tests
if [ -x e2e/run.sh ]; then
  bash e2e/run.sh
fi
