#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests and benchmarks, from Debian's `postgresql`:
#   scripts/pg.sh start   creates and starts one in a temporary directory, prints its URL
#   scripts/pg.sh url     prints the URL of the running one
#   scripts/pg.sh stop    stops it and removes the directory
# It listens on 127.0.0.1 at a free port (password login, scram-sha-256) and on a Unix socket
# in its directory. Run as root, the cluster runs as the user `postgres` (PostgreSQL refuses
# to run as root). One cluster per checkout and user; TENGEN_PG_DIR overrides the directory.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
dir=${TENGEN_PG_DIR:-${TMPDIR:-/tmp}/tengen-pg-$(id -u)-$(printf %s "$repo" | cksum | cut -d' ' -f1)}

bindir() {
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -n "$d" ] && [ -x "$d/initdb" ]; then echo "$d"; return; fi
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return; fi
  echo "pg.sh: PostgreSQL's initdb is not installed (apt-get install postgresql)" >&2
  exit 1
}

# Runs a PostgreSQL program as the cluster's owner.
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || { echo "pg.sh: no user postgres to run the cluster as" >&2; exit 1; }
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

free_port() {
  local p
  for p in $(seq $((20000 + RANDOM % 20000)) 1 45000); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
  done
  echo "pg.sh: no free port" >&2
  exit 1
}

running() {
  [ -f "$dir/url" ] && as_owner "$(bindir)/pg_ctl" -D "$dir/data" status >/dev/null 2>&1
}

case "${1:-}" in
  start)
    if running; then cat "$dir/url"; exit 0; fi
    rm -rf "$dir"
    mkdir -p "$dir"
    bin=$(bindir)
    password=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
    printf '%s\n' "$password" >"$dir/password"
    [ "$(id -u)" = 0 ] && chown -R postgres "$dir"
    chmod 700 "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U tengen -E UTF8 --no-sync \
      --auth-local=trust --auth-host=scram-sha-256 --pwfile="$dir/password" >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; exit 1; }
    port=$(free_port)
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir -c max_connections=300" \
      start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    as_owner "$bin/createdb" -h "$dir" -p "$port" -U tengen tengen
    echo "postgres://tengen:$password@127.0.0.1:$port/tengen" >"$dir/url"
    cat "$dir/url"
    ;;
  url)
    running || { echo "pg.sh: no cluster running (scripts/pg.sh start)" >&2; exit 1; }
    cat "$dir/url"
    ;;
  stop)
    if [ -d "$dir/data" ]; then
      as_owner "$(bindir)/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: scripts/pg.sh start|url|stop" >&2
    exit 2
    ;;
esac
