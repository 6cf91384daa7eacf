#!/usr/bin/env bash
# Checks scripts/setup.sh as a fresh Debian machine would run it, in seconds and without the
# network: on a PATH without Node.js, npm and rustup (a temporary directory of links to
# everything else), with apt-get, sudo and npm replaced by stubs that log their arguments
# (the apt-get stub "installs" nodejs and npm as more stubs). The set-up must ask apt for
# nodejs and npm and then run npm install; skip rustup when rustfmt and clippy work; name
# clippy when it is missing too; and stop, naming Rust, when cargo is absent.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# A copy of what setup.sh reads, so that its npm install meets a tree without node_modules.
mkdir -p "$tmp/repo/scripts" "$tmp/repo/e2e"
cp "$repo/scripts/setup.sh" "$tmp/repo/scripts/"
cp "$repo/Cargo.toml" "$tmp/repo/"
cp "$repo/e2e/package.json" "$tmp/repo/e2e/"

# base/: links to every program on PATH except the ones a fresh machine lacks.
hidden=" node nodejs npm npx corepack rustup apt-get sudo "
mkdir -p "$tmp/base"
IFS=: read -ra path_dirs <<<"$PATH"
for entry in "${path_dirs[@]}"; do
  [ -d "$entry" ] || continue
  for program in "$entry"/*; do
    name="${program##*/}"
    [ -x "$program" ] && [ ! -d "$program" ] || continue
    case "$hidden" in *" $name "*) continue ;; esac
    [ -e "$tmp/base/$name" ] || ln -s "$program" "$tmp/base/$name"
  done
done

log="$tmp/calls.log"
make_stubs() {
  local dir="$1"
  printf '#!/bin/sh\necho "npm $*" >>"%s"\n' "$log" >"$tmp/npm-stub"
  printf '#!/bin/sh\necho "node $*" >>"%s"\n' "$log" >"$tmp/node-stub"
  chmod +x "$tmp/npm-stub" "$tmp/node-stub"
  cat >"$dir/apt-get" <<EOF
#!/bin/sh
echo "apt-get \$*" >>"$log"
for package in "\$@"; do
  case "\$package" in
    nodejs) ln -sf "$tmp/node-stub" "$dir/node" ;;
    npm) ln -sf "$tmp/npm-stub" "$dir/npm" ;;
  esac
done
EOF
  printf '#!/bin/sh\necho "sudo $*" >>"%s"\nexec "$@"\n' "$log" >"$dir/sudo"
  chmod +x "$dir/apt-get" "$dir/sudo"
}

failures=0
fail() { echo "check-setup: FAIL: $*" >&2; failures=$((failures + 1)); }

# run NAME SKIP: setup.sh on a fresh bin/ that also lacks the programs in SKIP.
run() {
  local name="$1" skip="$2" dir="$tmp/$1-bin"
  : >"$log"
  rm -rf "$tmp/repo/e2e/node_modules"
  cp -a "$tmp/base" "$dir"
  for program in $skip; do rm -f "$dir/$program"; done
  make_stubs "$dir"
  set +e
  # CARGO_HOME elsewhere: cargo also looks for subcommands (cargo-clippy) in its bin/.
  env -i HOME="$HOME" PATH="$dir" CARGO_HOME="$tmp/cargo-home" \
    RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}" \
    bash "$tmp/repo/scripts/setup.sh" >"$tmp/$name.out" 2>"$tmp/$name.err"
  status=$?
  set -e
}

run fresh ""
[ "$status" -eq 0 ] || fail "fresh: exit $status: $(cat "$tmp/fresh.err")"
grep -q '^apt-get install .*nodejs' "$log" || fail "fresh: apt-get was not asked for nodejs"
grep -q '^apt-get install .*npm' "$log" || fail "fresh: apt-get was not asked for npm"
grep -q '^npm install' "$log" || fail "fresh: npm install did not run after installing npm"
if grep -q rustup "$tmp/fresh.err"; then fail "fresh: rustup was wanted although rustfmt and clippy work"; fi

run no_clippy " cargo-clippy clippy-driver "
[ "$status" -eq 0 ] || fail "no_clippy: exit $status: $(cat "$tmp/no_clippy.err")"
grep -q 'cannot install clippy' "$tmp/no_clippy.err" || fail "no_clippy: clippy is not named: $(cat "$tmp/no_clippy.err")"

run no_rust " cargo rustc "
[ "$status" -eq 1 ] || fail "no_rust: exit $status, not 1"
grep -q 'cannot install Rust' "$tmp/no_rust.err" || fail "no_rust: Rust is not named: $(cat "$tmp/no_rust.err")"

if [ "$failures" -gt 0 ]; then
  exit 1
fi
echo "check-setup: setup.sh installs nodejs and npm when absent, skips rustup when rustfmt and clippy work, and names what it cannot install"
