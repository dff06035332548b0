#!/usr/bin/env bash
# 10x8 positions are positions to the side-file checks too. A file of X-FEN positions named as a
# side file is refused like a file of 8x8 positions (exit 2, every file as it was), and a counts
# table whose first position is a 10x8 one is recognised as fenbatch's own: a second run
# replaces it.
set -uo pipefail
export LC_ALL=C
mkdir work && cd work || exit 1
wide='rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1'
printf '%s\n' "$wide" >wide.fen
printf '%s\n%s\n' "$wide" "$wide" >twice.fen
before=$(sha256sum wide.fen)
echo "\$ fenbatch --counts wide.fen twice.fen out.fen"
"$FENBATCH" -q --counts wide.fen twice.fen out.fen 2>&1
echo "exit=$?"
[ "$(sha256sum wide.fen)" = "$before" ] || echo "FAIL: wide.fen changed"
[ ! -e out.fen ] || echo "FAIL: out.fen written"
for run in 1 2; do
  echo "\$ fenbatch -q --counts c.tsv twice.fen out.fen (run $run)"
  "$FENBATCH" -q --counts c.tsv twice.fen out.fen 2>&1
  echo "exit=$?"
done
cat c.tsv
