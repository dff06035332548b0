#!/usr/bin/env bash
# D03: a pawn of either colour on rank 1 or 8 is pawn_on_back_rank; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row pawn_on_back_rank '4k3/8/8/8/8/8/8/P3K3 w - - 0 1'
row pawn_on_back_rank 'P3k3/8/8/8/8/8/8/4K3 w - - 0 1'
row pawn_on_back_rank '4k2p/8/8/8/8/8/8/4K3 w - - 0 1'
row pawn_on_back_rank '4k3/8/8/8/8/8/8/p3K3 b - - 0 1'
row valid="$K" "$K"
check_rows "pawn on back rank"
check_rows "pawn on back rank --repair" --repair
finish
