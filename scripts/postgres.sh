#!/usr/bin/env bash
# A throwaway PostgreSQL server for the event store's tests and benchmarks: Debian's postgresql
# package (installed with apt when missing, as root), a new cluster in a temporary directory,
# run as the postgres user, listening on loopback only.
#
#   eval "$(scripts/postgres.sh start)"   # exports DECKCHECK_TEST_DATABASE_URL and PGDEMO_DIR
#   scripts/postgres.sh stop "$PGDEMO_DIR"
#
# `start` prints the export lines on stdout (progress goes to stderr). PORT picks the port
# (default: a free one).
set -euo pipefail

cmd="${1:-start}"
run_as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

bindir() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1
}

case "$cmd" in
  start)
    if [ -z "$(bindir)" ]; then
      [ "$(id -u)" = 0 ] || { echo "postgres.sh: PostgreSQL is not installed (apt-get install postgresql, as root)" >&2; exit 1; }
      echo "postgres.sh: installing postgresql (apt)" >&2
      (timeout 300 apt-get update -qq && DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -qq postgresql) >/dev/null \
        || { echo "postgres.sh: apt-get install postgresql failed" >&2; exit 1; }
    fi
    BIN="$(bindir)"
    DIR="$(mktemp -d /tmp/deckcheck-pg.XXXXXX)"
    if [ "$(id -u)" = 0 ]; then chown postgres: "$DIR"; fi
    PORT="${PORT:-$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')}"
    run_as_postgres "$BIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 \
      || { cat "$DIR/initdb.log" >&2; exit 1; }
    # Loopback only, a socket in the cluster's own directory, and enough connections for two
    # service replicas and the tests.
    run_as_postgres "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$DIR -c max_connections=200 -c fsync=on" start >&2 \
      || { cat "$DIR/server.log" >&2; exit 1; }
    echo "export DECKCHECK_TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    echo "export PGDEMO_DIR=$DIR"
    ;;
  stop)
    DIR="${2:?give the directory start printed (PGDEMO_DIR)}"
    run_as_postgres "$(bindir)/pg_ctl" -D "$DIR/data" -m fast -w stop >&2 || true
    rm -rf "$DIR"
    ;;
  *)
    echo "usage: scripts/postgres.sh start | stop DIR" >&2
    exit 2
    ;;
esac
