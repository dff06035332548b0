#!/usr/bin/env bash
# A08: a NUL right after a valid FEN never yields that FEN (the C-string bug): "K\0junk",
# "K\0", "K\0 " and a NUL inside the counters are rejected as nul_byte, mapped and --no-mmap;
# nothing is written.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row_fmt nul_byte '%s\0junk' "$K"
row_fmt nul_byte '%s\0' "$K"
row_fmt nul_byte '%s\0 ' "$K"
row_fmt nul_byte '4k3/8/8/8/8/8/8/4K3 w - - 0\0 1'
row_fmt nul_byte '%s\0\r' "$S"
check_rows "NUL after a FEN"
[ -s rows.out ] && fail "a line with a NUL was written"
finish
