#!/usr/bin/env bash
# I11: a zstd file that starts with a skippable frame (magic 0x184D2A50..0x184D2A5F,
# little-endian, then a 4-byte length; zstd -t accepts it) is read as zstd, as a file and
# through a pipe: the same output and statistics as the plain text (lines, bytes, valid), not
# lines of bad_piece_char. Also skippable frames between and after frames, and a file of
# skippable frames only (an empty input: exit 0, nothing written, zero lines). A skippable frame
# cut short is a truncated zstd stream (exit 2, its offset named). IIC.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need zstd
printf '%s\n' "$K" "$S" '8/8/8/8/8/8/8/K6k b - - 0 1' >plain.fen
zstd -q -c plain.fen >frame.zst
skip() { printf "\\x$1\\x2a\\x4d\\x18\\x08\\x00\\x00\\x00SKIPPABL"; }  # 16 bytes
{ skip 50; cat frame.zst; } >first.zst
{ skip 5f; cat frame.zst; skip 5a; cat frame.zst; skip 53; } >between.zst
{ skip 50; skip 5f; } >only.zst
{ skip 50; } | head -c 12 >cut.zst
for f in first.zst between.zst only.zst cut.zst; do zstd -q -t "$f" 2>/dev/null; echo "$f $?"; done >zstd_t.txt
[ "$(cat zstd_t.txt)" = "$(printf '%s\n' 'first.zst 0' 'between.zst 0' 'only.zst 0' 'cut.zst 1')" ] ||
  die "zstd -t does not judge the inputs as expected: $(cat zstd_t.txt)"
"$FENBATCH" -q --stats-json ref.json plain.fen ref.fen || die "reference run failed"
cat plain.fen plain.fen >twice.fen
"$FENBATCH" -q --stats-json ref2.json twice.fen ref2.fen || die "reference run failed"
stats() { json "$1" '(s["lines"], s["bytes"], s["valid"], s["invalid"], s["written"])'; }
for input in first.zst between.zst only.zst; do
  case $input in
    first.zst) ref=ref ;;
    between.zst) ref=ref2 ;;
    only.zst) : >empty.fen; "$FENBATCH" -q --stats-json empty.json empty.fen empty.out; ref=empty ;;
  esac
  reffile=$ref.fen; [ "$ref" = empty ] && reffile=empty.out
  iic_save "$input"
  for how in file pipe; do
    rm -f out.fen s.json
    if [ "$how" = file ]; then
      "$FENBATCH" -q --stats-json s.json "$input" out.fen 2>err.txt
    else
      cat "$input" | "$FENBATCH" -q --stats-json s.json - out.fen 2>err.txt
    fi
    status=$?
    [ "$status" = 0 ] || { fail "$input ($how): exit $status: $(head -c 300 err.txt)"; continue; }
    same_file "$reffile" out.fen "$input ($how)"
    [ "$(stats s.json)" = "$(stats "$ref.json")" ] ||
      fail "$input ($how): statistics $(stats s.json), expected $(stats "$ref.json")"
  done
  iic_check "$input" "$input"
done
rm -f out.fen
"$FENBATCH" -q cut.zst out.fen 2>err.txt
aoc_check "a cut skippable frame" "$?" out.fen absent err.txt
grep -qx "fenbatch: read: cut.zst: corrupt zstd stream: truncated at offset 12 (the input ends inside a frame)" err.txt ||
  fail "a cut skippable frame: stderr $(head -c 300 err.txt)"
finish
