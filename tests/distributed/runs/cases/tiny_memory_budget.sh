#!/usr/bin/env bash
# The smallest memory budget per rank (--memory-limit 16M, its minimum) on a generated input
# of 64 MB (about a million positions, with invalid lines and a second copy of its first
# 50,000 lines far from their first occurrence), large enough that each rank's share of the
# keys, over up to 4 ranks, is past what 16M holds in memory: dedupe goes on in partitions on
# disk (in TMPDIR). The same as fenbatch's in every byte (compare.sh; the "memory" member of
# the statistics aside). Sanitizer builds: 24 MB over 1 and 2 ranks.
. "$RUNS_DIR/compare.sh"
bytes=64M ranks=$RANKS
[ "${SANITIZED:-0}" = 1 ] && bytes=24M ranks="1 2"
"$FENBATCH_GEN" --bytes "$bytes" --seed 21 -o gen.fen || die "fenbatch-gen failed"
{ cat gen.fen; yes 'not a position' | head -n 300; head -n 50000 gen.fen; } >in.fen
rm gen.fen
compare_runs "$ranks" --memory-limit 16M --dedupe --rejects rejects.txt --counts counts.tsv \
  --duplicates duplicates.txt --stats-json stats.json -o out.fen "$PWD/in.fen"
# The single process must have partitioned (else the input is too small for the test).
[ "$($PY -c 'import json; print(json.load(open("ref/stats.json"))["memory"]["dedupe"])')" = partitioned ] ||
  fail "fenbatch did not partition: the input is too small for a 16M budget"
finish
