#!/usr/bin/env bash
# Golden: --dedupe --key fen (the position plus both counters): line 7 (start position with
# counters 5 1) is now kept; line 8 (same position and counters 0 1 as the EPD line 4) and
# line 33 (exact repeat of 9) are still dropped. -q: no samples or summary on stderr.
set -euo pipefail
bash "$DATA/mixed_input.sh" >mixed.fen
"$FENBATCH" -q --dedupe --key fen mixed.fen
