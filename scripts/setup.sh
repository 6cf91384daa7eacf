#!/usr/bin/env bash
# Installs what Tengen's tests need on a fresh Debian machine; does nothing that is already done.
# What it cannot install it names: Rust itself (Debian's is older than the workspace needs)
# stops the set-up; a missing rustfmt or clippy without rustup is only reported, since the
# tests run without them (CI's lint steps do not).
set -euo pipefail
cd "$(dirname "$0")/.."

missing() { echo "setup: cannot install $*" >&2; }

# Rust: without cargo nothing runs, and apt cannot help (Debian 12 packages Rust 1.63).
required="$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml)"
if ! command -v cargo >/dev/null 2>&1 || ! command -v rustc >/dev/null 2>&1; then
  missing "Rust: cargo and rustc are not on PATH. Install Rust $required or newer with rustup (https://rustup.rs), then run this again."
  exit 1
fi
have="$(rustc --version | cut -d' ' -f2)"
if ! printf '%s\n%s\n' "$required" "$have" | sort -V -C; then
  missing "Rust $required: rustc is $have. Update it (rustup update stable), then run this again."
  exit 1
fi

need_apt=()
# CI's structure check (scripts/check-structure.py), and the Python package's tests in a
# virtualenv (Debian keeps venv's pip bootstrap in python3-venv). The extension is built for
# the stable ABI: no python3-dev.
command -v python3 >/dev/null 2>&1 || need_apt+=(python3)
if ! command -v python3 >/dev/null 2>&1 || ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
  need_apt+=(python3-venv)
fi
[ -x /usr/games/gnugo ] || command -v gnugo >/dev/null 2>&1 || need_apt+=(gnugo)
if [ -d e2e ]; then
  command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need_apt+=(chromium)
  command -v node >/dev/null 2>&1 || need_apt+=(nodejs)
  command -v npm >/dev/null 2>&1 || need_apt+=(npm)
fi
# PostgreSQL's server programs (initdb, pg_ctl) live off PATH, under /usr/lib/postgresql.
# Installed only: no cluster is created.
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need_apt+=(postgresql)
if [ ${#need_apt[@]} -gt 0 ]; then
  as_root=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      as_root=(sudo)
    else
      missing "${need_apt[*]}: not root and no sudo. Run as root: apt-get install ${need_apt[*]}"
      exit 1
    fi
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    missing "${need_apt[*]}: no apt-get (not Debian?). Install them with the system's package manager."
    exit 1
  fi
  echo "setup: apt-get install ${need_apt[*]}"
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  hash -r
fi

# rustfmt and clippy: already working (whatever installed Rust), added with rustup, or named.
for tool in fmt clippy; do
  component="$tool"
  [ "$tool" = fmt ] && component=rustfmt
  cargo "$tool" --version >/dev/null 2>&1 && continue
  if command -v rustup >/dev/null 2>&1; then
    rustup component add "$component"
  else
    missing "$component: \`cargo $tool\` does not work and rustup is absent. Add it to your Rust installation; the tests run without it, CI's lint step (.ci/run) does not."
  fi
done

if [ -f e2e/package.json ] && [ ! -d e2e/node_modules ]; then
  if ! command -v npm >/dev/null 2>&1; then
    missing "the browser test's packages: npm is still not on PATH after installing it."
    exit 1
  fi
  echo "setup: npm install in e2e/"
  (cd e2e && npm install --no-audit --no-fund --silent)
fi
