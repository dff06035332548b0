#!/usr/bin/env bash
# --header / --columns (issue 29) in fenbatch-mpi: CSV inputs are read whole, each by one rank,
# and every rank must take each input's first line as fenbatch does. Headerless inputs read
# with --fen-field 2 (detected: line 1 a record), the same with --columns, headed inputs with
# --fen-field 2 (detected: line 1 the header, written once), then a headerless input followed
# by a headed one, refused as fenbatch refuses it (the rank reading the second input holds it
# to the first input's decision, which rank 0 found). Over 1 to 3 ranks, every byte as
# fenbatch's (compare.sh); -q: the notes of
# detection come from the rank that reads each input, in no fixed order.
. "$RUNS_DIR/compare.sh"
lines=2000
[ "${SANITIZED:-0}" = 1 ] && lines=500
"$FENBATCH_GEN" -n "$lines" --seed 51 --variant mixed -o a.gen || die "fenbatch-gen failed"
"$FENBATCH_GEN" -n "$lines" --seed 52 -o b.gen || die "fenbatch-gen failed"
# The generated lines as 6-field FEN (no EPD operation: they may hold commas), then as CSV:
# csv FILE < FENS: "N,FEN,label" per line, numbered from 1.
{ "$FENBATCH" -q a.gen a.fen && "$FENBATCH" -q b.gen b.fen; } || die "fenbatch failed"
csv() { awk '{ printf "%d,%s,%d\n", NR, $0, NR % 3 }' >"$1"; }
csv a.csv <a.fen
{ head -n 300 a.fen; echo 'not a position'; cat b.fen; } | csv b.csv
head -n 400 b.fen | csv c.csv
{ echo 'id,fen,label'; cat b.csv; } >hb.csv
{ echo 'id,fen,label'; cat c.csv; } >hc.csv
headerless=("$PWD/a.csv" "$PWD/b.csv" "$PWD/c.csv")
echo "== headerless, --fen-field 2"
compare_runs "1 2 3" -q -d --fen-field 2 --rejects rejects.txt --duplicates duplicates.txt \
  --stats-json stats.json -o out.csv "${headerless[@]}"
# Line 1 of each input was a record: no header skipped, duplicates found across inputs.
"$PY" -c 'import json, sys
s = json.load(open("ref/stats.json"))
sys.exit(0 if s["skipped"]["header"] == 0 and s["duplicates"] > 0 else "header or duplicates")' ||
  fail "headerless inputs: a header was skipped, or no duplicate found"
echo "== headerless, --columns"
compare_runs "3" -q -d --columns id,fen,label --stats-json stats.json -o out.csv "${headerless[@]}"
echo "== headed, --fen-field 2"
compare_runs "2 3" -q -d --fen-field 2 --stats-json stats.json -o out.csv "$PWD/hb.csv" \
  "$PWD/hc.csv"
"$PY" -c 'import json, sys
sys.exit(0 if json.load(open("ref/stats.json"))["skipped"]["header"] == 2 else "headers")' ||
  fail "headed inputs: not two headers skipped"
echo "== headerless then headed: refused"
# (Not compare_runs: a refusal on a rank other than 0 is printed as "rank N: ...".)
for n in 1 2 3; do
  # shellcheck disable=SC2086
  limited $MPIRUN -n "$n" "$FENBATCH_MPI" -q -d --fen-field 2 -o mixed.csv "$PWD/a.csv" \
    "$PWD/hc.csv" 2>mixed.err
  status=$?
  [ "$status" = 2 ] || fail "-n $n: exit $status, expected 2"
  grep -q 'hc.csv has a header and .*a.csv has none' mixed.err ||
    fail "-n $n: not refused as fenbatch refuses: $(head -c 300 mixed.err)"
  [ -e mixed.csv ] && fail "-n $n: mixed.csv written"
done
"$FENBATCH" -q -d --fen-field 2 -o mixed.csv "$PWD/a.csv" "$PWD/hc.csv" 2>mixed.err
status=$?
if [ "$status" != 2 ] || ! grep -q 'hc.csv has a header and .*a.csv has none' mixed.err; then
  fail "fenbatch: exit $status, not refused as expected: $(head -c 300 mixed.err)"
fi
finish
