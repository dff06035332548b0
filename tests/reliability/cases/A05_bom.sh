#!/usr/bin/env bash
# A05 (decided: BOM skipped at offset 0 only): a UTF-8 BOM at the start of the file is skipped
# and counted (notes.bom_skipped = 1) and the first line is valid; a BOM at the start of a later
# line or inside a line makes that line invalid (misplaced_bom); SR (bytes count the BOM).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row_fmt valid="$K" '\357\273\277%s' "$K"
row valid="$S" "$S"
row_fmt misplaced_bom '\357\273\277%s' "$S"
row_fmt misplaced_bom '%s\357\273\277' "$K"
check_rows "BOM"
[ "$(json rows.json 's["notes"]["bom_skipped"]')" = 1 ] || fail "bom_skipped is not 1"
finish
