#!/usr/bin/env bash
# A12: the documented cap is exactly 65,536 bytes per line (without its terminator): lines of
# 65,535 and 65,536 bytes (also with CRLF) are accepted, 65,537 and 65,538 rejected as
# line_too_long at column 65537; and a 20 MB last line with no "\n" is rejected the same way
# without reading past the end of the file (mapped, --no-mmap, stdin). (The cap-edge lines of
# cli.line_too_long, plus cap-1 and the unterminated last line.)
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
# line LENGTH SIDE: a valid EPD record of exactly LENGTH bytes (a comment operand pads it).
line() { printf '4k3/8/8/8/8/8/8/4K3 %s - - c0 "%s";' "$2" "$(head -c $(($1 - 32)) /dev/zero | tr '\0' x)"; }
[ "$(line 65536 w | wc -c)" = 65536 ] || die "line helper is off"
{
  line 65535 w; printf '\n'
  line 65536 b; printf '\n'
  line 65536 w; printf '\r\n'
  line 65537 b; printf '\n'
  line 65538 w; printf '\n'
  printf '%s\n' "$S"
  head -c 20000000 /dev/zero | tr '\0' y     # unterminated last line
} >in.fen
for mode in mapped --no-mmap stdin; do
  what="cap boundaries ($mode)"
  case $mode in
    mapped) "$FENBATCH" -q --format epd --rejects rej.txt --stats-json s.json in.fen out.fen ;;
    --no-mmap) "$FENBATCH" -q --no-mmap --format epd --rejects rej.txt --stats-json s.json in.fen out.fen ;;
    stdin) "$FENBATCH" -q --format epd --rejects rej.txt --stats-json s.json - out.fen <in.fen ;;
  esac
  status=$?
  [ "$status" = 0 ] || fail "$what: exit $status"
  got=$(json s.json '(s["lines"], s["valid"], s["invalid_by_reason"]["line_too_long"], s["invalid"])')
  [ "$got" = "(7, 4, 3, 3)" ] || fail "$what: lines, valid, line_too_long, invalid = $got"
  [ "$(cut -d: -f2-4 rej.txt | cut -c1-40)" = "$(printf '4:65537: line_too_long\n5:65537: line_too_long\n7:65537: line_too_long')" ] ||
    fail "$what: rejects: $(cut -d: -f2-4 rej.txt | cut -c1-40)"
  [ "$(awk '{ print length($0) }' out.fen | tr '\n' ' ')" = "65535 65536 65536 52 " ] ||
    fail "$what: output line lengths $(awk '{ print length($0) }' out.fen | tr '\n' ' ')"
  [ "$mode" = stdin ] && sr_check s.json "$what" || sr_check s.json "$what" in.fen
done
finish
