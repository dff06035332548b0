#!/usr/bin/env bash
# --where (issue 28) in fenbatch-mpi: two expressions (the second counted only for the lines the
# first keeps), with --dedupe and an --exclude reference (never filtered), on mixed 8x8 and
# 10x8 inputs that repeat each other's lines, over 1 to 3 ranks, then without --dedupe in small
# chunks: the same output, rejects, counts and statistics (filtered and filtered_by_where
# included) as fenbatch's in every byte (compare.sh). (Partitioned: tests/cli/cases/
# where_partitioned.sh.)
. "$RUNS_DIR/compare.sh"
lines=4000
[ "${SANITIZED:-0}" = 1 ] && lines=800
"$FENBATCH_GEN" -n "$lines" --seed 31 --variant mixed -o a.fen || die "fenbatch-gen failed"
"$FENBATCH_GEN" -n "$lines" --seed 32 -o b.gen || die "fenbatch-gen failed"
{ head -n 700 a.fen; echo 'invalid in b'; cat b.gen; } >b.fen
head -n 300 b.gen >ref.fen
where=(--where 'pieces >= 24 or board == 10x8' --where 'not in_check and legal_moves > 5')
echo "== -d --exclude, two --where"
compare_runs "1 2 3" "${where[@]}" -d --exclude "$PWD/ref.fen" --rejects rejects.txt \
  --counts counts.tsv --duplicates duplicates.txt --stats-json stats.json -o out.fen \
  "$PWD/a.fen" "$PWD/b.fen"
echo "== no --dedupe, --chunk-size 1K"
compare_runs "2" "${where[@]}" --chunk-size 1K --stats-json stats.json -o out.fen \
  "$PWD/a.fen" "$PWD/b.fen"
# Something was filtered under each expression (else the case proves little).
"$PY" -c 'import json, sys
s = json.load(open("ref/stats.json"))
counts = [w["filtered"] for w in s["filtered_by_where"]]
sys.exit(0 if len(counts) == 2 and all(c > 0 for c in counts) else f"filtered_by_where: {counts}")' ||
  fail "an expression filtered nothing"
finish
