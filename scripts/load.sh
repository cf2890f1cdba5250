#!/usr/bin/env bash
# Load test of the HTTP service on loopback (issue 4 / issue 7): saturates GET /health, then
# POST /v1/decks/validate with a real 60-card SWUDB JSON deck, in one run on the same server,
# and prints both throughputs, their ratio (target: validate >= 0.7 x health) and latencies.
# Bounded: each phase runs DURATION seconds; the server is stopped at the end.
#
#   scripts/load.sh [DURATION_SECONDS=20] [CONNECTIONS=64]
#
# Needs wrk (Debian package `wrk`; installed if missing and we are root) and the card catalog
# (DECKCHECK_CARDS, default ../shared/data/swu/cards).
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${1:-20}"
CONNECTIONS="${2:-64}"
THREADS="${THREADS:-2}"
PORT="${PORT:-18090}"
source scripts/loopback.sh
RSS_START=$(awk '/VmRSS/ {print $2}' /proc/$SERVER/status)

cpu_ticks() { awk '{print $14 + $15}' /proc/$SERVER/stat; }
run() { # name, then wrk arguments; also prints the server's CPU time per request
  local name=$1; shift
  echo "== $name: $CONNECTIONS connections, $THREADS threads, ${DURATION}s" >&2
  local before out after
  before=$(cpu_ticks)
  out=$(wrk --latency -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" "$@")
  after=$(cpu_ticks)
  echo "$out" >&2
  echo "$out"
  echo "$out" | awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" \
    '/requests in/ {printf "server CPU per request: %.1f us\n", t / hz * 1e6 / $1}'
}
health=$(run "GET /health" "http://127.0.0.1:$PORT/health")
validate=$(DECK_FILE="$BODY" run "POST /v1/decks/validate" -s scripts/post.lua "http://127.0.0.1:$PORT/v1/decks/validate?as_of=2025-04-01")
RSS_END=$(awk '/VmRSS/ {print $2}' /proc/$SERVER/status)

rps() { echo "$1" | awk '/Requests\/sec/ {print $2}'; }
p99() { echo "$1" | awk '$1 == "99%" {print $2}'; }
errors() { echo "$1" | awk '/Non-2xx|Socket errors/ {print}'; }
H=$(rps "$health"); V=$(rps "$validate")
echo
cpu() { echo "$1" | awk '/server CPU per request/ {print $5}'; }
echo "health:   $H req/s, p99 $(p99 "$health"), server CPU $(cpu "$health") us/request"
echo "validate: $V req/s, p99 $(p99 "$validate"), server CPU $(cpu "$validate") us/request"
echo "ratio validate/health: $(awk -v v="$V" -v h="$H" 'BEGIN {printf "%.2f", v / h}') (target >= 0.70)"
echo "server RSS: ${RSS_START} kB after start, ${RSS_END} kB after load"
errs="$(errors "$health")$(errors "$validate")"
if [ -n "$errs" ]; then echo "ERRORS: $errs"; exit 1; fi
