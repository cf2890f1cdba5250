#!/usr/bin/env bash
# Soak test (issue 7): DURATION seconds at saturation on loopback against POST /v1/decks/validate
# and GET /health, after a warm-up; passes when no valid request failed and resident memory grew
# by no more than 10% after the warm-up. Bounded in time; stops the server itself.
#
#   scripts/soak.sh [DURATION_SECONDS=60] [CONNECTIONS=64]
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${1:-60}"
CONNECTIONS="${2:-64}"
PORT="${PORT:-18091}"
source scripts/loopback.sh
rss() { awk '/VmRSS/ {print $2}' /proc/$SERVER/status; }

echo "start: RSS $(rss) kB"
DECK_FILE="$BODY" wrk -t1 -c"$CONNECTIONS" -d10s -s scripts/post.lua "http://127.0.0.1:$PORT/v1/decks/validate?as_of=2025-04-01" >/dev/null
WARM=$(rss)
echo "after 10 s warm-up: RSS $WARM kB"

# Both routes at once for DURATION seconds; RSS sampled every 10 s.
DECK_FILE="$BODY" wrk --latency -t1 -c"$CONNECTIONS" -d"${DURATION}s" -s scripts/post.lua \
  "http://127.0.0.1:$PORT/v1/decks/validate?as_of=2025-04-01" > /tmp/soak-validate.txt &
V=$!
wrk --latency -t1 -c"$((CONNECTIONS / 4))" -d"${DURATION}s" "http://127.0.0.1:$PORT/health" > /tmp/soak-health.txt &
H=$!
PEAK=$WARM
for _ in $(seq 1 $((DURATION / 10))); do
  sleep 10
  NOW=$(rss); [ "$NOW" -gt "$PEAK" ] && PEAK=$NOW
  echo "  RSS $NOW kB"
done
wait $V $H
END=$(rss)
echo "validate: $(grep -E 'requests in|Requests/sec|99%' /tmp/soak-validate.txt | tr -s ' ' | paste -sd ';')"
echo "health:   $(grep -E 'requests in|Requests/sec|99%' /tmp/soak-health.txt | tr -s ' ' | paste -sd ';')"
FAILED=$(cat /tmp/soak-validate.txt /tmp/soak-health.txt | grep -E 'Non-2xx|Socket errors' || true)
GROWTH=$(awk -v a="$WARM" -v b="$PEAK" 'BEGIN {printf "%.1f", (b - a) * 100 / a}')
echo "RSS after warm-up $WARM kB, peak $PEAK kB, end $END kB: growth ${GROWTH}% (limit 10%)"
if [ -n "$FAILED" ]; then echo "FAILED requests: $FAILED"; exit 1; fi
awk -v g="$GROWTH" 'BEGIN {exit !(g <= 10)}' || { echo "memory grew more than 10%"; exit 1; }
echo "soak: 1 passed, 0 failed"
