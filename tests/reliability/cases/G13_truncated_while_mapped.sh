#!/usr/bin/env bash
# G13 (decided: SIGBUS from a truncated mapped input ends the run with exit 2, publishes
# nothing): a preload shim (tests/reliability/data/hold_shim.c) holds fenbatch right after it
# maps the 19 MB input; the file is truncated to 4096 bytes; fenbatch then touches pages past the
# new end: exit 2, "fenbatch: input changed while reading (truncated?); nothing was written",
# the old output, rejects and stats untouched, no temporary left. With -j1 and -j2.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need cc
"$FENBATCH_GEN" -n $((300000 / SCALE_DOWN)) --seed 25 -o orig.fen || die "fenbatch-gen failed"
yes 'bad line' | head -n 100 >>orig.fen
for threads in -j1 -j2; do
  what="truncated while mapped ($threads)"
  cp orig.fen in.fen
  printf 'old output\n' >out.fen; printf 'old.fen:1:1: bad_piece_char: old rejects\n' >rej.txt; printf '{"schema_version": 1, "old": 1}\n' >s.json
  saved_out=$(fingerprint_content out.fen) saved_rej=$(fingerprint_content rej.txt) saved_stats=$(fingerprint_content s.json)
  hold_run mmap /in.fen 'truncate -s 4096 in.fen' \
    "$FENBATCH" -q "$threads" --rejects rej.txt --stats-json s.json in.fen out.fen ||
    { fail "$what: fenbatch was never held after mapping in.fen"; continue; }
  aoc_check "$what" "$HOLD_STATUS" out.fen "$saved_out"
  aoc_check "$what (rejects)" "$HOLD_STATUS" rej.txt "$saved_rej"
  aoc_check "$what (stats)" "$HOLD_STATUS" s.json "$saved_stats"
  grep -qx 'fenbatch: input changed while reading (truncated?); nothing was written' err.txt ||
    fail "$what: stderr $(head -c 300 err.txt)"
done
finish
