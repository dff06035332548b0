#!/usr/bin/env bash
# I15 (issue 26 item 16, two runs): two runs writing the same output and statistics publish one
# run's whole set, never one run's output with the other's statistics.
# - Run A (input a.fen) is held by strace inside its second rename (the output's; the
#   statistics are already renamed); run B (input b.fen, same destinations) is started and
#   either finishes or is seen waiting ("waiting for another run to finish publishing") while
#   A is still held. Then both exit 0, and out.fen and s.json are the same run's: out.fen is
#   A's result and s.json names a.fen, or both are B's. (Unlocked, B published both files
#   inside A's hold and A's late rename then paired A's output with B's statistics.)
# - Crossed directories (A: output in d1, statistics in d2; B: the other way round), run
#   together 6 times, never deadlock (each under a time limit) and end with one run's set.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
"$FENBATCH_GEN" -n 3000 --seed 151 -o a.fen || die "fenbatch-gen failed"
"$FENBATCH_GEN" -n 3000 --seed 152 -o b.fen || die "fenbatch-gen failed"
"$FENBATCH" -q --dedupe a.fen ra.fen && "$FENBATCH" -q --dedupe b.fen rb.fen || die "reference runs failed"
cmp -s ra.fen rb.fen && die "the two inputs give the same output"

[ -n "$(rename_numbers)" ] || die "no rename system call numbers known for $(uname -m)"

# Which run a set came from: the output's content and the statistics' input must agree.
set_of() {  # set_of OUT JSON: prints a, b, or "mixed: ..."
  local out_from stats_from
  if cmp -s "$1" ra.fen; then out_from=a; elif cmp -s "$1" rb.fen; then out_from=b; else out_from=neither; fi
  stats_from=$(json "$2" 's["inputs"][0]' 2>/dev/null | sed 's/\.fen$//; s/.*\///')
  if [ "$out_from" = "$stats_from" ]; then echo "$out_from"; else echo "mixed: output $out_from, statistics $stats_from"; fi
}

done_=0
for hold in 3000000 6000000 12000000; do
  rm -f out.fen s.json errb.txt
  env "$STRACE_ENV" strace -f -qq -o strace.log -e trace=rename,renameat,renameat2 \
    -e "inject=rename,renameat,renameat2:delay_enter=$hold:when=2" \
    "$FENBATCH" -q -j1 --dedupe --stats-json s.json a.fen out.fen 2>erra.txt &
  tracer=$!
  pid="" ready=0
  for _ in $(seq 2000); do
    [ -n "$pid" ] || pid=$(pgrep -P "$tracer" | head -n 1)
    if [ -n "$pid" ] && held_in_rename "$pid"; then ready=1; break; fi
    kill -0 "$tracer" 2>/dev/null || break
    sleep 0.005
  done
  if [ "$ready" != 1 ]; then
    wait "$tracer"
    echo "note: run A was not seen held in its second rename (hold $hold us); retrying" >&2
    continue
  fi
  "$FENBATCH" -j1 --dedupe --stats-json s.json b.fen out.fen 2>errb.txt &
  pb=$!
  while kill -0 "$pb" 2>/dev/null && ! grep -q 'waiting for another run' errb.txt; do sleep 0.01; done
  still_held=0
  held_in_rename "$pid" && still_held=1
  wait "$tracer"; sa=$?
  wait "$pb"; sb=$?
  [ "$sa" = 0 ] && [ "$sb" = 0 ] || fail "hold $hold: exit $sa (A) and $sb (B): $(cat erra.txt errb.txt)"
  if [ "$still_held" = 1 ]; then done_=1; break; fi
  echo "note: run B was not seen done or waiting within a hold of $hold us; retrying" >&2
done
if [ "$done_" = 1 ]; then
  result=$(set_of out.fen s.json)
  [[ $result == a || $result == b ]] || fail "after the delayed rename: $result"
  no_temps "after the delayed rename"
else
  fail "run A was never seen held in its second rename with run B done or waiting meanwhile"
fi

# Crossed directories: a fixed locking order, so no deadlock.
mkdir d1 d2
for i in 1 2 3 4 5 6; do
  timeout 60 "$FENBATCH" -q --dedupe --stats-json d2/s.json a.fen d1/out.fen & p1=$!
  timeout 60 "$FENBATCH" -q --dedupe --stats-json d1/s.json b.fen d2/out.fen & p2=$!
  wait "$p1"; s1=$?
  wait "$p2"; s2=$?
  [ "$s1" = 0 ] && [ "$s2" = 0 ] || fail "crossed directories, round $i: exit $s1 and $s2 (124: a deadlock)"
  [ "$(set_of d1/out.fen d2/s.json)" = a ] || fail "crossed round $i: d1/out.fen, d2/s.json: $(set_of d1/out.fen d2/s.json)"
  [ "$(set_of d2/out.fen d1/s.json)" = b ] || fail "crossed round $i: d2/out.fen, d1/s.json: $(set_of d2/out.fen d1/s.json)"
done
no_temps "crossed directories"
finish
