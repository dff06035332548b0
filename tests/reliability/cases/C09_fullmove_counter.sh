#!/usr/bin/env bash
# C09 (decided: fullmove 0 becomes 1, counted): "0" is written as 1 and counted in
# notes.fullmove_zero; negative, signed, non-digit, >= 2^32 and >= 2^64 values are
# bad_fullmove; 2^32-1 is accepted exactly; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
P='4k3/8/8/8/8/8/8/4K3 w - - 0'
clear_rows
row valid="$P 1" "$P 0"
row valid="$P 1" "$P 000"
for f in -1 +1 1a 4294967296 99999999999999999999; do row bad_fullmove "$P $f"; done
row valid="$P 4294967295" "$P 4294967295"
check_rows "fullmove counters"
[ "$(json rows.json 's["notes"]["fullmove_zero"]')" = 2 ] || fail "fullmove_zero is not 2"
finish
