#!/usr/bin/env bash
# Two `deckcheck serve` replicas on one PostgreSQL (issue 35): token operations sent to both at
# once have one winner, a replica whose clock is 10 s ahead or behind (Debian's faketime,
# libfaketime) takes no list after `locks_at` and stamps nothing in the future, and a client's
# budgets are spent once over both. The tests are `crates/cli/tests/ops/replicas.rs`; each makes
# a database of its own on the server given.
#
#   eval "$(bash scripts/postgres.sh start)"   # or any server: DECKCHECK_TEST_DATABASE_URL
#   bash scripts/replicas.sh
#
# .ci/run runs it against the cluster it already started. faketime is installed with apt when
# it is missing and this runs as root; otherwise the script says so and stops.
set -euo pipefail
cd "$(dirname "$0")/.."
URL="${DECKCHECK_TEST_DATABASE_URL:-}"
if [ -z "$URL" ]; then
  echo 'replicas.sh: no PostgreSQL server: eval "$(bash scripts/postgres.sh start)" first (it sets DECKCHECK_TEST_DATABASE_URL)' >&2
  exit 1
fi
if ! command -v faketime >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    echo "replicas.sh: installing faketime (apt)" >&2
    (timeout 300 apt-get update -qq && DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq faketime) >/dev/null \
      || { echo "replicas.sh: apt-get install faketime failed" >&2; exit 1; }
  else
    echo "replicas.sh: faketime is not installed (apt-get install faketime, as root)" >&2
    exit 1
  fi
fi
# One test at a time: each starts its own replicas (and the skew test times a deadline).
DECKCHECK_REPLICAS_DATABASE_URL="$URL" \
  cargo test --locked -p deckcheck --test ops replicas:: -- --include-ignored --test-threads=1
