#!/usr/bin/env bash
# --header yes|no|auto and --columns (issue 29). The trap of the issue: a headerless CSV read
# with --fen-field 2 loses no record and finds its duplicate. Then: a header detected by its
# column (written, skipped.header 1); a first record with an illegal position is a record,
# rejected with its reason; --header yes eats line 1 as said, --header no reads a header as a
# record; --columns names a headerless file's columns (--fen-field by name), and with
# --header yes renames a header's; 10x8 TSV; a headerless --exclude reference; inputs all
# with a header or none; each refusal exits 2 and writes nothing. Expected values are the rules written out by hand.
set -uo pipefail
# counts FILE: lines, written, duplicates, invalid, skipped.header, and per input the header
# skipped, from the statistics JSON.
counts() {
  python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))
per = " ".join(str(i["skipped"]["header"]) for i in s["per_input"])
print("lines", s["lines"], "written", s["written"], "duplicates", s["duplicates"],
      "invalid", s["invalid"], "header", s["skipped"]["header"], "per input", per,
      "balanced", s["reconciliation"]["balanced"])' "$1"
}
K='8/8/8/8/8/8/8/K6k w - - 0 1'
R='4k3/8/8/8/8/8/8/4K2R w K - 0 1'
echo "--- the trap: headerless, --fen-field 2, two identical positions"
printf '1,%s,e2e4\n2,%s,e2e4\n3,%s,x\n' "$K" "$K" "$R" >trap.csv
"$FENBATCH" -d --fen-field 2 trap.csv out.csv --stats-json s.json; echo "exit $?"
cat out.csv; counts s.json
echo "--- a header detected by its column 2"
printf 'id,fen,move\n1,%s,e2e4\n2,%s,e2e4\n' "$K" "$K" >headed.csv
"$FENBATCH" -d --fen-field 2 headed.csv out.csv --stats-json s.json; echo "exit $?"
cat out.csv; counts s.json
echo "--- an illegal first position is a record, rejected with its reason"
printf '1,8/8/8/8/8/8/8/KK5k w - - 0 1,e2e4\n2,%s,e2e4\n' "$K" >illegal.csv
"$FENBATCH" -q --fen-field 2 illegal.csv out.csv --rejects rej.txt; echo "exit $?"
cat out.csv rej.txt
echo "--- --header yes eats line 1; --header no reads a header as a record"
"$FENBATCH" -q -d --header yes --fen-field 2 trap.csv out.csv --stats-json s.json; echo "exit $?"
cat out.csv; counts s.json
"$FENBATCH" -q --header no --fen-field 2 headed.csv out.csv --rejects rej.txt; echo "exit $?"
cat out.csv rej.txt
echo "--- --columns: line 1 a record, the position by name (fen, the default)"
"$FENBATCH" -d --columns id,fen,move trap.csv out.csv --stats-json s.json; echo "exit $?"
cat out.csv; counts s.json
"$FENBATCH" -q -d --columns id,position,move --fen-field position trap.csv out2.csv; echo "exit $?"
cmp out.csv out2.csv && echo same
echo "--- --header yes --columns: the header skipped and written, its names replaced"
"$FENBATCH" -q --header yes --columns id,pos,mv --fen-field pos headed.csv out.csv; echo "exit $?"
cat out.csv
echo "--- 10x8 in TSV, a blank-led field"
printf '7\t rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\n' >wide.tsv
"$FENBATCH" --fen-field 2 wide.tsv out.tsv; echo "exit $?"
cat out.tsv
echo "--- two headerless inputs; a mix refused either way"
printf '9,%s,e2e4\n' "$K" >more.csv
"$FENBATCH" -d --fen-field 2 trap.csv more.csv -o out.csv --stats-json s.json; echo "exit $?"
cat out.csv; counts s.json
"$FENBATCH" -q --fen-field 2 trap.csv headed.csv -o mix1.csv; echo "exit $?"
"$FENBATCH" -q --fen-field 2 headed.csv trap.csv -o mix2.csv; echo "exit $?"
echo "--- a headerless --exclude reference of the inputs' format is read the same way"
printf '5,%s,z\n' "$K" >ref.csv
"$FENBATCH" -q --fen-field 2 --exclude ref.csv trap.csv out.csv --stats-json s.json
echo "exit $?"
cat out.csv
python3 -c 'import json, sys; print("excluded", json.load(open(sys.argv[1]))["excluded"])' s.json
echo "--- refusals"
"$FENBATCH" -q trap.csv bad1.csv; echo "exit $?"
"$FENBATCH" -q --header maybe trap.csv bad2.csv; echo "exit $?"
"$FENBATCH" -q --columns id,,move trap.csv bad3.csv; echo "exit $?"
"$FENBATCH" -q --columns id,2 trap.csv bad4.csv; echo "exit $?"
"$FENBATCH" -q --columns id,fen,id trap.csv bad5.csv; echo "exit $?"
"$FENBATCH" -q --header no trap.csv bad6.csv; echo "exit $?"
"$FENBATCH" -q --columns id,position trap.csv bad7.csv; echo "exit $?"
printf '%s\n' "$K" >plain.fen
"$FENBATCH" -q --header no plain.fen bad8.fen; echo "exit $?"
"$FENBATCH" -q --columns a,fen --input-format jsonl trap.csv bad9.csv; echo "exit $?"
for f in mix1.csv mix2.csv bad1.csv bad2.csv bad3.csv bad4.csv bad5.csv bad6.csv bad7.csv \
  bad8.fen bad9.csv; do
  [ -e "$f" ] && echo "FAIL: $f written"
done
exit 0
