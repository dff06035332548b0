#!/usr/bin/env bash
# Every line of the 20 shared corpora is valid (no --dedupe), and the canonical output is a
# fixed point: normalizing it again changes nothing.
set -euo pipefail
if [ -z "$SHARED" ]; then echo "skipped: ../shared absent"; exit 0; fi
export LC_ALL=C
files=("$SHARED"/corpus/*.epd.zst)
"$FENBATCH" --stats-json stats.json -o once.fen "${files[@]}"   # stderr: any invalid sample
python3 - stats.json <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
got = (s["lines"], s["valid"], s["invalid"], s["written"])
if got != (2_784_093, 2_784_093, 0, 2_784_093):
    sys.exit(f"FAIL: lines, valid, invalid, written = {got}")
PY
"$FENBATCH" -q once.fen twice.fen
cmp once.fen twice.fen || { echo "FAIL: normalizing the output again changed it"; exit 1; }
echo "ok"
