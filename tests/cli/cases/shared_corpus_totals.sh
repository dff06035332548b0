#!/usr/bin/env bash
# The 20 shared corpora (../shared/corpus/*.epd.zst, passed compressed, in LC_ALL=C name order)
# with --dedupe: every line valid, and the totals of an independent reference: 2,784,093 lines,
# 2,102,418 unique positions, 6,546 with a legal en-passant capture; the counts reconcile.
set -euo pipefail
if [ -z "$SHARED" ]; then echo "skipped: ../shared absent"; exit 0; fi
export LC_ALL=C
files=("$SHARED"/corpus/*.epd.zst)
[ "${#files[@]}" = 20 ] || { echo "FAIL: ${#files[@]} corpus files, expected 20"; exit 1; }
"$FENBATCH" -q --dedupe --stats-json stats.json -o out.fen "${files[@]}"
python3 - stats.json "$(wc -l <out.fen)" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
failures = []
def expect(what, got, want):
    if got != want:
        failures.append(f"{what}: {got:,}, expected {want:,}")
expect("lines", s["lines"], 2_784_093)
expect("valid", s["valid"], 2_784_093)
expect("invalid", s["invalid"], 0)
expect("unique", s["unique"], 2_102_418)
expect("written", s["written"], 2_102_418)
expect("output lines", int(sys.argv[2]), 2_102_418)
expect("duplicates", s["duplicates"], 2_784_093 - 2_102_418)
expect("positions.legal_ep", s["positions"]["legal_ep"], 6_546)
skipped = s["skipped"]["blank"] + s["skipped"]["comment"]
expect("written + duplicates + invalid + skipped", s["written"] + s["duplicates"] + s["invalid"] + skipped, s["lines"])
if s["reconciliation"]["balanced"] is not True:
    failures.append("reconciliation.balanced is not true")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
PY
echo "ok"
