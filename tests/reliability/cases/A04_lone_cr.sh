#!/usr/bin/env bash
# A04: a bare CR is not a line terminator: "K\rS\r" is one line (the CR at the very end of the
# file is dropped like a CRLF's), rejected as control_char; in a mix of "\n", "\r\n" and "\r"
# lines are never merged or split: the line count is the number of LFs (plus an unterminated
# last line), and each line keeps its own verdict. SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row_fmt control_char '%s\r%s' "$K" "$S"         # "K\rS\n": one line, rejected
row_fmt valid="$K" '%s\r' "$K"                 # CRLF
row valid="$S" "$S"                            # LF
row_fmt control_char '%s\r\r' "$S"             # CR CR LF: one CR dropped, one left
row_fmt control_char '\r%s' "$K"               # CR first
check_rows "mixed terminators"
printf '%s\r%s\r' "$K" "$S" >cr.fen
"$FENBATCH" -q --rejects cr.rej --stats-json cr.json cr.fen cr.out
status=$?
[ "$status" = 1 ] || fail "cr.fen: exit $status, expected 1 (no valid line)"
[ "$(json cr.json '(s["lines"], s["invalid_by_reason"]["control_char"], s["written"])')" = "(1, 1, 0)" ] ||
  fail "K\\rS\\r: lines, control_char, written = $(json cr.json '(s["lines"], s["invalid_by_reason"]["control_char"], s["written"])')"
sr_check cr.json "K\\rS\\r" cr.fen
finish
