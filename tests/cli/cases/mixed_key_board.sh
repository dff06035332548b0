#!/usr/bin/env bash
# Golden: --dedupe --key board (placement and side to move only): besides lines 7, 8 and 33,
# line 34 (start position without castling rights) and line 35 (line 9 without ep) are now
# duplicates too.
set -euo pipefail
bash "$DATA/mixed_input.sh" >mixed.fen
"$FENBATCH" -q --dedupe --key board mixed.fen
