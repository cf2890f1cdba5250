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
# Every request comes from one client here: its creation budget (10 an hour) would turn the
# run's valid new events into 429s after the tenth. Deck links are off (DECKCHECK_LINK_HOSTS=none):
# a generated link is refused (403) and nothing reaches the deck sites; the links themselves are
# tested against a local server (crates/server/tests/api/links.rs).
DECKCHECK_ADDR="127.0.0.1:$PORT" DECKCHECK_ADMIN_TOKEN="$TOKEN" DECKCHECK_DATA_DIR="$OUT/data" \
  DECKCHECK_CREATE_RATE=1000000 DECKCHECK_CREATE_DAILY_CAP=10000000 DECKCHECK_LINK_HOSTS=none \
  "$BIN" serve >"$OUT/server.log" 2>&1 &
SERVER_PID=$!
ready() {
  python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1] + "/ready", timeout=5).read().decode())' "$URL" 2>/dev/null
}
for _ in $(seq 1 600); do
  ready >/dev/null && break
  kill -0 "$SERVER_PID" 2>/dev/null || { tail -20 "$OUT/server.log" >&2; fail "the server stopped"; }
  sleep 0.2
done
games=$(ready | python3 -c 'import json,sys; h=json.load(sys.stdin); print(len(h["games"]), len(h.get("unavailable", [])))') \
  || fail "the server was not ready (/ready)"
[ "$games" = "4 0" ] || fail "every game must be loaded (games, unavailable: $games)"

# The document's examples are valid against their own schemas (a oneOf: exactly one shape).
python3 -c 'import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1] + "/openapi.json", timeout=10).read().decode())' "$URL" >"$OUT/openapi.json"
"$VENV/bin/python" "$ROOT/scripts/check_examples.py" "$OUT/openapi.json" || fail "an example of the document is not valid against its schema"

# The event routes (issue 19) take a token per event and role, and name their event, player
# and code in the path: random ones would only ever be answered 401 or 404. Three events are
# made here and scripts/schemathesis.toml gives each route its event, its player and the token
# of a role it takes (from these variables), so positive data reaches the routes' real work:
# event A stays open (registration, lists, judges' routes), B is locked and published (lock,
# publish, published), C is the one whose settings are changed (a deadline in the past locks it);
# T, R, V and D are the token routes' (revoked and reissued tokens, a rotated organizer token, a
# recovered one, a deleted event), so no other route loses its token to them.
# The routes are still tested without a token and with a wrong one (ignored_auth, negative data).
eval "$(python3 - "$URL" "$TOKEN" <<'PY'
import json, shlex, sys, urllib.request
url, admin = sys.argv[1], sys.argv[2]
DECK = "Leader\n1 | Han Solo | Audacious Smuggler\nBase\n1 | Level 1313\nDeck\n3 | Waylay\n"

def call(method, path, body=None, token=None):
    req = urllib.request.Request(url + path, method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"content-type": "application/json", **({"authorization": "Bearer " + token} if token else {})})
    with urllib.request.urlopen(req, timeout=60) as res:
        return json.load(res)

def event(name):
    created = call("POST", "/v1/events", {"name": name, "game": "swu", "format": "premier",
        "date": "2025-05-01", "tier": "casual", "illegal_lists": "pending"})
    return created["event"], created["organizer_token"]

def register(code, player, uid):
    return call("POST", f"/v1/events/code/{code}/players", {"player": player, "uid": uid, "deck": DECK})

a, a_org = event("schemathesis A (open)")
judge = call("POST", f"/v1/events/{a['id']}/judges", {"name": "Judge Schemathesis"}, a_org)["token"]
p1 = register(a["registration_code"], "Ada Lovelace", "1001")
p2 = register(a["registration_code"], "Grace Hopper", "1002")
b, b_org = event("schemathesis B (published)")
register(b["registration_code"], "Alan Turing", "2001")
call("POST", f"/v1/events/{b['id']}/lock", None, b_org)
call("POST", f"/v1/events/{b['id']}/publish", {"players": "all", "pending": "include"}, b_org)
c, c_org = event("schemathesis C (settings)")
# The token routes each get an event of their own: they revoke, replace and delete what the
# other routes' tokens are.
t, t_org = event("schemathesis T (tokens)")
t_judge = call("POST", f"/v1/events/{t['id']}/judges", {"name": "Judge Tokens"}, t_org)["id"]
t_player = register(t["registration_code"], "Tok Player", "3001")["player"]["id"]
r, r_org = event("schemathesis R (rotation)")
v, _ = event("schemathesis V (recovery)")
d, d_org = event("schemathesis D (deleted)")
# The roster's corrections (issue 34) on an event of their own (X): one player removed, another
# corrected, a deck check voided; a player of event W withdraws (after that their token is a 401).
x, x_org = event("schemathesis X (roster)")
x_judge = call("POST", f"/v1/events/{x['id']}/judges", {"name": "Judge Roster"}, x_org)["token"]
x_removed = register(x["registration_code"], "Rosa Removed", "4001")["player"]["id"]
x_corrected = register(x["registration_code"], "Cora Corrected", "4002")["player"]["id"]
x_check = call("POST", f"/v1/events/{x['id']}/players/{x_corrected}/deck-checks",
    {"presented": DECK, "version": 1}, x_judge)["id"]
w, _ = event("schemathesis W (withdrawal)")
w_token = register(w["registration_code"], "Walt Withdrawn", "5001")["token"]
for name, value in {
    "ST_EVENT": a["id"], "ST_CODE": a["registration_code"], "ST_ORGANIZER": a_org,
    "ST_JUDGE": judge, "ST_PLAYER": p1["player"]["id"], "ST_PLAYER_TOKEN": p1["token"],
    "ST_OTHER_PLAYER": p2["player"]["id"], "ST_PUBLISHED_EVENT": b["id"],
    "ST_PUBLISHED_ORGANIZER": b_org, "ST_SETTINGS_EVENT": c["id"], "ST_SETTINGS_ORGANIZER": c_org,
    "ST_TOKENS_EVENT": t["id"], "ST_TOKENS_ORGANIZER": t_org, "ST_TOKENS_JUDGE_ID": t_judge,
    "ST_TOKENS_PLAYER": t_player, "ST_ROTATED_EVENT": r["id"], "ST_ROTATED_ORGANIZER": r_org,
    "ST_RECOVERED_EVENT": v["id"], "ST_DELETED_EVENT": d["id"], "ST_DELETED_ORGANIZER": d_org,
    "ST_ROSTER_EVENT": x["id"], "ST_ROSTER_ORGANIZER": x_org, "ST_ROSTER_REMOVED": x_removed,
    "ST_ROSTER_CORRECTED": x_corrected, "ST_ROSTER_CHECK": x_check,
    "ST_WITHDRAW_EVENT": w["id"], "ST_WITHDRAW_TOKEN": w_token,
}.items():
    print(f"export {name}={shlex.quote(value)}")
PY
)" || fail "the events for the event routes could not be made"

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
