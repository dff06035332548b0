#!/usr/bin/env bash
# B05: a 7th field (or more) that is not an EPD operation is rejected as trailing_garbage:
# "K extra", "K 0", "K 0 1", a 4-field EPD followed by two counters and a word; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row trailing_garbage "$K extra"
row trailing_garbage "$K 0"
row trailing_garbage "$K 0 1"
row trailing_garbage "$S x y z"
row valid="$K" "$K"
check_rows "7+ fields"
finish
