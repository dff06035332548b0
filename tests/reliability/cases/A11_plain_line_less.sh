#!/usr/bin/env bash
# A11 for Stockfish's .plain (issue 29; docs/records.md, "Stockfish's .plain"; usage.md, "The
# wrong file"): a 100 MB .plain without a single LF (10 MB under the sanitizers), of two kinds:
# - NUL bytes (a preallocated file never written): one line that is neither `KEY VALUE` nor `e`,
#   rejected alone as plain_bad_line (line 1, column 1);
# - records whose lines end in CR alone (LFs lost): one line that starts as `fen VALUE` and has
#   no `e` after it, rejected as plain_unterminated (line 1, column 1).
# Either way: no valid record, so exit 1 with the "wrong file" warning naming the reason; lines 1,
# invalid 1, bytes = the size; the rejects entry cut after 65,537 bytes; nothing written; SR.
# Mapped, --no-mmap and through a pipe. Memory as A11: through --no-mmap or a pipe, peak RSS under
# 48 MiB; mapped, under the file size + 48 MiB (no copy of the line); release build only.
# The 10 GB variant, streamed: tests/reliability/scale/plain_line_less.sh (not CI).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
size=$((100000000 / SCALE_DOWN))
head -c "$size" /dev/zero >nul.plain
yes "fen $K"$'\r'"move e1e2"$'\r'"score 12"$'\r'"ply 3"$'\r'"result 0"$'\r'"e" |
  head -c "$size" | tr '\n' '\r' >cr.plain
[ "$(stat -c %s cr.plain)" = "$size" ] || die "cr.plain is not $size bytes"
for kind in nul cr; do
  reason=$([ $kind = nul ] && echo plain_bad_line || echo plain_unterminated)
  for mode in mapped --no-mmap pipe; do
    what="$size bytes without LF ($kind, $mode)"
    rm -f out.plain rej.txt s.json
    source=$kind.plain
    case $mode in
      mapped) peak_rss rss.txt "$FENBATCH" --rejects rej.txt --stats-json s.json $kind.plain out.plain 2>err.txt ;;
      --no-mmap) peak_rss rss.txt "$FENBATCH" --no-mmap --rejects rej.txt --stats-json s.json $kind.plain out.plain 2>err.txt ;;
      pipe)
        source='<stdin>'
        cat $kind.plain | peak_rss rss.txt "$FENBATCH" --input-format plain --rejects rej.txt --stats-json s.json - out.plain 2>err.txt ;;
    esac
    status=$?
    [ "$status" = 1 ] || fail "$what: exit $status, expected 1 (no valid record)"
    grep -q "most common: $reason" err.txt || fail "$what: no warning naming $reason: $(head -c 300 err.txt)"
    [ -f out.plain ] && [ ! -s out.plain ] || fail "$what: output not written empty"
    got=$(json s.json '(s["lines"], s["invalid"], s["invalid_by_reason"]["'$reason'"], s["written"], s["bytes"])')
    [ "$got" = "(1, 1, 1, 0, $size)" ] || fail "$what: lines, invalid, $reason, written, bytes = $got"
    [ "$(wc -l <rej.txt)" = 1 ] || fail "$what: $(wc -l <rej.txt) rejects lines"
    prefix="$source:1:1: $reason: "
    [ "$(head -c ${#prefix} rej.txt)" = "$prefix" ] || fail "$what: rejects entry starts '$(head -c 60 rej.txt)'"
    [ "$(wc -c <rej.txt)" = $((${#prefix} + 65537 + 1)) ] ||
      fail "$what: rejects entry of $(wc -c <rej.txt) bytes, expected the line cut after 65,537"
    if [ "$source" = '<stdin>' ]; then sr_check s.json "$what"; else sr_check s.json "$what" $kind.plain; fi
    a11_rss_check "$what" "$mode" "$size"
  done
done
finish
