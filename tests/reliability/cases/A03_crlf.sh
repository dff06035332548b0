#!/usr/bin/env bash
# A03 (decided: one CR before LF is stripped): CRLF lines are valid, counted in
# notes.crlf_lines, written without CR, and dedupe against their LF-only twins; a CRLF blank
# line is a blank line; mapped and --no-mmap give the same result; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
printf '%s\r\n%s\r\n\r\n%s\n%s\n%s\r\n' "$K" "$S" "$K" "$S" "$K" >in.fen
printf '%s\n%s\n' "$K" "$S" >expected.fen
for mode in "" --no-mmap; do
  "$FENBATCH" -q --dedupe $mode --stats-json s.json in.fen out.fen || fail "exit $?"
  same_file expected.fen out.fen "crlf${mode:+ $mode}"
  got=$(json s.json '(s["lines"], s["valid"], s["duplicates"], s["skipped"]["blank"], s["notes"]["crlf_lines"], s["invalid"])')
  [ "$got" = "(6, 5, 3, 1, 4, 0)" ] || fail "lines, valid, duplicates, blank, crlf_lines, invalid = $got${mode:+ ($mode)}"
  sr_check s.json "crlf${mode:+ $mode}" in.fen
done
grep -q $'\r' out.fen && fail "a CR was written"
finish
