#!/usr/bin/env bash
# Resident memory of `deckcheck serve` (issue 33 item 6): VmRSS once the service is ready (every
# game's data loaded from ../shared, the event store SQLite in a fresh temporary directory),
# then after VALIDATIONS validations (default 10,000) spread over every game's decks (the
# routes of scripts/instructions.sh, in turn), sent by CONNECTIONS keep-alive connections
# (default 4, so that every worker serves some), with the target: at most 35 MiB both times,
# with no allocator variable in the environment (MALLOC_ARENA_MAX and the like are removed).
# Then it publishes an event of PUBLISH lists (default 10,000; 0: not) that was restored into
# the store before the start (`deckcheck events import` of what the store's example
# `published_load export-locked` writes: an event locked, its lists SWUDB JSON not yet
# published) and reads VmRSS again: what publishing leaves behind (issue 33 item 6).
#
#   scripts/memory.sh            # VALIDATIONS=10000 CONNECTIONS=4 PUBLISH=10000 PORT=18095
#
# Needs python3 (the client), cargo and the four games' card data under ../shared (as
# scripts/loopback.sh sets it). No network. DECKCHECK_BIN serves another binary instead of
# building the release one, EXAMPLE_BIN another build of the store's example `published_load`;
# the service's own settings (DECKCHECK_WORKERS, …) pass through.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-18095}"
export VALIDATIONS="${VALIDATIONS:-10000}" CONNECTIONS="${CONNECTIONS:-4}" PUBLISH="${PUBLISH:-10000}"
TARGET_KIB=$((35 * 1024))

SHARED="$(cd .. && pwd)/shared/data"
export DECKCHECK_CARDS="${DECKCHECK_CARDS:-$SHARED/swu/cards}"
export DECKCHECK_LCG_CARDS="${DECKCHECK_LCG_CARDS:-$SHARED/swlcg}"
export DECKCHECK_CCG_CARDS="${DECKCHECK_CCG_CARDS:-$SHARED/swccg}"
export DECKCHECK_LEGION_CARDS="${DECKCHECK_LEGION_CARDS:-$SHARED/legion/legion-hq}"
for dir in "$DECKCHECK_CARDS" "$DECKCHECK_LCG_CARDS" "$DECKCHECK_CCG_CARDS" "$DECKCHECK_LEGION_CARDS"; do
  test -d "$dir" || { echo "memory.sh: card data not found at $dir (needs ../shared)" >&2; exit 1; }
done
export SWU_DECK="$SHARED/swu/decks/tournament/wichita-pq-4th-han-solo.swudb.json"
test -f "$SWU_DECK" || { echo "memory.sh: $SWU_DECK not found (needs ../shared)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "memory.sh: python3 is needed (the client)" >&2; exit 1; }

BIN="${DECKCHECK_BIN:-}"
if [ -z "$BIN" ]; then
  cargo build --release --quiet -p deckcheck
  BIN=./target/release/deckcheck
fi
DATA_DIR=$(mktemp -d)
trap 'rm -rf "$DATA_DIR"' EXIT
# An organizer token of the restored event (made up here, for this run only).
export TOKEN="dco_$(python3 -c 'import secrets; print(secrets.token_hex(32))')"
if [ "$PUBLISH" -gt 0 ]; then
  EXAMPLE="${EXAMPLE_BIN:-}"
  if [ -z "$EXAMPLE" ]; then
    cargo build --release --quiet -p deckcheck-store --example published_load
    EXAMPLE=target/release/examples/published_load
  fi
  "$EXAMPLE" export-locked "$DATA_DIR/event.json" "$PUBLISH" "$TOKEN" >&2
  DECKCHECK_DATA_DIR="$DATA_DIR" RUST_LOG=warn "$BIN" events import "$DATA_DIR/event.json" >/dev/null
  rm "$DATA_DIR/event.json"
fi
# The allocator as it comes: no tuning variable may make the figure.
env -u MALLOC_ARENA_MAX -u MALLOC_TRIM_THRESHOLD_ -u MALLOC_TOP_PAD_ -u MALLOC_MMAP_THRESHOLD_ \
  -u GLIBC_TUNABLES -u LD_PRELOAD \
  DECKCHECK_ADDR="127.0.0.1:$PORT" DECKCHECK_DATA_DIR="$DATA_DIR" RUST_LOG=warn "$BIN" serve &
SERVER=$!
STARTED=$(date +%s.%N)
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true; rm -rf "$DATA_DIR"' EXIT

export PORT SERVER TARGET_KIB STARTED
python3 - <<'EOF'
"""The client: waits for /ready, reads VmRSS, sends the validations, reads VmRSS again."""
import http.client, os, sys, threading, time
sys.path.insert(0, os.path.join(os.getcwd(), "scripts"))
from bodies import routes

port, pid = int(os.environ["PORT"]), os.environ["SERVER"]
validations, connections = int(os.environ["VALIDATIONS"]), int(os.environ["CONNECTIONS"])
target = int(os.environ["TARGET_KIB"])
decks = [(path, body, ct) for _, path, body, _, ct in routes(os.getcwd(), os.environ["SWU_DECK"]) if body]

def status(field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])

