#!/usr/bin/env bash
# --stats with --where (issue 28): the filtered counter, one line per expression, the
# reconciliation naming filtered, and filtered in the per-board and per-input lines. Two inputs
# of nine hand-written lines (those of where_counts.sh), --dedupe, --exclude of the start
# position, --where 'pieces >= 3' --where 'not in_check'. By hand, line by line:
#   a.fen 1 start position      passes both, then excluded (the reference)      8x8
#         2 KvK, w              pieces 2: filtered under the first              8x8
#         3 KRvK, w             written                                         8x8
#         4 KQvK, b, mated      in check: filtered under the second             8x8
#         5 line 3, 5 40        duplicate of line 3                             8x8
#   b.fen 6 junk                invalid                                         8x8
#         7 10x8 start          written                                         10x8
#         8 KRvK, b             written (another position than 3: black to move) 8x8
#         9 10x8 KvK, w         pieces 2: filtered under the first              10x8
# So: lines 9 = written 3 + duplicates 1 + excluded 1 + filtered 3 + invalid 1; unique 3 (lines
# 3 and 5, 7, 8); a.fen: lines 5, valid 5, duplicates 1, excluded 1, filtered 2, written
# 1; b.fen: lines 4, valid 3, invalid 1, filtered 1, written 2; 8x8: lines 7, valid 6, invalid
# 1, duplicates 1, excluded 1, filtered 2, written 2; 10x8: lines 2, valid 2, filtered 1,
# written 1. Side to move of the valid lines: white 6 (1 2 3 5 7 9), black 2 (4 8); castling
# none 3 (2 4 9), standard 5; in check 1 (4); written: white 2, black 1, standard 3.
set -euo pipefail
cat >a.fen <<'IN'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
4k3/8/8/8/8/8/8/4K3 w - - 0 1
4k3/8/8/8/8/8/8/4K2R w K - 0 1
4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1
4k3/8/8/8/8/8/8/4K2R w K - 5 40
IN
cat >b.fen <<'IN'
junk
rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1
4k3/8/8/8/8/8/8/4K2R b K - 3 12
4k5/10/10/10/10/10/10/4K5 w - - 0 1
IN
head -n 1 a.fen >ref.fen
"$FENBATCH" -d --exclude ref.fen --where 'pieces >= 3' --where 'not in_check' --samples 0 \
  --stats -o out.fen a.fen b.fen 2>err.txt
# The timing line and the memory line depend on the machine; material signatures and repeated
# positions are checked elsewhere (stats_text.sh).
grep -v -e '^fenbatch: [0-9]* lines, ' -e '^  memory: ' -e '^  material #' -e '^  repeated #' \
  err.txt | sed 's/  */ /g'
