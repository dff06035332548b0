#!/usr/bin/env bash
# G20: 5,000,000 distinct invalid lines ("bad N", seq | sed; 500,000 under a sanitizer build)
# plus a few valid ones: exit 0; stderr bounded (at most 3 samples per reason + the summary:
# under 200 lines); exact counters; --rejects holds every invalid line; flat memory (peak RSS
# under 64 MiB, release build: invalid lines are never stored); --max-invalid N-1 exits 1 and
# still writes the output, --max-invalid N exits 0.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
n=$((5000000 / SCALE_DOWN))
{ printf '%s\n' "$K"; seq "$n" | sed 's/^/bad /'; printf '%s\n' "$S"; } >in.fen
peak_rss rss.txt "$FENBATCH" --rejects rej.txt --stats-json s.json in.fen out.fen 2>err.txt
status=$?
[ "$status" = 0 ] || fail "exit $status"
[ "$(wc -l <err.txt)" -lt 200 ] || fail "$(wc -l <err.txt) stderr lines"
[ "$(json s.json '(s["lines"], s["invalid"], s["valid"], s["invalid_by_reason"]["bad_piece_char"])')" = "($((n + 2)), $n, 2, $n)" ] ||
  fail "lines, invalid, valid, bad_piece_char = $(json s.json '(s["lines"], s["invalid"], s["valid"], s["invalid_by_reason"]["bad_piece_char"])')"
[ "$(wc -l <rej.txt)" = "$n" ] || fail "rejects has $(wc -l <rej.txt) lines"
[ "$(tail -n 1 rej.txt)" = "in.fen:$((n + 1)):2: bad_piece_char: bad $n" ] || fail "last reject: $(tail -n 1 rej.txt)"
[ "$(cat out.fen)" = "$K"$'\n'"$S" ] || fail "output"
sr_check s.json "millions of invalid lines" in.fen
[ "$SANITIZED" = 1 ] || [ "$(cat rss.txt)" -lt $((64 * 1024)) ] || fail "peak RSS $(cat rss.txt) KiB"
rm -f out.fen
"$FENBATCH" -q --max-invalid $((n - 1)) in.fen out.fen
status=$?
[ "$status" = 1 ] || fail "--max-invalid $((n - 1)): exit $status, expected 1"
[ "$(wc -l <out.fen)" = 2 ] || fail "--max-invalid $((n - 1)): output not written"
"$FENBATCH" -q --max-invalid "$n" in.fen /dev/null || fail "--max-invalid $n: exit $?"
finish
