#!/usr/bin/env bash
# Instructions per request, counted by callgrind (issue 33 item 5): deterministic where wall
# clock is not (a busy 2-core machine). Runs the release `deckcheck serve` (one worker, every
# game's data from ../shared) and the bare actix-web server of benches/actix-floor (one worker)
# under `valgrind --tool=callgrind`, each with instrumentation off while it starts. Once a
# server is ready, instrumentation goes on (`callgrind_control -i on`); then, per route, on
# ONE keep-alive connection: a few requests to warm it (not counted), `callgrind_control
# --zero`, 100 requests, `callgrind_control --dump`; the dump's total / 100 is the figure.
# Each request is written in one piece (headers and body in one send: read in one go or in two,
# the count would depend on timing). Every thread is counted but the main one (the worker, the
# acceptor, the blocking pool): the main thread serves no request and runs only timers
# (deckcheck's metrics upkeep every 5 s), which fall in a window or not by the clock.
#
# Prints a markdown table (deckcheck, bare actix-web, ratio), then the issue's targets and
# whether each holds. Repeat runs agree within 0.1-0.7% (BENCHMARKS.md: what is left is glibc
# malloc's free lists, which differ from one process to the next).
#
#   scripts/instructions.sh            # REQUESTS=100 WARM=5 by default
#   ACCEPT_LANGUAGE=de scripts/instructions.sh   # every request asks for German (issue 37)
#
# Needs: valgrind (with callgrind_control; Debian package `valgrind`, installed if missing and
# we are root), python3 (the client, not measured), cargo, and the four games'
# card data under ../shared (DECKCHECK_CARDS and the others, as scripts/loopback.sh sets them).
# No network. DECKCHECK_BIN / FLOOR_BIN measure other binaries instead of building the release
# ones. DUMPS=DIR keeps each route's callgrind dumps there (deckcheck-N-threadT.out,
# floor-N-threadT.out; N the route's row), to read with callgrind_annotate. Ports: PORT (default 18093) and PORT + 1.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-18093}"
FLOOR_PORT=$((PORT + 1))
export REQUESTS="${REQUESTS:-100}" WARM="${WARM:-5}"

SHARED="$(cd .. && pwd)/shared/data"
export DECKCHECK_CARDS="${DECKCHECK_CARDS:-$SHARED/swu/cards}"
export DECKCHECK_LCG_CARDS="${DECKCHECK_LCG_CARDS:-$SHARED/swlcg}"
export DECKCHECK_CCG_CARDS="${DECKCHECK_CCG_CARDS:-$SHARED/swccg}"
export DECKCHECK_LEGION_CARDS="${DECKCHECK_LEGION_CARDS:-$SHARED/legion/legion-hq}"
for dir in "$DECKCHECK_CARDS" "$DECKCHECK_LCG_CARDS" "$DECKCHECK_CCG_CARDS" "$DECKCHECK_LEGION_CARDS"; do
  test -d "$dir" || { echo "instructions.sh: card data not found at $dir (needs ../shared)" >&2; exit 1; }
done
export SWU_DECK="$SHARED/swu/decks/tournament/wichita-pq-4th-han-solo.swudb.json"
test -f "$SWU_DECK" || { echo "instructions.sh: $SWU_DECK not found (needs ../shared)" >&2; exit 1; }

command -v python3 >/dev/null || { echo "instructions.sh: python3 is needed (the client)" >&2; exit 1; }
if ! command -v valgrind >/dev/null || ! command -v callgrind_control >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && apt-get install -y -qq valgrind) >/dev/null
  else
    echo "instructions.sh: valgrind is needed (Debian: apt-get install valgrind)" >&2; exit 1
  fi
fi

BIN="${DECKCHECK_BIN:-}"
FLOOR="${FLOOR_BIN:-}"
if [ -z "$BIN" ] || [ -z "$FLOOR" ]; then
  cargo build --release --quiet -p deckcheck -p actix-floor
fi
BIN="${BIN:-./target/release/deckcheck}"
FLOOR="${FLOOR:-./target/release/actix-floor}"

WORK=$(mktemp -d)
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

