#!/usr/bin/env bash
# CSV in the public puzzle database's shape (tests/data/puzzles.csv): the FEN column is
# normalized in place and every other byte of each record stays as it was (checked with
# Python's csv module and byte for byte); the header is written once; dedupe keeps the first
# record of a position; invalid records are rejected with FILE:LINE:COLUMN and their reason.
# The same for every chunk size (headers are resolved before chunks run in parallel) and for
# two inputs with the same header. Expected FEN texts: tests/data/puzzles.expected.tsv, by hand.
set -uo pipefail
cp "$DATA/puzzles.csv" puzzles.csv
"$FENBATCH" -q --dedupe puzzles.csv out.csv --rejects rejects.txt --stats-json stats.json ||
  echo "FAIL: run exited $?"
"$FENBATCH" -q --dedupe --chunk-size 1 -j 3 puzzles.csv out1.csv || echo "FAIL: chunk-size 1"
cmp -s out.csv out1.csv || echo "FAIL: --chunk-size 1 gives another output"
"$FENBATCH" -q puzzles.csv all.csv || echo "FAIL: run without dedupe"
cp puzzles.csv again.csv
"$FENBATCH" -q puzzles.csv again.csv -o twice.csv || echo "FAIL: two inputs"
echo "--- rejects"
cat rejects.txt
python3 - "$DATA/puzzles.expected.tsv" <<'PY'
import csv, io, json, sys
expected = dict(l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip())
del expected["PuzzleId"]
source = open("puzzles.csv", newline="").read().split("\n")
header = source[0]
by_id = {l.split(",", 1)[0]: l for l in source[1:] if l}

def fen_span(line):
    """The FEN field's raw bytes (2nd column; PuzzleId holds no comma or quote)."""
    start = line.index(",") + 1
    if line[start] == '"':
        end = line.index('"', start + 1) + 1
    else:
        end = line.index(",", start)
    return start, end

def check(path, want_ids):
    lines = open(path, newline="").read().split("\n")
    assert lines[-1] == "", path + ": no final newline"
    lines = lines[:-1]
    assert lines[0] == header, path + ": header changed"
    assert lines.count(header) == 1, path + ": header written more than once"
    ids = [l.split(",", 1)[0] for l in lines[1:]]
    assert ids == want_ids, f"{path}: records {ids}"
    for out_line in lines[1:]:
        in_line = by_id[out_line.split(",", 1)[0]]
        s, e = fen_span(in_line)
        quoted = in_line[s] == '"'
        fen = expected[out_line.split(",", 1)[0]]
        raw = '"' + fen + '"' if quoted else fen
        assert out_line == in_line[:s] + raw + in_line[e:], f"{path}: {out_line!r}"
        a = next(csv.reader(io.StringIO(in_line)))
        b = next(csv.reader(io.StringIO(out_line)))
        assert a[0] == b[0] and a[2:] == b[2:] and b[1] == fen, f"{path}: csv fields {b}"

kept = ["00008", "0000D", "0009B", "000eE", "000fF", "000gG"]
check("out.csv", kept)
check("all.csv", ["00008", "0000D", "0009B", "000aX", "000eE", "000fF", "000gG"])
lines = open("twice.csv").read().split("\n")
assert lines.count(header) == 1 and len(lines) == 1 + 2 * 7 + 1, "twice.csv"
stats = json.load(open("stats.json"))
# 12 lines: the header, 7 valid records (one a duplicate), 1 blank, 3 invalid.
assert stats["lines"] == 12 and stats["valid"] == 7 and stats["invalid"] == 3, stats
assert stats["skipped"]["header"] == 1 and stats["skipped"]["blank"] == 1, stats["skipped"]
assert stats["duplicates"] == 1 and stats["written"] == 6, stats
# The most repeated list names positions, not CSV records.
assert stats["most_repeated"] == [
    {"position": "r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - -", "count": 2}], stats["most_repeated"]
print("ok")
PY
