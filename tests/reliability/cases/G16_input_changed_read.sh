#!/usr/bin/env bash
# G16 (catalogue: "Process the st_size snapshot taken at open"; docs/usage.md: an input that changes
# while read "is finished as it was at open, with a warning"), read() path: with --no-mmap, a
# preload shim (tests/reliability/data/hold_shim.c) holds fenbatch after its first read of the
# input while 1,000 lines are appended: exit 0, the output equals a run on the original file,
# lines and bytes are the snapshot's, and inputs_changed = [in.fen].
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need cc
"$FENBATCH_GEN" -n $((200000 / SCALE_DOWN)) --seed 26 -o orig.fen || die "fenbatch-gen failed"
"$FENBATCH" -q --stats-json ref.json orig.fen ref.out || die "reference run failed"
cp orig.fen in.fen
hold_run read /in.fen 'yes "$K" | head -n 1000 >>in.fen' "$FENBATCH" -q -j1 --no-mmap --stats-json s.json in.fen out.fen ||
  die "fenbatch was never held after reading in.fen"
[ "$HOLD_STATUS" = 0 ] || fail "append while read: exit $HOLD_STATUS"
same_file ref.out out.fen "append while read (--no-mmap)"
[ "$(json s.json '(s["lines"], s["bytes"], s["inputs_changed"])')" = "$(json ref.json '(s["lines"], s["bytes"])' | sed 's/)$//'), ['in.fen'])" ] ||
  fail "append while read: lines, bytes, inputs_changed = $(json s.json '(s["lines"], s["bytes"], s["inputs_changed"])'), snapshot $(json ref.json '(s["lines"], s["bytes"])')"
finish
