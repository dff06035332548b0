#!/usr/bin/env bash
# Which occurrence survives (issue 28) under a memory budget. --max-per-position 3 on about
# 290,000 lines (250,000 generated 8x8 and 10x8 positions, 500 invalid lines, 20,000 of them
# repeated twice and 5,000 four times more, far from their first occurrence), and --keep last
# and --min-count on 60,000 of them: with --counts and --duplicates, under --memory-limit 16M
# (memory.dedupe "partitioned") at -j1, -j2 and with a small --chunk-size, the same output,
# rejects, counts, duplicates and statistics (without timings, threads, memory, file names) as
# the run under the default budget at -j2, and -j1 there too. (--max-per-position decides in
# memory under the default budget and switches under 16M; --keep last and --min-count always
# decide in partitions, under budgets that then differ.) No temporary is left in --temp-dir.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../same_runs.sh"
"$FENBATCH_GEN" -n 250000 --seed 43 --variant mixed -o gen.fen
{
  cat gen.fen
  for _ in $(seq 500); do echo 'not a position'; done
  head -n 20000 gen.fen
  for _ in 1 2 3 4; do head -n 5000 gen.fen; done
  head -n 20000 gen.fen
} >big.fen
rm gen.fen
mkdir spill
# policy_run NAME ARGS... INPUT: run (same_runs.sh) with --counts and --duplicates (written
# under one name, which the statistics record, then renamed to NAME.counts, NAME.dups).
policy_run() {
  local name=$1
  shift
  run "$name" --counts counts.tsv --duplicates dups.txt "$@"
  mv counts.tsv "$name.counts"
  mv dups.txt "$name.dups"
}
mode() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["memory"]["dedupe"])' "$1"; }
same_files() {  # same_files REF NAME: the outputs, counts and duplicates (same_runs.sh's same)
  for f in counts dups; do
    cmp -s "$1.$f" "$2.$f" || { echo "FAIL: $2.$f differs from $1.$f"; exit 1; }
  done
  same "$1" "$2"
}
# check_policy INPUT POLICY...: the policy's runs on INPUT against the default budget's at -j2.
check_policy() {
  local input=$1
  shift
  policy_run mem -j2 "$@" "$input"
  python3 - mem.json <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
o = s["options"]
print("%s %s %s: duplicates > 0 %s, rare > 0 %s, written > unique %s, balanced %s" % (
    o["keep"], o["max_per_position"], o["min_count"], s["duplicates"] > 0, s["rare"] > 0,
    s["written"] > s["unique"], s["reconciliation"]["balanced"]))
PY
  policy_run mem1 -j1 "$@" "$input"
  same_files mem mem1
  for args in "-j1" "-j2" "-j2 --chunk-size 3000"; do
    name="p${args// /}"
    # shellcheck disable=SC2086
    policy_run "$name" --memory-limit 16M --temp-dir spill $args "$@" "$input"
    same_files mem "$name"
    echo "$* --memory-limit 16M $args: dedupe $(mode "$name.json"), the same"
    [ -z "$(ls -A spill)" ] || { echo "FAIL: left in spill: $(ls -A spill)"; exit 1; }
  done
}
# --max-per-position alone decides in memory under the default budget: the big input, so that
# 16M switches to partitions mid-run.
check_policy big.fen --max-per-position 3
# --keep last and --min-count always decide in partitions: a sixth of it is enough.
head -n 50000 big.fen >small.fen
tail -n 10000 big.fen >>small.fen
for policy in "--keep last --max-per-position 2" "--min-count 3" "--keep last --min-count 2"; do
  # shellcheck disable=SC2086
  check_policy small.fen $policy
done
