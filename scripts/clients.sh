#!/usr/bin/env bash
# Clients nobody here wrote, generated from the live API document (issue 26, item 5): serves the
# binary on a free loopback port with every game's real data, fetches /openapi.json, and has
# openapi-python-client and openapi-generator (python) each generate a client from it. Fails on
# an error or on any warning that a schema was dropped or could not be processed (a client that
# cannot send a request the document describes). Then scripts/clients_check.py uses each
# generated client against the live service: a deck of every game, a batch, an event from its
# creation to a deck check.
#
#   scripts/clients.sh        # the last line is `clients: N passed, M failed` (generators and uses)
#
# Installs what it needs: the two generators (pinned, PyPI: openapi-generator-cli's wheel bundles
# the generator's jar) in a venv under target/, and Java (Debian's default-jre-headless, as root)
# when there is none. DECKCHECK_BIN runs another binary (a debug build) instead of building the
# release one. Output goes to target/clients/.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SHARED="$(cd .. && pwd)/shared/data"
OPC_VERSION=0.29.1
OGC_VERSION=7.26.0
VENV="${CLIENTS_VENV:-$ROOT/target/clients-venv}"
OUT="$ROOT/target/clients"
export DECKCHECK_CARDS="${DECKCHECK_CARDS:-$SHARED/swu/cards}"
export DECKCHECK_LCG_CARDS="${DECKCHECK_LCG_CARDS:-$SHARED/swlcg}"
export DECKCHECK_CCG_CARDS="${DECKCHECK_CCG_CARDS:-$SHARED/swccg}"
export DECKCHECK_LEGION_CARDS="${DECKCHECK_LEGION_CARDS:-$SHARED/legion/legion-hq}"
SERVER_PID=""
passed=0
failed=0

fail_setup() {
  echo "clients: setup failed: $*" >&2
  echo "clients: 0 passed, 1 failed"
  exit 1
}
stop_server() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
}
trap stop_server EXIT INT TERM

if ! command -v java >/dev/null 2>&1; then
  [ "$(id -u)" = 0 ] || fail_setup "java is needed (apt-get install default-jre-headless)"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless) >/dev/null \
    || fail_setup "apt-get install default-jre-headless failed"
fi
if [ "$("$VENV/bin/pip" freeze 2>/dev/null | grep -ciE "^(openapi-python-client==$OPC_VERSION|openapi-generator-cli==$OGC_VERSION)$")" != 2 ]; then
  python3 -m venv "$VENV" || fail_setup "python3 -m venv failed"
  timeout 600 "$VENV/bin/pip" install --quiet --disable-pip-version-check \
    "openapi-python-client==$OPC_VERSION" "openapi-generator-cli==$OGC_VERSION" >&2 \
    || fail_setup "pip install of the generators failed"
fi

BIN="${DECKCHECK_BIN:-}"
if [ -z "$BIN" ]; then
  timeout 1800 cargo build --release --locked --quiet -p deckcheck >&2 || fail_setup "cargo build --release failed"
  BIN="$ROOT/target/release/deckcheck"
fi
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
URL="http://127.0.0.1:$PORT"
rm -rf "$OUT" && mkdir -p "$OUT"
DECKCHECK_ADDR="127.0.0.1:$PORT" DECKCHECK_DATA_DIR="$OUT/data" DECKCHECK_LINK_HOSTS=none RUST_LOG=warn "$BIN" serve >"$OUT/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 600); do
  python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1] + "/ready", timeout=5)' "$URL" 2>/dev/null && break
  kill -0 "$SERVER_PID" 2>/dev/null || { tail -20 "$OUT/server.log" >&2; fail_setup "the server stopped"; }
  sleep 0.2
done
python3 -c 'import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1] + "/openapi.json", timeout=10).read().decode())' "$URL" >"$OUT/openapi.json" \
  || fail_setup "no /openapi.json"

# What openapi-generator (7.26.0) says of any document, that no schema was lost: that its
# OpenAPI 3.1 support is in beta; "Failed to get the schema name: null", which it prints for a
# document of one path answering one named schema; and that a parameter named `from` (a window's
# first day) is a Python reserved word, which it renames `var_from` in the client.
NOT_LOSSES="3.1 support is still in beta|Failed to get the schema name: null|From \(reserved word\) cannot be used as model name"

# One generator: its command, its log, and the lines of the log that mean a schema was lost.
generate() { # name, log pattern of loss, command...
  local name=$1 lost=$2 status=0
  shift 2
  (cd "$OUT" && timeout 600 "$@") >"$OUT/$name.log" 2>&1 || status=$?
  local losses
  losses=$(grep -iE "$lost" "$OUT/$name.log" | grep -civE "$NOT_LOSSES" || true)
  if [ "$status" = 0 ] && [ "$losses" = 0 ]; then
    echo "clients: $name generated a client, no schema dropped" >&2
    passed=$((passed + 1))
  else
    echo "clients: $name: exit $status, $losses lines of dropped or unsupported schemas ($OUT/$name.log):" >&2
    grep -iE "$lost" "$OUT/$name.log" | grep -ivE "$NOT_LOSSES" \
      | sed 's/^\[main\] //' | cut -c1-160 | sort | uniq -c | sort -rn | head -15 >&2 || true
    failed=$((failed + 1))
  fi
}
# openapi-python-client sends a text body as bytes (it has no text/plain of its own), and runs
# no formatter over what it writes.
printf 'content_type_overrides:\n  text/plain: application/octet-stream\npost_hooks: []\n' >"$OUT/opc.yaml"
generate openapi-python-client "warning|unable to|could not|cannot" \
  "$VENV/bin/openapi-python-client" generate --path "$OUT/openapi.json" --meta none \
  --output-path "$OUT/opc" --config "$OUT/opc.yaml"
generate openapi-generator "\] +(WARN|ERROR) |exception( in|:)" \
  "$VENV/bin/openapi-generator-cli" generate -g python -i "$OUT/openapi.json" -o "$OUT/ogen" \
  --additional-properties=packageName=deckcheck_client

# Each generated client, used against the live service (scripts/clients_check.py); the
# libraries the generated code imports are installed from its own requirements.
if [ "$failed" = 0 ]; then
  if timeout 600 "$VENV/bin/pip" install --quiet --disable-pip-version-check -r "$OUT/ogen/requirements.txt" >&2 \
    && "$VENV/bin/python" scripts/clients_check.py "$URL" "$OUT" >&2; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
fi
echo "clients: $passed passed, $failed failed"
[ "$failed" = 0 ]
