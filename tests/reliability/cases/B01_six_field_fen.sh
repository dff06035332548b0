#!/usr/bin/env bash
# B01: the 6-field baseline: K and S are valid and written unchanged (canonical 6 fields);
# with --dedupe too; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row valid="$K" "$K"
row valid="$S" "$S"
row valid='r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 12 40' 'r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 12 40'
check_rows "6-field FEN"
check_rows "6-field FEN --dedupe" --dedupe
finish
