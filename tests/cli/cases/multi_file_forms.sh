#!/usr/bin/env bash
# Several inputs are one stream, read in order: "-o OUT a b c" (-o anywhere) and the
# concatenation of a, b and c in one file give the same output, while "a b c OUT" is a usage
# error that writes nothing (issue 14: operands as uniq's, [INPUT [OUTPUT]]); '-' reads standard input in
# its place among the inputs; with no operands input comes from standard input (here
# redirected) and output goes to standard output, as it does for the operands "- -".
# Dedupe works across files. Only the first run prints diagnostics (-q for the others).
set -euo pipefail
bash "$DATA/mixed_input.sh" >mixed.fen
cp "$DATA/positions.fen" "$DATA/positions.epd" .
cat mixed.fen positions.fen positions.epd >all.fen

"$FENBATCH" --dedupe -o out1.fen mixed.fen positions.fen positions.epd
cat out1.fen
check() { cmp out1.fen "$1" || { echo "FAIL: $2"; exit 1; }; }
status=0
"$FENBATCH" -q --dedupe mixed.fen positions.fen positions.epd out2.fen 2>/dev/null || status=$?
[ "$status" = 2 ] && [ ! -e out2.fen ] || { echo "FAIL: a b c OUT: exit $status"; exit 1; }
"$FENBATCH" -q --dedupe mixed.fen positions.fen -o out3.fen positions.epd
check out3.fen "-o OUT between the inputs"
"$FENBATCH" -q --dedupe all.fen out4.fen
check out4.fen "the concatenated file"
"$FENBATCH" -q --dedupe -o out5.fen mixed.fen - positions.epd <positions.fen
check out5.fen "'-' among the inputs"
"$FENBATCH" -q --dedupe <all.fen >out6.fen
check out6.fen "no operands: stdin to stdout"
cat all.fen | "$FENBATCH" -q --dedupe - - >out7.fen
check out7.fen "'- -' through a pipe"
"$FENBATCH" -q --dedupe all.fen - >out8.fen
check out8.fen "'-' as the output operand"
