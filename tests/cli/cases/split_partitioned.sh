#!/usr/bin/env bash
# --split and --sample (issue 28) everywhere alike: about 320,000 lines (300,000 generated 8x8
# and 10x8 positions, 500 invalid lines, 20,000 repeats far from their first occurrence) with
# --dedupe, two splits (one compressed), --sample, --counts and --duplicates under
# --memory-limit 16M, which the set outgrows (memory.dedupe "partitioned"), give the same
# output, split files, rejects, counts, duplicates and statistics (unsampled and the splits'
# written included; without timings, threads, memory, file names) as the in-memory run, at -j1
# and -j2 and with a small --chunk-size: the chunks replayed in pass 3 are sampled and routed
# as in pass 1. Without --dedupe, -j1 and -j2 with small chunks agree too. No temporary is
# left in --temp-dir.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../same_runs.sh"
mkdir spill
{
  "$FENBATCH_GEN" -n 300000 --seed 43 --variant mixed
  printf 'not a position\n%.0s' $(seq 500)
  "$FENBATCH_GEN" -n 20000 --seed 43 --variant mixed  # (the first 20,000 again)
} >big.fen
selection=(--split test=10%:t.fen --split valid=5%:v.fen.zst --sample 90%)
# split_run NAME ARGS...: run (same_runs.sh) with the selection, its files (written under one
# name, which the statistics record) then renamed to NAME.t, NAME.v, NAME.counts, NAME.dups.
split_run() {
  local name=$1
  shift
  run "$name" "${selection[@]}" "$@" big.fen
  mv t.fen "$name.t"
  zstd -q -d --rm v.fen.zst -o "$name.v"
  if [ -f counts.tsv ]; then mv counts.tsv "$name.counts"; mv dups.txt "$name.dups"; fi
}
compare() {  # compare REF NAME: every file of the two runs
  local f
  for f in t v counts dups; do
    [ -f "$1.$f" ] || continue
    cmp -s "$1.$f" "$2.$f" || { echo "FAIL: $2.$f differs from $1.$f"; exit 1; }
  done
  same "$1" "$2"
}
mode() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["memory"]["dedupe"])' "$1"; }
dedupe=(-d --counts counts.tsv --duplicates dups.txt)
split_run mem -j2 "${dedupe[@]}"
echo "reference: dedupe in $(mode mem.json)"
python3 - mem.json mem.t mem.v <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
counts = [sum(1 for _ in open(p)) for p in sys.argv[2:]]
ok = [x["written"] for x in s["splits"]] == counts and min(counts) > 0
ok = ok and s["unsampled"] > 0 and s["duplicates"] > 0 and s["reconciliation"]["balanced"]
print("splits written as counted, unsampled and duplicates, balanced:", ok)
PY
for args in "-j1" "-j2" "-j2 --chunk-size 3000"; do
  name="p${args// /}"
  # shellcheck disable=SC2086
  split_run "$name" "${dedupe[@]}" --memory-limit 16M --temp-dir spill $args
  compare mem "$name"
  echo "--memory-limit 16M $args: dedupe $(mode "$name.json"), the same as in memory"
  [ -z "$(ls -A spill)" ] || { echo "FAIL: left in spill: $(ls -A spill)"; exit 1; }
done
split_run plain -j1
split_run plain2 -j2 --chunk-size 3000
compare plain plain2
echo "without --dedupe: -j1 and -j2 --chunk-size 3000 the same"
