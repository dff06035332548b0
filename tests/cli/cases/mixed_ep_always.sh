#!/usr/bin/env bash
# Golden: --ep always keeps every valid input ep square: e3 on line 4 (no black pawn can
# capture) and c6 on line 10 (the capture would expose the king on a5 to the rook on h5).
set -euo pipefail
bash "$DATA/mixed_input.sh" >mixed.fen
"$FENBATCH" -q --ep always mixed.fen