# Under callgrind, instrumentation off until the server is ready; a dump per route. Sets STARTED
# (valgrind runs the program in its own process: that pid is the server's).
callgrind() {
  local name=$1; shift
  valgrind --tool=callgrind --instr-atstart=no --separate-threads=yes --callgrind-out-file="$WORK/$name.out" \
    "$@" >"$WORK/$name.log" 2>&1 &
  STARTED=$!
  PIDS+=("$STARTED")
}
# Waits (up to 15 minutes: the games load under valgrind) for a 200 from the URL.
wait_for() {
  local pid=$1 url=$2
  for _ in $(seq 1 1800); do
    python3 - "$url" <<'EOF' 2>/dev/null && return 0
import sys, urllib.request
sys.exit(0 if urllib.request.urlopen(sys.argv[1], timeout=5).status == 200 else 1)
EOF
    kill -0 "$pid" 2>/dev/null || { echo "instructions.sh: the server stopped:" >&2; tail -20 "$WORK"/*.log >&2; exit 1; }
    sleep 0.5
  done
  echo "instructions.sh: $url not ready after 15 minutes" >&2; exit 1
}

echo "instructions.sh: starting deckcheck under callgrind (the games load under valgrind: a minute or more)" >&2
DECKCHECK_ADDR="127.0.0.1:$PORT" DECKCHECK_WORKERS=1 DECKCHECK_DATA_DIR="$WORK/data" RUST_LOG=warn \
  callgrind deckcheck "$BIN" serve
DECKCHECK_PID=$STARTED
callgrind floor "$FLOOR" "127.0.0.1:$FLOOR_PORT"
FLOOR_PID=$STARTED
wait_for "$DECKCHECK_PID" "http://127.0.0.1:$PORT/ready"
wait_for "$FLOOR_PID" "http://127.0.0.1:$FLOOR_PORT/"
callgrind_control -i on "$DECKCHECK_PID" >/dev/null 2>&1
callgrind_control -i on "$FLOOR_PID" >/dev/null 2>&1

[ -z "${DUMPS:-}" ] || { mkdir -p "$DUMPS"; export DUMPS="$(cd "$DUMPS" && pwd)"; }
export WORK PORT FLOOR_PORT DECKCHECK_PID FLOOR_PID LOAD_BEFORE="$(cut -d' ' -f1-3 /proc/loadavg)"
python3 - <<'EOF'
"""The client (not measured): one keep-alive connection per server, a zero and a dump around
each route's requests, the table and the targets."""
import glob, http.client, json, os, shutil, socket, subprocess, sys
sys.path.insert(0, os.path.join(os.getcwd(), "scripts"))
from bodies import routes

work, requests, warm = os.environ["WORK"], int(os.environ["REQUESTS"]), int(os.environ["WARM"])
# The language every request asks for (none when empty): the messages' cost in it.
accept_language = os.environ.get("ACCEPT_LANGUAGE", "")
ROUTES = routes(os.getcwd(), os.environ["SWU_DECK"])

class Server:
    def __init__(self, name, port, pid):
        self.name, self.port, self.pid = name, port, pid
        self.sock, self.reconnected, self.kept = None, False, 0

    def connect(self):
        self.sock = socket.create_connection(("127.0.0.1", self.port), timeout=600)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def send(self, path, body, content_type=None):
        # The whole request in one write: sent as headers then body (as http.client does), the
        # server reads it in one go or in two depending on timing, and the counts with it.
        head = f"{'GET' if body is None else 'POST'} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if accept_language:
            head += f"Accept-Language: {accept_language}\r\n"
        if body is not None:
            head += f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n"
        request = (head + "\r\n").encode() + (body or b"")
        for attempt in range(2):
            try:
                if self.sock is None:
                    self.connect()
                self.sock.sendall(request)
                answer = http.client.HTTPResponse(self.sock)
                answer.begin()
                break
            except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
                # The server ended an idle keep-alive connection (5 s): a new one, and the
                # figure being taken, if any, is taken again (a connection's cost is not a
                # request's).
                if attempt:
                    raise
                self.sock.close()
                self.sock, self.reconnected = None, True
        data = answer.read()
        if answer.status != 200 or answer.will_close:
            sys.exit(f"{self.name} {path}: {answer.status} {data[:500]!r}")
        return data

    def control(self, *args):
        subprocess.run(["callgrind_control", *args, str(self.pid)], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def count(self, path, body, content_type):
        """Instructions per request of `requests` requests, after `warm` not counted."""
        for _ in range(3):
            for _ in range(warm):
                self.send(path, body, content_type)
            before = set(glob.glob(f"{work}/{self.name}.out*"))
            self.reconnected = False
            self.control("--zero")
            for _ in range(requests):
                self.send(path, body, content_type)
            self.control("--dump")
            new = sorted(set(glob.glob(f"{work}/{self.name}.out*")) - before)
            if not new:
                sys.exit(f"{self.name}: the dump wrote nothing")
            if self.reconnected:
                continue
            if os.environ.get("DUMPS"):
                self.kept += 1
                for dump in new:
                    thread = dump.rsplit("-", 1)[1]
                    shutil.copy(dump, os.path.join(os.environ["DUMPS"],
                                                   f"{self.name}-{self.kept}-thread{thread}.out"))
            total = 0
            for dump in new:
                with open(dump) as f:
                    head = dict(line.rstrip("\n").split(": ", 1) for line in f
                                if line.startswith(("thread:", "totals:", "summary:")))
                # Thread 1 is the main thread: it serves no request, and runs only the
                # service's timers (the metrics' upkeep every 5 s, the retention purge), whose
                # count in a window depends on the wall clock.
                if head.get("thread") != "1":
                    total += int(head.get("totals", head.get("summary", "0")))
            return total / requests
        sys.exit(f"{self.name} {path}: the connection was closed during three measures")

deckcheck = Server("deckcheck", int(os.environ["PORT"]), os.environ["DECKCHECK_PID"])
floor = Server("floor", int(os.environ["FLOOR_PORT"]), os.environ["FLOOR_PID"])

for label, path, body, verdict, content_type in ROUTES:
    answer = json.loads(deckcheck.send(path, body, content_type)) if body is not None else None
    if verdict is not None and answer is not None:
        got = answer["reports"][0]["verdict"]
        if got != verdict:
            sys.exit(f"{label}: the verdict is {got}, expected {verdict}: {answer}")
# Each server's routes in a row: its connection is not left idle while the other is measured.
ours = [deckcheck.count(path, body, ct) for _, path, body, _, ct in ROUTES]
bare = [floor.count("/", body, ct) for _, path, body, _, ct in ROUTES]
rows = [(label, o, b) for (label, *_), o, b in zip(ROUTES, ours, bare)]

print(f"\nInstructions per request (callgrind, {requests} requests per route on one keep-alive "
      f"connection after {warm} not counted; one worker each; every thread but the main one; "
      f"load average before: "
      f"{os.environ['LOAD_BEFORE']})\n")
print("| Route (body) | deckcheck | bare actix-web | ratio |")
print("|---|---|---|---|")
for label, ours, bare in rows:
    what = "(GET)" if label.startswith("`GET") else "(parse to `Value`)"
    print(f"| {label} | {ours:,.0f} | {bare:,.0f} {what} | {ours / bare:.2f}× |")

figure = {label: (ours, bare) for label, ours, bare in rows}
def of(i):
    return figure[ROUTES[i][0]]
TARGETS = [
    ("`/health` ≤ 1.5× the bare GET", of(0)[0] / of(0)[1], 1.5, "×"),
    ("validate SWU legal ≤ 1.0× the bare parse", of(1)[0] / of(1)[1], 1.0, "×"),
    ("SWU rotated ≤ 1.2× the bare parse", of(2)[0] / of(2)[1], 1.2, "×"),
    ("Legion army list ≤ 60,000", of(3)[0], 60_000, ""),
    ("CCG one deck ≤ 250,000", of(4)[0], 250_000, ""),
    ("LCG one deck ≤ 200,000", of(5)[0], 200_000, ""),
]
print("\n| Target (issue 33) | measured | holds |")
print("|---|---|---|")
for what, value, limit, unit in TARGETS:
    shown = f"{value:.2f}×" if unit else f"{value:,.0f}"
    print(f"| {what} | {shown} | {'yes' if value <= limit else '**no**'} |")
EOF
