#!/usr/bin/env bash
# --format plain (issue 29): FEN/EPD lines and CSV records written as Stockfish's .plain. A FEN
# line becomes `fen <canonical, 6 fields>` and `e`; a CSV record `fen <canonical>`, then each
# other column in order as `NAME VALUE` (NAME from the header), then `e`, and no header is
# written. Expected records: from Python's csv module and tests/data/puzzles.expected.tsv's
# hand-written canonical FENs (every valid record, no dedupe; 4 fields made 6 with 0 1), and tests/data/positions.fen's
# canonical lines. An output named .plain asks for the same; read back, the output is itself;
# JSON lines and --payload cannot be written as .plain (exit 2).
set -uo pipefail
cp "$DATA/puzzles.csv" puzzles.csv
"$FENBATCH" -q --format plain puzzles.csv -o out.txt --rejects rejects.txt ||
  echo "FAIL: run exited $?"
"$FENBATCH" -q puzzles.csv -o named.plain || echo "FAIL: named .plain exited $?"
cmp -s out.txt named.plain || echo "FAIL: an output named .plain differs from --format plain"
"$FENBATCH" -q --chunk-size 1 -j 3 puzzles.csv -o small.plain || echo "FAIL: --chunk-size 1"
cmp -s out.txt small.plain || echo "FAIL: --chunk-size 1 differs"
python3 - "$DATA/puzzles.expected.tsv" <<'PY'
import csv, sys
expected = dict(l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip())
del expected["PuzzleId"]
# One record per line (fenbatch reads no multi-line CSV record): each line read alone.
lines = open("puzzles.csv", newline="").read().split("\n")
header = next(csv.reader([lines[0]]))
rows = [next(csv.reader([l])) for l in lines[1:] if l]
want = ""
for row in rows:
    if row[0] not in expected:
        continue
    fen = expected[row[0]]  # (the CSV's form: a 4-field EPD gets the counters 0 1 in .plain)
    want += f"fen {fen if len(fen.split()) == 6 else fen + ' 0 1'}\n"
    want += "".join(f"{name} {value}\n" for name, value in zip(header, row) if name != "FEN")
    want += "e\n"
got = open("out.txt").read()
assert got == want, (got, want)
print("csv:", len(rows), "records,", got.count("\ne\n"), "written as .plain")
PY
echo "--- csv rejects"
cat rejects.txt
cp named.plain back.plain
"$FENBATCH" -q back.plain -o back2.plain || echo "FAIL: reading back exited $?"
cmp -s named.plain back2.plain || echo "FAIL: read back, the output differs"
# FEN lines: each a record of two lines; duplicates dropped; an invalid line rejected.
{ head -n 8 "$DATA/positions.fen"; head -n 3 "$DATA/positions.fen"; echo 'not a position'; } >p.fen
"$FENBATCH" -q -d --format plain p.fen -o p.out --rejects p.rej || echo "FAIL: fen exited $?"
python3 - "$DATA/positions.fen" <<'PY'
import sys
fens = [l.strip() for l in open(sys.argv[1])][:8]
want = "".join(f"fen {f}\ne\n" for f in fens)
assert open("p.out").read() == want, open("p.out").read()
print("fen lines: 8 records written as .plain")
PY
cat p.rej
"$FENBATCH" -q --format plain "$DATA/evals.jsonl" -o j.plain 2>&1; echo "exit $?"
"$FENBATCH" -q --payload --format plain p.fen -o q.plain 2>&1; echo "exit $?"
