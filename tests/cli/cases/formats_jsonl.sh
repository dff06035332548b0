#!/usr/bin/env bash
# JSON lines in the public evaluation database's shape (tests/data/evals.jsonl): the "fen"
# value (4 fields stay 4, 6 stay 6; escaped values decoded) is replaced by the canonical text
# and every other byte of the line stays as it was (checked with Python's json module and
# byte for byte); dedupe keeps the first record; lines that are not JSON objects, lack the
# key, hold a non-string, or are not JSON get their own reasons. Expected values:
# tests/data/evals.expected.tsv (input line number, FEN), by hand.
set -uo pipefail
cp "$DATA/evals.jsonl" evals.jsonl
"$FENBATCH" -q --dedupe evals.jsonl out.jsonl --rejects rejects.txt || echo "FAIL: run exited $?"
"$FENBATCH" -q --dedupe --chunk-size 1 -j 3 evals.jsonl out1.jsonl || echo "FAIL: chunk-size 1"
cmp -s out.jsonl out1.jsonl || echo "FAIL: --chunk-size 1 gives another output"
# The format follows the name; --input-format overrides it.
cp evals.jsonl evals.txt
"$FENBATCH" -q --dedupe --input-format jsonl evals.txt out2.jsonl || echo "FAIL: --input-format"
cmp -s out.jsonl out2.jsonl || echo "FAIL: --input-format jsonl gives another output"
echo "--- rejects"
cat rejects.txt
python3 - "$DATA/evals.expected.tsv" <<'PY'
import json, re, sys
expected = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()][1:]
source = open("evals.jsonl").read().split("\n")
out = open("out.jsonl").read().split("\n")
assert out[-1] == "", "no final newline"
out = out[:-1]
assert len(out) == len(expected), f"{len(out)} records written"
value = re.compile(r'"fen"\s*:\s*("(?:[^"\\]|\\.)*")')
for (number, fen), out_line in zip(expected, out):
    in_line = source[int(number) - 1]
    m = value.search(in_line)
    assert out_line == in_line[:m.start(1)] + '"' + fen + '"' + in_line[m.end(1):], out_line
    a, b = json.loads(in_line), json.loads(out_line)
    assert b["fen"] == fen, b["fen"]
    del a["fen"], b["fen"]
    assert a == b, out_line
print("ok")
PY
