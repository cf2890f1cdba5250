#!/usr/bin/env bash
# Issue 35's numbers for BENCHMARKS.md, in one run on loopback: the service before (BEFORE, main
# at 4ab891c: per-client limits in each process, the roster counted at every registration) and
# after (this checkout: limits in PostgreSQL when it is the store, counts on the event's row, the
# database's clock, idempotent writes), each
#   - on SQLite (one service) and on PostgreSQL (two replicas on one database, Debian's package,
#     a throwaway cluster from scripts/postgres.sh, fsync on);
#   - rate: CLIENTS clients (100) register PLAYERS players (2,000) in all, each as the page does
#     (the code looked up, then the list sent; the after binary with an Idempotency-Key);
#   - lookups: CLIENTS clients look a code up LOOKUPS times (20,000): all a lookup spends
#     besides reading the event is its per-client limit, so the difference is what keeping the
#     limits in the database costs;
#   - growth: one event filled to GROWTH players (10,000), 300 registrations one at a time before
#     and after: milliseconds and store CPU per registration (SQLite: the service's process,
#     which judges the list too; PostgreSQL: the database's backends).
# Each submission is the real 60-card Wichita PQ list (melee text). Limits are raised so nothing
# is refused for being many (DECKCHECK_LOOKUP_RATE, and the before binary's
# DECKCHECK_REGISTRATION_RATE); events are created with the service's shared key.
#
#   scripts/contention-load.sh
#
# Builds both release binaries (the before one from `git archive BEFORE`, in this target
# directory), starts and stops everything itself.
set -euo pipefail
cd "$(dirname "$0")/.."
BEFORE="${BEFORE:-4ab891c}"
CLIENTS="${CLIENTS:-100}"
PLAYERS="${PLAYERS:-2000}"
LOOKUPS="${LOOKUPS:-20000}"
GROWTH="${GROWTH:-10000}"
KEY=contention-load-key
export DECKCHECK_CARDS="${DECKCHECK_CARDS:-$(cd .. && pwd)/shared/data/swu/cards}"
DECK="$(cd "$DECKCHECK_CARDS/.." && pwd)/decks/tournament/wichita-pq-4th-han-solo.melee.txt"
test -f "$DECK" || { echo "contention-load: no deck at $DECK" >&2; exit 1; }
SHARED="$(cd "$DECKCHECK_CARDS/../.." && pwd)"
for pair in "DECKCHECK_LCG_CARDS:swlcg" "DECKCHECK_CCG_CARDS:swccg" "DECKCHECK_LEGION_CARDS:legion/legion-hq"; do
  var=${pair%%:*}; dir="$SHARED/${pair#*:}"
  [ -d "$dir" ] && export "$var=${!var:-$dir}"
done
WORK=$(mktemp -d)
PIDS=()
PGDIR=""
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  [ -n "$PGDIR" ] && bash scripts/postgres.sh stop "$PGDIR"
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

echo "== building: before ($BEFORE) and after ($(git rev-parse --short HEAD)$(git diff --quiet || echo '+changes'))" >&2
mkdir -p "$WORK/before-src" "$WORK/bin"
git archive "$BEFORE" | tar -x -C "$WORK/before-src"
(cd "$WORK/before-src" && CARGO_TARGET_DIR="$OLDPWD/target" cargo build --release --locked --quiet --bin deckcheck)
cp target/release/deckcheck "$WORK/bin/before"
cargo build --release --locked --quiet --bin deckcheck --example contention_load
cp target/release/deckcheck "$WORK/bin/after"
LOAD=target/release/examples/contention_load

free_port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }
serve() { # serve BINARY PORT [DATABASE_URL]: the pid in SERVED
  local bin=$1 port=$2
  env -u DECKCHECK_DATABASE_URL DECKCHECK_DATA_DIR="$WORK/data-$port" DECKCHECK_ADDR="127.0.0.1:$port" \
    DECKCHECK_CREATE_KEY="$KEY" DECKCHECK_LOOKUP_RATE=1000000 DECKCHECK_REGISTRATION_RATE=1000000 \
    ${3:+DECKCHECK_DATABASE_URL="$3"} "$WORK/bin/$bin" serve >"$WORK/serve-$port.log" 2>&1 &
  SERVED=$!
  PIDS+=("$SERVED")
  for _ in $(seq 1 240); do
    curl -sf "http://127.0.0.1:$port/ready" >/dev/null && return 0
    sleep 0.25
  done
  cat "$WORK/serve-$port.log" >&2
  return 1
}
stop_all() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  PIDS=()
}
measure() { # measure LABEL URLS [VAR=VALUE: whose CPU the store's is]
  echo "-- $1"
  env CREATE_KEY="$KEY" "$LOAD" rate "$2" "$DECK" "$CLIENTS" "$PLAYERS"
  env CREATE_KEY="$KEY" "$LOAD" lookups "$2" "$DECK" "$CLIENTS" "$LOOKUPS"
  env CREATE_KEY="$KEY" ${3:+"$3"} "$LOAD" growth "$2" "$DECK" "$GROWTH"
}

echo "== load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for bin in before after; do
  echo "== SQLite, one service: $bin"
  P=$(free_port)
  serve "$bin" "$P"
  measure "$bin on SQLite" "http://127.0.0.1:$P" "CPU_PIDS=$SERVED"
  stop_all
done

eval "$(bash scripts/postgres.sh start)"
PGDIR="$PGDEMO_DIR"
PSQL="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)/psql"
POSTMASTER=$(head -1 "$PGDIR/data/postmaster.pid")
for bin in before after; do
  echo "== PostgreSQL, two replicas: $bin"
  "$PSQL" "$DECKCHECK_TEST_DATABASE_URL" -qc "CREATE DATABASE load_$bin" >/dev/null
  URL="${DECKCHECK_TEST_DATABASE_URL%/*}/load_$bin"
  P1=$(free_port); P2=$(free_port)
  serve "$bin" "$P1" "$URL"
  serve "$bin" "$P2" "$URL"
  measure "$bin on PostgreSQL (two replicas)" "http://127.0.0.1:$P1,http://127.0.0.1:$P2" "CPU_PPID=$POSTMASTER"
  stop_all
done
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
