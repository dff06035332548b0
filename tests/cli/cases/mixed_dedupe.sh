#!/usr/bin/env bash
# Golden: the mixed input with --dedupe (default key: position = placement, side, castling
# rights and the legal ep square, not the counters): the first occurrence of each position is
# kept, in input order. Line 7 (start position, other counters) and line 8 (line 4 with "-" for
# an ep square that has no legal capture) and line 33 (repeat of 9) are dropped; lines 34
# (start position without castling rights) and 35 (line 9 without its legal ep) are kept.
# Diagnostics are the same as without --dedupe.
set -euo pipefail
bash "$DATA/mixed_input.sh" >mixed.fen
"$FENBATCH" --dedupe mixed.fen
