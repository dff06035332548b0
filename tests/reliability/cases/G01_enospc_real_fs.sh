#!/usr/bin/env bash
# G01: a real full file system: a 1 MiB tmpfs (mounted here as root; else in a user+mount
# namespace with unshare -rm; if neither works, the case fails rather than skip) holding an old
# out.fen, and an input whose output is about 2 MB (the input itself elsewhere): exit 2 with
# "fenbatch: write: .../out.fen: No space left on device" (or the fsync/close of it), no
# temporary left in the tmpfs, the old output byte-identical, the input unchanged (IIC). The
# same for --rejects and --stats-json files on the full file system (main output elsewhere:
# not published either).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
"$FENBATCH_GEN" -n 40000 --seed 15 -o in.fen || die "fenbatch-gen failed"
yes 'not a fen line at all, but long enough to fill the rejects file quickly' | head -n 40000 >>in.fen
iic_save in.fen
cat >scenario.sh <<'SCENARIO'
# Runs in the directory holding in.fen, with the small file system mounted on ./small.
. "$1"
printf 'old output\n' >small/out.fen
printf 'old.fen:1:1: bad_piece_char: old rejects\n' >small/rejects.txt
saved_out=$(fingerprint_content small/out.fen)
saved_rej=$(fingerprint_content small/rejects.txt)
"$FENBATCH" -q --dedupe in.fen small/out.fen 2>err1.txt
aoc_check "output on a full file system" "$?" small/out.fen "$saved_out" err1.txt
grep -Eq '^fenbatch: (write|fsync|close): small/out\.fen: No space left on device$' err1.txt ||
  fail "output: stderr $(cat err1.txt)"
"$FENBATCH" -q --rejects small/rejects.txt in.fen elsewhere.fen 2>err2.txt
aoc_check "rejects on a full file system" "$?" small/rejects.txt "$saved_rej" err2.txt
[ ! -e elsewhere.fen ] || fail "rejects on a full file system: the main output was published"
grep -Eq '^fenbatch: (write|fsync|close): small/rejects\.txt: No space left on device$' err2.txt ||
  fail "rejects: stderr $(cat err2.txt)"
no_temps "full file system" small
exit "$failed"
SCENARIO
mkdir small
if mount -t tmpfs -o size=1m tmpfs small 2>/dev/null; then
  trap 'umount small' EXIT
  FENBATCH=$FENBATCH bash scenario.sh "$RELIABILITY_DIR/lib.sh" || failed=1
elif unshare -rm true 2>/dev/null; then
  echo "note: no mount permission; using unshare -rm"
  FENBATCH=$FENBATCH unshare -rm bash -c 'mount -t tmpfs -o size=1m tmpfs small && bash scenario.sh "$1"' _ "$RELIABILITY_DIR/lib.sh" || failed=1
else
  fail "cannot mount a small tmpfs (neither root nor unshare -rm works here); G03 covers ENOSPC by injection"
fi
iic_check in.fen "full file system"
finish
