#!/usr/bin/env bash
# A14 (decided: a line whose first non-blank byte is '#' is skipped and counted; ';' is not a
# comment marker): '#' lines, indented ones and a lone '#' are skipped.comment and not written;
# a ';' line is invalid; a '#' after a record is invalid (trailing_garbage); SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row comment '# hdr'
row comment '   # indented'
row comment $'\t#tab'
row comment '#'
row_fmt comment '# crlf\r'
row bad_piece_char '; note'
row trailing_garbage "$K # x"
row valid="$S" "$S"
check_rows "comments"
finish
