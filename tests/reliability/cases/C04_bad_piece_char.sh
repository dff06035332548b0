#!/usr/bin/env bash
# C04: a letter that is no piece ('X'), the digit 0, '\' instead of '/', a '.' empty square are
# rejected as bad_piece_char, at the column of the bad byte (the reject carries it); SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row bad_piece_char '4k3/8/8/8/4X3/8/8/4K3 w - - 0 1'
row bad_piece_char '4k3/8/8/8/0/8/8/4K3 w - - 0 1'
row bad_piece_char '4k3\8/8/8/8/8/8/4K3 w - - 0 1'
row bad_piece_char '4k3/8/8/8/8/8/8/4K2. w - - 0 1'
row valid="$K" "$K"
check_rows "bad piece characters"
"$FENBATCH" -q --rejects r.rej -o /dev/null in.fen
[ "$(cut -d: -f2,3 r.rej | tr '\n' ' ')" = "1:12 2:11 3:4 4:20 " ] || fail "columns: $(cut -d: -f2,3 r.rej | tr '\n' ' ')"
finish
