#!/usr/bin/env bash
# Golden: --castling shredder: every castling right as its rook's file letter, white first,
# files from h down to a (KQkq -> HAha, the Chess960 line 11 -> HFhf, Gq -> Ga).
set -euo pipefail
bash "$DATA/mixed_input.sh" >mixed.fen
"$FENBATCH" -q --castling shredder mixed.fen
