#!/usr/bin/env bash
# TSV records, --fen-field by name (exact, else any case) and by number, CRLF records, and the
# header errors: a header without the FEN column, inputs with different headers, inputs whose
# names infer different formats. Each error exits 2 and writes nothing.
set -uo pipefail
printf 'id\tFen\tresult\n1\t4k3/8/8/8/8/8/8/4K2R  w K - 0 1\t1-0\n\n2\tbad\t0-1\n3\t4k3/8/8/8/8/8/8/4K2R w K -\t"x"\n' >a.tsv
echo "--- tsv"
"$FENBATCH" -q a.tsv out.tsv --rejects rejects.txt; echo "exit $?"
cat -A out.tsv rejects.txt
echo "--- --fen-field by number and by name, CRLF"
printf 'id,position,fen\r\n1,8/8/8/8/8/8/8/K6k w - - 0 1,not a fen\r\n' >b.csv
"$FENBATCH" -q --fen-field 2 b.csv out2.csv; echo "exit $?"
cat out2.csv
"$FENBATCH" -q --fen-field position b.csv out3.csv; echo "exit $?"
cmp out2.csv out3.csv && echo same
echo "--- header without the column"
printf 'id,position\n1,8/8/8/8/8/8/8/K6k w - - 0 1\n' >c.csv
"$FENBATCH" -q c.csv out4.csv; echo "exit $?"
"$FENBATCH" -q --fen-field 3 c.csv out4.csv; echo "exit $?"
echo "--- different headers"
printf 'PuzzleId,FEN\n1,8/8/8/8/8/8/8/K6k w - - 0 1\n' >d.csv
printf 'PuzzleId,FEN,Rating\n2,8/8/8/8/8/8/8/K6k w - - 0 1,1500\n' >e.csv
"$FENBATCH" -q d.csv e.csv -o out5.csv; echo "exit $?"
echo "--- different formats"
printf '8/8/8/8/8/8/8/K6k w - - 0 1\n' >f.fen
"$FENBATCH" -q d.csv f.fen -o out6.csv; echo "exit $?"
"$FENBATCH" -q --input-format fen d.csv f.fen -o out7.fen; echo "exit $?"
for f in out4.csv out5.csv out6.csv; do [ -e "$f" ] && echo "FAIL: $f written"; done
exit 0
