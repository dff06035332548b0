#!/usr/bin/env bash
# --uniqueness (issue 28) under a memory budget: about 170,000 lines (150,000 generated 8x8 and
# 10x8 positions, 500 invalid lines, 20,000 repeats far from their first occurrence) deduplicated
# with a --where under --memory-limit 16M, which dedupe's set outgrows (partitioned) and so do
# the identities' sets (estimates): the output, rejects, --counts and --duplicates are those of
# the run without --uniqueness; the statistics are the same at -j1, -j2 and with a small
# --chunk-size, uniqueness included (the identities switch at the same key whatever the
# threads), and the same as the in-memory run's but for uniqueness (exact there); --key's
# identity is `unique` in every run (exact, even partitioned). Pass 3 adds no key twice.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../same_runs.sh"
"$FENBATCH_GEN" -n 150000 --seed 43 --variant mixed -o gen.fen
{ cat gen.fen; for _ in $(seq 500); do echo 'not a position'; done; head -n 20000 gen.fen; } >big.fen
rm gen.fen
mkdir spill
# unique_run NAME ARGS...: run (same_runs.sh) with --dedupe, a --where, --counts and
# --duplicates (renamed to NAME.counts, NAME.dups).
unique_run() {
  local name=$1
  shift
  run "$name" -d --where 'pieces >= 12 or board == 10x8' --counts counts.tsv \
    --duplicates dups.txt "$@" big.fen
  mv counts.tsv "$name.counts"
  mv dups.txt "$name.dups"
}
same_files() {  # same_files REF NAME: output, rejects, counts, duplicates
  local f
  for f in out rej counts dups; do
    cmp -s "$1.$f" "$2.$f" || { echo "FAIL: $2.$f differs from $1.$f"; exit 1; }
  done
}
unique_run plain -j2
unique_run mem -j2 --uniqueness
same_files plain mem
echo "in memory: the same files with --uniqueness as without"
for args in "-j1" "-j2" "-j2 --chunk-size 3000"; do
  name="p${args// /}"
  # shellcheck disable=SC2086
  unique_run "$name" --uniqueness --memory-limit 16M --temp-dir spill $args
  same_files plain "$name"
  [ "$name" = p-j1 ] || same p-j1 "$name"
  [ -z "$(ls -A spill)" ] || { echo "FAIL: left in spill: $(ls -A spill)"; exit 1; }
done
echo "--memory-limit 16M at -j1, -j2, --chunk-size 3000: the same files and statistics"
normalize_also=(uniqueness)
for name in mem p-j1; do normalize "$name.json" >"$name.norm"; done
cmp -s mem.norm p-j1.norm || { echo "FAIL: statistics less uniqueness differ"; exit 1; }
python3 - mem.json p-j1.json <<'PY'
import json, sys
mem, budget = (json.load(open(path)) for path in sys.argv[1:3])
print("dedupe:", mem["memory"]["dedupe"], "in memory,", budget["memory"]["dedupe"], "under 16M")
for name, document in (("in memory", mem), ("under 16M", budget)):
    table = document["uniqueness"]
    print(f"{name}: position (--key) is unique, exact:",
          table["position"] == {"distinct": document["unique"], "exact": True,
                                "relative_standard_error": 0})
    print(f"{name}: the others exact:",
          [table[k]["exact"] for k in table if k != "position"])
for k, exact in mem["uniqueness"].items():
    got = budget["uniqueness"][k]["distinct"]
    if abs(got - exact["distinct"]) > 3 * 0.0040625 * exact["distinct"]:
        print(f"FAIL: {k}: {got} against {exact['distinct']}")
PY
