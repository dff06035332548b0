#!/usr/bin/env bash
# --split and --sample against an independent reference (tests/selection/split_reference.py,
# standard library only: the position key, XXH3 and the split's definition written out from
# their specifications, sharing no code with fenbatch): on 3,000 generated 8x8 positions, every
# line the reference can decide (no en-passant field; castling '-' or K/Q/k/q on the standard
# squares) is in the file it predicts, for three splits under --split-seed 42 and for
# --sample 40% under --sample-seed 7. This pins the definition that docs/usage.md states: a
# change of the key's encoding, of the hash or of the thresholds fails here.
set -euo pipefail
reference="$DATA/../selection/split_reference.py"
"$FENBATCH_GEN" -n 3000 --seed 11 -o in.fen
"$FENBATCH" -q in.fen plain.fen
"$FENBATCH" -q --split a=30%:a.fen --split b=0.25:b.fen --split c=12.5%:c.fen --split-seed 42 \
  in.fen rest.fen
python3 "$reference" 42 30% 0.25 12.5% -- plain.fen >expected.tsv
python3 - expected.tsv a.fen b.fen c.fen rest.fen <<'PY'
import sys
expected, *files = sys.argv[1:]
where = {}
for part, path in enumerate(files):
    for line in open(path):
        where.setdefault(line, set()).add(part)
checked = 0
for row in open(expected):
    part, line = row.split("\t", 1)
    assert where.get(line) == {int(part)}, f"{line.strip()}: in {where.get(line)}, expected {part}"
    checked += 1
assert checked >= 1000, checked
counts = [sum(1 for row in open(expected) if row.startswith(f"{p}\t")) for p in range(4)]
assert min(counts) > 0, counts
print(f"splits: every decidable line where the reference puts it ({checked} lines)")
PY
"$FENBATCH" -q --sample 40% --sample-seed 7 in.fen sampled.fen
python3 "$reference" 7 40% -- plain.fen >sample.tsv
python3 - sample.tsv sampled.fen <<'PY'
import sys
expected, sampled = sys.argv[1:]
kept = set(open(sampled))
checked = 0
for row in open(expected):
    part, line = row.split("\t", 1)
    assert (line in kept) == (part == "0"), f"{line.strip()}: sampled {line in kept}"
    checked += 1
print(f"sample: every decidable line kept or left out as the reference says ({checked} lines)")
PY
