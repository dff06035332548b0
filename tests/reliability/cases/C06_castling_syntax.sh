#!/usr/bin/env bash
# C06 (decided strict): castling must be '-' or rights in canonical order without duplicates:
# "KK", "KQ-", "-K", "KQkqK" are castling_syntax; "qkQK", "kqKQ" (out of order) are
# castling_order by default and reordered under --repair (repairs.castling_order); SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
R='r3k2r/8/8/8/8/8/8/R3K2R'
for mode in strict repair; do
  clear_rows
  row castling_syntax "$R w KK - 0 1"
  row castling_syntax "$R w KQ- - 0 1"
  row castling_syntax "$R w -K - 0 1"
  row castling_syntax "$R w KQkqK - 0 1"
  row castling_syntax "$R w kk - 0 1"
  if [ $mode = strict ]; then
    row castling_order "$R w qkQK - 0 1"
    row castling_order "$R w kqKQ - 0 1"
    row castling_order "$R w QK - 0 1"
  else
    row valid="$R w KQkq - 0 1" "$R w qkQK - 0 1"
    row valid="$R w KQkq - 0 1" "$R w kqKQ - 0 1"
    row valid="$R w KQ - 0 1" "$R w QK - 0 1"
  fi
  row valid="$R w KQkq - 0 1" "$R w KQkq - 0 1"
  if [ $mode = strict ]; then check_rows "castling syntax"; else check_rows "castling syntax --repair" --repair; fi
done
[ "$(json rows.json 's["repairs"]["castling_order"]')" = 3 ] || fail "--repair: castling_order is not 3"
finish
