#!/usr/bin/env bash
# G03 for compressed destinations (issue 14): the "fail at the Nth write" sweep of
# G03_write_error_sweep (strace -f -e inject=write:error=E:when=N for N = 1, 2, ... until the
# run succeeds; ENOSPC with -j1, EIO with the default threads) on a run writing a zstd output of
# ~2.5 MB (several 1 MiB writes of compressed bytes), gzip rejects and xz statistics over old
# versions of all three. Every failing N: exit 2, a "fenbatch: <op>: <path>: <reason>" line
# (unless that stderr write was itself the failed one), no temporary left, the three old files
# byte-identical, the input unchanged (IIC). The run that finally succeeds publishes files that
# decompress to what a run without strace writes plain. Release build only (see G03).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
if [ "$SANITIZED" = 1 ]; then
  echo "note: write-fault sweeps run on the release build (the faults would also hit the sanitizer runtime's own writes)"
  finish
fi
"$FENBATCH_GEN" -n 200000 --seed 16 -o in.fen || die "fenbatch-gen failed"
yes 'bad line' | head -n 2000 >>in.fen
"$FENBATCH" -q --dedupe --rejects ref.rej in.fen ref.out || die "reference run failed"
iic_save in.fen
old() { printf '%s\n' "$2" | "$1" -q -c; }
for error in ENOSPC EIO; do
  threads=$([ $error = ENOSPC ] && echo -j1 || echo "")
  n=1
  while :; do
    old zstd 'old output' >out.fen.zst; old gzip 'old.fen:1:1: bad_piece_char: old rejects' >rej.txt.gz; old xz '{"schema_version": 1, "old": 1}' >s.json.xz
    saved_out=$(fingerprint_content out.fen.zst) saved_rej=$(fingerprint_content rej.txt.gz)
    saved_stats=$(fingerprint_content s.json.xz)
    strace_run "inject=write:error=$error:when=$n" -- \
      "$FENBATCH" -q $threads --dedupe --rejects rej.txt.gz --stats-json s.json.xz in.fen out.fen.zst 2>err.txt
    status=$?
    if [ "$status" = 0 ]; then
      grep -q INJECTED strace.log && fail "$error at write $n: exit 0 although a write failed"
      zstd -q -d -c out.fen.zst | cmp -s - ref.out || fail "$error sweep, final run: output differs"
      gzip -d -c rej.txt.gz | cmp -s - ref.rej || fail "$error sweep, final run: rejects differ"
      xz -d -c s.json.xz | python3 -c 'import json, sys; json.load(sys.stdin)' ||
        fail "$error sweep, final run: statistics"
      break
    fi
    what="$error at write $n"
    if injected_calls | grep -qx 'write 2'; then aoc_check "$what" "$status" out.fen.zst "$saved_out"
    else aoc_check "$what" "$status" out.fen.zst "$saved_out" err.txt; fi
    aoc_check "$what (rejects)" "$status" rej.txt.gz "$saved_rej"
    aoc_check "$what (stats)" "$status" s.json.xz "$saved_stats"
    iic_check in.fen "$what"
    n=$((n + 1))
    [ "$n" -le 200 ] || { fail "$error: still failing after 200 writes"; break; }
  done
  echo "$error: $((n - 1)) failing writes swept" >&2
  [ "$n" -ge 4 ] || fail "$error: only $((n - 1)) failing points: the sweep covered too little"
done
finish
