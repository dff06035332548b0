#!/usr/bin/env bash
# C05: a side to move other than 'w' or 'b' ("W", "white", "x", "B", "-") is bad_side, and so
# is a missing one (the castling field read as the side); SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row bad_side '4k3/8/8/8/8/8/8/4K3 W - - 0 1'
row bad_side '4k3/8/8/8/8/8/8/4K3 white - - 0 1'
row bad_side '4k3/8/8/8/8/8/8/4K3 x - - 0 1'
row bad_side '4k3/8/8/8/8/8/8/4K3 B - - 0 1'
row bad_side '4k3/8/8/8/8/8/8/4K3 - - - 0 1'
row bad_side '4k3/8/8/8/8/8/8/4K3 - - 0 1'
row valid='4k3/8/8/8/8/8/8/4K3 b - - 0 1' '4k3/8/8/8/8/8/8/4K3 b - - 0 1'
check_rows "bad side to move"
finish
