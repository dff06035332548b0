#!/usr/bin/env bash
# G01 for compressed destinations (issue 14): a 1 MiB tmpfs (as in G01_enospc_real_fs) holding an
# old out.fen.zst, an old rejects.txt.gz and an old out.fen.xz, and an input whose compressed
# output and rejects are each several MB (random positions and corrupted copies of them compress
# poorly): exit 2 with "fenbatch: write: <path>: No space left on device" (or its fsync/close),
# no temporary left in the tmpfs, the old files byte-identical, nothing else published, the
# input unchanged (IIC).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
"$FENBATCH_GEN" -n 200000 --seed 15 -o in.fen || die "fenbatch-gen failed"
sed 's/^/x/' in.fen >bad.fen  # invalid copies (bad_piece_char): a rejects file as varied
cat bad.fen >>in.fen
iic_save in.fen
cat >scenario.sh <<'SCENARIO'
# Runs in the directory holding in.fen, with the small file system mounted on ./small.
. "$1"
printf 'old output\n' | zstd -q -c >small/out.fen.zst
printf 'old.fen:1:1: bad_piece_char: old rejects\n' | gzip -c >small/rejects.txt.gz
printf 'old xz output\n' | xz -c >small/out.fen.xz
saved_out=$(fingerprint_content small/out.fen.zst)
saved_rej=$(fingerprint_content small/rejects.txt.gz)
saved_xz=$(fingerprint_content small/out.fen.xz)
enospc_line() { grep -Eq "^fenbatch: (write|fsync|close): $1: No space left on device\$" "$2"; }
"$FENBATCH" -q --dedupe in.fen small/out.fen.zst 2>err1.txt
aoc_check "zstd output on a full file system" "$?" small/out.fen.zst "$saved_out" err1.txt
enospc_line 'small/out\.fen\.zst' err1.txt || fail "zstd output: stderr $(cat err1.txt)"
"$FENBATCH" -q --rejects small/rejects.txt.gz in.fen elsewhere.fen 2>err2.txt
aoc_check "gzip rejects on a full file system" "$?" small/rejects.txt.gz "$saved_rej" err2.txt
[ ! -e elsewhere.fen ] || fail "gzip rejects on a full file system: the main output was published"
enospc_line 'small/rejects\.txt\.gz' err2.txt || fail "gzip rejects: stderr $(cat err2.txt)"
"$FENBATCH" -q --compress xz --level 1 in.fen small/out.fen.xz 2>err3.txt
aoc_check "xz output on a full file system" "$?" small/out.fen.xz "$saved_xz" err3.txt
enospc_line 'small/out\.fen\.xz' err3.txt || fail "xz output: stderr $(cat err3.txt)"
no_temps "full file system" small
exit "$failed"
SCENARIO
# The compressed sizes this case relies on: more than the 1 MiB file system holds.
"$FENBATCH" -q --dedupe --rejects big-rej.txt.gz in.fen big.fen.zst || die "sizing run failed"
[ "$(wc -c <big.fen.zst)" -gt 1500000 ] && [ "$(wc -c <big-rej.txt.gz)" -gt 1500000 ] ||
  die "compressed output too small to fill the file system: $(wc -c big.fen.zst big-rej.txt.gz)"
zstd -t -q big.fen.zst 2>/dev/null && gzip -t big-rej.txt.gz 2>/dev/null ||
  die "the sizing run did not write zstd and gzip"
rm -f big.fen.zst big-rej.txt.gz
mkdir small
if mount -t tmpfs -o size=1m tmpfs small 2>/dev/null; then
  trap 'umount small' EXIT
  FENBATCH=$FENBATCH bash scenario.sh "$RELIABILITY_DIR/lib.sh" || failed=1
elif unshare -rm true 2>/dev/null; then
  echo "note: no mount permission; using unshare -rm"
  FENBATCH=$FENBATCH unshare -rm bash -c 'mount -t tmpfs -o size=1m tmpfs small && bash scenario.sh "$1"' _ "$RELIABILITY_DIR/lib.sh" || failed=1
else
  fail "cannot mount a small tmpfs (neither root nor unshare -rm works here); G03_write_error_sweep_compressed covers ENOSPC by injection"
fi
iic_check in.fen "full file system"
finish
