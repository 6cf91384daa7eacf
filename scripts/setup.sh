#!/usr/bin/env bash
# Installs what Tengen's tests need on a fresh Debian machine; does nothing that is already done.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
[ -x /usr/games/gnugo ] || command -v gnugo >/dev/null 2>&1 || need_apt+=(gnugo)
if [ -d e2e ]; then
  command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need_apt+=(chromium)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup: apt-get install ${need_apt[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt
rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy

if [ -f e2e/package.json ] && [ ! -d e2e/node_modules ]; then
  echo "setup: npm install in e2e/"
  (cd e2e && npm install --no-audit --no-fund --silent)
fi
