#!/usr/bin/env bash
# In place with a compressed input (issue 14: "fenbatch -d nz.epd.zst nz.epd.zst" silently
# decompressed the corpus): without --compress the file keeps the codec its content is in,
# whatever its name: a zstd file named .zst stays zstd, a gzip file named .epd stays gzip, an
# xz file reached through a hard link stays xz, and a plain file misnamed .zst stays plain.
# Each decompresses (with the codec's own tool) to what a run into a plain file gives.
# --compress still decides when given (none: decompressed in place on request).
set -uo pipefail
failed=0
fail() { echo "FAIL: $*"; failed=1; }
bash "$DATA/mixed_input.sh" >mixed.fen
cat mixed.fen "$DATA/positions.epd" mixed.fen >data.epd
# --format epd pins the written format, whatever the names suggest.
"$FENBATCH" -q --dedupe --format epd data.epd expected.epd || fail "plain reference run"

zstd -q -c data.epd >nz.epd.zst
"$FENBATCH" -q --dedupe --format epd nz.epd.zst nz.epd.zst || fail "zstd in place"
zstd -t -q nz.epd.zst 2>/dev/null || fail "zstd in place: no longer a zstd file"
zstd -d -q -c nz.epd.zst | cmp -s - expected.epd || fail "zstd in place: wrong content"

gzip -c data.epd >gz-inside.epd
"$FENBATCH" -q --dedupe --format epd gz-inside.epd gz-inside.epd || fail "gzip named .epd in place"
gzip -t gz-inside.epd 2>/dev/null || fail "gzip named .epd in place: no longer gzip"
gzip -d -c gz-inside.epd | cmp -s - expected.epd || fail "gzip named .epd in place: wrong content"

xz -c data.epd >x.xz
ln x.xz x-link.epd
"$FENBATCH" -q --dedupe --format epd x.xz x-link.epd || fail "xz through a hard link"
xz -t x-link.epd 2>/dev/null || fail "xz through a hard link: no longer xz"
xz -d -c x-link.epd | cmp -s - expected.epd || fail "xz through a hard link: wrong content"

bzip2 -c data.epd >b.bz2
"$FENBATCH" -q --dedupe --format epd b.bz2 b.bz2 || fail "bzip2 in place"
bzip2 -d -c b.bz2 | cmp -s - expected.epd || fail "bzip2 in place: wrong content"

cp data.epd misnamed.epd.zst
"$FENBATCH" -q --dedupe --format epd misnamed.epd.zst misnamed.epd.zst || fail "plain named .zst"
cmp -s misnamed.epd.zst expected.epd || fail "a plain file named .zst in place did not stay plain"

zstd -q -c data.epd >asked.epd.zst
"$FENBATCH" -q --dedupe --format epd --compress none asked.epd.zst asked.epd.zst ||
  fail "--compress none in place"
cmp -s asked.epd.zst expected.epd || fail "--compress none in place: not plain"
zstd -q -c data.epd >regz.epd.zst
"$FENBATCH" -q --dedupe --format epd --compress gzip regz.epd.zst regz.epd.zst ||
  fail "--compress gzip in place"
gzip -d -c regz.epd.zst | cmp -s - expected.epd || fail "--compress gzip in place: not gzip"

left=$(find . -name '.*.fenbatch-*.tmp*')
[ -z "$left" ] || fail "temporary files left: $left"
exit "$failed"
