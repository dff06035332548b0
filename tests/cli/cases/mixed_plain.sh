#!/usr/bin/env bash
# Golden: the mixed input (tests/data/mixed_input.sh) with default options, to stdout: every
# valid line in canonical form (BOM, CR, blanks and leading zeros gone, Shredder castling as
# X-FEN, ep only with a legal capture, fullmove 0 read as 1), no dedupe; on stderr one sample per
# invalid line (all reasons here occur at most 3 times) with file:line:column and the escaped
# line, then the summary with reasons in enum order. Invalid lines are data: exit 0.
set -euo pipefail
bash "$DATA/mixed_input.sh" >mixed.fen
"$FENBATCH" mixed.fen
