#!/usr/bin/env bash
# The README's training-data recipes (issue 29) in fenbatch-mpi: the data of
# tests/records/recipes_reference.py (random games; expected outputs computed independently),
# each recipe over 2 and 3 ranks with the same output, statistics and side files as fenbatch's
# in every byte (compare.sh), and fenbatch's output the reference's. (fenbatch alone at -j1,
# -j2, small chunks and partitioned: tests/records/recipes_test.py, ctest records.recipes.)
. "$RUNS_DIR/compare.sh"
"$PY" "$DATA/../records/recipes_reference.py" "$PWD" || die "recipes_reference.py failed"
same_as_expected() {
  cmp -s "ref/$1" "$2" || fail "fenbatch's $1 is not $2 (the reference's)"
}
echo "== stockfish: headerless CSV, \$score and \$ply, --key placement --keep last, .plain"
compare_runs "2 3" --header no --columns ply,fen,move,score,result \
  --where '$score > -400 and $score < 400' --where '$ply >= 8' --key placement --keep last \
  --stats-json stats.json -o out.plain "$PWD/sf.csv"
same_as_expected out.plain sf.expected
echo "== lichess_evals: --keep max:evals.0.depth"
compare_runs "2 3" --keep max:evals.0.depth --stats-json stats.json -o out.jsonl \
  "$PWD/evals.jsonl"
same_as_expected out.jsonl evals.expected
echo "== puzzles: --exclude puzzles.csv --exclude-apply-moves Moves:1"
compare_runs "2 3" --dedupe --exclude "$PWD/puzzles.csv" --exclude-apply-moves Moves:1 \
  --stats-json stats.json -o out.fen "$PWD/train.fen"
same_as_expected out.fen train.expected
finish
