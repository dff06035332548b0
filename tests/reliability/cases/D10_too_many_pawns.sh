#!/usr/bin/env bash
# D10: more than 8 pawns of one colour is too_many_pawns; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row too_many_pawns '4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1'
row too_many_pawns '4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1'
row valid='4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1' '4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1'
check_rows "too many pawns"
check_rows "too many pawns --repair" --repair
finish
