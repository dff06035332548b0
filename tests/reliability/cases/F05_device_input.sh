#!/usr/bin/env bash
# F05 (decided: devices refused unless --allow-special): /dev/zero and /dev/urandom as input
# exit 2 at once ("is a device (use --allow-special ...)"), nothing published; with
# --allow-special and --max-bytes 8M the endless /dev/zero ends: exit 1 (its one line is invalid:
# no valid line, issue 14), stopped_at_max_bytes,
# bytes = 8 MiB exactly (streamed), one line_too_long line, peak RSS under 48 MiB (no
# allocation growing with the line). '-' and /dev/stdin are not refused (F03).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
for dev in /dev/zero /dev/urandom; do
  timeout 20 "$FENBATCH" -q "$dev" out.fen 2>err.txt
  status=$?
  aoc_check "$dev" "$status" out.fen absent err.txt
  grep -q "is a device (use --allow-special" err.txt || fail "$dev: message: $(cat err.txt)"
done
timeout 60 bash -c '. "$1"; peak_rss rss.txt "$2" -q --allow-special --max-bytes 8M --stats-json s.json /dev/zero out.fen' _ "$RELIABILITY_DIR/lib.sh" "$FENBATCH"
status=$?
[ "$status" = 1 ] || fail "--allow-special --max-bytes /dev/zero: exit $status, expected 1"
got=$(json s.json '(s["stopped_at_max_bytes"], s["bytes"], s["lines"], s["invalid_by_reason"]["line_too_long"])')
[ "$got" = "(True, 8388608, 1, 1)" ] || fail "/dev/zero: stopped_at_max_bytes, bytes, lines, line_too_long = $got"
[ "$SANITIZED" = 1 ] || [ "$(cat rss.txt)" -le $((48 * 1024)) ] || fail "/dev/zero: peak RSS $(cat rss.txt) KiB"
finish
