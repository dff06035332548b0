#!/usr/bin/env bash
# A headerless CSV (issue 29: --fen-field 2, line 1 detected as a record) of about 250,000
# lines (generated 8x8 and 10x8 positions as "N,FEN,label", the first position again on line
# 2, invalid lines, repeats far from their first occurrence) deduplicated under --memory-limit 16M
# (partitioned) gives the same output, rejects, --duplicates and statistics as in memory, at
# -j1 and -j2 and in small chunks; the first record is deduplicated like any other.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../same_runs.sh"
"$FENBATCH_GEN" -n 230000 --seed 43 --variant mixed -o gen.fen
"$FENBATCH" -q --format fen gen.fen gen6.fen  # 6 fields: no EPD operation (commas)
{
  head -n 1 gen6.fen
  cat gen6.fen
  for _ in $(seq 300); do echo 'not a position'; done
  head -n 20000 gen6.fen
} | awk '{ printf "%d,%s,%d\n", NR, $0, NR % 7 }' >big.csv
rm gen.fen gen6.fen
mkdir spill
mode() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["memory"]["dedupe"])' "$1"; }
headers_run() {
  local name=$1
  shift
  run "$name" -d --fen-field 2 --duplicates dups.txt "$@" big.csv
  mv dups.txt "$name.dups"
}
headers_run mem -j2
python3 - mem.json <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
print("no header skipped, 300 invalid:", s["skipped"]["header"] == 0 and s["invalid"] == 300)
PY
echo "line 1 written, line 2 its duplicate: $(head -c 2 mem.out) / $(head -n 1 mem.dups | cut -d' ' -f1-4)"
for args in "-j1" "-j2" "-j2 --chunk-size 3000"; do
  name="p${args// /}"
  # shellcheck disable=SC2086
  headers_run "$name" --memory-limit 16M --temp-dir spill $args
  cmp -s mem.dups "$name.dups" || { echo "FAIL: $name.dups differs from mem.dups"; exit 1; }
  same mem "$name"
  echo "--memory-limit 16M $args: dedupe $(mode "$name.json"), the same as in memory"
done
