#!/usr/bin/env bash
# Load test of the published lists (issue 27, item 5: at most 50 ms p99 with 8 parallel
# clients for a 10,000-player event), on loopback: a release `deckcheck serve` (loopback.sh)
# with an event of PLAYERS published lists restored into its store (`deckcheck events import`
# of what the store's example `published_load export` writes: lists shaped like real SWU
# lists, SWUDB JSON and text, about 2 KB each), then wrk with CONNECTIONS connections for
# DURATION seconds per phase:
#   1. pages of LIMIT lists (default 100, the route's default) from random offsets;
#   2. the same pages asked again with If-None-Match (a client's copy still good: 304);
#   3. pages of 1000 lists (the most a page holds).
# Prints wrk's answer and one line per phase: requests/s, p50, p99, errors.
#
#   scripts/published-load.sh [DURATION_SECONDS=10] [CONNECTIONS=8]
#
# PLAYERS (default 10000), THREADS (wrk's, default 2), PORT (default 18091). On PostgreSQL:
# DECKCHECK_DATABASE_URL=postgres://… (scripts/postgres.sh starts a throwaway server; the
# database must be empty of the event ev_load). DECKCHECK_BIN serves another binary.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${1:-10}"
CONNECTIONS="${2:-8}"
PLAYERS="${PLAYERS:-10000}"
THREADS="${THREADS:-2}"
PORT="${PORT:-18091}"
cargo build --release --quiet -p deckcheck-store --example published_load
source scripts/loopback.sh
EXPORT=$(mktemp)
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true; rm -rf "$BODY" "$DATA_DIR" "$EXPORT"' EXIT

target/release/examples/published_load export "$EXPORT" "$PLAYERS" >&2
DECKCHECK_DATA_DIR="$DATA_DIR" "$BIN" events import "$EXPORT" >&2
URL="http://127.0.0.1:$PORT/v1/events/ev_load/published"
ETAG=$(curl -sfI "$URL" | awk -F': ' 'tolower($1) == "etag" {gsub(/\r/, "", $2); print $2}')
[ -n "$ETAG" ] || { echo "published-load: no ETag from $URL" >&2; exit 1; }

# One phase: wrk with the given environment; prints "rps p50_ms p99_ms errors".
phase() {
  local out
  out=$(env "$@" EVENT=ev_load PLAYERS="$PLAYERS" wrk --latency -t"$THREADS" -c"$CONNECTIONS" \
    -d"${DURATION}s" -s scripts/published.lua "http://127.0.0.1:$PORT")
  echo "$out" >&2
  echo "$out" | awk '
    function ms(p) {
      if (p ~ /us$/) { sub(/us$/, "", p); return p / 1000 }
      if (p ~ /ms$/) { sub(/ms$/, "", p); return p }
      sub(/s$/, "", p); return p * 1000
    }
    /Requests\/sec/ { rps = $2 }
    $1 == "50%" { p50 = ms($2) }
    $1 == "99%" { p99 = ms($2) }
    /Non-2xx|Socket errors/ { errors = errors $0 ";" }
    END { printf "%s %.2f %.2f %s\n", rps, p50, p99, (errors == "" ? "-" : errors) }'
}

DURATION=2 phase LIMIT=100 >/dev/null 2>&1 # warm-up, not counted
echo "== $PLAYERS published lists, $CONNECTIONS connections, $THREADS wrk threads, ${DURATION}s per phase; load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
read -r r1 a1 b1 e1 <<<"$(phase LIMIT=100)"
read -r r2 a2 b2 e2 <<<"$(phase LIMIT=100 ETAG="$ETAG")"
read -r r3 a3 b3 e3 <<<"$(phase LIMIT=1000)"
echo
echo "$PLAYERS published lists, $CONNECTIONS connections ($(nproc) cores; load average after: $(cut -d' ' -f1-3 /proc/loadavg)):"
printf '  a page of 100 lists:            %8s req/s  p50 %6s ms  p99 %6s ms  errors %s\n' "$r1" "$a1" "$b1" "$e1"
printf '  the same, If-None-Match (304):  %8s req/s  p50 %6s ms  p99 %6s ms  errors %s\n' "$r2" "$a2" "$b2" "$e2"
printf '  a page of 1000 lists:           %8s req/s  p50 %6s ms  p99 %6s ms  errors %s\n' "$r3" "$a3" "$b3" "$e3"
