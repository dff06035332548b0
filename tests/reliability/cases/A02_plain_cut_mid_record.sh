#!/usr/bin/env bash
# A02 for Stockfish's .plain (issue 29; docs/records.md, "Stockfish's .plain"): a file cut in
# the middle of its last record, after a whole line, in the middle of a line, and in the middle
# of the `fen` line. The whole records before the cut are written unchanged, the cut record is
# rejected alone as plain_unterminated under its first line's number (column 1, its lines joined
# by " | "), exit 0; lines, written, invalid, skipped.record_lines exact; SR. A file cut right
# after its last `e` (no LF) keeps that record whole (A02's rule). A cut file with more records
# appended runs the cut record into the next (plain_repeated_key at the second `fen`), and the
# record after them is read again as it should be. Mapped, --no-mmap, through a pipe and gzip'd
# through a pipe: the same. Expected values written here from the rules.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need gzip
K2='4k3/8/8/8/8/8/8/4K3 b - - 0 1'
K3='4k3/8/8/8/8/8/8/3K4 w - - 0 1'
K4='3k4/8/8/8/8/8/8/4K3 b - - 0 1'
whole="fen $K
move e1e2
score 12
ply 3
result 0
e
score -5
fen $S
result 1
e"                                   # lines 1-10: two whole records, 5 + 3 record lines
printf '%s\n' "$whole" >expect_whole.plain
cut="fen $K2
move e8e7
score 7"                             # the record cut after line 13
printf '%s\n%s\n' "$whole" "$cut" >line_end.plain
printf '%s\n%s' "$whole" "fen $K2
move e8e7
sco" >mid_line.plain
printf '%s\n%s' "$whole" "fen 4k3/8/8" >mid_fen.plain
printf '%s\n%s' "$whole" "fen $K2
move e8e7
e" >after_e.plain
{ printf '%s\n%s\n' "$whole" "$cut"; printf '%s\n' "fen $K3" "move d1d2" e "fen $K4" e; } >appended.plain
{ cat expect_whole.plain; printf '%s\n' "fen $K2" "move e8e7" e; } >expect_after_e.plain
{ cat expect_whole.plain; printf '%s\n' "fen $K4" e; } >expect_appended.plain
cp expect_whole.plain expect_line_end.plain
cp expect_whole.plain expect_mid_line.plain
cp expect_whole.plain expect_mid_fen.plain
# name: lines, written, invalid, skipped.record_lines, the rejects entry after "NAME:".
declare -A counts=(
  [line_end]="13 2 1 10" [mid_line]="13 2 1 10" [mid_fen]="11 2 1 8" [after_e]="13 3 0 10"
  [appended]="18 3 1 14")
declare -A rejects=(
  [line_end]="11:1: plain_unterminated: fen $K2 | move e8e7 | score 7"
  [mid_line]="11:1: plain_unterminated: fen $K2 | move e8e7 | sco"
  [mid_fen]="11:1: plain_unterminated: fen 4k3/8/8"
  [after_e]=""
  [appended]="11:$((${#K2} + 30)): plain_repeated_key: fen $K2 | move e8e7 | score 7 | fen $K3 | move d1d2 | e")
for name in line_end mid_line mid_fen after_e appended; do
  read -r lines written invalid record_lines <<<"${counts[$name]}"
  for mode in mapped --no-mmap pipe gzip; do
    what="$name.plain $mode"
    rm -f out.plain rej.txt s.json
    source=$name.plain
    case $mode in
      mapped) "$FENBATCH" -q --dedupe --rejects rej.txt --stats-json s.json $name.plain out.plain ;;
      --no-mmap) "$FENBATCH" -q --dedupe --no-mmap --rejects rej.txt --stats-json s.json $name.plain out.plain ;;
      pipe) cat $name.plain | "$FENBATCH" -q --dedupe --input-format plain --rejects rej.txt --stats-json s.json - out.plain ;;
      gzip) gzip -c $name.plain | "$FENBATCH" -q --dedupe --input-format plain --rejects rej.txt --stats-json s.json - out.plain ;;
    esac
    status=$?
    [ "$mode" = mapped ] || [ "$mode" = --no-mmap ] || source='<stdin>'
    [ "$status" = 0 ] || fail "$what: exit $status"
    same_file expect_$name.plain out.plain "$what"
    expected_rej=${rejects[$name]:+$source:${rejects[$name]}}
    [ "$(cat rej.txt)" = "$expected_rej" ] || fail "$what: rejects '$(cat rej.txt)', expected '$expected_rej'"
    got=$(json s.json '(s["lines"], s["written"], s["invalid"], s["skipped"]["record_lines"], s["duplicates"])')
    [ "$got" = "($lines, $written, $invalid, $record_lines, 0)" ] ||
      fail "$what: lines, written, invalid, record_lines, duplicates = $got, expected ($lines, $written, $invalid, $record_lines, 0)"
    reason=$(json s.json '[k for k, v in s["invalid_by_reason"].items() if v]')
    case $name in
      after_e) [ "$reason" = "[]" ] || fail "$what: reasons $reason" ;;
      appended) [ "$reason" = "['plain_repeated_key']" ] || fail "$what: reasons $reason" ;;
      *) [ "$reason" = "['plain_unterminated']" ] || fail "$what: reasons $reason" ;;
    esac
    if [ "$source" = '<stdin>' ]; then sr_check s.json "$what"; else sr_check s.json "$what" $name.plain; fi
  done
done
finish
