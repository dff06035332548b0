#!/usr/bin/env bash
# B04: a board alone, board and side, board, side and castling are rejected as field_count
# (no defaults filled in), also under --repair; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row field_count '4k3/8/8/8/8/8/8/4K3'
row field_count '4k3/8/8/8/8/8/8/4K3 w'
row field_count '4k3/8/8/8/8/8/8/4K3 w -'
row field_count 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq'
row valid="$K" "$K"
check_rows "1-3 fields"
check_rows "1-3 fields --repair" --repair
finish