started = time.monotonic()
since_start = time.time() - float(os.environ["STARTED"])  # python's own start
while True:
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        conn.request("GET", "/ready")
        if conn.getresponse().status == 200:
            break
    except OSError:
        pass
    if time.monotonic() - started > 300:
        sys.exit("memory.sh: the service was not ready after 5 minutes")
    time.sleep(0.1)
ready = time.monotonic() - started + since_start
time.sleep(1)  # what start-up leaves, not what its last moment holds
after_start = status("VmRSS")

failures = []
def client(n, offset):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    for i in range(n):
        path, body, content_type = decks[(offset + i) % len(decks)]
        conn.request("POST", path, body=body, headers={"Content-Type": content_type})
        answer = conn.getresponse()
        answer.read()
        if answer.status != 200:
            failures.append(f"{path}: {answer.status}")

per, extra = divmod(validations, connections)
threads = [threading.Thread(target=client, args=(per + (k < extra), k)) for k in range(connections)]
sent = time.monotonic()
for t in threads:
    t.start()
for t in threads:
    t.join()
took = time.monotonic() - sent
if failures:
    sys.exit(f"memory.sh: {len(failures)} validations failed, the first: {failures[0]}")
time.sleep(1)
after_load = status("VmRSS")
peak = status("VmHWM")

mib = lambda kib: f"{kib / 1024:.1f} MiB"
holds = lambda kib: "yes" if kib <= target else "**no**"
print(f"\n`deckcheck serve` resident memory (VmRSS), ready in {ready:.1f} s; {validations:,} "
      f"validations over {len(decks)} decks of the four games, {connections} keep-alive "
      f"connections, in {took:.1f} s; no allocator variable; load average "
      f"{open('/proc/loadavg').read().split()[0]}\n")
print("| When | VmRSS | target | holds |")
print("|---|---|---|---|")
print(f"| after start (ready) | {mib(after_start)} | ≤ 35 MiB | {holds(after_start)} |")
print(f"| after {validations:,} validations | {mib(after_load)} | ≤ 35 MiB | {holds(after_load)} |")
print(f"\nPeak (VmHWM) until then: {mib(peak)}.")

publish = int(os.environ["PUBLISH"])
if publish:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    sent = time.monotonic()
    conn.request("POST", "/v1/events/ev_load/publish", body=b'{"players":"all"}',
                 headers={"Content-Type": "application/json",
                          "Authorization": f"Bearer {os.environ['TOKEN']}"})
    answer = conn.getresponse()
    size = len(answer.read())
    took = time.monotonic() - sent
    if answer.status != 200:
        sys.exit(f"memory.sh: publishing answered {answer.status}")
    time.sleep(1)
    after_publish, peak = status("VmRSS"), status("VmHWM")
    time.sleep(11)  # the blocking pool's idle threads end after 10 s
    later = status("VmRSS")
    print(f"\nPublishing {publish:,} lists (one request, {took:.1f} s, an answer of {size:,} B):\n")
    print("| When | VmRSS | larger than before publishing |")
    print("|---|---|---|")
    print(f"| before publishing | {mib(after_load)} | |")
    print(f"| 1 s after | {mib(after_publish)} | {mib(after_publish - after_load)} |")
    print(f"| 12 s after | {mib(later)} | {mib(later - after_load)} |")
    print(f"\nPeak (VmHWM): {mib(peak)}.")
EOF
