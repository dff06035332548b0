#!/usr/bin/env bash
# G13 (catalogue: "the read() path gives 'input changed while reading (truncated?)', exit 2,
# AOC. Nothing is published from a partially read input"): with --no-mmap, a preload shim
# (tests/reliability/data/hold_shim.c) holds fenbatch after its first read of the 19 MB input
# while the file is truncated to 4096 bytes: fenbatch must not publish an output made from the
# first bytes only: exit 2, old output and stats untouched, no temporary left.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need cc
"$FENBATCH_GEN" -n $((300000 / SCALE_DOWN)) --seed 25 -o in.fen || die "fenbatch-gen failed"
printf 'old output\n' >out.fen; printf '{"schema_version": 1, "old": 1}\n' >s.json
saved_out=$(fingerprint_content out.fen) saved_stats=$(fingerprint_content s.json)
hold_run read /in.fen 'truncate -s 4096 in.fen' "$FENBATCH" -q -j1 --no-mmap --stats-json s.json in.fen out.fen ||
  die "fenbatch was never held after reading in.fen"
what="truncated while read (--no-mmap)"
aoc_check "$what" "$HOLD_STATUS" out.fen "$saved_out"
aoc_check "$what (stats)" "$HOLD_STATUS" s.json "$saved_stats"
finish
