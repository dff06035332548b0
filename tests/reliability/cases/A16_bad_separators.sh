#!/usr/bin/env bash
# A16 (decided: NBSP, '_', VT and FF are invalid): NBSP, VT and FF as separators are
# bad_whitespace; '_' separators are rejected (bad_piece_char: the board field runs into them);
# a tab and a space around them do not help; there is no lenient mode; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row_fmt bad_whitespace '4k3/8/8/8/8/8/8/4K3\302\240w - - 0 1'
row bad_piece_char '4k3/8/8/8/8/8/8/4K3_w_-_-_0_1'
row_fmt bad_whitespace '4k3/8/8/8/8/8/8/4K3\vw - - 0 1'
row_fmt bad_whitespace '4k3/8/8/8/8/8/8/4K3\fw - - 0 1'
row_fmt bad_whitespace '%s\f' "$K"
row_fmt bad_whitespace '4k3/8/8/8/8/8/8/4K3 w - - 0\v1'
row valid="$K" "$K"
check_rows "separators"
check_rows "separators --repair" --repair
finish
