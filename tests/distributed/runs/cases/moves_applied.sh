#!/usr/bin/env bash
# --apply-moves and --exclude-apply-moves (issue 29) in fenbatch-mpi: puzzle-like CSV
# (tests/data/moves_csv.py: legal, illegal and malformed first moves, records without a
# position, repeats) deduplicated after the first move against a reference of some of the same
# records (its moves applied too), over 1 to 3 ranks, then without --dedupe in small chunks
# with --check-move: the same output, rejects, counts and statistics as fenbatch's in every byte
# (compare.sh). (Partitioned: tests/cli/cases/moves_partitioned.sh.)
. "$RUNS_DIR/compare.sh"
lines=4000
[ "${SANITIZED:-0}" = 1 ] && lines=800
"$FENBATCH_GEN" -n "$lines" --seed 59 --variant mixed -o gen.fen || die "fenbatch-gen failed"
"$PY" "$DATA/moves_csv.py" gen.fen a.csv 59 || die "moves_csv.py failed"
head -n 301 a.csv >ref.csv
echo "== -d, --exclude with --exclude-apply-moves"
compare_runs "1 2 3" -d --apply-moves Moves:1 --exclude "$PWD/ref.csv" \
  --exclude-apply-moves Moves:1 --rejects rejects.txt --counts counts.tsv \
  --duplicates duplicates.txt --stats-json stats.json -o out.csv "$PWD/a.csv"
echo "== no --dedupe, --chunk-size 1K, --check-move"
compare_runs "2" --check-move Moves --chunk-size 1K --stats-json stats.json -o out.csv \
  "$PWD/a.csv"
# Moves were refused both ways (else the case proves little).
"$PY" -c 'import json, sys
s = json.load(open("ref/stats.json"))
r = s["invalid_by_reason"]
sys.exit(0 if r["illegal_move"] > 0 and r["move_syntax"] > 0 else f"reasons: {r}")' ||
  fail "no illegal_move or move_syntax"
finish
