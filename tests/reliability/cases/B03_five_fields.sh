#!/usr/bin/env bash
# B03 (decided: 5 fields are invalid): a halfmove clock without a fullmove number is rejected
# as field_count, also under --repair (no lenient fill-in); SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row field_count '4k3/8/8/8/8/8/8/4K3 w - - 0'
row field_count "${S% 1}"
row field_count '4k3/8/8/8/8/8/8/4K3 w - - 0 '
row valid="$K" "$K"
check_rows "5 fields"
check_rows "5 fields --repair" --repair
finish
