#!/usr/bin/env bash
# --stats with --split and --sample (issue 28): the unsampled counter, one line per split and
# one for the output, the reconciliation naming unsampled, and unsampled in the per-board and
# per-input lines. The nine hand-written lines of where_summary.sh, --dedupe, --exclude of the
# start position, one split of every position (--split all=1) and a sample of every position
# (--sample 100%), so that every count is known by hand, line by line:
#   a.fen 1 start position   excluded (the reference)          8x8
#         2 KvK, w           written (to the split)            8x8
#         3 KRvK, w          written                           8x8
#         4 KQvK, b, mated   written                           8x8
#         5 line 3, 5 40     duplicate of line 3               8x8
#   b.fen 6 junk             invalid                           8x8
#         7 10x8 start       written                           10x8
#         8 KRvK, b          written                           8x8
#         9 10x8 KvK, w      written                           10x8
# So: lines 9 = written 6 + duplicates 1 + excluded 1 + unsampled 0 + invalid 1; unique 6;
# split all: written 6, the output 0; a.fen: lines 5, valid 5, duplicates 1, excluded 1,
# written 3; b.fen: lines 4, valid 3, invalid 1, written 3; 8x8: lines 7, valid 6, invalid 1,
# duplicates 1, excluded 1, written 4; 10x8: lines 2, valid 2, written 2. Side to move of the
# valid lines: white 6 (1 2 3 5 7 9), black 2 (4 8); castling none 3 (2 4 9), standard 5; in
# check 1 (4); written: white 4, black 2, none 3, standard 3.
set -euo pipefail
# The inputs and the reference of where_summary.sh, taken from it.
sed -n '/^cat >a.fen/,/^head -n 1 a.fen/p' "$(dirname "${BASH_SOURCE[0]}")/where_summary.sh" | bash
"$FENBATCH" -d --exclude ref.fen --split all=1:split.fen --sample 100% --samples 0 \
  --stats -o out.fen a.fen b.fen 2>err.txt
# The timing line and the memory line depend on the machine; material signatures and repeated
# positions are checked elsewhere (stats_text.sh).
grep -v -e '^fenbatch: [0-9]* lines, ' -e '^  memory: ' -e '^  material #' -e '^  repeated #' \
  err.txt | sed 's/  */ /g'
wc -l <split.fen
wc -l <out.fen
