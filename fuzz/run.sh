#!/usr/bin/env bash
# Runs the fuzz targets one after another, MAX_TIME seconds each (default 600), on corpora seeded
# afresh from the real decks, logging to fuzz/logs/<target>.log. Builds once first (stable Rust:
# cargo fuzz needs RUSTC_BOOTSTRAP=1), then runs the built binaries, so an edit to crates/ during
# the runs does not trigger a rebuild halfway. Only the targets run are reseeded and their logs replaced. Equivalent, per target:
#   RUSTC_BOOTSTRAP=1 cargo fuzz run -s none -a <target> -- -max_total_time=600 -timeout=10 -max_len=16384
#
#   nohup fuzz/run.sh > /dev/null 2>&1 &      # then watch fuzz/logs/summary.txt
#   MAX_TIME=15 fuzz/run.sh                   # CI: a brief run; exits 1 when a target fails
set -uo pipefail
cd "$(dirname "$0")"
max_time="${MAX_TIME:-600}"
targets="${TARGETS:-swudb_json text picklist import_auto pool http_body lcg_input ccg_input legion_input}"
RUSTC_BOOTSTRAP=1 cargo fuzz build -s none -a || exit 1
bin="target/$(rustc -vV | sed -n 's/^host: //p')/release"
for t in $targets; do rm -rf "corpus/$t" "logs/$t.log"; done
./seed.sh
mkdir -p logs
status=0
for t in $targets; do
  mkdir -p "artifacts/$t"
  echo "$t start $(date -u +%FT%TZ)" >> logs/summary.txt
  "$bin/$t" -artifact_prefix="artifacts/$t/" -max_total_time="$max_time" -timeout=10 \
    -max_len=16384 -print_final_stats=1 "corpus/$t" > "logs/$t.log" 2>&1
  code=$?
  echo "$t exit $code $(date -u +%FT%TZ) corpus=$(ls "corpus/$t" | wc -l)" >> logs/summary.txt
  if [ "$code" -ne 0 ]; then
    status=1
    echo "fuzz: $t failed (exit $code); the end of logs/$t.log:" >&2
    tail -n 40 "logs/$t.log" >&2
  fi
  grep -h '^Done' "logs/$t.log" | sed "s/^/fuzz: $t: /" || true
done
echo "all done $(date -u +%FT%TZ)" >> logs/summary.txt
exit $status
