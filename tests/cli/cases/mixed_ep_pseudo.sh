#!/usr/bin/env bash
# Golden: --ep pseudo writes the square when a pawn of the side to move attacks it, legal or
# not: c6 on line 10 (b5 attacks it, though the capture is illegal) but not e3 on line 4.
set -euo pipefail
bash "$DATA/mixed_input.sh" >mixed.fen
"$FENBATCH" -q --ep pseudo mixed.fen
