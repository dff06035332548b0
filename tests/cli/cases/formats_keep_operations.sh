#!/usr/bin/env bash
# A CSV or JSON-lines field holding 6 fields and EPD operations keeps both (the review of issue
# 14 found the operations dropped); an in-place run on an .epd file of 6-field lines keeps
# their counters. Expected lines written by hand.
set -euo pipefail
fail() { echo "FAIL: $*"; exit 1; }
printf 'a,fen\n1,8/8/8/8/8/8/8/K6k w - - 0 1 id "x";\n' >ops.csv
"$FENBATCH" -q ops.csv out.csv
[ "$(sed -n 2p out.csv)" = '1,8/8/8/8/8/8/8/K6k w - - 0 1 id "x";' ] || fail "csv: $(cat out.csv)"
printf '%s\n' '{"fen": "8/8/8/8/8/8/8/K6k w - - 0 1 id \"x\";", "n": 1}' >ops.jsonl
"$FENBATCH" -q ops.jsonl out.jsonl
[ "$(cat out.jsonl)" = '{"fen": "8/8/8/8/8/8/8/K6k w - - 0 1 id \"x\";", "n": 1}' ] ||
  fail "jsonl: $(cat out.jsonl)"
printf '%s\n' 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3' >six.epd
"$FENBATCH" -q -d six.epd six.epd
[ "$(cat six.epd)" = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3' ] ||
  fail "in place: $(cat six.epd)"
echo ok
