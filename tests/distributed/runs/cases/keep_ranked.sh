#!/usr/bin/env bash
# --keep max:FIELD / min:FIELD (issue 29) in fenbatch-mpi: FEN lines whose `|` payload's first
# column is the field (values that tie, decimals, signs, a non-number, lines without a payload),
# on mixed 8x8 and 10x8 inputs whose positions repeat up to five times across the inputs (so
# across ranks), with --counts and --duplicates, over 3 ranks: the same output, rejects, counts,
# duplicates and statistics as fenbatch's in every byte (compare.sh). (Partitioned on one
# machine: tests/cli/cases/keep_ranked_partitioned.sh; against a reference:
# keep_ranked_reference.sh.)
. "$RUNS_DIR/compare.sh"
lines=3000
[ "${SANITIZED:-0}" = 1 ] && lines=600
"$FENBATCH_GEN" -n "$lines" --seed 53 --variant mixed -o a.gen || die "fenbatch-gen failed"
# with_scores SEED: each line with a payload (every 13th without), its value by line and seed.
with_scores() {
  awk -v seed="$1" 'BEGIN { split("3 -2 0.5 1 1.0 -0.25 0 mate 7 2.50 -0", v, " ") }
    { k = (NR * 7 + seed) % 11; if (NR % 13 == 0) print; else print $0 " | " v[k + 1] " | n" NR }'
}
{ with_scores 1 <a.gen; head -n 400 a.gen | with_scores 2; } >a.fen
{ head -n 900 a.gen | with_scores 3; echo 'invalid in b'; head -n 300 a.gen | with_scores 4;
  head -n 100 a.gen | with_scores 5; } >b.fen
for policy in "--keep max:1" "--keep min:1 --max-per-position 2 --min-count 2"; do
  echo "== $policy"
  # shellcheck disable=SC2086
  compare_runs "3" --payload $policy --rejects rejects.txt --counts counts.tsv \
    --duplicates duplicates.txt --stats-json stats.json -o out.fen "$PWD/a.fen" "$PWD/b.fen"
done
finish
