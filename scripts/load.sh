#!/usr/bin/env bash
# Load test of the HTTP service on loopback (issue 4 / issue 7): saturates GET /health and
# POST /v1/decks/validate (a real 60-card SWUDB JSON deck) on the same server, phase after phase,
# and prints both throughputs, their ratio (target: validate >= 0.7 x health), p99 latencies and
# the server's CPU time per request.
#
# A virtual machine's speed drifts by tens of percent from one minute to the next, so one
# health phase and one validate phase can give any ratio. The phases therefore alternate for
# ROUNDS rounds (health first in odd rounds, validate first in even ones), each round gives a
# ratio, and the median round is the answer. Bounded: ROUNDS x 2 phases of DURATION seconds;
# the server is stopped at the end.
#
#   scripts/load.sh [DURATION_SECONDS=10] [CONNECTIONS=64]      # ROUNDS=5 by default
#
# Another deck or route: DECK_FILE (a JSON body: a JSON deck, or a request such as
# `{"decks": [...], "format": ..., "as_of": ...}`) and VALIDATE_PATH (default
# `/v1/decks/validate?as_of=2025-04-01`; `/v1/games/ccg/decks/validate` for a CCG pair).
# DECKCHECK_BIN serves another binary instead of building the release one.
#
# Needs wrk (Debian package `wrk`; installed if missing and we are root) and the four games' card
# data (DECKCHECK_CARDS, default ../shared/data/swu/cards, and the others, see loopback.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${1:-10}"
CONNECTIONS="${2:-64}"
ROUNDS="${ROUNDS:-5}"
THREADS="${THREADS:-2}"
PORT="${PORT:-18090}"
source scripts/loopback.sh
RSS_START=$(awk '/VmRSS/ {print $2}' /proc/$SERVER/status)

cpu_ticks() { awk '{print $14 + $15}' /proc/$SERVER/stat; }
# One phase: wrk with the given arguments; prints "rps p99 cpu_us_per_request errors".
phase() {
  local before out after
  before=$(cpu_ticks)
  out=$(wrk --latency -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" "$@")
  after=$(cpu_ticks)
  echo "$out" >&2
  echo "$out" | awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" '
    /requests in/ { n = $1 }
    /Requests\/sec/ { rps = $2 }
    $1 == "99%" {
      p = $2
      if (p ~ /us$/) { sub(/us$/, "", p); p = p / 1000 }
      else if (p ~ /ms$/) { sub(/ms$/, "", p) }
      else if (p ~ /s$/) { sub(/s$/, "", p); p = p * 1000 }
      p99 = sprintf("%.2f", p)
    }
    /Non-2xx|Socket errors/ { errors = errors $0 ";" }
    END { printf "%s %s %.1f %s\n", rps, p99, t / hz * 1e6 / n, (errors == "" ? "-" : errors) }'
}
health() { phase "http://127.0.0.1:$PORT/health"; }
VALIDATE_PATH="${VALIDATE_PATH:-/v1/decks/validate?as_of=2025-04-01}"
validate() { DECK_FILE="$BODY" phase -s scripts/post.lua "http://127.0.0.1:$PORT$VALIDATE_PATH"; }

# Warm-up (connections, caches, the allocator's arenas), not counted.
DURATION=2 health >/dev/null 2>&1
DURATION=2 validate >/dev/null 2>&1

results=$(mktemp)
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true; rm -rf "$BODY" "$results" "$DATA_DIR"' EXIT
errors=""
for round in $(seq 1 "$ROUNDS"); do
  echo "== round $round of $ROUNDS: $CONNECTIONS connections, $THREADS threads, ${DURATION}s per phase" >&2
  if [ $((round % 2)) = 1 ]; then h=$(health); v=$(validate); else v=$(validate); h=$(health); fi
  read -r hr hp hc he <<<"$h"
  read -r vr vp vc ve <<<"$v"
  [ "$he$ve" = "--" ] || errors="$errors round $round: $he $ve"
  ratio=$(awk -v v="$vr" -v h="$hr" 'BEGIN {printf "%.3f", v / h}')
  echo "$ratio $hr $hp $hc $vr $vp $vc" >>"$results"
  printf 'round %d: health %s req/s (p99 %s ms, %s us CPU), validate %s req/s (p99 %s ms, %s us CPU), ratio %s\n' \
    "$round" "$hr" "$hp" "$hc" "$vr" "$vp" "$vc" "$ratio"
done
RSS_END=$(awk '/VmRSS/ {print $2}' /proc/$SERVER/status)

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
col() { awk -v c="$1" '{print $c}' "$results" | median; }
echo
echo "median of $ROUNDS rounds:"
echo "health:   $(col 2) req/s, p99 $(col 3) ms, server CPU $(col 4) us/request"
echo "validate: $(col 5) req/s, p99 $(col 6) ms, server CPU $(col 7) us/request"
echo "ratio validate/health: $(col 1) (target >= 0.70; rounds: $(awk '{printf "%s ", $1}' "$results"))"
echo "server RSS: ${RSS_START} kB after start, ${RSS_END} kB after load"
if [ -n "$errors" ]; then echo "ERRORS:$errors"; exit 1; fi
