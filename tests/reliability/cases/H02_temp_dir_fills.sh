#!/usr/bin/env bash
# H02 (issue 16: "ENOSPC or EIO on a temporary file ends the run with exit 2, a message naming
# the directory, and nothing published"; "a tmpfs temp dir that fills in the middle of a
# spill"): --temp-dir on a small tmpfs (mounted as root, else in a user+mount namespace, as G01)
# for a run of about 420,000 lines under --memory-limit 16M (partitioned; H01), with --rejects,
# --stats-json and an old out.fen elsewhere:
#   (a) the tmpfs filled while fenbatch is held (data/spill_hold_shim.c) before its first write
#       of pass 1, and (b) before its first pread of pass 2 (pass 1's files are there; pass 2
#       writes decisions), streamed and mapped;
#   (c) a 1 MiB tmpfs that cannot hold the spill, without any hold (refused up front or failing
#       in the middle: both must look the same to the user).
# Each time: exit 2, a last stderr line "fenbatch: ...: <the temp dir>...: No space left on
# device" (or another message naming the temp dir), out.fen unchanged, no rejects or stats
# published, no temporary beside the output, nothing but the filler left in the temp dir, the
# input unchanged (IIC).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need cc
partitioned_input in.fen 400000 9
iic_save in.fen
cat >scenario.sh <<'SCENARIO'
# Runs in the directory holding in.fen, with the tmpfs mounted on ./small.
. "$1"
small=$PWD/small
after() {  # after WHAT: the checks every failed run shares
  local what=$1
  [ "$HOLD_STATUS" = 2 ] || fail "$what: exit $HOLD_STATUS, expected 2"
  [ "$(cat out.fen)" = "old content" ] || fail "$what: out.fen changed"
  [ ! -e rej.txt ] && [ ! -e s.json ] || fail "$what: rejects or stats published"
  no_temps "$what"
  tail -n 1 err.txt | grep -q "^fenbatch: .*$small" ||
    fail "$what: the last stderr line does not name the temp dir $small: $(tail -c 300 err.txt)"
  [ -z "$(ls -A small | grep -vx filler)" ] || fail "$what: files left in the temp dir: $(ls -A small)"
  rm -f small/filler
}
fill='dd if=/dev/zero of=small/filler bs=64k 2>/dev/null; true'
for reading in --no-mmap mapped; do
  for call in write pread; do
    what="temp dir filled before the first $call, $reading"
    printf 'old content\n' >out.fen
    rm -f rej.txt s.json
    hold_spill "$call" small "$fill" "$FENBATCH" -q -j2 --dedupe \
      $([ "$reading" = mapped ] || echo --no-mmap) --memory-limit 16M --temp-dir "$small" \
      --rejects rej.txt --stats-json s.json in.fen out.fen ||
      { fail "$what: fenbatch was never held (exit $HOLD_STATUS: $(head -c 200 err.txt))"; continue; }
    after "$what"
    grep -q 'No space left on device' err.txt || fail "$what: no ENOSPC message: $(tail -c 300 err.txt)"
  done
done
exit "$failed"
SCENARIO
cat >scenario_small.sh <<'SCENARIO'
# A 1 MiB tmpfs on ./small, no hold.
. "$1"
small=$PWD/small
printf 'old content\n' >out.fen
"$FENBATCH" -q -j2 --dedupe --memory-limit 16M --temp-dir "$small" --rejects rej.txt \
  --stats-json s.json in.fen out.fen 2>err.txt
HOLD_STATUS=$?
[ "$HOLD_STATUS" = 2 ] || fail "1 MiB temp dir: exit $HOLD_STATUS, expected 2"
[ "$(cat out.fen)" = "old content" ] || fail "1 MiB temp dir: out.fen changed"
[ ! -e rej.txt ] && [ ! -e s.json ] || fail "1 MiB temp dir: rejects or stats published"
no_temps "1 MiB temp dir"
tail -n 1 err.txt | grep -q "^fenbatch: .*$small" ||
  fail "1 MiB temp dir: the last stderr line does not name $small: $(tail -c 300 err.txt)"
[ -z "$(ls -A small)" ] || fail "1 MiB temp dir: files left: $(ls -A small)"
exit "$failed"
SCENARIO
on_small_tmpfs 32m small scenario.sh "$RELIABILITY_DIR/lib.sh" || failed=1
on_small_tmpfs 1m small scenario_small.sh "$RELIABILITY_DIR/lib.sh" || failed=1
iic_check in.fen "temp dir full"
finish
