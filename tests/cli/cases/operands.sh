#!/usr/bin/env bash
# Operands as uniq's (issue 14): no operand reads standard input and writes standard output;
# one reads INPUT and writes standard output; two are INPUT and OUTPUT; three or more without
# -o are a usage error that names the rule, before anything is read or written (a missing
# input is not even looked at); with -o every operand is an input. '-' names standard input
# (and, as the second operand, standard output).
set -uo pipefail
mkdir work && cd work || exit 1  # ls below lists only what fenbatch left
k='4k3/8/8/8/8/8/8/4K3 w - - 0 1'
s='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
printf '%s\n' "$k" >a.fen
printf '%s\n' "$s" >b.fen
printf '%s\n' "$k" "$s" >c.fen
run() {
  echo "\$ fenbatch $*"
  "$FENBATCH" "$@" 2>&1
  echo "exit=$?"
}
echo "\$ fenbatch <b.fen"; "$FENBATCH" <b.fen; echo "exit=$?"
run a.fen
run a.fen out1.fen; cat out1.fen
echo "\$ fenbatch - out2.fen <b.fen"; "$FENBATCH" - out2.fen <b.fen; echo "exit=$?"; cat out2.fen
run -d a.fen b.fen c.fen
run -d a.fen b.fen missing.fen c.fen
run -d -o out3.fen a.fen b.fen c.fen; cat out3.fen
run -d a.fen -o out4.fen b.fen; cat out4.fen
run -d --output=out5.fen c.fen; cat out5.fen
ls
