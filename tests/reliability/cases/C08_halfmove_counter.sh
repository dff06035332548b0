#!/usr/bin/env bash
# C08 (decided: ASCII digits, no sign, at most 2^32-1; leading zeros allowed): halfmove "-1",
# "+3", "1_0", "1a", "0x1", " 99999999999999999999" (>= 2^64) and 2^32 are bad_halfmove; an
# Arabic-Indic digit is non_ascii; "007" reads as 7, 2^31 and 2^32-1 are accepted and written
# exactly (no wrap, no saturation); SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
P='4k3/8/8/8/8/8/8/4K3 w - -'
clear_rows
for h in -1 +3 1_0 1a 0x1 99999999999999999999 4294967296 18446744073709551616; do
  row bad_halfmove "$P $h 1"
done
row_fmt non_ascii '%s \331\243 1' "$P"
row valid="$P 7 1" "$P 007 1"
row valid="$P 2147483648 1" "$P 2147483648 1"
row valid="$P 4294967295 1" "$P 4294967295 1"
check_rows "halfmove counters"
finish
