#!/usr/bin/env bash
# G16 (decided: the st_size snapshot taken at open is processed; a change is reported): while a
# preload shim (tests/reliability/data/hold_shim.c) holds fenbatch right after it maps its
# input, (a) 1,000 lines are appended: exit 0, the output equals a run on the original file,
# lines and bytes are the snapshot's, a warning "... changed while it was read ..." and
# inputs_changed = [in.fen]; (b) the file is replaced by rename (mv new.fen in.fen): the old
# inode stays mapped, the output equals a run on the original content, exit 0.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need cc
"$FENBATCH_GEN" -n $((200000 / SCALE_DOWN)) --seed 26 -o orig.fen || die "fenbatch-gen failed"
"$FENBATCH" -q --stats-json ref.json orig.fen ref.out || die "reference run failed"
cp orig.fen in.fen
if hold_run mmap /in.fen 'yes "$K" | head -n 1000 >>in.fen' "$FENBATCH" -j1 --stats-json s.json in.fen out.fen; then
  [ "$HOLD_STATUS" = 0 ] || fail "append: exit $HOLD_STATUS"
  same_file ref.out out.fen "append while mapped"
  [ "$(json s.json '(s["lines"], s["bytes"], s["inputs_changed"])')" = "$(json ref.json '(s["lines"], s["bytes"])' | sed 's/)$//'), ['in.fen'])" ] ||
    fail "append: lines, bytes, inputs_changed = $(json s.json '(s["lines"], s["bytes"], s["inputs_changed"])')"
  grep -q '^fenbatch: warning: in.fen changed while it was read' err.txt || fail "append: no warning: $(head -c 300 err.txt)"
else
  fail "append: fenbatch was never held after mapping in.fen"
fi
cp orig.fen in.fen
printf '%s\n' "$K" >new.fen
if hold_run mmap /in.fen 'mv new.fen in.fen' "$FENBATCH" -j1 --stats-json s.json in.fen out.fen; then
  [ "$HOLD_STATUS" = 0 ] || fail "rename-replace: exit $HOLD_STATUS"
  same_file ref.out out.fen "rename-replace while mapped"
else
  fail "rename-replace: fenbatch was never held after mapping in.fen"
fi
finish
