#!/usr/bin/env bash
# D11: more promoted pieces than missing pawns allow is too_much_material: 2 queens + 8 pawns,
# two dark-squared bishops + 8 pawns (bishop square colours count), 3 knights + 8 pawns;
# the same material paid for by a missing pawn is valid; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row too_much_material 'k7/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1'
row too_much_material '4k3/8/8/8/8/8/PPPPPPPP/B1B1K3 w - - 0 1'
row too_much_material '4k3/8/8/8/8/8/PPPPPPPP/NNN1K3 w - - 0 1'
row valid='k7/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1' 'k7/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1'
row valid='4k3/8/8/8/8/8/PPPPPPPP/BB2K3 w - - 0 1' '4k3/8/8/8/8/8/PPPPPPPP/BB2K3 w - - 0 1'
check_rows "too much material"
check_rows "too much material --repair" --repair
finish
