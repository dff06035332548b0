#!/usr/bin/env bash
# --exclude references each in their own format (by name): a JSON-lines reference excludes from
# a CSV input whose --fen-field (FEN) does not apply to it; references of different formats
# mix; a reference without a valid line gets a warning (it excludes nothing). Review findings
# of issue 14; expected values written by hand.
set -euo pipefail
fail() { echo "FAIL: $*"; exit 1; }
printf 'id,FEN\n1,4k3/8/8/8/8/8/8/4K2R w K - 0 1\n2,4k3/8/8/8/8/8/8/4K3 w - - 0 1\n3,7k/8/8/8/8/8/8/K7 w - - 0 1\n' >in.csv
printf '%s\n' '{"fen": "4k3/8/8/8/8/8/8/4K2R w K -"}' >ref.jsonl
printf '%s\n' '7k/8/8/8/8/8/8/K7 w - - 0 1' >ref.fen
printf '%s\n' '[Event "x"]' '1. e4 e5 *' >games.pgn
"$FENBATCH" -q --fen-field FEN --exclude ref.jsonl --exclude ref.fen --stats-json s.json in.csv out.csv
[ "$(cat out.csv)" = "$(printf 'id,FEN\n2,4k3/8/8/8/8/8/8/4K3 w - - 0 1')" ] || fail "out: $(cat out.csv)"
python3 - <<'PY'
import json
s = json.load(open("s.json"))
assert s["excluded"] == 2, s["excluded"]
assert s["reference"] == {"files": 2, "lines": 2, "valid": 2, "invalid": 0, "positions": 2}, s["reference"]
PY
"$FENBATCH" --exclude games.pgn in.csv out2.csv 2>err.txt || fail "exit $?"
grep -qx 'fenbatch: warning: --exclude games.pgn: no valid position in 2 lines (most common: variant_syntax); it excludes nothing. Is this a FEN/EPD file?' err.txt ||
  fail "no warning: $(cat err.txt)"
echo ok
