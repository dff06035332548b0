#!/usr/bin/env bash
# D01: two kings of one colour, or more than two kings, are too_many_kings; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row too_many_kings '4k3/8/8/8/8/8/8/3KK3 w - - 0 1'
row too_many_kings 'k3k3/8/8/8/8/8/8/3K4 w - - 0 1'
row too_many_kings 'k3k3/8/8/8/8/8/8/3KK3 w - - 0 1'
row valid="$K" "$K"
check_rows "too many kings"
check_rows "too many kings --repair" --repair
finish
