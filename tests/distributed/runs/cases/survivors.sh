#!/usr/bin/env bash
# Which occurrence survives (issue 28) in fenbatch-mpi: each survivor policy with --counts and
# --duplicates, on mixed 8x8 and 10x8 inputs whose lines repeat up to five times across the
# inputs (so across ranks), over 3 ranks: the same output, rejects, counts, duplicates and
# statistics as fenbatch's in every byte (compare.sh). (Partitioned on one machine:
# tests/cli/cases/survivors_partitioned.sh.)
. "$RUNS_DIR/compare.sh"
lines=3000
[ "${SANITIZED:-0}" = 1 ] && lines=600
"$FENBATCH_GEN" -n "$lines" --seed 51 --variant mixed -o a.gen || die "fenbatch-gen failed"
{ cat a.gen; head -n 400 a.gen; } >a.fen
{ head -n 900 a.gen; echo 'invalid in b'; head -n 300 a.gen; head -n 100 a.gen; } >b.fen
for policy in "--max-per-position 3" "--keep last --max-per-position 2 --min-count 2" \
  "--min-count 3"; do
  echo "== $policy"
  # shellcheck disable=SC2086
  compare_runs "3" $policy --rejects rejects.txt --counts counts.tsv \
    --duplicates duplicates.txt --stats-json stats.json -o out.fen "$PWD/a.fen" "$PWD/b.fen"
done
finish
