#!/usr/bin/env bash
# C01: a rank of 9 squares (9 pawns, the digit 9, 9 kings, four squares then five) is rejected as
# rank_width at the column where the 9th square appears, before any board write (the asan
# build of this case has ASan watch the 64-square array); also under --repair; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row rank_width 'rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
row rank_width 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
row rank_width 'KKKKKKKKK/8/8/8/8/8/8/4k3 w - - 0 1'
row rank_width '4k3/8/8/8/8/8/8/4K3K w - - 0 1'
row rank_width '4k3/8/8/8/8/8/8/4K2NN w - - 0 1'
row rank_width 'rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
row valid="$S" "$S"
check_rows "9-square ranks"
check_rows "9-square ranks --repair" --repair
"$FENBATCH" -q --rejects r.rej -o /dev/null in.fen
[ "$(cut -d: -f2,3 r.rej | head -n 3 | tr '\n' ' ')" = "1:18 2:19 3:9 " ] ||
  fail "columns: $(cut -d: -f2,3 r.rej | tr '\n' ' ')"
finish
