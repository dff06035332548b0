#!/usr/bin/env bash
# Golden: --repair makes lines 29-32 valid: the digit run "44" merged (-> start position),
# "QKkq" reordered, the stale Q right (no rook on the a-side) dropped, the impossible ep square
# e6 dropped (-> start position); each repair counted by kind in the statistics. The other
# invalid lines are still rejected with the same reasons and columns.
set -euo pipefail
bash "$DATA/mixed_input.sh" >mixed.fen
"$FENBATCH" --repair --stats-json stats.json mixed.fen
python3 - stats.json <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
want = {"digit_run": 1, "castling_order": 1, "castling_dropped": 1, "ep_dropped": 1}
if s["repairs"] != want:
    sys.exit(f"repairs: {s['repairs']}, expected {want}")
if s["options"]["repair"] is not True:
    sys.exit("options.repair is not true")
if (s["lines"], s["valid"], s["invalid"], s["written"]) != (35, 17, 14, 17):
    sys.exit(f"lines/valid/invalid/written: {s['lines']} {s['valid']} {s['invalid']} {s['written']}")
PY
