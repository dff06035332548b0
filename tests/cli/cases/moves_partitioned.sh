#!/usr/bin/env bash
# --apply-moves (issue 29) under a memory budget: about 270,000 puzzle-like CSV records
# (tests/data/moves_csv.py on 250,000 generated 8x8 and 10x8 positions: most first moves legal,
# some illegal or malformed, 500 records without a position, 20,000 repeated far from their
# first occurrence) deduplicated after their first move under --memory-limit 16M (memory.dedupe
# "partitioned") at -j1, -j2 and with a small --chunk-size give the same output, rejects,
# --counts, --duplicates and statistics (without timings, threads, memory, file names) as the
# run in memory at -j2, and -j1 there too: pass 3 replays a chunk's moves as pass 1 played them.
# No temporary is left in --temp-dir.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../same_runs.sh"
"$FENBATCH_GEN" -n 250000 --seed 53 --variant mixed -o gen.fen
python3 "$DATA/moves_csv.py" gen.fen big.csv 53
rm gen.fen
mkdir spill
moves_run() {
  local name=$1
  shift
  run "$name" -d --apply-moves Moves:1 --counts counts.tsv --duplicates dups.txt "$@" big.csv
  mv counts.tsv "$name.counts"
  mv dups.txt "$name.dups"
}
mode() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["memory"]["dedupe"])' "$1"; }
moves_run mem -j2
python3 - mem.json <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
r = s["invalid_by_reason"]
ok = r["illegal_move"] > 0 and r["move_syntax"] > 0 and s["duplicates"] > 0 and s["written"] > 0
print("written, duplicates, illegal_move and move_syntax all seen, balanced:",
      ok and s["reconciliation"]["balanced"])
PY
for args in "-j1" "-j1 --memory-limit 16M" "-j2 --memory-limit 16M" \
    "-j2 --memory-limit 16M --chunk-size 6000"; do
  name="r${args// /}"
  # shellcheck disable=SC2086
  moves_run "$name" --temp-dir spill $args
  for f in counts dups; do
    cmp -s "mem.$f" "$name.$f" || { echo "FAIL: $name.$f differs from mem.$f"; exit 1; }
  done
  same mem "$name"
  echo "$args: dedupe $(mode "$name.json"), the same as in memory at -j2"
  [ -z "$(ls -A spill)" ] || { echo "FAIL: left in spill: $(ls -A spill)"; exit 1; }
done
