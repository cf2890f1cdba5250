#!/usr/bin/env bash
# End-to-end test of the event pages (issue 19): registration, organizer and judge pages in
# Debian's headless Chromium driven by playwright-core (tests/e2e/events.test.mjs), at desktop
# and phone width. Builds the release binary, serves it on a free loopback port with its event
# store in a temporary directory, runs the test and stops the server.
#
#   scripts/e2e-events.sh
#
# Installs chromium (apt, as root) and tests/e2e's npm dependencies when missing, as
# scripts/e2e.sh does. Screenshots: tests/e2e/artifacts/events-*.png.
# The last line is always `e2e-events: N passed, M failed`; non-zero exit on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
E2E="$ROOT/tests/e2e"
ART="$E2E/artifacts"
export DECKCHECK_CARDS="${DECKCHECK_CARDS:-$(cd .. && pwd)/shared/data/swu/cards}"
export DECKCHECK_DECKS="${DECKCHECK_DECKS:-$(cd "$DECKCHECK_CARDS/.." && pwd)/decks}"
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
SERVER_PID=""
DATA=""

fail() {
  echo "e2e-events: setup failed: $*" >&2
  echo "e2e-events: 0 passed, 1 failed"
  exit 1
}
cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$SERVER_PID" 2>/dev/null || true
  fi
  [ -n "$DATA" ] && rm -rf "$DATA"
}
trap cleanup EXIT INT TERM

test -d "$DECKCHECK_CARDS" || fail "card catalog not found at $DECKCHECK_CARDS"
test -d "$DECKCHECK_DECKS" || fail "deck fixtures not found at $DECKCHECK_DECKS"
command -v node >/dev/null && command -v npm >/dev/null || fail "node and npm are needed"
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = 0 ]; then
    (timeout 300 apt-get update -qq && DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -qq chromium) >/dev/null \
      || fail "apt-get install chromium failed"
  fi
  [ -x "$CHROMIUM" ] || fail "chromium not found at $CHROMIUM (apt-get install chromium, as root)"
fi
if [ ! -d "$E2E/node_modules/playwright-core" ] || [ "$E2E/package-lock.json" -nt "$E2E/node_modules/.package-lock.json" ]; then
  (cd "$E2E" && timeout 300 npm ci --no-audit --no-fund --loglevel=error >&2) || fail "npm ci in tests/e2e failed"
fi
timeout 1800 cargo build --release --locked --quiet >&2 || fail "cargo build --release failed"

PORT=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
URL="http://127.0.0.1:$PORT"
DATA=$(mktemp -d)
mkdir -p "$ART"
# The other games from ../shared when there; the event store is SQLite in $DATA.
for pair in "DECKCHECK_LCG_CARDS:swlcg" "DECKCHECK_CCG_CARDS:swccg" "DECKCHECK_LEGION_CARDS:legion/legion-hq"; do
  var=${pair%%:*}; dir="$(cd "$DECKCHECK_CARDS/../.." && pwd)/${pair#*:}"
  [ -d "$dir" ] && export "$var=${!var:-$dir}"
done
env -u DECKCHECK_DATABASE_URL DECKCHECK_DATA_DIR="$DATA" DECKCHECK_ADDR="127.0.0.1:$PORT" \
  "$ROOT/target/release/deckcheck" serve >"$ART/events-server.log" 2>&1 &
SERVER_PID=$!
ready=""
for _ in $(seq 1 120); do
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$ART/events-server.log" >&2; fail "the server exited"; }
  if node -e 'fetch(process.argv[1]+"/health",{signal:AbortSignal.timeout(2000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' "$URL"; then
    ready=1; break
  fi
  sleep 0.5
done
[ -n "$ready" ] || { cat "$ART/events-server.log" >&2; fail "the server did not answer /health on $URL within 60 s"; }

set +e
(cd "$E2E" && DECKCHECK_URL="$URL" timeout 300 node events.test.mjs)
rc=$?
set -e
if [ "$rc" = 124 ]; then
  echo "e2e-events: 0 passed, 1 failed"
fi
exit "$rc"
