#!/usr/bin/env bash
# The service held to its API document (issue 17): builds the release binary, serves it on a
# free loopback port with every game's real data and an admin token, and runs schemathesis
# (pinned below, in a venv) against the live /openapi.json: every check, positive and negative
# data, the examples, coverage, fuzzing and stateful phases. Fails on any failure, and first
# when an example of the document is not valid against its own schema (scripts/check_examples.py).
#
#   scripts/schemathesis.sh            # CI: MAX_EXAMPLES=50 per operation (a few minutes)
#   MAX_EXAMPLES=300 scripts/schemathesis.sh   # the longer run of docs/api-contract.md
#
# Settings: scripts/schemathesis.toml. Data: DECKCHECK_CARDS, DECKCHECK_LCG_CARDS,
# DECKCHECK_CCG_CARDS, DECKCHECK_LEGION_CARDS (default: ../shared/data/...). DECKCHECK_BIN runs
# another binary (a debug build) instead of building the release one. Reports (JUnit, the
# server log) go to target/schemathesis/. The last line is `schemathesis: N passed, M failed`
# (operations).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SHARED="$(cd .. && pwd)/shared/data"
VERSION=4.32.5
VENV="${SCHEMATHESIS_VENV:-$ROOT/target/schemathesis-venv}"
OUT="$ROOT/target/schemathesis"
MAX_EXAMPLES="${MAX_EXAMPLES:-50}"
export DECKCHECK_CARDS="${DECKCHECK_CARDS:-$SHARED/swu/cards}"
export DECKCHECK_LCG_CARDS="${DECKCHECK_LCG_CARDS:-$SHARED/swlcg}"
export DECKCHECK_CCG_CARDS="${DECKCHECK_CCG_CARDS:-$SHARED/swccg}"
export DECKCHECK_LEGION_CARDS="${DECKCHECK_LEGION_CARDS:-$SHARED/legion/legion-hq}"
SERVER_PID=""

fail() {
  echo "schemathesis: setup failed: $*" >&2
  echo "schemathesis: 0 passed, 1 failed"
  exit 1
}
stop_server() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$SERVER_PID" 2>/dev/null || true
  fi
}
trap stop_server EXIT INT TERM

for dir in "$DECKCHECK_CARDS" "$DECKCHECK_LCG_CARDS" "$DECKCHECK_CCG_CARDS" "$DECKCHECK_LEGION_CARDS"; do
  test -d "$dir" || fail "card data not found at $dir"
done

# schemathesis, exactly this version, in its own venv.
if [ "$("$VENV/bin/schemathesis" --version 2>/dev/null)" != "schemathesis, version $VERSION" ]; then
  python3 -m venv "$VENV" || fail "python3 -m venv failed"
  timeout 600 "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$VERSION" >&2 \
    || fail "pip install schemathesis==$VERSION failed"
fi

BIN="${DECKCHECK_BIN:-}"
if [ -z "$BIN" ]; then
  timeout 1800 cargo build --release --locked --quiet >&2 || fail "cargo build --release failed"
  BIN="$ROOT/target/release/deckcheck"
fi

PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
URL="http://127.0.0.1:$PORT"
TOKEN="schemathesis-$(python3 -c 'import secrets; print(secrets.token_hex(16))')"
mkdir -p "$OUT"
DECKCHECK_ADDR="127.0.0.1:$PORT" DECKCHECK_ADMIN_TOKEN="$TOKEN" DECKCHECK_DATA_DIR="$OUT/data" \
  "$BIN" serve >"$OUT/server.log" 2>&1 &
SERVER_PID=$!
health() {
  python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1] + "/health", timeout=5).read().decode())' "$URL" 2>/dev/null
}
for _ in $(seq 1 600); do
  health >/dev/null && break
  kill -0 "$SERVER_PID" 2>/dev/null || { tail -20 "$OUT/server.log" >&2; fail "the server stopped"; }
  sleep 0.2
done
games=$(health | python3 -c 'import json,sys; h=json.load(sys.stdin); print(len(h["games"]), len(h.get("unavailable", [])))') \
  || fail "the server did not answer /health"
[ "$games" = "4 0" ] || fail "every game must be loaded (games, unavailable: $games)"

# The document's examples are valid against their own schemas (a oneOf: exactly one shape).
python3 -c 'import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1] + "/openapi.json", timeout=10).read().decode())' "$URL" >"$OUT/openapi.json"
"$VENV/bin/python" "$ROOT/scripts/check_examples.py" "$OUT/openapi.json" || fail "an example of the document is not valid against its schema"

started=$(date +%s)
set +e
# Run from $OUT: schemathesis keeps its cache of crashes in the working directory.
(cd "$OUT" && "$VENV/bin/schemathesis" --config-file "$ROOT/scripts/schemathesis.toml" run "$URL/openapi.json" \
  --checks all \
  --mode all \
  --phases examples,coverage,fuzzing,stateful \
  --max-examples "$MAX_EXAMPLES" \
  --header "Authorization: Bearer $TOKEN" \
  --request-timeout 30 \
  --workers 2 \
  --generation-database none \
  --no-color \
  --report junit --report-junit-path "$OUT/junit.xml" \
  ${SCHEMATHESIS_SEED:+--seed "$SCHEMATHESIS_SEED"}) \
  2>&1 | tee "$OUT/output.txt"
status=${PIPESTATUS[0]}
set -e
took=$(( $(date +%s) - started ))
echo "schemathesis: $took s, max $MAX_EXAMPLES examples per operation, exit $status" >&2
python3 - "$OUT/junit.xml" "$status" <<'PY'
import sys, xml.etree.ElementTree as ET
path, status = sys.argv[1], int(sys.argv[2])
try:
    cases = list(ET.parse(path).getroot().iter("testcase"))
except Exception:
    cases = []
failed = sum(1 for c in cases if c.find("failure") is not None or c.find("error") is not None)
if status != 0 and failed == 0:
    failed = 1
print(f"schemathesis: {len(cases) - failed} passed, {failed} failed")
PY
exit "$status"
