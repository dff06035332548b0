#!/usr/bin/env bash
# A15 (decided: runs of spaces/tabs separate fields; leading and trailing ones are trimmed):
# such lines are valid, written with single spaces, and counted in notes.whitespace_normalized;
# a plain line is not counted; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row valid="$K" "  $K"$'\t'
row valid="$K" $'4k3/8/8/8/8/8/8/4K3  w\t-  - 0   1'
row valid="$K" $'\t\t4k3/8/8/8/8/8/8/4K3 w - - 0 1  '
row valid="$S" "$S"
row_fmt valid="$K" '%s \r' "$K"
check_rows "whitespace"
[ "$(json rows.json 's["notes"]["whitespace_normalized"]')" = 4 ] ||
  fail "whitespace_normalized = $(json rows.json 's["notes"]["whitespace_normalized"]'), expected 4"
finish
