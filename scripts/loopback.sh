# Sourced by load.sh and soak.sh: wrk (installed with apt when run as root), the Wichita deck as
# a client sends it (compact JSON, in $BODY), and a release `deckcheck serve` (DECKCHECK_BIN:
# another binary) on 127.0.0.1:$PORT ($SERVER), stopped on exit, its log on stderr or in $SERVER_LOG. Needs PORT set; the four
# games' DECKCHECK_*_CARDS and DECK_FILE have defaults under ../shared.
SHARED="$(cd .. && pwd)/shared/data"
export DECKCHECK_CARDS="${DECKCHECK_CARDS:-$SHARED/swu/cards}"
export DECKCHECK_LCG_CARDS="${DECKCHECK_LCG_CARDS:-$SHARED/swlcg}"
export DECKCHECK_CCG_CARDS="${DECKCHECK_CCG_CARDS:-$SHARED/swccg}"
export DECKCHECK_LEGION_CARDS="${DECKCHECK_LEGION_CARDS:-$SHARED/legion/legion-hq}"
for dir in "$DECKCHECK_CARDS" "$DECKCHECK_LCG_CARDS" "$DECKCHECK_CCG_CARDS" "$DECKCHECK_LEGION_CARDS"; do
  test -d "$dir" || { echo "card data not found at $dir" >&2; exit 1; }
done
DECK="${DECK_FILE:-$(cd .. && pwd)/shared/data/swu/decks/tournament/wichita-pq-4th-han-solo.swudb.json}"

if ! command -v wrk >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && apt-get install -y -qq wrk) >/dev/null
  else
    echo "wrk is needed (apt-get install wrk)" >&2; exit 1
  fi
fi

# Clients send JSON compact (JSON.stringify); the stored file is pretty-printed.
BODY=$(mktemp)
python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1])), separators=(",", ":")))' "$DECK" > "$BODY"

BIN="${DECKCHECK_BIN:-}"
if [ -z "$BIN" ]; then
  cargo build --release --quiet -p deckcheck
  BIN=./target/release/deckcheck
fi
DATA_DIR=$(mktemp -d)
DECKCHECK_ADDR="127.0.0.1:$PORT" DECKCHECK_DATA_DIR="$DATA_DIR" RUST_LOG=warn "$BIN" serve 2>>"${SERVER_LOG:-/dev/stderr}" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true; rm -rf "$BODY" "$DATA_DIR"' EXIT
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$PORT/ready" >/dev/null && break
  sleep 0.1
done
