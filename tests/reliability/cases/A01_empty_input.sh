#!/usr/bin/env bash
# A01: an empty input (0 bytes) and an input that is only "\n", mapped and read (--no-mmap),
# also replacing an existing output: exit 0, an empty output file is published (the old one
# replaced), all counters 0 (skipped.blank = 1 for "\n"), SR, IIC, no temporary left, and
# mmap is never called with length 0 (strace: no "mmap(NULL, 0, ...").
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
: >empty.fen
printf '\n' >newline.fen
for input in empty.fen newline.fen; do
  for mode in "" --no-mmap; do
    what="$input${mode:+ $mode}"
    for existing in no yes; do
      rm -f out.fen
      [ "$existing" = yes ] && printf 'old content\n' >out.fen
      iic_save "$input"
      strace_run trace=mmap -- "$FENBATCH" -q --dedupe $mode --stats-json s.json "$input" out.fen
      status=$?
      [ "$status" = 0 ] || fail "$what: exit $status"
      grep -q 'mmap(NULL, 0,' strace.log && fail "$what: mmap called with length 0"
      [ -f out.fen ] && [ ! -s out.fen ] || fail "$what (existing output: $existing): out.fen is not an empty file"
      iic_check "$input" "$what"
      no_temps "$what"
      sr_check s.json "$what" "$input"
      blank=$([ "$input" = newline.fen ] && echo 1 || echo 0)
      got=$(json s.json '(s["lines"], s["skipped"]["blank"], s["skipped"]["comment"], s["valid"], s["invalid"], s["written"], s["duplicates"], s["unique"])')
      [ "$got" = "($blank, $blank, 0, 0, 0, 0, 0, 0)" ] || fail "$what: lines, blank, comment, valid, invalid, written, duplicates, unique = $got"
    done
  done
done
finish
