#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster:
#   scripts/with-postgres.sh npx vitest run
# Starts a cluster in a temporary folder on a free loopback port, runs the
# command with DATABASE_URL set, then stops the cluster and deletes the folder.
# As root (CI) the cluster runs as the `postgres` user, since PostgreSQL
# refuses to run as root. Needs Debian's postgresql package (any version).
set -euo pipefail

PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
if [[ -z "$PG_BIN" || ! -x "$PG_BIN/initdb" ]]; then
  echo "with-postgres: PostgreSQL not found (apt-get install postgresql, or set PG_BIN)" >&2
  exit 1
fi
if [[ $# -eq 0 ]]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

as_owner() {
  if [[ "$(id -u)" == 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

dir="$(mktemp -d "${TMPDIR:-/tmp}/dfrm-pg.XXXXXX")"
chmod 755 "$dir"
[[ "$(id -u)" == 0 ]] && chown postgres: "$dir"

port="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"

cleanup() {
  as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT INT TERM

as_owner "$PG_BIN/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
# durability is pointless for a cluster that is deleted afterwards
as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -h 127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null \
  || { cat "$dir/server.log" >&2; exit 1; }

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on $DATABASE_URL" >&2
status=0
"$@" || status=$?
exit "$status"
