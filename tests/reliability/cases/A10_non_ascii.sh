#!/usr/bin/env bash
# A10: any byte >= 0x80 in a record makes the line invalid (non_ascii): invalid UTF-8 (\xff,
# \x80), UTF-8 letters in the board and after the counters, an Arabic-Indic digit as a counter;
# the line after them is read normally. A comment's bytes are not inspected (UTF-8 comment:
# skipped). Mapped and --no-mmap; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row_fmt non_ascii '%s \377' "$K"
row_fmt non_ascii '%s \303\251' "$K"
row_fmt non_ascii '4k3/8/8/8/\303\251/8/8/4K3 w - - 0 1'
row_fmt non_ascii '4k3/8/8/8/8/8/8/4K3 w - - \331\243 1'
row_fmt non_ascii '\200%s' "$K"
row comment '# commentaire: évalué'
row valid="$K" "$K"
check_rows "non-ASCII"
finish
