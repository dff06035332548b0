#!/usr/bin/env bash
# --where (issue 28) under a memory budget: about 270,000 lines (250,000 generated 8x8 and
# 10x8 positions, 500 invalid lines, 20,000 repeats far from their first occurrence)
# deduplicated with two --where under --memory-limit 16M, which the set outgrows (memory.dedupe
# "partitioned"), give the same output, rejects, --counts, --duplicates and statistics
# (filtered and filtered_by_where included; without timings, threads, memory, file names) as
# the in-memory run, at -j1 and -j2 and with a small --chunk-size: a filtered line claims no
# key in pass 1 and is filtered again, the same way, when pass 3 replays its chunk. No
# temporary is left in --temp-dir.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../same_runs.sh"
"$FENBATCH_GEN" -n 250000 --seed 41 --variant mixed -o gen.fen
{ cat gen.fen; for _ in $(seq 500); do echo 'not a position'; done; head -n 20000 gen.fen; } >big.fen
rm gen.fen
mkdir spill
where=(--where 'pieces >= 16 or board == 10x8' --where 'not in_check and legal_moves > 3')
# where_run NAME ARGS...: run (same_runs.sh) with --dedupe, the two --where, --counts and
# --duplicates (written under one name, which the statistics record, then renamed to
# NAME.counts, NAME.dups).
where_run() {
  local name=$1
  shift
  run "$name" -d "${where[@]}" --counts counts.tsv --duplicates dups.txt "$@" big.fen
  mv counts.tsv "$name.counts"
  mv dups.txt "$name.dups"
}
mode() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["memory"]["dedupe"])' "$1"; }
where_run mem -j2
echo "reference: dedupe in $(mode mem.json)"
python3 - mem.json <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
by_where = [w["filtered"] for w in s["filtered_by_where"]]
ok = len(by_where) == 2 and min(by_where) > 0 and sum(by_where) == s["filtered"]
ok = ok and s["duplicates"] > 0 and s["reconciliation"]["balanced"]
print("filtered under each expression, summing to filtered, duplicates, balanced:", ok)
PY
for args in "-j1" "-j2" "-j2 --chunk-size 3000"; do
  name="p${args// /}"
  # shellcheck disable=SC2086
  where_run "$name" --memory-limit 16M --temp-dir spill $args
  for f in counts dups; do
    cmp -s "mem.$f" "$name.$f" || { echo "FAIL: $name.$f differs from mem.$f"; exit 1; }
  done
  same mem "$name"
  echo "--memory-limit 16M $args: dedupe $(mode "$name.json"), the same as in memory"
  [ -z "$(ls -A spill)" ] || { echo "FAIL: left in spill: $(ls -A spill)"; exit 1; }
done
