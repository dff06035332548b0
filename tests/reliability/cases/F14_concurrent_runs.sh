#!/usr/bin/env bash
# F14: two runs started at once on the same output (different inputs), 8 times: both exit 0
# (unique temporary names; publishing waits for a lock on the directory rather than failing
# with "output locked": issue 26, I15), and out.fen is then exactly one of the two complete
# results, never a mix; no temporary is left. (Output and statistics as one set: I15.)
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
"$FENBATCH_GEN" -n $((40000 / SCALE_DOWN)) --seed 12 -o a.fen || die "fenbatch-gen failed"
"$FENBATCH_GEN" -n $((40000 / SCALE_DOWN)) --seed 13 -o b.fen || die "fenbatch-gen failed"
"$FENBATCH" -q --dedupe a.fen ra.fen && "$FENBATCH" -q --dedupe b.fen rb.fen || die "reference runs failed"
for i in $(seq $([ "$SANITIZED" = 1 ] && echo 3 || echo 8)); do
  "$FENBATCH" -q --dedupe a.fen out.fen & pa=$!
  "$FENBATCH" -q --dedupe b.fen out.fen & pb=$!
  wait "$pa"; sa=$?
  wait "$pb"; sb=$?
  [ "$sa" = 0 ] && [ "$sb" = 0 ] || fail "round $i: exit $sa and $sb"
  cmp -s out.fen ra.fen || cmp -s out.fen rb.fen || fail "round $i: out.fen is neither complete result"
  no_temps "round $i"
done
finish
