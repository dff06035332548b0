#!/usr/bin/env bash
# A13 (decided: blank lines skipped and counted): empty lines, spaces, tabs, a CRLF blank line
# and a mix are skipped.blank, not invalid and not written; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row blank ''
row blank '  '
row blank $'\t'
row blank $' \t \t'
row_fmt blank '\r'
row_fmt blank ' \t\r'
row valid="$K" "$K"
row blank ''
check_rows "blank lines"
finish
