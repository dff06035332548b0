#!/usr/bin/env bash
# D04: the side not to move in check is opposite_check (white to move giving check; black to
# move with the white king attacked); the same position with the checked side to move is
# valid; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row opposite_check '4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1'
row opposite_check '4k3/4q3/8/8/8/8/8/4K3 b - - 0 1'
row valid='4k3/8/8/8/8/8/4Q3/4K3 b - - 0 1' '4k3/8/8/8/8/8/4Q3/4K3 b - - 0 1'
check_rows "opposite check"
check_rows "opposite check --repair" --repair
finish
