#!/usr/bin/env bash
# End-to-end test of the pages in a real headless browser: Debian's chromium driven by
# playwright-core (tests/e2e). Builds the release binary, serves it on a free loopback port with
# its event store in a temporary directory, runs one test file against it and stops the server:
#
#   scripts/e2e.sh          # the player page (issue 8): tests/e2e/page.test.mjs, at desktop
#                           # (1000px and 1280px) and phone width, with axe-core's check
#   scripts/e2e.sh events   # the event pages (issues 19, 27): tests/e2e/events.test.mjs, every
#                           # page and view with axe-core at 1280px and 390px, a shared device
#                           # forgetting the player
#   scripts/e2e.sh afternoon # a judge's afternoon (issue 34): tests/e2e/afternoon.test.mjs, a
#                           # 40-player event run through three judges' pages (deck checks
#                           # switching players, a mismatch, a voided check, an amendment by
#                           # link, a removal, a withdrawal) and published with a pending list,
#                           # at 1280px and 390px with axe-core; links are turned off
#                           # (DECKCHECK_LINK_HOSTS=none: nothing leaves the machine)
#   scripts/e2e.sh sheets   # the printable deck-registration sheets (issue 30):
#                           # tests/e2e/sheets.test.mjs, a 3-player event printed to PDF at A4
#                           # and US Letter and read back with poppler's pdftotext; the first
#                           # page as docs/sheet.png
#
# Installs what it needs when missing: chromium (apt, only as root), poppler-utils for the
# sheets (pdftotext, pdfinfo, pdftoppm; apt, only as root) and the npm dependencies (npm ci in
# tests/e2e). Card data: the four games' variables, DECKCHECK_CARDS (default
# ../shared/data/swu/cards, synced with the card names of DECKCHECK_NAMES, default
# ../shared/data/swu/localized, into the temporary data directory), DECKCHECK_LCG_CARDS,
# DECKCHECK_CCG_CARDS, DECKCHECK_LEGION_CARDS
# (defaults under ../shared/data); all four must be there (the page lists every game).
# Artifacts (screenshots, PDFs, server log): tests/e2e/artifacts/; page.png is copied to
# docs/page.png, the first page of the printed sheets to docs/sheet.png.
# The last line is always `e2e: N passed, M failed` (`e2e-events: …` for the event pages,
# `e2e-sheets: …` for the sheets); the
# exit code is non-zero on any failure.
set -euo pipefail
PAGES="${1:-page}"
case "$PAGES" in
  page) LABEL=e2e; LOG=server.log ;;
  events) LABEL=e2e-events; LOG=events-server.log ;;
  sheets) LABEL=e2e-sheets; LOG=sheets-server.log ;;
  afternoon) LABEL=e2e-afternoon; LOG=afternoon-server.log; export DECKCHECK_LINK_HOSTS=none ;;
  *) echo "usage: scripts/e2e.sh [page|events|sheets|afternoon]" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."
ROOT=$(pwd)
E2E="$ROOT/tests/e2e"
ART="$E2E/artifacts"
SHARED="$(cd .. && pwd)/shared/data"
export DECKCHECK_CARDS="${DECKCHECK_CARDS:-$SHARED/swu/cards}"
export DECKCHECK_LCG_CARDS="${DECKCHECK_LCG_CARDS:-$SHARED/swlcg}"
export DECKCHECK_CCG_CARDS="${DECKCHECK_CCG_CARDS:-$SHARED/swccg}"
export DECKCHECK_LEGION_CARDS="${DECKCHECK_LEGION_CARDS:-$SHARED/legion/legion-hq}"
export DECKCHECK_DECKS="${DECKCHECK_DECKS:-$(cd "$DECKCHECK_CARDS/.." && pwd)/decks}"
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
SERVER_PID=""

fail() {
  echo "$LABEL: setup failed: $*" >&2
  echo "$LABEL: 0 passed, 1 failed"
  exit 1
}
stop_server() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$SERVER_PID" 2>/dev/null || true
  fi
}
trap 'stop_server; rm -rf "${DATA_DIR:-}"' EXIT INT TERM

