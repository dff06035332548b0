#!/usr/bin/env bash
# --max-invalid N: exit 1 with a message when more than N lines are invalid, yet the output
# (and rejects) are still written in full; exactly N invalid lines, or none with N = 0, exit 0.
set -uo pipefail
k='4k3/8/8/8/8/8/8/4K3'
printf '%s\n' "$k w - - 0 1" "$k y - - 0 1" "$k w - - 3 9" "$k w - - 0" >in.fen
printf '%s\n' "$k w - - 0 1" >clean.fen
echo "== --max-invalid 1 (2 invalid lines)"
"$FENBATCH" --max-invalid 1 --rejects rejects.txt -o out.fen in.fen 2>&1
echo "exit=$?"
cat out.fen rejects.txt
echo "== --max-invalid 2"
"$FENBATCH" --max-invalid 2 -o out2.fen in.fen 2>/dev/null
echo "exit=$?"
cmp out.fen out2.fen && echo "same output"
echo "== --max-invalid 0, clean input"
"$FENBATCH" --max-invalid 0 clean.fen 2>&1
echo "exit=$?"
echo "== --max-invalid 0 -q: no message, still exit 1"
"$FENBATCH" -q --max-invalid 0 -o /dev/null in.fen 2>&1
echo "exit=$?"
