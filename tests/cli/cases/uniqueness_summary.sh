#!/usr/bin/env bash
# --stats with --uniqueness (issue 28): one "distinct" line per identity, in order, after the
# positions' lines; an estimate marked "~" with its error. Eight hand-written lines (one
# invalid), by hand:
#   1 start position, w, 0 1            2 the same, counters 3 9
#   3 start position, b (the colour flip of line 1: the start position is symmetric)
#   4 start position, w, no castling    5 K e1 k e8, w      6 the same board, b (5's flip)
#   7 line 5 again                      8 junk
# fen: 1 2 3 4 5 6 = 6 (7 is 5); position: 1=2, 3, 4, 5, 6 = 5; board_side_castling: 5 (no
# ep anywhere); board_side: start w (1 2 4), start b, KvK w, KvK b = 4; placement: start, KvK
# = 2; mirror: start w KQkq (1 2 3), start w - (4), KvK w (5 and 6: 6 turned over is 5) = 3.
# Then the same with --dedupe --key mirror: mirror is unique (3), the others unchanged.
set -euo pipefail
cat >in.fen <<'FEN'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 9
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1
4k3/8/8/8/8/8/8/4K3 w - - 0 1
4k3/8/8/8/8/8/8/4K3 b - - 0 1
4k3/8/8/8/8/8/8/4K3 w - - 0 1
not a position
FEN
"$FENBATCH" -q --stats --uniqueness -o out.fen in.fen 2>&1 | grep -E '^  (distinct|unique)' || true
echo "== --dedupe --key mirror"
"$FENBATCH" -q --stats --uniqueness --dedupe --key mirror -o out.fen in.fen 2>&1 |
  grep -E '^  (distinct|unique)' || true
# Past the identities' share (--memory-limit 16M; 30,000 generated positions, nearly all
# distinct, against at most 10,368 keys a set): every line an estimate.
echo "== --memory-limit 16M"
"$FENBATCH_GEN" -n 30000 --seed 44 -o gen.fen
"$FENBATCH" -q --stats --uniqueness --memory-limit 16M -o out.fen gen.fen 2>&1 |
  sed -nE 's/^  distinct ([a-z_]+) +~[0-9,]+ \(estimate, \+-0\.41%\)$/  \1: an estimate/p'
