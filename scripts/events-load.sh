#!/usr/bin/env bash
# Load test of event registration (issue 19, item 9), on loopback, numbers for BENCHMARKS.md:
#  1. one service on SQLite (its default store): PLAYERS players registering at once;
#  2. two service replicas sharing one PostgreSQL (Debian's package, a throwaway cluster from
#     scripts/postgres.sh): PLAYERS players at once, alternating between the replicas; then a
#     registration on one is read at once on the other, and a lock on one is honored by both.
#
#   scripts/events-load.sh [PLAYERS=1000]
#
# Each submission is the real 60-card Wichita PQ list (melee text), checked in full. Registering
# with a valid code is bounded by the event, not the client (issue 35); the per-client
# registration budget it had before (DECKCHECK_REGISTRATION_RATE, still set here for a binary
# built before) is gone. Bounded: the services and the cluster are stopped at the end.
# scripts/contention-load.sh measures issue 35's changes (100 clients, before and after).
set -euo pipefail
cd "$(dirname "$0")/.."
PLAYERS="${1:-1000}"
export DECKCHECK_CARDS="${DECKCHECK_CARDS:-$(cd .. && pwd)/shared/data/swu/cards}"
DECK="$(cd "$DECKCHECK_CARDS/.." && pwd)/decks/tournament/wichita-pq-4th-han-solo.melee.txt"
test -f "$DECK" || { echo "events-load: no deck at $DECK" >&2; exit 1; }
PIDS=()
PGDIR=""
DATA=$(mktemp -d)
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  [ -n "$PGDIR" ] && bash scripts/postgres.sh stop "$PGDIR"
  rm -rf "$DATA"
}
trap cleanup EXIT INT TERM

cargo build --release --locked --quiet --bin deckcheck --example events_load
BIN=target/release/deckcheck
LOAD=target/release/examples/events_load

free_port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }
serve() { # serve PORT [DATABASE_URL]
  local port=$1
  env -u DECKCHECK_DATABASE_URL DECKCHECK_DATA_DIR="$DATA/$port" DECKCHECK_ADDR="127.0.0.1:$port" \
    DECKCHECK_REGISTRATION_RATE=1000000 ${2:+DECKCHECK_DATABASE_URL="$2"} \
    "$BIN" serve >"$DATA/serve-$port.log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 240); do
    curl -sf "http://127.0.0.1:$port/ready" >/dev/null && return 0
    sleep 0.25
  done
  cat "$DATA/serve-$port.log" >&2
  return 1
}
# The other games from ../shared when there (a first start would fetch them otherwise).
SHARED="$(cd "$DECKCHECK_CARDS/../.." && pwd)"
for pair in "DECKCHECK_LCG_CARDS:swlcg" "DECKCHECK_CCG_CARDS:swccg" "DECKCHECK_LEGION_CARDS:legion/legion-hq"; do
  var=${pair%%:*}; dir="$SHARED/${pair#*:}"
  [ -d "$dir" ] && export "$var=${!var:-$dir}"
done

echo "== SQLite (one service, default store)"
P1=$(free_port)
serve "$P1"
"$LOAD" "http://127.0.0.1:$P1" "$DECK" "$PLAYERS"
ls -l "$DATA/$P1"/events.sqlite3* | awk '{print "   " $5 " bytes  " $9}'
kill "${PIDS[@]}"; wait 2>/dev/null || true; PIDS=()

echo "== PostgreSQL (two replicas, one database)"
eval "$(bash scripts/postgres.sh start)"
PGDIR="$PGDEMO_DIR"
URL="$DECKCHECK_TEST_DATABASE_URL"
P2=$(free_port); P3=$(free_port)
serve "$P2" "$URL"
serve "$P3" "$URL"
"$LOAD" "http://127.0.0.1:$P2,http://127.0.0.1:$P3" "$DECK" "$PLAYERS"
