#!/usr/bin/env bash
# A --where that does not compile is a usage error: exit 2, one line quoting the expression
# with a caret inserted at the column of the fault, "Try 'fenbatch --help'.", nothing written.
# The columns and messages are written by hand (1-based byte columns).
set -uo pipefail
mkdir work && cd work || exit 1
printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n' >ok.fen
for expression in 'pieces >= 16 and not in_chek' 'side == 3' 'in_check < 2' 'signature == w' \
  'signature == "KRPvkr"' 'pieces >=' '(pieces > 3' '1 < pieces < 9' 'pieces' ''; do
  echo "\$ fenbatch --where '$expression'"
  "$FENBATCH" --where "$expression" ok.fen out.fen 2>&1
  echo "exit=$?"
done
echo "\$ fenbatch --where 'pieces > 2' --where 'ep == 1'"
"$FENBATCH" --where 'pieces > 2' --where 'ep == 1' ok.fen out.fen 2>&1
echo "exit=$?"
ls -A
