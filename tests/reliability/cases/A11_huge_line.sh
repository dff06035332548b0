#!/usr/bin/env bash
# A11: one 100 MB line followed by a valid line: rejected as line_too_long (its --rejects entry
# cut after 65,537 bytes), the next line kept, exit 0. Memory: read through --no-mmap or a pipe,
# peak RSS stays under 48 MiB (buffer growth capped, no copy of the line); mapped, peak RSS stays
# under the file size + 48 MiB (the mapped file pages themselves count as resident, but the line
# is never copied: a copy would add another 100 MB).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
{ head -c 100000000 /dev/zero | tr '\0' a; printf '\n%s\n' "$K"; } >in.fen
size=$(stat -c %s in.fen)
for mode in mapped --no-mmap pipe; do
  what="100 MB line ($mode)"
  rm -f out.fen rej.txt
  case $mode in
    mapped) peak_rss rss.txt "$FENBATCH" -q --rejects rej.txt --stats-json s.json in.fen out.fen ;;
    --no-mmap) peak_rss rss.txt "$FENBATCH" -q --no-mmap --rejects rej.txt --stats-json s.json in.fen out.fen ;;
    pipe) cat in.fen | peak_rss rss.txt "$FENBATCH" -q --rejects rej.txt --stats-json s.json - out.fen ;;
  esac
  status=$?
  [ "$status" = 0 ] || fail "$what: exit $status"
  [ "$(cat out.fen)" = "$K" ] || fail "$what: output is not the valid line"
  got=$(json s.json '(s["lines"], s["invalid_by_reason"]["line_too_long"], s["valid"], s["bytes"])')
  [ "$got" = "(2, 1, 1, $size)" ] || fail "$what: lines, line_too_long, valid, bytes = $got"
  rej_line=$(head -n 1 rej.txt | sed -E 's/^[^:]*:1:65537: line_too_long: //' | wc -c)
  [ "$rej_line" = 65538 ] || fail "$what: rejected line kept as $((rej_line - 1)) bytes, expected 65,537"
  a11_rss_check "$what" "$mode" "$size"
done
finish
