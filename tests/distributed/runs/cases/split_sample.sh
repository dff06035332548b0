#!/usr/bin/env bash
# --split and --sample (issue 28) in fenbatch-mpi: two splits (one compressed: each rank's part
# its own frame) and a sample, with --dedupe, an --exclude reference (never sampled or split),
# --counts and --duplicates, on mixed 8x8 and 10x8 inputs that repeat each other's lines, over
# 1 to 3 ranks and joined through rank 0, then without --dedupe in small chunks: the same
# output, split files, rejects, counts and statistics (unsampled and the splits' written
# included) as fenbatch's in every byte (compare.sh). (Partitioned: tests/cli/cases/
# split_partitioned.sh.)
. "$RUNS_DIR/compare.sh"
n=4000
if [ "${SANITIZED:-0}" = 1 ]; then n=800; fi
"$FENBATCH_GEN" -n "$n" --seed 33 --variant mixed -o a.fen || die "fenbatch-gen failed"
# b.fen: a.fen's first 700 lines again, an invalid line, then 8x8 positions of its own; the
# reference: 300 of those.
{
  head -n 700 a.fen
  echo 'invalid in b'
  "$FENBATCH_GEN" -n "$n" --seed 34 | tee b.gen
} >b.fen || die "fenbatch-gen failed"
head -n 300 b.gen >ref.fen
selection=(--split test=10%:test.fen --split valid=0.05:valid.fen.zst --sample 70%)
echo "== -d --exclude, two splits, a sample"
compare_runs "1 2 3" "${selection[@]}" -d --exclude "$PWD/ref.fen" --rejects rejects.txt \
  --counts counts.tsv --duplicates duplicates.txt --stats-json stats.json -o out.fen \
  "$PWD/a.fen" "$PWD/b.fen"
echo "== joined through rank 0"
FENBATCH_MPI_JOIN_THROUGH_RANK0=1 compare_runs "3" "${selection[@]}" -d --stats-json stats.json \
  -o out.fen "$PWD/a.fen" "$PWD/b.fen"
echo "== no --dedupe, --chunk-size 1K"
compare_runs "2" "${selection[@]}" --chunk-size 1K --stats-json stats.json -o out.fen "$PWD/a.fen" \
  "$PWD/b.fen"
# Something went to each split and was left out of the sample (else the case proves little).
"$PY" - <<'PY' || fail "a split or the sample took nothing"
import json, sys
s = json.load(open("ref/stats.json"))
written = [x["written"] for x in s["splits"]]
if min(written) == 0 or s["unsampled"] == 0:
    sys.exit("splits %s, unsampled %d" % (written, s["unsampled"]))
PY
finish
