#!/usr/bin/env bash
# H03 (issue 16: "SIGTERM and SIGKILL during each pass (no temporary or output file left)";
# G10/G11 for the partitioned mode): a run of about 420,000 lines under --memory-limit 16M
# (partitioned; H01 checks that it switches), with --rejects and --stats-json and an old
# out.fen, is held by a preload shim (data/spill_hold_shim.c, a file handshake, no timing)
# before the first call that only one pass makes on a file of its --temp-dir:
#   pass 1 (partitioning)   the first write there (partition files, the streamed input's copy);
#   pass 2 (deduplicating)  the first pread there (partition records read back);
#   pass 3 (writing)        the first read there (the streamed input's copy read back; --no-mmap).
# At the hold fenbatch has spill files open in the temp dir; then SIGTERM or SIGKILL. Each time:
# out.fen keeps its old content, no rejects or stats file is published, the temp dir is empty
# (the spill files are unnamed), no temporary left beside the output (the output's temporaries
# are unnamed too until they are complete, issue 16), and SIGTERM: exit 143, "fenbatch:
# interrupted" (as G10); SIGKILL: exit 137, and the next run succeeds and leaves nothing either.
# Passes 1 and 2 also with the input mapped.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need cc
partitioned_input in.fen 400000 8
mkdir spill
check_after() {  # check_after WHAT SIGNAL
  local what=$1 signal=$2 t
  [ "$HELD_TEMPS" -gt 0 ] || fail "$what: no spill file open in the temp dir at the hold"
  [ "$HOLD_STATUS" = $((128 + $(kill -l "$signal"))) ] ||
    fail "$what: exit status $HOLD_STATUS, expected $((128 + $(kill -l "$signal")))"
  [ "$(cat out.fen)" = "old content" ] || fail "$what: out.fen changed"
  [ ! -e rej.txt ] && [ ! -e s.json ] || fail "$what: rejects or stats published"
  [ -z "$(ls -A spill)" ] || fail "$what: files left in the temp dir: $(ls -A spill)"
  no_temps "$what"
  if [ "$signal" = TERM ]; then
    grep -q '^fenbatch: interrupted$' err.txt || fail "$what: no 'fenbatch: interrupted' on stderr: $(head -c 200 err.txt)"
  else
    "$FENBATCH" -q --dedupe --rejects rej.txt --stats-json s.json in.fen out.fen 2>/dev/null ||
      fail "$what: the next run failed"
    no_temps "$what, after the next run"
  fi
}
for reading in --no-mmap mapped; do
  for pass in "write:1 (partitioning)" "pread:2 (deduplicating)" "read:3 (writing)"; do
    call=${pass%%:*}
    [ "$reading" = mapped ] && [ "$call" = read ] && continue   # a mapping is read without calls
    for signal in TERM KILL; do
      what="SIG$signal in pass ${pass#*:}, $reading"
      printf 'old content\n' >out.fen
      rm -f rej.txt s.json
      hold_spill "$call" spill 'kill -$signal $pid' "$FENBATCH" -q -j2 --dedupe \
        $([ "$reading" = mapped ] || echo --no-mmap) --memory-limit 16M --temp-dir spill \
        --rejects rej.txt --stats-json s.json in.fen out.fen ||
        { fail "$what: fenbatch was never held (exit $HOLD_STATUS: $(head -c 200 err.txt))"; continue; }
      check_after "$what" "$signal"
    done
  done
done
finish
