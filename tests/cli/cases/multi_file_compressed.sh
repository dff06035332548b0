#!/usr/bin/env bash
# Mixed compressed and plain inputs in one run (gzip, bzip2, xz, zstd, plain) give the same
# output, rejects (with each file's own name and line numbers) and statistics as the plain files.
set -euo pipefail
bash "$DATA/mixed_input.sh" >mixed.fen
cp "$DATA/positions.fen" "$DATA/positions.epd" .
cp mixed.fen again.fen
gzip -k mixed.fen
bzip2 -k positions.fen
xz -k positions.epd
zstd -q -k again.fen
plain=(mixed.fen positions.fen positions.epd again.fen positions.fen)
packed=(mixed.fen.gz positions.fen.bz2 positions.epd.xz again.fen.zst positions.fen)
"$FENBATCH" -q --dedupe --rejects plain.rej --stats-json plain.json -o plain.out "${plain[@]}"
"$FENBATCH" -q --dedupe --rejects packed.rej --stats-json packed.json -o packed.out "${packed[@]}"
cmp plain.out packed.out || { echo "FAIL: output differs"; exit 1; }
sed -E 's/^(mixed\.fen|again\.fen)\.(gz|zst):/\1:/' packed.rej | cmp plain.rej - ||
  { echo "FAIL: rejects differ"; diff plain.rej packed.rej | head; exit 1; }
python3 - plain.json packed.json <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
for k in ("inputs", "output", "input_bytes", "wall_seconds", "threads", "mb_per_second",
          "positions_per_second"):
    a.pop(k); b.pop(k)
# Sample file names follow the input name (<stdin>, a.gz): compare where, not how named.
for sample in a.get("invalid_samples", []) + b.get("invalid_samples", []):
    sample.pop("file")
for per_input in a.get("per_input", []) + b.get("per_input", []):
    per_input.pop("path")
if a != b:
    sys.exit(f"FAIL: stats differ: { {k: (a[k], b[k]) for k in a if a[k] != b[k]} }")
if (a["lines"], a["invalid"], a["duplicates"], a["notes"]["bom_skipped"]) != (35 + 9 + 4 + 35 + 9, 36, 3 + 1 + 4 + 13 + 9, 2):
    sys.exit(f"FAIL: lines {a['lines']} invalid {a['invalid']} duplicates {a['duplicates']} "
             f"bom_skipped {a['notes']['bom_skipped']}")
PY
grep -c '^again\.fen\.zst:' packed.rej
