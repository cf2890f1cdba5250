#!/usr/bin/env bash
# Slow and stalled clients (issue 15, item 3), run by hand; figures in BENCHMARKS.md.
#
# A release `deckcheck serve` with its default settings on loopback. Valid traffic (wrk: POST
# /v1/decks/validate with a real deck on CONNECTIONS connections, and GET /health on a quarter
# as many) runs twice for DURATION seconds: alone,
# then beside CLIENTS slow clients (scripts/stall.py: a third stall after 200 KB of a 250 KB
# body, a third trickle a byte a second, a third stop in the request line; each starts again
# when answered). Prints both runs' throughput and p99, the server's resident memory (after
# start, after the first run, at its peak under the slow clients, after they left, and through
# a second wave of them alone), its peak of open files, its log, and what the slow clients were
# answered. Bounded in time (about 3 x DURATION + 40 s); stops the server itself.
#
#   scripts/stall.sh [CLIENTS=2000] [DURATION_SECONDS=20] [CONNECTIONS=32]
#
# Needs wrk (apt-get install wrk; installed if missing and run as root), python3, and the card
# data beside the repository (../shared/data, as CI has it).
set -euo pipefail
cd "$(dirname "$0")/.."
CLIENTS="${1:-2000}"
DURATION="${2:-20}"
CONNECTIONS="${3:-32}"
HEALTH_CONNECTIONS=$(( CONNECTIONS / 4 > 0 ? CONNECTIONS / 4 : 1 ))
PORT="${PORT:-18092}"
SHARED="$(cd .. && pwd)/shared/data"
export DECKCHECK_LCG_CARDS="${DECKCHECK_LCG_CARDS:-$SHARED/swlcg}"
export DECKCHECK_CCG_CARDS="${DECKCHECK_CCG_CARDS:-$SHARED/swccg}"
export DECKCHECK_LEGION_CARDS="${DECKCHECK_LEGION_CARDS:-$SHARED/legion/legion-hq}"
# The slow clients need a file each; so does the server (its own limit is the setting
# DECKCHECK_MAX_CONNECTIONS per worker, 1024 by default).
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
export SERVER_LOG
SERVER_LOG=$(mktemp)
source scripts/loopback.sh

rss() { awk '/VmRSS/ {print $2}' "/proc/$SERVER/status"; }
fds() { ls "/proc/$SERVER/fd" | wc -l; }
# One wrk run: prints "rps p99_ms errors".
measure() {
  wrk --latency -t1 "$@" | tee -a "$LOG" | awk '
    /Requests\/sec/ { rps = $2 }
    $1 == "99%" {
      p = $2
      if (p ~ /us$/) { sub(/us$/, "", p); p = p / 1000 }
      else if (p ~ /ms$/) { sub(/ms$/, "", p) }
      else if (p ~ /s$/) { sub(/s$/, "", p); p = p * 1000 }
      p99 = sprintf("%.2f", p)
    }
    /Non-2xx|Socket errors/ { errors = errors $0 ";" }
    END { printf "%s %s %s\n", rps, p99, (errors == "" ? "-" : errors) }'
}
# Valid traffic: validate and health at once, DURATION seconds; prints two lines.
traffic() {
  DECK_FILE="$BODY" measure -c"$CONNECTIONS" -d"${DURATION}s" -s scripts/post.lua \
    "http://127.0.0.1:$PORT/v1/decks/validate?as_of=2025-04-01" > "$LOG.v" &
  local v=$!
  measure -c"$HEALTH_CONNECTIONS" -d"${DURATION}s" "http://127.0.0.1:$PORT/health" > "$LOG.h"
  wait $v
  echo "validate $(cat "$LOG.v")"
  echo "health   $(cat "$LOG.h")"
}

LOG=$(mktemp)
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true; rm -f "$BODY" "$LOG" "$LOG".* "$SERVER_LOG"' EXIT
RSS_START=$(rss)
DECK_FILE="$BODY" wrk -t1 -c"$CONNECTIONS" -d3s -s scripts/post.lua \
  "http://127.0.0.1:$PORT/v1/decks/validate?as_of=2025-04-01" >/dev/null # warm-up

echo "== valid traffic alone (${DURATION} s; $CONNECTIONS validate + $HEALTH_CONNECTIONS health connections)"
alone=$(traffic)
echo "$alone"
RSS_ALONE=$(rss)

echo "== the same beside $CLIENTS slow clients"
python3 scripts/stall.py 127.0.0.1 "$PORT" "$CLIENTS" "$((DURATION + 15))" > "$LOG.stall" &
STALL=$!
( while kill -0 $STALL 2>/dev/null; do
    echo "$(rss) $(fds)" >> "$LOG.samples"; sleep 0.5
  done ) &
SAMPLER=$!
sleep 10 # every slow client connected and holding
beside=$(traffic)
echo "$beside"
wait $STALL
kill $SAMPLER 2>/dev/null || true
read -r PEAK_RSS PEAK_FDS < <(awk '{ if ($1 > r) r = $1; if ($2 > f) f = $2 } END { print r, f }' "$LOG.samples")
sleep 5
RSS_AFTER=$(rss)
# A second wave of the same slow clients, alone: the memory the first one left is reused, not
# added to.
python3 scripts/stall.py 127.0.0.1 "$PORT" "$CLIENTS" "$DURATION" > "$LOG.stall2" &
STALL=$!
: > "$LOG.samples"
while kill -0 $STALL 2>/dev/null; do echo "$(rss) $(fds)" >> "$LOG.samples"; sleep 0.5; done
read -r PEAK2_RSS _ < <(awk '{ if ($1 > r) r = $1; if ($2 > f) f = $2 } END { print r, f }' "$LOG.samples")
sleep 5
RSS_AFTER2=$(rss)
HEALTH_AFTER=$(curl -s -o /dev/null -w '%{http_code} in %{time_total} s' "http://127.0.0.1:$PORT/health")

echo
echo "slow clients: $(cat "$LOG.stall")"
echo "server log: $(grep -c . "$SERVER_LOG" || true) lines, $(wc -c < "$SERVER_LOG") bytes in all"
echo "server RSS: ${RSS_START} kB after start, ${RSS_ALONE} kB after the first run, peak ${PEAK_RSS} kB beside the slow clients, ${RSS_AFTER} kB 5 s after they left"
echo "second wave: peak ${PEAK2_RSS} kB, ${RSS_AFTER2} kB 5 s after; its clients: $(cat "$LOG.stall2")"
echo "server open files: peak ${PEAK_FDS}"
echo "health after: $HEALTH_AFTER"
p99() { awk -v w="$1" '$1 == w {print $3}' <<<"$2"; }
echo "validate p99: $(p99 validate "$alone") ms alone, $(p99 validate "$beside") ms beside the slow clients"
echo "health p99:   $(p99 health "$alone") ms alone, $(p99 health "$beside") ms beside the slow clients"
if grep -q 'Socket errors\|Non-2xx' <<<"$alone$beside"; then echo "ERRORS in valid traffic"; exit 1; fi
