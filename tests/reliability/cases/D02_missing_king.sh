#!/usr/bin/env bash
# D02: no black king, no white king, an empty board: missing_king; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row missing_king '8/8/8/8/8/8/8/4K3 w - - 0 1'
row missing_king '4k3/8/8/8/8/8/8/8 w - - 0 1'
row missing_king '8/8/8/8/8/8/8/8 w - - 0 1'
row valid="$K" "$K"
check_rows "missing king"
check_rows "missing king --repair" --repair
finish
