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
. "$(dirname "${BASH_SOURCE[0]}")/../survivor_runs.sh"
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
