#!/usr/bin/env bash
# G03: the "fail at the Nth write" sweep: strace -f -e inject=write:error=E:when=N for N = 1, 2,
# ... until the run succeeds (ENOSPC with -j1, so one thread makes every write and the sweep
# visits each; EIO with the default threads, where strace counts per thread), on a run writing
# an output of ~3 MB (several 1 MiB writes), --rejects and --stats-json over old versions of
# all three. Every failing N: exit 2, a "fenbatch: <op>: <path>: <reason>" line (unless that
# stderr write was itself the failed one), no temporary left, the three old files
# byte-identical, the input unchanged (IIC). The run that finally succeeds publishes what a run
# without strace publishes. Release build only: under ASan/TSan the faults also hit the
# sanitizer runtime's own writes.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
if [ "$SANITIZED" = 1 ]; then
  echo "note: write-fault sweeps run on the release build (the faults would also hit the sanitizer runtime's own writes)"
  finish
fi
"$FENBATCH_GEN" -n 50000 --seed 16 -o in.fen || die "fenbatch-gen failed"
yes 'bad line' | head -n 2000 >>in.fen
"$FENBATCH" -q --dedupe --rejects ref.rej in.fen ref.out || die "reference run failed"
iic_save in.fen
for error in ENOSPC EIO; do
  threads=$([ $error = ENOSPC ] && echo -j1 || echo "")
  n=1
  while :; do
    printf 'old output\n' >out.fen; printf 'old.fen:1:1: bad_piece_char: old rejects\n' >rej.txt; printf '{"schema_version": 1, "old": 1}\n' >s.json
    saved_out=$(fingerprint_content out.fen) saved_rej=$(fingerprint_content rej.txt) saved_stats=$(fingerprint_content s.json)
    strace_run "inject=write:error=$error:when=$n" -- \
      "$FENBATCH" -q $threads --dedupe --rejects rej.txt --stats-json s.json in.fen out.fen 2>err.txt
    status=$?
    if [ "$status" = 0 ]; then
      grep -q INJECTED strace.log && fail "$error at write $n: exit 0 although a write failed"
      same_file ref.out out.fen "$error sweep, final run"
      same_file ref.rej rej.txt "$error sweep, final run"
      break
    fi
    what="$error at write $n"
    # The diagnostic itself may be the write that failed (strace counts per thread).
    if injected_calls | grep -qx 'write 2'; then aoc_check "$what" "$status" out.fen "$saved_out"
    else aoc_check "$what" "$status" out.fen "$saved_out" err.txt; fi
    aoc_check "$what (rejects)" "$status" rej.txt "$saved_rej"
    aoc_check "$what (stats)" "$status" s.json "$saved_stats"
    iic_check in.fen "$what"
    n=$((n + 1))
    [ "$n" -le 200 ] || { fail "$error: still failing after 200 writes"; break; }
  done
  echo "$error: $((n - 1)) failing writes swept" >&2
  [ "$n" -ge 3 ] || fail "$error: only $((n - 1)) failing points: the sweep covered too little"
done
finish