for dir in "$DECKCHECK_CARDS" "$DECKCHECK_LCG_CARDS" "$DECKCHECK_CCG_CARDS" "$DECKCHECK_LEGION_CARDS"; do
  test -d "$dir" || fail "card data not found at $dir (set the game's DECKCHECK_*_CARDS, or put shared/ beside the repository)"
done
test -d "$DECKCHECK_DECKS" || fail "deck fixtures not found at $DECKCHECK_DECKS"
command -v node >/dev/null && command -v npm >/dev/null || fail "node and npm are needed"

# The browser: Debian's chromium (never a browser download).
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "e2e: installing chromium (apt)" >&2
    (timeout 300 apt-get update -qq && DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -qq chromium) >/dev/null \
      || fail "apt-get install chromium failed"
  fi
  [ -x "$CHROMIUM" ] || fail "chromium not found at $CHROMIUM (apt-get install chromium, as root)"
fi

# The sheets are read back from their PDF with Debian's poppler-utils.
if [ "$PAGES" = sheets ] && ! command -v pdftotext >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    echo "$LABEL: installing poppler-utils (apt)" >&2
    (timeout 300 apt-get update -qq && DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq poppler-utils) >/dev/null \
      || fail "apt-get install poppler-utils failed"
  fi
  command -v pdftotext >/dev/null || fail "pdftotext not found (apt-get install poppler-utils, as root)"
fi

# The test driver and axe-core (the accessibility check), exactly as locked.
if [ ! -d "$E2E/node_modules/playwright-core" ] || [ ! -d "$E2E/node_modules/axe-core" ] || [ "$E2E/package-lock.json" -nt "$E2E/node_modules/.package-lock.json" ]; then
  (cd "$E2E" && timeout 300 npm ci --no-audit --no-fund --loglevel=error >&2) || fail "npm ci in tests/e2e failed"
fi

timeout 1800 cargo build --release --locked --quiet -p deckcheck >&2 || fail "cargo build --release failed"

PORT=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
URL="http://127.0.0.1:$PORT"
mkdir -p "$ART"
DATA_DIR=$(mktemp -d)
# Issue 28: the SWU catalog with its card names in other languages, synced as a user would
# (from the mirror, the names from the official card database's sample pages) into the
# temporary data directory; the shared mirror itself is never written to.
NAMES="${DECKCHECK_NAMES:-$SHARED/swu/localized}"
"$ROOT/target/release/deckcheck" sync --game swu --from "$DECKCHECK_CARDS" --names-from "$NAMES" \
  --to "$DATA_DIR/swu-cards" >"$ART/sync.log" 2>&1 || { cat "$ART/sync.log" >&2; fail "deckcheck sync failed"; }
export DECKCHECK_CARDS="$DATA_DIR/swu-cards"
env -u DECKCHECK_DATABASE_URL DECKCHECK_ADDR="127.0.0.1:$PORT" DECKCHECK_DATA_DIR="$DATA_DIR" \
  "$ROOT/target/release/deckcheck" serve >"$ART/$LOG" 2>&1 &
SERVER_PID=$!

# Wait (at most 60 s) until the server is ready (/ready: its data loaded, its store answering).
ready=""
for _ in $(seq 1 120); do
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$ART/$LOG" >&2; fail "the server exited"; }
  if node -e 'fetch(process.argv[1]+"/ready",{signal:AbortSignal.timeout(2000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' "$URL"; then
    ready=1; break
  fi
  sleep 0.5
done
[ -n "$ready" ] || { cat "$ART/$LOG" >&2; fail "the server was not ready (/ready) on $URL within 60 s"; }

set +e
# The afternoon runs a whole event: more time than one page's checks.
LIMIT=300
[ "$PAGES" = afternoon ] && LIMIT=900
(cd "$E2E" && DECKCHECK_URL="$URL" timeout "$LIMIT" node "$PAGES.test.mjs")
rc=$?
set -e
if [ "$rc" = 124 ]; then
  echo "$LABEL: 0 passed, 1 failed"
fi
exit "$rc"
