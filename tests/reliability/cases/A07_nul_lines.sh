#!/usr/bin/env bash
# A07: NUL bytes as whole lines or regions: a line of three NULs, a 1,000-byte NUL region
# (nul_byte) and a 1 MB NUL region (longer than the 65,536-byte cap: line_too_long) are each
# one invalid line, and processing continues: the valid lines before and after are kept (SR).
# The stderr samples are escaped (\x00): no raw NUL or other control byte reaches stderr.
# (The catalogue's optional --binary heuristic, aborting on NUL in the first 64 KiB, is not
# implemented: NUL lines are data.)
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
{
  printf '%s\n\0\0\0\n%s\n' "$K" "$S"
  head -c 1000 /dev/zero; printf '\n'
  head -c 1000000 /dev/zero; printf '\n'
  printf '%s\n' "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
} >in.fen
printf '%s\n' "$K" "$S" "4k3/8/8/8/8/8/8/4K3 b - - 0 1" >expected.fen
for mode in "" --no-mmap; do
  what="NUL regions${mode:+ $mode}"
  "$FENBATCH" $mode --stats-json s.json in.fen out.fen 2>err.txt || fail "$what: exit $?"
  same_file expected.fen out.fen "$what"
  got=$(json s.json '(s["lines"], s["valid"], s["invalid_by_reason"]["nul_byte"], s["invalid_by_reason"]["line_too_long"])')
  [ "$got" = "(6, 3, 2, 1)" ] || fail "$what: lines, valid, nul_byte, line_too_long = $got"
  sr_check s.json "$what" in.fen
  grep -q 'in.fen:2:1: nul_byte: \\x00\\x00\\x00$' err.txt || fail "$what: sample of line 2 not escaped as \\x00: $(head -c 300 err.txt)"
  LC_ALL=C grep -q '[^[:print:]]' err.txt && fail "$what: raw non-printable bytes on stderr"
done
finish
