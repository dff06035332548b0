#!/usr/bin/env bash
# A02: the last line without "\n" is processed like the others and counted once; the output is
# always "\n"-terminated. One line alone, two lines, and a last line that repeats the first
# (counted as a duplicate); mapped, --no-mmap, through standard input; SR (bytes = file size).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
printf '%s' "$K" >one.fen
printf '%s\n%s' "$K" "$S" >two.fen
printf '%s\n%s\n%s' "$K" "$S" "$K" >dup.fen
printf '%s\n' "$K" >expect_one.fen
printf '%s\n%s\n' "$K" "$S" >expect_two.fen
cp expect_two.fen expect_dup.fen
for name in one two dup; do
  lines=$(($(wc -l <$name.fen) + 1))
  for mode in mapped --no-mmap stdin; do
    what="$name.fen $mode"
    case $mode in
      mapped) "$FENBATCH" -q --dedupe --stats-json s.json $name.fen out.fen ;;
      --no-mmap) "$FENBATCH" -q --dedupe --no-mmap --stats-json s.json $name.fen out.fen ;;
      stdin) "$FENBATCH" -q --dedupe --stats-json s.json - out.fen <$name.fen ;;
    esac
    status=$?
    [ "$status" = 0 ] || fail "$what: exit $status"
    same_file expect_$name.fen out.fen "$what"
    got=$(json s.json '(s["lines"], s["valid"], s["invalid"], s["duplicates"])')
    dups=$([ $name = dup ] && echo 1 || echo 0)
    [ "$got" = "($lines, $lines, 0, $dups)" ] || fail "$what: lines, valid, invalid, duplicates = $got"
    if [ $mode = stdin ]; then sr_check s.json "$what"; else sr_check s.json "$what" $name.fen; fi
  done
done
finish
